import { useCallback, useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
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

const isStatus = (value: unknown): value is RequestStatus =>
  REQUEST_STATUS_LIST.includes(value as RequestStatus);
const isSource = (value: unknown): value is RequestSource =>
  REQUEST_SOURCE_LIST.includes(value as RequestSource);

/**
 * The list's tab, filters and page, kept in the URL query
 * (`?status=&source=&assignee_id=&unassigned=1&search=&counterparty_id=&page=`) so that a reload
 * or a shared link (an agent's page links to its requests) keeps them. The first tab is the absent
 * `status`. Changing the tab or a filter starts again from page 1; invalid values read as absent.
 */
export function useTicketsFilters() {
  const { params, numberOf, page, update, setPage } = useUrlQuery();

  const filters = useMemo<TicketsFilters>(() => {
    const status = params.get('status');
    const source = params.get('source');
    const unassigned = params.get('unassigned') === '1';
    return {
      status: isStatus(status) ? status : DEFAULT_TICKETS_TAB,
      source: isSource(source) ? source : undefined,
      assigneeId: unassigned ? undefined : numberOf('assignee_id'),
      unassigned,
      search: params.get('search')?.trim() ?? '',
      counterpartyId: numberOf('counterparty_id'),
    };
  }, [params, numberOf]);

  const setFilters = useCallback(
    (patch: Partial<TicketsFilters>) => {
      const query: Record<string, QueryValue> = { page: undefined };
      if ('status' in patch) {
        query.status = patch.status === DEFAULT_TICKETS_TAB ? undefined : patch.status;
      }
      if ('source' in patch) query.source = patch.source;
      if ('assigneeId' in patch) {
        query.assignee_id = patch.assigneeId;
        if (patch.assigneeId !== undefined) query.unassigned = undefined;
      }
      if ('unassigned' in patch) {
        query.unassigned = patch.unassigned;
        if (patch.unassigned) query.assignee_id = undefined;
      }
      if ('search' in patch) query.search = patch.search?.trim();
      if ('counterpartyId' in patch) query.counterparty_id = patch.counterpartyId;
      update(query);
    },
    [update],
  );

  // The tab is not a filter: a reset keeps it.
  const resetFilters = useCallback(
    () =>
      update({
        source: undefined,
        assignee_id: undefined,
        unassigned: undefined,
        search: undefined,
        counterparty_id: undefined,
        page: undefined,
      }),
    [update],
  );

  const filtered =
    filters.source !== undefined ||
    filters.assigneeId !== undefined ||
    filters.unassigned ||
    filters.search !== '' ||
    filters.counterpartyId !== undefined;

  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
