import { useCallback, useMemo } from 'react';
import { readUrlFilters, urlFilter, useUrlFilters } from '@tour/shared/router';
import { positiveInteger } from '@tour/shared';
import type { AgentTouristsArgs } from '../api/agent-tourists-api';

const TOURISTS_FILTERS = { search: urlFilter.optionalText() };

/** The tourists' request for a URL query (`?search=&page=`); the route's prefetch reads it too. */
export function agentTouristsArgsOf(params: URLSearchParams): AgentTouristsArgs {
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    ...readUrlFilters(TOURISTS_FILTERS, params),
  };
}

/** The tourists' search and page in the URL query; a new search goes back to page 1. */
export function useAgentTouristsFilters() {
  const { params, filtered, setFilters, setPage } = useUrlFilters(TOURISTS_FILTERS);
  const args = useMemo(() => agentTouristsArgsOf(params), [params]);
  const setSearch = useCallback((search: string) => setFilters({ search }), [setFilters]);
  return { args, filtered, setSearch, setPage };
}
