import { useCallback, useMemo } from 'react';
import { useUrlQuery, type QueryValue } from '@tour/shared/router';
import { API_DATE_FORMAT, dayjs, TRIP_STATUS_LIST, type TripStatus } from '@tour/shared';

/** The list's filters as they live in the URL query (dates YYYY-MM-DD). */
export interface TripsFilters {
  from: string | undefined;
  to: string | undefined;
  status: TripStatus | undefined;
  managerId: number | undefined;
  /** «Мои туры»: the trips the signed-in user manages (`mine=1`). */
  mine: boolean;
  country: string | undefined;
  search: string;
}

const isTripStatus = (value: unknown): value is TripStatus =>
  TRIP_STATUS_LIST.includes(value as TripStatus);

const apiDate = (value: string | null) =>
  value && dayjs(value, API_DATE_FORMAT, true).isValid() ? value : undefined;

/**
 * The list's filters and page, kept in the URL query
 * (`?from=&to=&status=&manager_id=&mine=1&country=&search=&page=`) so that a reload or a shared link
 * keeps them. Changing a filter starts again from page 1; invalid values read as absent.
 */
export function useTripsFilters() {
  const { params, numberOf, page, update, setPage, reset } = useUrlQuery();

  const filters = useMemo<TripsFilters>(() => {
    const status = params.get('status');
    return {
      from: apiDate(params.get('from')),
      to: apiDate(params.get('to')),
      status: isTripStatus(status) ? status : undefined,
      managerId: numberOf('manager_id'),
      mine: params.get('mine') === '1',
      country: params.get('country')?.trim() || undefined,
      search: params.get('search')?.trim() ?? '',
    };
  }, [params, numberOf]);

  const setFilters = useCallback(
    (patch: Partial<TripsFilters>) => {
      const query: Record<string, QueryValue> = { page: undefined };
      if ('from' in patch) query.from = patch.from;
      if ('to' in patch) query.to = patch.to;
      if ('status' in patch) query.status = patch.status;
      if ('managerId' in patch) query.manager_id = patch.managerId;
      if ('mine' in patch) query.mine = patch.mine ? 1 : undefined;
      if ('country' in patch) query.country = patch.country;
      if ('search' in patch) query.search = patch.search?.trim();
      update(query);
    },
    [update],
  );

  const filtered =
    filters.from !== undefined ||
    filters.to !== undefined ||
    filters.status !== undefined ||
    filters.managerId !== undefined ||
    filters.mine ||
    filters.country !== undefined ||
    filters.search !== '';

  return { filters, page, filtered, setFilters, setPage, resetFilters: reset };
}
