import {
  api,
  cacheTags,
  dataIfCode1,
  type RootState,
  isAuthenticatedUser,
  loginResult,
  parsePermissionData,
  type LoginBody,
  type PermissionData,
  type User,
} from '@tour/shared';

/** What POST /login takes: an email or a phone number, the password, «Запомнить меня». */
export type LoginRequest = LoginBody;

/** The permission endpoint's answer: the lists, or null with `signedOut` when it said `0`. */
export interface PermissionDataAnswer {
  data: PermissionData | null;
  signedOut: boolean;
}

/** Paths of the session calls (SPEC.md 7), relative to /api. */
export const SESSION_CALLS = {
  user: '/user',
  permissions: '/get-laravel-permission-to-vuejs',
  login: '/login',
  logout: '/logout',
} as const;

/**
 * The session's calls on the one API slice. The signed-in user and its roles and permissions live
 * here, in the RTK Query cache, and nowhere else (SPEC.md 4): the guards, the top bar and the
 * sidebar read them through the selectors below. Both entries are kept for the page's life (the
 * admin layout holds a subscription too, so an invalidation refetches them instead of dropping
 * them).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null (an empty user) when the answer holds none. */
    currentUser: build.query<User | null, void>({
      query: () => SESSION_CALLS.user,
      transformResponse: (body: unknown) => {
        const user = dataIfCode1<unknown>({ data: body }, null);
        return isAuthenticatedUser(user) ? user : null;
      },
      // A save of this user (in any app) invalidates its tag, so the top bar shows it at once.
      providesTags: (user) => (user ? [cacheTags.user(user.id)] : []),
      keepUnusedDataFor: Infinity,
      // The user reloaded while signed in (its record changed): its roles may have changed too,
      // so its permissions reload with it (DESIGN.md 1: after the user's own roles change).
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const before = selectUser(getState() as RootState);
        try {
          const { data } = await queryFulfilled;
          if (before && data?.id === before.id) {
            dispatch(api.util.invalidateTags([cacheTags.sessionPermissions]));
          }
        } catch {
          // a failed reload keeps what is known
        }
      },
    }),
    /** Roles and permissions of the session (`0` when signed out). */
    permissionData: build.query<PermissionDataAnswer, void>({
      query: () => SESSION_CALLS.permissions,
      transformResponse: (body: unknown) => ({
        data: parsePermissionData(body),
        signedOut: body === 0,
      }),
      providesTags: [cacheTags.sessionPermissions],
      keepUnusedDataFor: Infinity,
    }),
    /** Signs in; the user only on status 200 with a non-empty user (SPEC.md 5), else null. */
    login: build.mutation<User | null, LoginRequest>({
      query: (body) => ({ url: SESSION_CALLS.login, method: 'POST', data: body }),
      transformResponse: (body: unknown, meta) => loginResult({ status: meta?.status, data: body }),
    }),
    /** Signs out; the outcome is ignored (SPEC.md 7). */
    logout: build.mutation<null, void>({
      query: () => ({ url: SESSION_CALLS.logout, method: 'POST' }),
      transformResponse: () => null,
    }),
  }),
});

const selectCurrentUserEntry = authApi.endpoints.currentUser.select();
const selectPermissionEntry = authApi.endpoints.permissionData.select();

/** The signed-in user; null is the empty user. */
export function selectUser(state: RootState): User | null {
  return selectCurrentUserEntry(state).data ?? null;
}

/** Roles and permissions; null means no access. */
export function selectPermissionData(state: RootState): PermissionData | null {
  return selectPermissionEntry(state).data?.data ?? null;
}

/** True only with a non-empty user (SPEC.md 3). */
export function selectIsAuthenticated(state: RootState): boolean {
  return selectUser(state) !== null;
}
