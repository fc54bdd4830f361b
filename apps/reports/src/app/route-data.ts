import { positiveInteger, type RoutePrefetchRequest } from '@tour/shared';
import { generalReportApi } from '../features/general-report/api/general-report-api';
import { generalReportArgsOf } from '../features/general-report/hooks/use-general-report-filters';
import { tripUsersApi } from '../features/trip-users/api/trip-users-api';
import { reportCurrencyOf } from '../lib/report-currency';

/**
 * The data a report page asks for first, started by the shell's route loader as the navigation
 * begins: the same endpoints and arguments as the pages' hooks (the URL's period, else the
 * current year; its filters, currency and page; the trip of the path), so the pages find it in
 * the cache. The tour summary and the administrative report have no data yet.
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
}
