import { OUTBOX_KINDS, OUTBOX_STATUSES } from '@tour/shared';
import { urlFilter, useUrlFilters, type UrlFilterValues } from '@tour/shared/router';

/** The outbox's filters in the URL query: `?status=&kind=&page=`. */
const OUTBOX_FILTERS = {
  status: urlFilter.oneOf(OUTBOX_STATUSES),
  kind: urlFilter.oneOf(OUTBOX_KINDS),
};

/** The outbox's filters as they live in the URL query. */
export type OutboxFilters = UrlFilterValues<typeof OUTBOX_FILTERS>;

/** The filters and page in the URL (a reload or a shared link keeps them); a change is page 1. */
export function useOutboxFilters() {
  return useUrlFilters(OUTBOX_FILTERS);
}
