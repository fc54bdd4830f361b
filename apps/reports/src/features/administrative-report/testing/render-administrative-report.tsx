import { routeByName } from '@tour/shared';
import { renderAtPath, type TestStore } from '@tour/shared/testing';
import { AdministrativeReportPage } from '../components/administrative-report-page';

const ROUTE = routeByName('report-administrative');

/**
 * Renders the administrative report's page under the providers renderRoute gives a route (the
 * shell's store, the router's match at the route's path, the permission data, the ru locale):
 * the page is tested before the section's routes render it.
 */
export function renderAdministrativeReport({
  url,
  store,
}: { url?: string; store?: TestStore } = {}) {
  return renderAtPath(ROUTE.path, <AdministrativeReportPage title={ROUTE.title} />, {
    url,
    store,
    roles: ['accountant'],
    permissions: ['report_section'],
  });
}
