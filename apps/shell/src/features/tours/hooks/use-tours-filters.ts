import { useCallback, useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';

/** "Опубликован для агентов": every tour, only published ones, or only those that are not. */
export type PublishedFilter = 'all' | 'yes' | 'no';

/** The list's filters as they live in the URL query. */
export interface ToursFilters {
  search: string;
  country: string;
  published: PublishedFilter;
  archived: boolean;
}

const publishedOf = (value: string | null): PublishedFilter =>
  value === '1' ? 'yes' : value === '0' ? 'no' : 'all';

/**
 * The list's filters and page, kept in the URL query (`?search=&country=&published=1|0&archived=1
 * &page=`) so that a reload or a shared link keeps them. Changing a filter starts again from page 1.
 */
export function useToursFilters() {
  const { params, page, update, setPage, reset } = useUrlQuery();

  const filters = useMemo<ToursFilters>(
    () => ({
      search: params.get('search')?.trim() ?? '',
      country: params.get('country')?.trim() ?? '',
      published: publishedOf(params.get('published')),
      archived: params.get('archived') === '1',
    }),
    [params],
  );

  const setFilters = useCallback(
    (patch: Partial<ToursFilters>) => {
      const query: Record<string, QueryValue> = { page: undefined };
      if ('search' in patch) query.search = patch.search?.trim();
      if ('country' in patch) query.country = patch.country?.trim();
      if ('published' in patch) {
        query.published =
          patch.published === 'yes' ? '1' : patch.published === 'no' ? '0' : undefined;
      }
      if ('archived' in patch) query.archived = patch.archived;
      update(query);
    },
    [update],
  );

  const filtered =
    filters.search !== '' ||
    filters.country !== '' ||
    filters.published !== 'all' ||
    filters.archived;

  return { filters, page, filtered, setFilters, setPage, resetFilters: reset };
}
