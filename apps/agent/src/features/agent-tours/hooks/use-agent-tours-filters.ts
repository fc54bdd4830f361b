import { useCallback, useMemo } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import { positiveInteger } from '@tour/shared';
import type { AgentToursArgs } from '../api/agent-tours-api';

/**
 * The list's request for a URL query (`?search=&country=&page=`). The page's hook and the route's
 * prefetch both read it, so the prefetched page is the page's.
 */
export function agentToursArgsOf(params: URLSearchParams): AgentToursArgs {
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    search: params.get('search')?.trim() || undefined,
    country: params.get('country')?.trim() || undefined,
  };
}

/** A change of the filters; undefined removes one. */
export type AgentToursFiltersPatch = Partial<Pick<AgentToursArgs, 'search' | 'country'>>;

/**
 * The tours' filters and page in the URL query under the API's names, so a reload or a shared
 * link keeps them. A new filter goes back to page 1.
 */
export function useAgentToursFilters() {
  const { params, update, setPage } = useUrlQuery();
  const args = useMemo(() => agentToursArgsOf(params), [params]);

  const setFilters = useCallback(
    (patch: AgentToursFiltersPatch) => update({ ...patch, page: undefined }),
    [update],
  );
  const resetFilters = useCallback(
    () => update({ search: undefined, country: undefined, page: undefined }),
    [update],
  );
  const filtered = args.search !== undefined || args.country !== undefined;

  return { args, filtered, setFilters, setPage, resetFilters };
}
