import { useCallback, useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
import { isRole, type Role } from '@tour/shared';

/** The list's filters as they live in the URL query. */
export interface UsersFilters {
  search: string;
  role: Role | undefined;
  withTrips: boolean;
  id: number | undefined;
  /** The agent whose tourists are listed. */
  counterpartyId: number | undefined;
}

/**
 * The list's filters and page, kept in the URL query (`?search=&role=&withTrips=1&id=&counterparty_id=&page=`) so
 * that a reload or a shared link keeps them. Changing a filter starts again from page 1; values
 * that are not valid (an unknown role, a non-numeric id or page) read as absent.
 */
export function useUsersFilters() {
  const { params, numberOf, page, update, setPage, reset } = useUrlQuery();

  const filters = useMemo<UsersFilters>(() => {
    const role = params.get('role');
    return {
      search: params.get('search')?.trim() ?? '',
      role: isRole(role) ? role : undefined,
      withTrips: params.get('withTrips') === '1',
      id: numberOf('id'),
      counterpartyId: numberOf('counterparty_id'),
    };
  }, [params, numberOf]);

  const setFilters = useCallback(
    (patch: Partial<UsersFilters>) => {
      const { counterpartyId, ...rest } = patch;
      const query: Record<string, QueryValue> = { ...rest, page: undefined };
      if ('counterpartyId' in patch) query.counterparty_id = counterpartyId;
      if ('search' in patch) query.search = patch.search?.trim();
      update(query);
    },
    [update],
  );

  const filtered =
    filters.search !== '' ||
    filters.role !== undefined ||
    filters.withTrips ||
    filters.id !== undefined ||
    filters.counterpartyId !== undefined;

  return { filters, page, filtered, setFilters, setPage, resetFilters: reset };
}
