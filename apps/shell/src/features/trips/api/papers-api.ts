import { api, cacheTags, transformCode1, type TripPapers } from '@tour/shared';

export type { TripPapers };

const NO_PAPERS: TripPapers = { receipts: [], agents: [] };

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const tripPapersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * What the trip's summary offers to print: each confirmed participant payment (its receipt)
     * and each agent whose tourists are on the trip (its invoice). A change of the trip or of any
     * operation (a payment confirmed) reloads it.
     */
    shellTripsPapers: build.query<TripPapers, number>({
      query: (tripId) => `/admin/trip/${tripId}/papers`,
      transformResponse: transformCode1(NO_PAPERS),
      providesTags: (_papers, _error, tripId) => [cacheTags.trip(tripId), cacheTags.operationLists],
    }),
  }),
});

export const { useShellTripsPapersQuery } = tripPapersApi;
