import { useCallback, useMemo } from 'react';
import { readUrlFilters, urlFilter, useUrlFilters } from '@tour/shared/router';
import { positiveInteger, REQUEST_STATUS_LIST, type RequestStatus } from '@tour/shared';
import type { AgentRequestsArgs } from '../api/agent-requests-api';

const REQUESTS_FILTERS = { status: urlFilter.oneOf(REQUEST_STATUS_LIST) };

/** The requests' request for a URL query (`?status=&page=`); the route's prefetch reads it too. */
export function agentRequestsArgsOf(params: URLSearchParams): AgentRequestsArgs {
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    ...readUrlFilters(REQUESTS_FILTERS, params),
  };
}

/** The requests' status filter and page in the URL query; a new status goes back to page 1. */
export function useAgentRequestsFilters() {
  const { params, filtered, setFilters, setPage } = useUrlFilters(REQUESTS_FILTERS);
  const args = useMemo(() => agentRequestsArgsOf(params), [params]);
  const setStatus = useCallback(
    (status: RequestStatus | undefined) => setFilters({ status }),
    [setFilters],
  );
  return { args, filtered, setStatus, setPage };
}
