import { useMemo } from 'react';
import { readUrlFilters, urlFilter, useUrlFilters } from '@tour/shared/router';
import {
  API_DATE_FORMAT,
  dayjs,
  normalizeRange,
  positiveInteger,
  toApiDate,
  toDayjs,
  TRIP_STATUS_LIST,
  type DateValue,
} from '@tour/shared';
import type { ReportPeriod } from '../../../components/period-picker';
import { reportCurrencyOf } from '../../../lib/report-currency';
import type { GeneralReportArgs, GeneralReportFilters } from '../api/types';

/** The filters besides the period and the currency, under the API's own names. */
const REPORT_FILTERS = {
  status: urlFilter.oneOf(TRIP_STATUS_LIST),
  manager_id: urlFilter.id(),
  country: urlFilter.optionalText(),
};

/** A YYYY-MM-DD date of the URL, else null. */
function dateOf(params: URLSearchParams, name: string) {
  const parsed = dayjs(params.get(name) ?? '', API_DATE_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

/**
 * The filters a URL query names; those it does not: trips starting from 1 January of the current
 * year, without an end (the trips being sold now, next year's too), in KGS.
 */
export function generalReportFiltersOf(
  params: URLSearchParams,
  now?: DateValue,
): GeneralReportFilters {
  const today = toDayjs(now) ?? dayjs();
  const [from, to] = normalizeRange([
    dateOf(params, 'from') ?? today.startOf('year'),
    dateOf(params, 'to'),
  ]);
  return {
    from: toApiDate(from),
    ...(to ? { to: toApiDate(to) } : {}),
    currency: reportCurrencyOf(params),
    ...readUrlFilters(REPORT_FILTERS, params),
  };
}

/**
 * The report's request for a URL query: its filters and page. The page's hook and the route's
 * prefetch both read it, so the prefetched data is the page's.
 */
export function generalReportArgsOf(params: URLSearchParams, now?: DateValue): GeneralReportArgs {
  return {
    ...generalReportFiltersOf(params, now),
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** A change of the filters (the currency has its own switch). */
export type GeneralReportFiltersPatch = Partial<
  Pick<GeneralReportFilters, 'status' | 'manager_id' | 'country'> & {
    /** The period (without `to`: no end); null: back to the default. */
    period: ReportPeriod;
  }
>;

/**
 * The report's filters and page in the URL query under the API's own names
 * (`?from=&to=&currency=&status=&manager_id=&country=&page=`): a reload or a shared link keeps
 * them. Without `from`, the period starts on 1 January of the current year; without `to`, it has
 * no end. A new filter goes back to page 1.
 */
export function useGeneralReportFilters() {
  const url = useUrlFilters(REPORT_FILTERS);
  const { params, page, setPage } = url;
  const filters = useMemo(() => generalReportFiltersOf(params), [params]);

  const setFilters = (patch: GeneralReportFiltersPatch) => {
    const { period, ...rest } = patch;
    url.writeFilters(rest, 'period' in patch ? { from: period?.from, to: period?.to } : {});
  };

  const resetFilters = () => url.clearFilters({ from: undefined, to: undefined });

  const filtered = ['from', 'to', 'status', 'manager_id', 'country'].some((name) =>
    params.has(name),
  );

  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
