import {
  api,
  cacheTags,
  emptyPage,
  saveResult,
  transformCode1,
  type SaveTourBody,
  type Paginated,
  type PreparedTour,
  type SaveResult,
  type TourListQuery,
} from '@tour/shared';

/** The list's filters and page, as GET /admin/tours takes them. */
export type ToursPageArgs = Pick<TourListQuery, 'search' | 'country'> & {
  page: number;
  /** Only tours published for agents (true) or only those that are not (false). */
  published?: boolean;
  /** The archive instead of the active tours. */
  archived?: boolean;
};

export type { SaveTourBody };

/** The outcome of a save by SPEC.md 5 (ok only on 200 with code 1) and the HTTP status (0: none). */
export type TourSaveOutcome = SaveResult<PreparedTour> & { status: number };

/** The outcome of a delete: done, or the server's reason (a tour trips were made from). */
export type TourDeleteOutcome =
  { ok: true } | { ok: false; message: string | null; status: number };

const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** What a change of tour `id` makes stale: its record, every list and its "История". */
const tourTags = (id: number) => [
  cacheTags.tour(id),
  cacheTags.tourLists,
  cacheTags.history('prepared_tour', id),
];

/** A response as the envelope rules read it, whether the base query failed or not. */
function responseOf(result: { data?: unknown; error?: unknown; meta?: unknown }) {
  if (result.error) {
    const { status, data } = result.error as { status?: number; data?: unknown };
    return { status: status ?? 0, data };
  }
  return {
    status: (result.meta as { status?: number } | undefined)?.status ?? 0,
    data: result.data,
  };
}

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const toursApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the prepared tours with the list's filters (GET /admin/tours). */
    shellToursPage: build.query<Paginated<PreparedTour>, ToursPageArgs>({
      query: ({ page, search, country, published, archived }) => ({
        url: '/admin/tours',
        params: {
          page,
          search: blankToUndefined(search),
          country: blankToUndefined(country),
          published: flag(published),
          archived: archived ? 1 : undefined,
        } satisfies TourListQuery,
      }),
      transformResponse: transformCode1(emptyPage<PreparedTour>()),
      providesTags: (result) => [
        cacheTags.tourLists,
        ...(result?.data ?? []).map((tour) => cacheTags.tour(tour.id)),
      ],
    }),
    /** The countries of the prepared tours, for the list's filter. */
    shellToursCountries: build.query<string[], void>({
      query: () => '/admin/tours/countries',
      transformResponse: transformCode1<string[]>([]),
      providesTags: [cacheTags.tourLists],
    }),
    /** One prepared tour; null when the answer is not code 1 (a 404 is an error). */
    shellTour: build.query<PreparedTour | null, number>({
      query: (id) => `/admin/tour/${id}`,
      transformResponse: transformCode1<PreparedTour | null>(null),
      providesTags: (_tour, _error, id) => [cacheTags.tour(id)],
    }),
    /**
     * Creates (no id) or replaces a prepared tour. Never an RTK Query error: the outcome says
     * whether it was a success by SPEC.md 5, else carries the server's field errors (or false).
     */
    shellToursSave: build.mutation<TourSaveOutcome, { id?: number; body: SaveTourBody }>({
      async queryFn({ id, body }, _api, _extra, baseQuery) {
        const result = await baseQuery(
          id === undefined
            ? { url: '/admin/tours', method: 'POST', data: body }
            : { url: `/admin/tour/${id}`, method: 'PUT', data: body },
        );
        const response = responseOf(result);
        return { data: { ...saveResult<PreparedTour>(response), status: response.status } };
      },
      invalidatesTags: (outcome) => (outcome?.ok ? tourTags(outcome.data.id) : []),
    }),
    /** Sends a tour to the archive or brings it back; the saved tour, or an RTK Query error. */
    shellToursArchive: build.mutation<PreparedTour | null, { id: number; archived: boolean }>({
      query: ({ id, archived }) => ({
        url: `/admin/tour/${id}/${archived ? 'archive' : 'restore'}`,
        method: 'POST',
      }),
      transformResponse: transformCode1<PreparedTour | null>(null),
      invalidatesTags: (_tour, error, { id }) => (error ? [] : tourTags(id)),
    }),
    /** Deletes a tour no trip was made from; the server refuses (422) one that has trips. */
    shellToursDelete: build.mutation<TourDeleteOutcome, number>({
      async queryFn(id, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: `/admin/tour/${id}`, method: 'DELETE' });
        const response = responseOf(result);
        const body = response.data as { code?: unknown; message?: unknown } | null | undefined;
        if (response.status === 200 && body?.code === 1) return { data: { ok: true } };
        const message = typeof body?.message === 'string' ? body.message : null;
        return { data: { ok: false, message, status: response.status } };
      },
      // A deleted tour is gone from the lists. A refused one has trips the screen did not know of:
      // its record (with trips_count) is read again.
      invalidatesTags: (outcome, _error, id) =>
        outcome?.ok ? [cacheTags.tourLists] : [cacheTags.tour(id), cacheTags.tourLists],
    }),
  }),
});

export const {
  useShellToursPageQuery,
  useShellToursCountriesQuery,
  useShellTourQuery,
  useShellToursSaveMutation,
  useShellToursArchiveMutation,
  useShellToursDeleteMutation,
} = toursApi;
