import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@tour/shared/router';
import { isRole, type Role } from '@tour/shared';
import { positiveInteger } from '../lib/positive-integer';

/** The list's filters as they live in the URL query. */
export interface UsersFilters {
  search: string;
  role: Role | undefined;
  withTrips: boolean;
  id: number | undefined;
}

/** The query parameter of each filter, and of the page. */
export const USERS_QUERY = {
  search: 'search',
  role: 'role',
  withTrips: 'withTrips',
  id: 'id',
  page: 'page',
} as const;

/**
 * The list's filters and page, kept in the URL query so that a reload or a shared link keeps
 * them. Changing a filter starts again from page 1 (the parameter is dropped); values that are
 * not valid (an unknown role, a non-numeric id or page) read as absent.
 */
export function useUsersFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<UsersFilters>(() => {
    const role = params.get(USERS_QUERY.role);
    return {
      search: params.get(USERS_QUERY.search)?.trim() ?? '',
      role: isRole(role) ? role : undefined,
      withTrips: params.get(USERS_QUERY.withTrips) === '1',
      id: positiveInteger(params.get(USERS_QUERY.id)),
    };
  }, [params]);
  const page = positiveInteger(params.get(USERS_QUERY.page)) ?? 1;

  const setFilters = useCallback(
    (patch: Partial<UsersFilters>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        const put = (name: string, value: string | undefined) =>
          value ? next.set(name, value) : next.delete(name);
        if ('search' in patch) put(USERS_QUERY.search, patch.search?.trim());
        if ('role' in patch) put(USERS_QUERY.role, patch.role);
        if ('withTrips' in patch) put(USERS_QUERY.withTrips, patch.withTrips ? '1' : undefined);
        if ('id' in patch) put(USERS_QUERY.id, patch.id ? String(patch.id) : undefined);
        next.delete(USERS_QUERY.page);
        return next;
      });
    },
    [setParams],
  );

  const setPage = useCallback(
    (next: number) => {
      setParams((previous) => {
        const query = new URLSearchParams(previous);
        if (next > 1) query.set(USERS_QUERY.page, String(next));
        else query.delete(USERS_QUERY.page);
        return query;
      });
    },
    [setParams],
  );

  const resetFilters = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  const filtered =
    filters.search !== '' ||
    filters.role !== undefined ||
    filters.withTrips ||
    filters.id !== undefined;

  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
