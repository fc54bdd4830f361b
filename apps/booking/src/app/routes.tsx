import { routeByName, type RouteName } from '@tour/shared';
import { BookingPage } from '../features/booking-month/components/booking-page';
import { isBookingRoute } from '../features/booking-month/lib/booking-route';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/**
 * The booking section (exposed as ./Routes). The shell has matched the URL and checked the
 * permissions; this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  if (!isBookingRoute(routeName)) return null;
  return <BookingPage routeName={routeName} title={routeByName(routeName).title} />;
}
