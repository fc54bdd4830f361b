import { urlFilter, useUrlFilters, type UrlFilterValues } from '@tour/shared/router';

/** "Опубликован для агентов": every tour, only published ones, or only those that are not. */
export type PublishedFilter = 'all' | 'yes' | 'no';

/** The list's filters in the URL query: `?search=&country=&published=1|0&archived=1&page=`. */
const TOURS_FILTERS = {
  search: urlFilter.text(),
  country: urlFilter.text(),
  published: {
    read: (value: string | null): PublishedFilter =>
      value === '1' ? 'yes' : value === '0' ? 'no' : 'all',
    write: (value: PublishedFilter) => (value === 'yes' ? '1' : value === 'no' ? '0' : undefined),
  },
  archived: urlFilter.flag(),
};

/** The list's filters as they live in the URL query. */
export type ToursFilters = UrlFilterValues<typeof TOURS_FILTERS>;

/**
 * The list's filters and page, kept in the URL query so that a reload or a shared link keeps
 * them. Changing a filter starts again from page 1.
 */
export function useToursFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } =
    useUrlFilters(TOURS_FILTERS);
  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
