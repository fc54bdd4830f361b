import { api, cacheTags, emptyPage, transformCode1, type Trip } from '@tour/shared';

/** A trip as a picker offers it. */
export type TripOption = Pick<
  Trip,
  'id' | 'title' | 'starts_on' | 'ends_on' | 'status' | 'seats' | 'seats_taken'
>;

/** A search among the trips (title or country), or one trip by id (a value chosen before). */
export type TripOptionsArgs = { search: string } | { id: number };

/** How many trips one search offers. */
export const TRIP_OPTIONS_PER_PAGE = 20;

const optionOf = ({
  id,
  title,
  starts_on,
  ends_on,
  status,
  seats,
  seats_taken,
}: Trip): TripOption => ({
  id,
  title,
  starts_on,
  ends_on,
  status,
  seats,
  seats_taken,
});

// The name carries the package's prefix: every app injects into the one slice.
export const tripOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Trips found by the server's search (GET /admin/trips), in start-date order. */
    sharedTripOptions: build.query<TripOption[], TripOptionsArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery(
          'id' in args
            ? { url: `/admin/trip/${args.id}` }
            : {
                url: '/admin/trips',
                params: {
                  search: args.search.trim() || undefined,
                  per_page: TRIP_OPTIONS_PER_PAGE,
                },
              },
        );
        if (result.error) return { error: result.error };
        if ('id' in args) {
          const body = result.data as { code?: number; data?: Trip };
          return { data: body?.code === 1 && body.data ? [optionOf(body.data)] : [] };
        }
        return { data: transformCode1(emptyPage<Trip>())(result.data).data.map(optionOf) };
      },
      providesTags: (result) => [
        cacheTags.tripLists,
        ...(result ?? []).map((trip) => cacheTags.trip(trip.id)),
      ],
    }),
  }),
});

export const { useSharedTripOptionsQuery } = tripOptionsApi;
