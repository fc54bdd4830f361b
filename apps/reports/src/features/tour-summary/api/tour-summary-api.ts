import { api, cacheTags, transformCode1 } from '@tour/shared';
import type { TourSummary, TourSummaryArgs } from './types';

// Prefixed with the section's name, as every endpoint of the one slice. The summary shows what
// other sections change: the trip (its participants, and its bookings: a saved booking or supplier
// payment invalidates its trip), the payments and their confirmation, and the rates.
export const tourSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportsTourSummary: build.query<TourSummary | null, TourSummaryArgs>({
      query: (params) => ({ url: '/admin/reports/tour', params }),
      transformResponse: transformCode1<TourSummary | null>(null),
      providesTags: (_result, _error, { trip_id }) => [
        cacheTags.trip(trip_id),
        cacheTags.operationLists,
        cacheTags.rates,
      ],
    }),
  }),
});

export const { useReportsTourSummaryQuery } = tourSummaryApi;
