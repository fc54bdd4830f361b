import { useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
import {
  positiveInteger,
  BOOKING_STATUS_LIST,
  PAYMENT_STATE_LIST,
  type BookingStatus,
  type PaymentState,
} from '@tour/shared';
import type { BookingFilters } from '../api/types';

const isStatus = (value: string | null): value is BookingStatus =>
  (BOOKING_STATUS_LIST as readonly (string | null)[]).includes(value);
const isPaymentState = (value: string | null): value is PaymentState =>
  (PAYMENT_STATE_LIST as readonly (string | null)[]).includes(value);

/**
 * The month list's filters and page in the URL query under the API's own names
 * (`?trip_id=&supplier_id=&status=&payment_state=&search=&page=`): a reload or a shared link
 * keeps them. A new filter goes back to page 1; invalid values read as absent.
 */
/** The month list's filters in a URL query (the page's hook and the route's prefetch read it). */
export function bookingFiltersOf(params: URLSearchParams): BookingFilters {
  const status = params.get('status');
  const paymentState = params.get('payment_state');
  return {
    trip_id: positiveInteger(params.get('trip_id')),
    supplier_id: positiveInteger(params.get('supplier_id')),
    status: isStatus(status) ? status : undefined,
    payment_state: isPaymentState(paymentState) ? paymentState : undefined,
    search: params.get('search')?.trim() || undefined,
  };
}

export function useBookingFilters() {
  const { params, page, update, setPage } = useUrlQuery();

  const filters = useMemo<BookingFilters>(() => bookingFiltersOf(params), [params]);

  const setFilters = (patch: Partial<BookingFilters>) => {
    const query: Record<string, QueryValue> = { page: undefined };
    for (const [name, value] of Object.entries(patch)) {
      query[name] = typeof value === 'string' ? value.trim() : value;
    }
    update(query);
  };

  const resetFilters = () =>
    update({
      trip_id: undefined,
      supplier_id: undefined,
      status: undefined,
      payment_state: undefined,
      search: undefined,
      page: undefined,
    });

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
