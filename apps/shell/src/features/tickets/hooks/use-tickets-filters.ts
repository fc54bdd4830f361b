import { useCallback, useMemo } from 'react';
import { urlFilter, useUrlFilters } from '@tour/shared/router';
import {
  REQUEST_SOURCE_LIST,
  REQUEST_STATUS_LIST,
  type RequestSource,
  type RequestStatus,
} from '@tour/shared';

/** The tab shown when the URL names none. */
export const DEFAULT_TICKETS_TAB: RequestStatus = 'new';

/** The list's tab and filters as they live in the URL query. */
export interface TicketsFilters {
  status: RequestStatus;
  source: RequestSource | undefined;
  assigneeId: number | undefined;
  /** Only the requests nobody is assigned to (excludes an assignee). */
  unassigned: boolean;
  search: string;
  /** Only the requests this agent sent. */
  counterpartyId: number | undefined;
}

/** The filters in the URL query: `?source=&assignee_id=&unassigned=1&search=&counterparty_id=`. */
const TICKETS_FILTERS = {
  source: urlFilter.oneOf(REQUEST_SOURCE_LIST),
  assigneeId: urlFilter.id('assignee_id'),
  unassigned: urlFilter.flag(),
  search: urlFilter.text(),
  counterpartyId: urlFilter.id('counterparty_id'),
};

const isStatus = (value: unknown): value is RequestStatus =>
  REQUEST_STATUS_LIST.includes(value as RequestStatus);

/**
 * The list's tab (`?status=`, the first tab absent), filters and page, kept in the URL query so
 * that a reload or a shared link (an agent's page links to its requests) keeps them. Changing the
 * tab or a filter starts again from page 1; invalid values read as absent. The tab is not a
 * filter: a reset keeps it.
 */
export function useTicketsFilters() {
  const url = useUrlFilters(TICKETS_FILTERS);
  const tab = url.params.get('status');

  const filters = useMemo<TicketsFilters>(
    () => ({
      ...url.filters,
      status: isStatus(tab) ? tab : DEFAULT_TICKETS_TAB,
      assigneeId: url.filters.unassigned ? undefined : url.filters.assigneeId,
    }),
    [url.filters, tab],
  );

  const { writeFilters } = url;
  const setFilters = useCallback(
    ({ status, ...patch }: Partial<TicketsFilters>) => {
      // An assignee and «nobody assigned» exclude each other: choosing one drops the other.
      if (patch.assigneeId !== undefined) patch.unassigned = false;
      if (patch.unassigned) patch.assigneeId = undefined;
      const tabChange =
        status === undefined ? {} : { status: status === DEFAULT_TICKETS_TAB ? undefined : status };
      writeFilters(patch, tabChange);
    },
    [writeFilters],
  );

  return {
    filters,
    page: url.page,
    filtered: url.filtered,
    setFilters,
    setPage: url.setPage,
    resetFilters: url.resetFilters,
  };
}
