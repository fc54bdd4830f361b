import { api, cacheTags, transformCode1, type TripCostingLines } from '@tour/shared';

/** What a trip without an answer (or without a costing) offers: nothing. */
const NO_LINES: TripCostingLines = { costing: null, group_size: 1, currency: 'usd', lines: [] };

// The name carries the package's prefix: every app injects into the one slice. The trip summary
// (the shell) picks a line, the booking form (the booking section) starts from it: one endpoint.
export const tripCostingLinesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The lines of the trip's costing a booking starts from (GET /admin/trip/:id/costing-lines),
     * each marked when already booked: a booking saved or a price applied (the trip's tag) reloads
     * them.
     */
    sharedTripCostingLines: build.query<TripCostingLines, number>({
      query: (tripId) => `/admin/trip/${tripId}/costing-lines`,
      transformResponse: transformCode1(NO_LINES),
      providesTags: (_result, _error, tripId) => [cacheTags.trip(tripId)],
    }),
  }),
});

export const { useSharedTripCostingLinesQuery } = tripCostingLinesApi;
