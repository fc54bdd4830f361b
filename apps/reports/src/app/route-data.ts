import { positiveInteger, type RoutePrefetchRequest } from '@tour/shared';
import { prefetchAdministrativeReport } from '../features/administrative-report/api/prefetch-administrative-report';
import { generalReportApi } from '../features/general-report/api/general-report-api';
import { generalReportArgsOf } from '../features/general-report/hooks/use-general-report-filters';
import { tourSummaryApi } from '../features/tour-summary/api/tour-summary-api';
import { tourSummaryArgsOf } from '../features/tour-summary/hooks/use-tour-summary-params';
import { tripUsersApi } from '../features/trip-users/api/trip-users-api';
import { reportCurrencyOf } from '../lib/report-currency';

/**
 * The data a report page asks for first, started by the shell's route loader as the navigation
 * begins: the same endpoints and arguments as the pages' hooks (the URL's period, else from
 * 1 January of the current year without an end; its filters, currency and page; the trip of the
 * path), so the pages find it in the cache; the tour summary once the URL names its trip
 * (`trip_id`, with its currency if any). The administrative report with the URL's period (else the
 * current year) and currency.
 */
export function prefetchReportsRoute({
  routeName,
  params,
  search,
  dispatch,
}: RoutePrefetchRequest): Promise<unknown> | void {
  const options = { subscribe: false } as const;
  if (routeName === 'report-general') {
    return dispatch(
      generalReportApi.endpoints.reportsGeneral.initiate(generalReportArgsOf(search), options),
    );
  }
  if (routeName === 'report-general-users') {
    const trip = positiveInteger(params.trip);
    if (!trip) return;
    return dispatch(
      tripUsersApi.endpoints.reportsTripUsers.initiate(
        { trip, currency: reportCurrencyOf(search) },
        options,
      ),
    );
  }
  if (routeName === 'report-tour') {
    const args = tourSummaryArgsOf(search);
    if (!args) return;
    return dispatch(tourSummaryApi.endpoints.reportsTourSummary.initiate(args, options));
  }
  if (routeName === 'report-administrative') {
    return prefetchAdministrativeReport({ search, dispatch });
  }
}
