import {
  api,
  cacheTags,
  transformCode1,
  type Quote,
  type RequestQuote,
  type SaveQuoteBody,
} from '@tour/shared';

export type { Quote, RequestQuote };

/** What a quote's save or sending changes: the request (its status), its lists, its history. */
const changed = (id: number) => [
  cacheTags.ticket(id),
  cacheTags.ticketLists,
  cacheTags.history('request', id),
];

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const quoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The request's current quote and the costing versions to make one of. Under the request's
     * tag: a quote saved or sent, a conversion, reload it.
     */
    shellTicketQuote: build.query<RequestQuote | null, number>({
      query: (id) => `/admin/ticket/${id}/quote`,
      transformResponse: transformCode1<RequestQuote | null>(null),
      // Its versions are the request's costings: a version saved in «Калькуляция» refreshes it.
      providesTags: (_quote, _error, id) => [
        cacheTags.ticket(id),
        cacheTags.costings('request', id),
      ],
    }),
    /** A new quote of the request (POST /admin/ticket/:id/quote). */
    shellTicketQuoteSave: build.mutation<Quote | null, SaveQuoteBody & { id: number }>({
      query: ({ id, ...body }) => ({
        url: `/admin/ticket/${id}/quote`,
        method: 'POST',
        data: body,
      }),
      transformResponse: transformCode1<Quote | null>(null),
      invalidatesTags: (_quote, error, { id }) => (error ? [] : changed(id)),
    }),
    /** The current quote e-mailed to the client through the outbox; a new request goes to work. */
    shellTicketQuoteSend: build.mutation<Quote | null, number>({
      query: (id) => ({ url: `/admin/ticket/${id}/quote/send`, method: 'POST' }),
      transformResponse: transformCode1<Quote | null>(null),
      invalidatesTags: (_quote, error, id) => (error ? [] : changed(id)),
    }),
  }),
});

export const {
  useShellTicketQuoteQuery,
  useShellTicketQuoteSaveMutation,
  useShellTicketQuoteSendMutation,
} = quoteApi;
