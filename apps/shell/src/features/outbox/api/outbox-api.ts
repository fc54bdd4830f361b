import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  type OutboxKindSetting,
  type OutboxKindsBody,
  type OutboxListQuery,
  type OutboxMessage,
  type Paginated,
} from '@tour/shared';

export type { OutboxKindSetting, OutboxMessage };

/** The list's page and filters: GET /admin/outbox's query. */
export type OutboxPageArgs = Omit<OutboxListQuery, 'page'> & { page: number };

// Names carry the feature's prefix: every app injects into the one slice.
export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the outbox, newest first (create_admin). */
    shellOutboxPage: build.query<Paginated<OutboxMessage>, OutboxPageArgs>({
      query: ({ page, status, kind }) => ({
        url: '/admin/outbox',
        params: { page, status, kind } satisfies OutboxListQuery,
      }),
      transformResponse: transformCode1(emptyPage<OutboxMessage>()),
      providesTags: [cacheTags.outboxMessages],
    }),
    /** POST /admin/outbox/:id/send-now: a retry due now; the worker's next round sends it. */
    shellOutboxSendNow: build.mutation<OutboxMessage | null, number>({
      query: (id) => ({ url: `/admin/outbox/${id}/send-now`, method: 'POST' }),
      transformResponse: transformCode1<OutboxMessage | null>(null),
      invalidatesTags: (_result, error) => (error ? [] : [cacheTags.outboxMessages]),
    }),
    /** Every kind with its switch and days. */
    shellOutboxKinds: build.query<OutboxKindSetting[], void>({
      query: () => ({ url: '/admin/outbox/kinds' }),
      transformResponse: transformCode1<OutboxKindSetting[]>([]),
      providesTags: [cacheTags.outboxKinds],
    }),
    /** PUT /admin/outbox/kinds: the kinds changed. */
    shellSaveOutboxKinds: build.mutation<OutboxKindSetting[], OutboxKindsBody>({
      query: (body) => ({ url: '/admin/outbox/kinds', method: 'PUT', data: body }),
      transformResponse: transformCode1<OutboxKindSetting[]>([]),
      invalidatesTags: (_result, error) => (error ? [] : [cacheTags.outboxKinds]),
    }),
  }),
});

export const {
  useShellOutboxPageQuery,
  useShellOutboxSendNowMutation,
  useShellOutboxKindsQuery,
  useShellSaveOutboxKindsMutation,
} = outboxApi;
