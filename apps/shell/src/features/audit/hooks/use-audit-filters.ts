import { useCallback, useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';

/** The audit log's filters as they live in the URL query. */
export interface AuditFilters {
  search: string;
  userId: number | undefined;
  action: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | null) => (value && DAY.test(value) ? value : '');

/**
 * The filters and page in the URL (`?search=&user_id=&action=&from=&to=&page=`), so that a reload,
 * a shared link or a user's page («Действия в журнале») opens the log filtered. Changing a filter
 * starts again from page 1.
 */
export function useAuditFilters() {
  const { params, numberOf, page, update, setPage, reset } = useUrlQuery();

  const filters = useMemo<AuditFilters>(
    () => ({
      search: params.get('search')?.trim() ?? '',
      userId: numberOf('user_id'),
      action: params.get('action')?.trim() ?? '',
      from: dayOf(params.get('from')),
      to: dayOf(params.get('to')),
    }),
    [params, numberOf],
  );

  const setFilters = useCallback(
    (patch: Partial<AuditFilters>) => {
      const query: Record<string, QueryValue> = { page: undefined };
      if ('search' in patch) query.search = patch.search?.trim();
      if ('userId' in patch) query.user_id = patch.userId;
      if ('action' in patch) query.action = patch.action || undefined;
      if ('from' in patch) query.from = patch.from || undefined;
      if ('to' in patch) query.to = patch.to || undefined;
      update(query);
    },
    [update],
  );

  const filtered =
    filters.search !== '' ||
    filters.userId !== undefined ||
    filters.action !== '' ||
    filters.from !== '' ||
    filters.to !== '';

  return { filters, page, filtered, setFilters, setPage, resetFilters: reset };
}
