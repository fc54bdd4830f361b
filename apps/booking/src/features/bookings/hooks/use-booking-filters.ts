import { readUrlFilters, urlFilter, useUrlFilters } from '@tour/shared/router';
import { BOOKING_STATUS_LIST, PAYMENT_STATE_LIST } from '@tour/shared';
import type { BookingFilters } from '../api/types';

/**
 * The month list's filters in the URL query under the API's own names
 * (`?trip_id=&supplier_id=&status=&payment_state=&search=&page=`): a reload or a shared link
 * keeps them; invalid values read as absent.
 */
const BOOKING_FILTERS = {
  trip_id: urlFilter.id(),
  supplier_id: urlFilter.id(),
  status: urlFilter.oneOf(BOOKING_STATUS_LIST),
  payment_state: urlFilter.oneOf(PAYMENT_STATE_LIST),
  search: urlFilter.optionalText(),
};

/** The month list's filters in a URL query (the page's hook and the route's prefetch read it). */
export function bookingFiltersOf(params: URLSearchParams): BookingFilters {
  return readUrlFilters(BOOKING_FILTERS, params);
}

/** The month list's filters and page in the URL query; a new filter goes back to page 1. */
export function useBookingFilters() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } =
    useUrlFilters(BOOKING_FILTERS);
  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
