import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  type ConvertRequestBody,
  type Paginated,
  type PreparedTour,
  type RequestCounts,
  type RequestListQuery,
  type RequestStatus,
  type SaveRequestBody,
  type TourRequest,
} from '@tour/shared';

/**
 * The list's filters, as GET /admin/tickets and /admin/tickets/counts take them (`unassigned` as
 * a flag here, sent as 1).
 */
export type TicketsFilterArgs = Pick<
  RequestListQuery,
  'source' | 'assignee_id' | 'search' | 'counterparty_id'
> & { unassigned?: boolean };

/** One page of one tab of the list. */
export type TicketsPageArgs = TicketsFilterArgs &
  Pick<RequestListQuery, 'status'> & { page: number };

/** How many requests each tab holds (with the same filters, whatever the tab). */
export type TicketCounts = RequestCounts;

/** POST /admin/tickets and PUT /admin/ticket/:id: every field of the request, each key present. */
export type TicketFields = SaveRequestBody;

/** A companion of the contact person, who is always the trip's first participant. */
export type Traveller = NonNullable<ConvertRequestBody['travellers']>[number];

export type ConvertTicketArgs = ConvertRequestBody & { id: number };

const NO_COUNTS: TicketCounts = { new: 0, in_work: 0, converted: 0, rejected: 0 };

const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

const filterParams = ({
  source,
  assignee_id,
  unassigned,
  search,
  counterparty_id,
}: TicketsFilterArgs) => ({
  source,
  assignee_id,
  unassigned: unassigned ? 1 : undefined,
  search: blankToUndefined(search),
  counterparty_id,
});

/** What changes with any change of one request: it, the lists and tabs, its history. */
const ticketTags = (id: number) => [
  cacheTags.ticket(id),
  cacheTags.ticketLists,
  cacheTags.history('request', id),
];

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of one tab, newest first (GET /admin/tickets). */
    shellTicketsPage: build.query<Paginated<TourRequest>, TicketsPageArgs>({
      query: ({ page, status, ...filters }) => ({
        url: '/admin/tickets',
        params: { page, status, ...filterParams(filters) },
      }),
      transformResponse: transformCode1(emptyPage<TourRequest>()),
      providesTags: (result) => [
        cacheTags.ticketLists,
        ...(result?.data ?? []).map((ticket) => cacheTags.ticket(ticket.id)),
      ],
    }),
    /** The tabs' counts (GET /admin/tickets/counts). */
    shellTicketsCounts: build.query<TicketCounts, TicketsFilterArgs>({
      query: (filters) => ({ url: '/admin/tickets/counts', params: filterParams(filters) }),
      transformResponse: (body: unknown) => ({ ...NO_COUNTS, ...transformCode1(NO_COUNTS)(body) }),
      providesTags: [cacheTags.ticketLists],
    }),
    /** One request; null when the answer is not code 1. */
    shellTicket: build.query<TourRequest | null, number>({
      query: (id) => `/admin/ticket/${id}`,
      transformResponse: transformCode1<TourRequest | null>(null),
      providesTags: (_ticket, _error, id) => [cacheTags.ticket(id)],
    }),
    /** Prepared tours for the desired tour, found by the server's search. */
    shellTicketsTourOptions: build.query<PreparedTour[], string>({
      query: (search) => ({
        url: '/admin/tours',
        params: { search: blankToUndefined(search), per_page: 20 },
      }),
      transformResponse: (body: unknown) => transformCode1(emptyPage<PreparedTour>())(body).data,
      providesTags: [cacheTags.tourLists],
    }),
    shellTicketsCreate: build.mutation<TourRequest | null, TicketFields>({
      query: (body) => ({ url: '/admin/tickets', method: 'POST', data: body }),
      transformResponse: transformCode1<TourRequest | null>(null),
      invalidatesTags: (_ticket, error) => (error ? [] : [cacheTags.ticketLists]),
    }),
    shellTicketsUpdate: build.mutation<TourRequest | null, TicketFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/ticket/${id}`, method: 'PUT', data: body }),
      transformResponse: transformCode1<TourRequest | null>(null),
      invalidatesTags: (_ticket, error, { id }) => (error ? [] : ticketTags(id)),
    }),
    /** Assigns the request to a staff member, or to nobody (null). */
    shellTicketsAssign: build.mutation<
      TourRequest | null,
      { id: number; assignee_id: number | null }
    >({
      query: ({ id, assignee_id }) => ({
        url: `/admin/ticket/${id}/assign`,
        method: 'POST',
        data: { assignee_id },
      }),
      transformResponse: transformCode1<TourRequest | null>(null),
      invalidatesTags: (_ticket, error, { id }) => (error ? [] : ticketTags(id)),
    }),
    /** Moves the request by hand; a rejection carries its reason. */
    shellTicketsMove: build.mutation<
      TourRequest | null,
      { id: number; status: Exclude<RequestStatus, 'converted'>; reason?: string }
    >({
      query: ({ id, ...body }) => ({
        url: `/admin/ticket/${id}/status`,
        method: 'POST',
        data: body,
      }),
      transformResponse: transformCode1<TourRequest | null>(null),
      invalidatesTags: (_ticket, error, { id }) => (error ? [] : ticketTags(id)),
    }),
    /**
     * The contact and the travellers become participants of a trip (all or nothing): the trip's
     * seats and participants change, and tourists may be created.
     */
    shellTicketsConvert: build.mutation<TourRequest | null, ConvertTicketArgs>({
      query: ({ id, trip_id, travellers }) => ({
        url: `/admin/ticket/${id}/convert`,
        method: 'POST',
        data: { trip_id, travellers },
      }),
      transformResponse: transformCode1<TourRequest | null>(null),
      invalidatesTags: (_ticket, error, { id, trip_id }) =>
        error
          ? []
          : [
              ...ticketTags(id),
              cacheTags.trip(trip_id),
              cacheTags.tripLists,
              cacheTags.history('trip', trip_id),
              cacheTags.userLists,
            ],
    }),
  }),
});

export const {
  useShellTicketsPageQuery,
  useShellTicketsCountsQuery,
  useShellTicketQuery,
  useShellTicketsTourOptionsQuery,
  useShellTicketsCreateMutation,
  useShellTicketsUpdateMutation,
  useShellTicketsAssignMutation,
  useShellTicketsMoveMutation,
  useShellTicketsConvertMutation,
} = ticketsApi;
