import {
  dayjs,
  formatMonthParam,
  parseMonthParam,
  positiveInteger,
  type RoutePrefetchRequest,
} from '@tour/shared';
import { bookingsApi } from '../features/bookings/api/bookings-api';
import { bookingFiltersOf } from '../features/bookings/hooks/use-booking-filters';
import { dashboardApi } from '../features/dashboard/api/dashboard-api';
import { isBookingRoute, kindOfRoute } from '../lib/booking-route';

/**
 * The data a booking page asks for first, started by the shell's route loader as the navigation
 * begins: the same endpoints and arguments as the pages' hooks (the month of the URL, else the
 * current one; the list's filters and page), so the pages find it in the cache.
 */
export function prefetchBookingRoute({
  routeName,
  params,
  search,
  dispatch,
}: RoutePrefetchRequest): Promise<unknown> | void {
  if (!isBookingRoute(routeName) || routeName === 'booking-suppliers') return;
  const month = formatMonthParam(parseMonthParam(params.date) ?? dayjs().startOf('month'));
  const options = { subscribe: false } as const;
  const kind = kindOfRoute(routeName);
  if (!kind) return dispatch(dashboardApi.endpoints.bookingDashboard.initiate(month, options));
  return dispatch(
    bookingsApi.endpoints.bookingList.initiate(
      { kind, month, page: positiveInteger(search.get('page')) ?? 1, ...bookingFiltersOf(search) },
      options,
    ),
  );
}
