import { api, cacheTags, transformCode1, type OwnSession } from '@tour/shared';

export type { OwnSession };

// Names carry the feature's prefix: every app injects into the one slice.
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's live sessions, the most recently active first. */
    shellOwnSessions: build.query<OwnSession[], void>({
      query: () => '/sessions',
      transformResponse: transformCode1<OwnSession[]>([]),
      providesTags: [cacheTags.ownSessions],
    }),
    /** Ends one of them; refused (404) when it has ended meanwhile: the list is read again. */
    shellEndSession: build.mutation<{ ended: number } | null, string>({
      query: (handle) => ({ url: `/sessions/${encodeURIComponent(handle)}`, method: 'DELETE' }),
      transformResponse: transformCode1<{ ended: number } | null>(null),
      invalidatesTags: [cacheTags.ownSessions],
    }),
    /** Ends every session but this browser's; how many it ended. */
    shellEndOtherSessions: build.mutation<{ ended: number } | null, void>({
      query: () => ({ url: '/sessions/end-others', method: 'POST' }),
      transformResponse: transformCode1<{ ended: number } | null>(null),
      invalidatesTags: [cacheTags.ownSessions],
    }),
  }),
});

export const {
  useShellOwnSessionsQuery,
  useShellEndSessionMutation,
  useShellEndOtherSessionsMutation,
} = sessionsApi;
