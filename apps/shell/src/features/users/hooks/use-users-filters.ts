import { urlFilter, useUrlFilters, type UrlFilterValues } from '@tour/shared/router';
import { ROLES } from '@tour/shared';

/**
 * The list's filters in the URL query (`?search=&role=&withTrips=1&id=&counterparty_id=&page=`);
 * values that are not valid (an unknown role, a non-numeric id or page) read as absent.
 */
const USERS_FILTERS = {
  search: urlFilter.text(),
  role: urlFilter.oneOf(ROLES),
  withTrips: urlFilter.flag(),
  id: urlFilter.id(),
  /** The agent whose tourists are listed. */
  counterpartyId: urlFilter.id('counterparty_id'),
};

/** The list's filters as they live in the URL query. */
export type UsersFilters = UrlFilterValues<typeof USERS_FILTERS>;

/**
 * The list's filters and page, kept in the URL query so that a reload or a shared link keeps
 * them. Changing a filter starts again from page 1.
 */
export function useUsersFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } =
    useUrlFilters(USERS_FILTERS);
  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
