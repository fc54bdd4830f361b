import {
  BOOKING_KIND_NAMES,
  BOOKING_KIND_ROUTES,
  routeByName,
  type BookingKind,
  type RouteName,
} from '@tour/shared';

/** A route of the booking section (the dashboard, the seven kinds, their wrapper, suppliers). */
export type BookingRouteName = Extract<RouteName, 'booking' | `booking-${string}`>;

/** A booking route with a month (MM-YYYY) in its path: the dashboard and the seven kinds. */
export type MonthRouteName = Exclude<BookingRouteName, 'booking-suppliers'>;

/** True for a route this remote renders. */
export function isBookingRoute(name: RouteName): name is BookingRouteName {
  return routeByName(name).app === 'booking';
}

/** The kind whose month view `name` is, or null (the dashboard, suppliers). */
export function kindOfRoute(name: RouteName): BookingKind | null {
  return BOOKING_KIND_NAMES.find((kind) => BOOKING_KIND_ROUTES[kind] === name) ?? null;
}
