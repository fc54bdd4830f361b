import { urlFilter, useUrlFilters, type UrlFilterValues } from '@tour/shared/router';
import { TRIP_STATUS_LIST } from '@tour/shared';

/**
 * The list's filters in the URL query (`?from=&to=&status=&manager_id=&mine=1&country=&search=
 * &page=`, dates YYYY-MM-DD); invalid values read as absent.
 */
const TRIPS_FILTERS = {
  from: urlFilter.day(),
  to: urlFilter.day(),
  status: urlFilter.oneOf(TRIP_STATUS_LIST),
  managerId: urlFilter.id('manager_id'),
  /** «Мои туры»: the trips the signed-in user manages (`mine=1`). */
  mine: urlFilter.flag(),
  country: urlFilter.optionalText(),
  search: urlFilter.text(),
};

/** The list's filters as they live in the URL query. */
export type TripsFilters = UrlFilterValues<typeof TRIPS_FILTERS>;

/**
 * The list's filters and page, kept in the URL query so that a reload or a shared link keeps
 * them. Changing a filter starts again from page 1.
 */
export function useTripsFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } =
    useUrlFilters(TRIPS_FILTERS);
  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
