import { useCallback, useMemo } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import { positiveInteger, REQUEST_STATUS_LIST, type RequestStatus } from '@tour/shared';
import type { AgentRequestsArgs } from '../api/agent-requests-api';

const isStatus = (value: string | null): value is RequestStatus =>
  (REQUEST_STATUS_LIST as readonly (string | null)[]).includes(value);

/** The requests' request for a URL query (`?status=&page=`); the route's prefetch reads it too. */
export function agentRequestsArgsOf(params: URLSearchParams): AgentRequestsArgs {
  const status = params.get('status');
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    status: isStatus(status) ? status : undefined,
  };
}

/** The requests' status filter and page in the URL query; a new status goes back to page 1. */
export function useAgentRequestsFilters() {
  const { params, update, setPage } = useUrlQuery();
  const args = useMemo(() => agentRequestsArgsOf(params), [params]);
  const setStatus = useCallback(
    (status: RequestStatus | undefined) => update({ status, page: undefined }),
    [update],
  );
  return { args, filtered: args.status !== undefined, setStatus, setPage };
}
