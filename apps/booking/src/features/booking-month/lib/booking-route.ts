import { routeByName, type RouteName } from '@tour/shared';

/** A route of the booking section (the dashboard, the seven kinds and their wrapper). */
export type BookingRouteName = Extract<RouteName, 'booking' | `booking-${string}`>;

/** True for a route this remote renders. */
export function isBookingRoute(name: RouteName): name is BookingRouteName {
  return routeByName(name).app === 'booking';
}
