import { routeByName, type RouteName } from '@tour/shared';
import { AdministrativeReportPage } from '../features/administrative-report/components/administrative-report-page';
import { GeneralReportPage } from '../features/general-report/components/general-report-page';
import { TourSummaryPage } from '../features/tour-summary/components/tour-summary-page';
import { TripUsersPage } from '../features/trip-users/components/trip-users-page';
import { prefetchReportsRoute } from './route-data';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** The shell's route loader calls it as a navigation to a reports route begins. */
export const prefetchRoute = prefetchReportsRoute;

/**
 * This build's release (webpack.config.base.js: RELEASE, else package.json's version); the shell
 * shows it under the section's pages. Outside a webpack build (tests) it is 'dev'.
 */
export const release: string = typeof __RELEASE__ === 'string' ? __RELEASE__ : 'dev';

/**
 * The reports section (exposed as ./Routes). The shell has matched the URL and checked the
 * permissions; this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  const { app, title } = routeByName(routeName);
  if (app !== 'reports') return null;
  if (routeName === 'report-general') return <GeneralReportPage title={title} />;
  if (routeName === 'report-general-users') return <TripUsersPage title={title} />;
  if (routeName === 'report-tour') return <TourSummaryPage title={title} />;
  if (routeName === 'report-administrative') return <AdministrativeReportPage title={title} />;
  return null;
}
