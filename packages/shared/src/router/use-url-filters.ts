import { useCallback, useMemo } from 'react';
// A pure function: the facade's own copy costs nothing (no state lives in it).
import { API_DATE_FORMAT, dayjs, positiveInteger } from '@tour/core';
import { useUrlQuery, type QueryValue } from './use-url-query';

/** How one filter lives in the URL query. */
export interface UrlFilter<T> {
  /** The query parameter's name, when it is not the filter's. */
  param?: string;
  /** The filter's value of the parameter's text (null: absent); text it cannot read is absent. */
  read: (text: string | null) => T;
  /** The parameter's text of a value: undefined, null, '' and false remove the parameter. */
  write: (value: T) => QueryValue;
}

/** The filters of a list: each filter's name and how it lives in the URL query. */
export type UrlFilterSchema = Record<
  string,
  { param?: string; read: (text: string | null) => unknown; write: (value: never) => QueryValue }
>;

/** The values of a schema's filters. */
export type UrlFilterValues<S extends UrlFilterSchema> = {
  [K in keyof S]: ReturnType<S[K]['read']>;
};

/** The filters' kinds: what each reads from its parameter and writes back. */
export const urlFilter = {
  /** Trimmed text; '' is no filter. */
  text: (param?: string): UrlFilter<string> => ({
    param,
    read: (text) => text?.trim() ?? '',
    write: (value) => value.trim(),
  }),
  /** Trimmed text; undefined is no filter. */
  optionalText: (param?: string): UrlFilter<string | undefined> => ({
    param,
    read: (text) => text?.trim() || undefined,
    write: (value) => value?.trim(),
  }),
  /** A positive integer (an id); anything else is no filter. */
  id: (param?: string): UrlFilter<number | undefined> => ({
    param,
    read: positiveInteger,
    write: (value) => value,
  }),
  /** A yes-or-no filter: `1` when set, absent when not. */
  flag: (param?: string): UrlFilter<boolean> => ({
    param,
    read: (text) => text === '1',
    write: (value) => value,
  }),
  /** A day (YYYY-MM-DD); anything else is no filter. */
  day: (param?: string): UrlFilter<string | undefined> => ({
    param,
    read: (text) => (text && dayjs(text, API_DATE_FORMAT, true).isValid() ? text : undefined),
    write: (value) => value,
  }),
  /** One of a list of values; any other is no filter. */
  oneOf: <T extends string>(values: readonly T[], param?: string): UrlFilter<T | undefined> => ({
    param,
    read: (text) =>
      (values as readonly (string | null)[]).includes(text) ? (text as T) : undefined,
    write: (value) => value,
  }),
};

const paramOf = (schema: UrlFilterSchema, name: string) => schema[name]?.param ?? name;

function isSet(value: QueryValue): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false;
}

/** The filters of a URL query by a schema (a route's prefetch reads them as its page does). */
export function readUrlFilters<S extends UrlFilterSchema>(
  schema: S,
  params: URLSearchParams,
): UrlFilterValues<S> {
  return Object.fromEntries(
    Object.entries(schema).map(([name, filter]) => [
      name,
      filter.read(params.get(filter.param ?? name)),
    ]),
  ) as UrlFilterValues<S>;
}

/**
 * A list's filters and page, kept in the URL query by `schema` (a module constant) so that a
 * reload or a shared link keeps them (DESIGN.md 6). Changing a filter starts again from page 1;
 * `filtered` says whether any filter is set; `resetFilters` removes every filter and the page,
 * keeping the query's other parameters (an opened drawer, a tab).
 */
export function useUrlFilters<S extends UrlFilterSchema>(schema: S) {
  const { params, page, update, setPage } = useUrlQuery();
  const filters = useMemo(() => readUrlFilters(schema, params), [schema, params]);

  /** Writes a patch of the filters (and `also`, other parameters, in the same change). */
  const writeFilters = useCallback(
    (patch: Partial<UrlFilterValues<S>>, also: Record<string, QueryValue> = {}) => {
      const query: Record<string, QueryValue> = { ...also, page: undefined };
      for (const [name, value] of Object.entries(patch)) {
        const filter = schema[name] as UrlFilter<unknown> | undefined;
        if (filter) query[paramOf(schema, name)] = filter.write(value);
      }
      update(query);
    },
    [schema, update],
  );

  /** Removes every filter and the page (and `also`, other parameters, in the same change). */
  const clearFilters = useCallback(
    (also: Record<string, QueryValue> = {}) => {
      const query: Record<string, QueryValue> = { ...also, page: undefined };
      for (const name of Object.keys(schema)) query[paramOf(schema, name)] = undefined;
      update(query);
    },
    [schema, update],
  );

  const filtered = Object.entries(schema).some(([name, filter]) =>
    isSet((filter as UrlFilter<unknown>).write(filters[name])),
  );

  // One argument each: they are handed to buttons and fields as their handlers.
  const setFilters = useCallback(
    (patch: Partial<UrlFilterValues<S>>) => writeFilters(patch),
    [writeFilters],
  );
  const resetFilters = useCallback(() => clearFilters(), [clearFilters]);

  return {
    filters,
    page,
    filtered,
    setFilters,
    setPage,
    resetFilters,
    writeFilters,
    clearFilters,
    params,
    update,
  };
}
