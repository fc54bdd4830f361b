import { useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
import {
  API_DATE_FORMAT,
  dayjs,
  normalizeRange,
  positiveInteger,
  toApiDate,
  toDayjs,
  TRIP_STATUS_LIST,
  type DateValue,
  type TripStatus,
} from '@tour/shared';
import type { ReportPeriod } from '../../../components/period-picker';
import { reportCurrencyOf } from '../../../lib/report-currency';
import type { GeneralReportArgs, GeneralReportFilters } from '../api/types';

const isTripStatus = (value: string | null): value is TripStatus =>
  (TRIP_STATUS_LIST as readonly (string | null)[]).includes(value);

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
  const status = params.get('status');
  return {
    from: toApiDate(from),
    ...(to ? { to: toApiDate(to) } : {}),
    currency: reportCurrencyOf(params),
    status: isTripStatus(status) ? status : undefined,
    manager_id: positiveInteger(params.get('manager_id')),
    country: params.get('country')?.trim() || undefined,
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
  const { params, page, update, setPage } = useUrlQuery();
  const filters = useMemo(() => generalReportFiltersOf(params), [params]);

  const setFilters = (patch: GeneralReportFiltersPatch) => {
    const query: Record<string, QueryValue> = { page: undefined };
    for (const [name, value] of Object.entries(patch)) {
      if (name === 'period') {
        const period = value as GeneralReportFiltersPatch['period'];
        query.from = period?.from;
        query.to = period?.to;
      } else {
        query[name] = typeof value === 'string' ? value.trim() : (value as QueryValue);
      }
    }
    update(query);
  };

  const resetFilters = () =>
    update({
      from: undefined,
      to: undefined,
      status: undefined,
      manager_id: undefined,
      country: undefined,
      page: undefined,
    });

  const filtered = ['from', 'to', 'status', 'manager_id', 'country'].some((name) =>
    params.has(name),
  );

  return { filters, page, filtered, setFilters, setPage, resetFilters };
}
