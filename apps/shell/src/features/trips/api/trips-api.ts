import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  userSaveResult,
  type AddParticipantBody,
  type CreateTripBody,
  type Currency,
  type Paginated,
  type Participant,
  type PreparedTour,
  type SaveResult,
  type SaveUserBody,
  type Trip,
  type TripListQuery,
  type TripStatus,
  type TripSummary,
  type UpdateParticipantBody,
  type UpdateTripBody,
  type User,
} from '@tour/shared';

/** The list's filters and page, as GET /admin/trips takes them (dates YYYY-MM-DD). */
export type TripsPageArgs = Omit<TripListQuery, 'page' | 'per_page'> & { page: number };

/** PUT /admin/trip/:id: every field of the trip (the status moves through its own call). */
export type TripFields = UpdateTripBody;

export type { CreateTripBody };

export type AddParticipantArgs = AddParticipantBody & { tripId: number };

export type UpdateParticipantArgs = UpdateParticipantBody & {
  tripId: number;
  participantId: number;
};

/** GET /admin/trip/:id/summary: the shared TripSummary (its schema is the API's). */
export type TripSummaryData = TripSummary;

/** A readiness problem of the summary: a document's, or a booking the participant lacks. */
export type TripReadinessProblem = TripSummary['readiness'][number]['problems'][number];

/** One booking of the trip in its summary (DESIGN.md 3b), amounts in major units. */
export type TripSummaryBooking = TripSummary['bookings'][number];

/** POST /admin/users: a new tourist made on the spot (the user save body, a client). */
export type NewTouristBody = SaveUserBody & { roles: ['client'] };

const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

const tripTags = (id: number) => [
  cacheTags.trip(id),
  cacheTags.tripLists,
  cacheTags.history('trip', id),
];

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the trip list with its filters, by start date (GET /admin/trips). */
    shellTripsPage: build.query<Paginated<Trip>, TripsPageArgs>({
      query: ({ search, country, ...rest }) => ({
        url: '/admin/trips',
        params: { ...rest, search: blankToUndefined(search), country: blankToUndefined(country) },
      }),
      transformResponse: transformCode1(emptyPage<Trip>()),
      providesTags: (result) => [
        cacheTags.tripLists,
        ...(result?.data ?? []).map((trip) => cacheTags.trip(trip.id)),
      ],
    }),
    /** The countries of the trips, for the list's filter. */
    shellTripsCountries: build.query<string[], void>({
      query: () => '/admin/trips/countries',
      transformResponse: transformCode1<string[]>([]),
      providesTags: [cacheTags.tripLists],
    }),
    /** One trip; null when the answer is not code 1. */
    shellTrip: build.query<Trip | null, number>({
      query: (id) => `/admin/trip/${id}`,
      transformResponse: transformCode1<Trip | null>(null),
      providesTags: (_trip, _error, id) => [cacheTags.trip(id)],
    }),
    /** Prepared tours to make a trip from, found by the server's search (active ones only). */
    shellTripsTourOptions: build.query<PreparedTour[], string>({
      query: (search) => ({
        url: '/admin/tours',
        params: { search: blankToUndefined(search), per_page: 20 },
      }),
      transformResponse: (body: unknown) => transformCode1(emptyPage<PreparedTour>())(body).data,
      providesTags: [cacheTags.tourLists],
    }),
    shellTripsCreate: build.mutation<Trip | null, CreateTripBody>({
      query: (body) => ({ url: '/admin/trips', method: 'POST', data: body }),
      transformResponse: transformCode1<Trip | null>(null),
      invalidatesTags: (trip, error, body) =>
        error
          ? []
          : [
              cacheTags.tripLists,
              // The prepared tour counts the trips made from it.
              ...(body.prepared_tour_id ? [cacheTags.tour(body.prepared_tour_id)] : []),
            ],
    }),
    shellTripsUpdate: build.mutation<Trip | null, TripFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/trip/${id}`, method: 'PUT', data: body }),
      transformResponse: transformCode1<Trip | null>(null),
      invalidatesTags: (_trip, error, { id }) => (error ? [] : tripTags(id)),
    }),
    /** Moves the trip to another status (the server refuses a move out of order: 422). */
    shellTripsMove: build.mutation<Trip | null, { id: number; status: TripStatus }>({
      query: ({ id, status }) => ({
        url: `/admin/trip/${id}/status`,
        method: 'POST',
        data: { status },
      }),
      transformResponse: transformCode1<Trip | null>(null),
      invalidatesTags: (_trip, error, { id }) => (error ? [] : tripTags(id)),
    }),
    /** Every participant, cancelled ones too, in the order added. */
    shellTripsParticipants: build.query<Participant[], number>({
      query: (id) => `/admin/trip/${id}/participants`,
      transformResponse: transformCode1<Participant[]>([]),
      providesTags: (_list, _error, id) => [cacheTags.trip(id)],
    }),
    shellTripsAddParticipant: build.mutation<Participant | null, AddParticipantArgs>({
      query: ({ tripId, ...body }) => ({
        url: `/admin/trip/${tripId}/participants`,
        method: 'POST',
        data: body,
      }),
      transformResponse: transformCode1<Participant | null>(null),
      // The tourist's own История records it, and an unassigned client is taken up (the lists).
      invalidatesTags: (_participant, error, { tripId, user_id }) =>
        error
          ? []
          : [
              ...tripTags(tripId),
              cacheTags.history('user', user_id),
              cacheTags.user(user_id),
              cacheTags.userLists,
            ],
    }),
    shellTripsUpdateParticipant: build.mutation<Participant | null, UpdateParticipantArgs>({
      query: ({ tripId, participantId, ...body }) => ({
        url: `/admin/trip/${tripId}/participant/${participantId}`,
        method: 'PUT',
        data: body,
      }),
      transformResponse: transformCode1<Participant | null>(null),
      invalidatesTags: (_participant, error, { tripId }) => (error ? [] : tripTags(tripId)),
    }),
    /** The trip's money per participant and in total, optionally also in `currency`. */
    shellTripsSummary: build.query<TripSummaryData | null, { id: number; currency?: Currency }>({
      query: ({ id, currency }) => ({ url: `/admin/trip/${id}/summary`, params: { currency } }),
      transformResponse: transformCode1<TripSummaryData | null>(null),
      providesTags: (_summary, _error, { id }) => [cacheTags.trip(id)],
    }),
    /**
     * A new tourist (POST /admin/users). Never an RTK Query error: by SPEC.md 5 the outcome is a
     * success only on 200 with code 1, else the server's field errors (or false).
     */
    shellTripsCreateTourist: build.mutation<SaveResult<User>, NewTouristBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/admin/users', method: 'POST', data: body });
        const response = result.error
          ? { status: result.error.status, data: result.error.data }
          : { status: result.meta?.status, data: result.data };
        return { data: userSaveResult(response) };
      },
      invalidatesTags: (outcome) => (outcome?.ok ? [cacheTags.userLists] : []),
    }),
  }),
});

export const {
  useShellTripsPageQuery,
  useShellTripsCountriesQuery,
  useShellTripQuery,
  useShellTripsTourOptionsQuery,
  useShellTripsCreateMutation,
  useShellTripsUpdateMutation,
  useShellTripsMoveMutation,
  useShellTripsParticipantsQuery,
  useShellTripsAddParticipantMutation,
  useShellTripsUpdateParticipantMutation,
  useShellTripsSummaryQuery,
  useShellTripsCreateTouristMutation,
} = tripsApi;
