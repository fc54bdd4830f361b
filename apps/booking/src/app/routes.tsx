import { routeByName, type RouteName } from '@tour/shared';
import { BookingMonthPage } from '../features/bookings/components/booking-month-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { SuppliersPage } from '../features/suppliers/components/suppliers-page';
import { isBookingRoute, kindOfRoute } from '../lib/booking-route';
import { prefetchBookingRoute } from './route-data';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** The shell's route loader calls it as a navigation to a booking route begins. */
export const prefetchRoute = prefetchBookingRoute;

/**
 * This build's release (webpack.config.base.js: RELEASE, else package.json's version); the shell
 * shows it under the section's pages. Outside a webpack build (tests) it is 'dev'.
 */
export const release: string = typeof __RELEASE__ === 'string' ? __RELEASE__ : 'dev';

/**
 * The booking section (exposed as ./Routes). The shell has matched the URL and checked the
 * permissions; this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  if (!isBookingRoute(routeName)) return null;
  const { title } = routeByName(routeName);
  if (routeName === 'booking-suppliers') return <SuppliersPage title={title} />;
  const kind = kindOfRoute(routeName);
  if (kind) return <BookingMonthPage key={kind} kind={kind} routeName={routeName} title={title} />;
  return <DashboardPage routeName={routeName} title={title} />;
}
