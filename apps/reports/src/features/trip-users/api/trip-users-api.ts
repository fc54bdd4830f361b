import { api, cacheTags, transformCode1 } from '@tour/shared';
import type { TripUsers, TripUsersArgs } from './types';

// Prefixed with the section's name, as every endpoint of the one slice. What the trip's tourists
// show changes with the trip (a participant, a price), its payments and their confirmation, and
// the rates.
export const tripUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportsTripUsers: build.query<TripUsers | null, TripUsersArgs>({
      query: ({ trip, currency }) => ({
        url: `/admin/reports/general/${trip}/users`,
        params: { currency },
      }),
      transformResponse: transformCode1<TripUsers | null>(null),
      providesTags: (_result, _error, { trip }) => [
        cacheTags.trip(trip),
        cacheTags.operationLists,
        cacheTags.rates,
      ],
    }),
  }),
});

export const { useReportsTripUsersQuery } = tripUsersApi;
