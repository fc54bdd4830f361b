import {
  api,
  cacheTags,
  emptyPage,
  transformCode1,
  userSavedTags,
  userSaveResult,
  type AgentOverview,
  type Paginated,
  type SaveResult,
  type SaveUserBody,
  type User,
  type UserListQuery,
} from '@tour/shared';

/** The list's filters and page, as GET /admin/users takes them. */
export type UsersPageArgs = Pick<UserListQuery, 'search' | 'role' | 'id'> & {
  page: number;
  /** Only users who take part in at least one trip. */
  withTrips?: boolean;
  /** Only the tourists this agent brought. */
  counterpartyId?: UserListQuery['counterparty_id'];
};

export type { SaveUserBody };

/** The outcome of a save by SPEC.md 5 (ok only on 200 with code 1) and the HTTP status (0: none). */
export type UserSaveOutcome = SaveResult<User> & { status: number };

const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the user list with its filters (GET /admin/users). */
    shellUsersPage: build.query<Paginated<User>, UsersPageArgs>({
      query: ({ page, search, role, withTrips, id, counterpartyId }) => ({
        url: '/admin/users',
        params: {
          page,
          id,
          counterparty_id: counterpartyId,
          search: blankToUndefined(search),
          role,
          withTrips: withTrips ? 1 : undefined,
        } satisfies UserListQuery,
      }),
      transformResponse: transformCode1(emptyPage<User>()),
      providesTags: (result) => [
        cacheTags.userLists,
        ...(result?.data ?? []).map((user) => cacheTags.user(user.id)),
      ],
    }),
    /**
     * Creates or updates a user (POST /admin/users). Never an RTK Query error: the outcome says
     * whether it was a success by SPEC.md 5, else carries the server's field errors (or false).
     */
    shellUsersSave: build.mutation<UserSaveOutcome, SaveUserBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/admin/users', method: 'POST', data: body });
        const response = result.error
          ? { status: result.error.status, data: result.error.data }
          : { status: result.meta?.status, data: result.data };
        const outcome = userSaveResult(response) as SaveResult<User>;
        return { data: { ...outcome, status: response.status ?? 0 } };
      },
      // A new or changed user: the lists, its record (the signed-in user's, when it is the one:
      // the top bar and permissions follow), and the views showing its name by its wallets.
      invalidatesTags: (outcome) =>
        outcome?.ok
          ? outcome.data?.id
            ? userSavedTags(outcome.data.id)
            : [cacheTags.userLists]
          : [],
    }),
    /**
     * An agent's tourists and requests counted and the commission due to it
     * (GET /admin/users/:id/agent); null when the answer is not code 1. It counts other records:
     * any change to the users, requests or trips lists may change it.
     */
    shellUsersAgent: build.query<AgentOverview | null, number>({
      query: (id) => `/admin/users/${id}/agent`,
      transformResponse: transformCode1<AgentOverview | null>(null),
      providesTags: (_result, _error, id) => [
        cacheTags.user(id),
        cacheTags.userLists,
        cacheTags.ticketLists,
        cacheTags.tripLists,
      ],
    }),
  }),
});

export const { useShellUsersPageQuery, useShellUsersSaveMutation, useShellUsersAgentQuery } =
  usersApi;
