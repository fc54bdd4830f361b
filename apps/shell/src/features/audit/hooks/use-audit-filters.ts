import { urlFilter, useUrlFilters, type UrlFilterValues } from '@tour/shared/router';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (YYYY-MM-DD) as the log's period reads it; '' is no bound. */
const day = {
  read: (value: string | null) => (value && DAY.test(value) ? value : ''),
  write: (value: string) => value,
};

/** The log's filters in the URL query: `?search=&user_id=&action=&from=&to=&page=`. */
const AUDIT_FILTERS = {
  search: urlFilter.text(),
  userId: urlFilter.id('user_id'),
  action: urlFilter.text(),
  from: day,
  to: day,
};

/** The audit log's filters as they live in the URL query. */
export type AuditFilters = UrlFilterValues<typeof AUDIT_FILTERS>;

/**
 * The filters and page in the URL, so that a reload, a shared link or a user's page («Действия в
 * журнале») opens the log filtered. Changing a filter starts again from page 1.
 */
export function useAuditFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } =
    useUrlFilters(AUDIT_FILTERS);
  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
