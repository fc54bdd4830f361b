import { useMemo } from 'react';
import { readUrlFilters, urlFilter, useUrlFilters } from '@tour/shared/router';
import { positiveInteger } from '@tour/shared';
import type { AgentToursArgs } from '../api/agent-tours-api';

const TOURS_FILTERS = { search: urlFilter.optionalText(), country: urlFilter.optionalText() };

/**
 * The list's request for a URL query (`?search=&country=&page=`). The page's hook and the route's
 * prefetch both read it, so the prefetched page is the page's.
 */
export function agentToursArgsOf(params: URLSearchParams): AgentToursArgs {
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    ...readUrlFilters(TOURS_FILTERS, params),
  };
}

/** A change of the filters; undefined removes one. */
export type AgentToursFiltersPatch = Partial<Pick<AgentToursArgs, 'search' | 'country'>>;

/**
 * The tours' filters and page in the URL query under the API's names, so a reload or a shared
 * link keeps them. A new filter goes back to page 1.
 */
export function useAgentToursFilters() {
  const { params, filtered, setFilters, setPage, resetFilters } = useUrlFilters(TOURS_FILTERS);
  const args = useMemo(() => agentToursArgsOf(params), [params]);
  return { args, filtered, setFilters, setPage, resetFilters };
}
