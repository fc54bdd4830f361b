import { useCallback, useMemo } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import { positiveInteger } from '@tour/shared';
import type { AgentTouristsArgs } from '../api/agent-tourists-api';

/** The tourists' request for a URL query (`?search=&page=`); the route's prefetch reads it too. */
export function agentTouristsArgsOf(params: URLSearchParams): AgentTouristsArgs {
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    search: params.get('search')?.trim() || undefined,
  };
}

/** The tourists' search and page in the URL query; a new search goes back to page 1. */
export function useAgentTouristsFilters() {
  const { params, update, setPage } = useUrlQuery();
  const args = useMemo(() => agentTouristsArgsOf(params), [params]);
  const setSearch = useCallback(
    (search: string) => update({ search: search || undefined, page: undefined }),
    [update],
  );
  return { args, filtered: args.search !== undefined, setSearch, setPage };
}
