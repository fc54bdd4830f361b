import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
// A pure function: the facade's own copy costs nothing (no state lives in it).
import { positiveInteger } from '@tour/core';

/** A value to put in the query: undefined, null, '' and false remove the parameter; true is '1'. */
export type QueryValue = string | number | boolean | null | undefined;

/** A list's filters and page as they live in the URL query. */
export interface UrlQuery {
  params: URLSearchParams;
  /** A parameter as a positive integer (an id), else undefined. */
  numberOf: (name: string) => number | undefined;
  /** The `page` parameter: 1 when absent or not a positive integer. */
  page: number;
  /** Merges a patch into the query, keeping the other parameters. */
  update: (patch: Record<string, QueryValue>) => void;
  /** Goes to a page of the list; page 1 is the absent parameter. */
  setPage: (page: number) => void;
  /** Empties the query: every filter and the page. */
  reset: () => void;
}

function queryText(value: QueryValue): string | null {
  if (value === undefined || value === null || value === '' || value === false) return null;
  return value === true ? '1' : String(value);
}

/**
 * Filters and the page live in the URL query (DESIGN.md 6), so a reload or a shared link keeps
 * them. Whoever changes a filter also drops the page (`update({ ...patch, page: undefined })`).
 */
export function useUrlQuery(): UrlQuery {
  const [params, setParams] = useSearchParams();

  const numberOf = useCallback((name: string) => positiveInteger(params.get(name)), [params]);

  const update = useCallback(
    (patch: Record<string, QueryValue>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch)) {
          const text = queryText(value);
          if (text === null) next.delete(name);
          else next.set(name, text);
        }
        return next;
      });
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number) => update({ page: page > 1 ? page : undefined }),
    [update],
  );

  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return useMemo(
    () => ({ params, numberOf, page: numberOf('page') ?? 1, update, setPage, reset }),
    [params, numberOf, update, setPage, reset],
  );
}
