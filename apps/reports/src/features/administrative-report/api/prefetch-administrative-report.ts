import type { RoutePrefetchRequest } from '@tour/shared';
import { administrativeReportArgsOf } from '../lib/administrative-report-args';
import { administrativeReportApi } from './administrative-report-api';

/**
 * Starts the administrative report of the URL's query (period, currency) as the shell's route
 * loader begins the navigation: the page's hook asks for the very same arguments and finds the
 * data in the cache.
 */
export function prefetchAdministrativeReport({
  search,
  dispatch,
}: Pick<RoutePrefetchRequest, 'search' | 'dispatch'>): Promise<unknown> {
  return dispatch(
    administrativeReportApi.endpoints.reportsAdministrative.initiate(
      administrativeReportArgsOf(search),
      { subscribe: false },
    ),
  );
}
