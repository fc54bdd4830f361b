import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@tour/shared/router';
import { positiveInteger } from '../lib/positive-integer';

/** A value to put in the query; undefined, null and '' remove the parameter. */
export type QueryValue = string | number | null | undefined;

/**
 * Filters and the page live in the URL query, so a reload or a shared link keeps them.
 * `page` is 1 when absent or not a positive integer; `update` merges a patch into the query.
 */
export function useUrlQuery() {
  const [params, setParams] = useSearchParams();

  const numberOf = useCallback((name: string) => positiveInteger(params.get(name)), [params]);

  const update = useCallback(
    (patch: Record<string, QueryValue>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      });
    },
    [setParams],
  );

  return useMemo(
    () => ({ params, numberOf, page: numberOf('page') ?? 1, update }),
    [params, numberOf, update],
  );
}
