import {
  api,
  dataIfCode1,
  isAuthenticatedUser,
  loginResult,
  parsePermissionData,
  type PermissionData,
  type User,
} from '@tour/shared';

/** What POST /login takes: an email or a phone number, the password, "remember me". */
export interface LoginRequest {
  login: string;
  password: string;
  remember: boolean;
}

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

/** The session's calls on the one API slice. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null (an empty user) when the answer holds none. */
    currentUser: build.query<User | null, void>({
      query: () => SESSION_CALLS.user,
      transformResponse: (body: unknown) => {
        const user = dataIfCode1<unknown>({ data: body }, null);
        return isAuthenticatedUser(user) ? user : null;
      },
      providesTags: ['User'],
    }),
    /** Roles and permissions of the session (`0` when signed out). */
    permissionData: build.query<PermissionDataAnswer, void>({
      query: () => SESSION_CALLS.permissions,
      transformResponse: (body: unknown) => ({
        data: parsePermissionData(body),
        signedOut: body === 0,
      }),
      providesTags: ['Permissions'],
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
