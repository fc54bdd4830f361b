import type { SerializedError } from '@tour/shared/state';
import {
  api,
  type AxiosQueryError,
  type PermissionData,
  type User,
  type ValidationErrors,
} from '@tour/shared';
import type { AppThunk } from '../../../lib/store-hooks';
import {
  selectIsSigningOut,
  sessionEnded,
  signedIn,
  signOutStarted,
} from '../stores/session-slice';
import {
  authApi,
  selectIsAuthenticated,
  type LoginRequest,
  type PermissionDataAnswer,
} from './auth-api';

const XSRF_COOKIE = 'XSRF-TOKEN';

function hasXsrfCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${XSRF_COOKIE}=`));
}

function fetchCurrentUser(): AppThunk<Promise<User | null>> {
  return async (dispatch) => {
    const request = dispatch(
      authApi.endpoints.currentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    try {
      return await request.unwrap();
    } catch {
      // SPEC.md 4 and 7: a failed fetch of the current user is swallowed and empties the user
      // (the cache would otherwise keep the one loaded before).
      await dispatch(authApi.util.upsertQueryData('currentUser', undefined, null));
      return null;
    }
  };
}

function fetchPermissionData(): AppThunk<Promise<PermissionDataAnswer | null>> {
  return async (dispatch) => {
    const request = dispatch(
      authApi.endpoints.permissionData.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    try {
      return await request.unwrap();
    } catch {
      return null;
    }
  };
}

/** Loads the current user and the permission data (before a navigation, when not signed in). */
export function loadSession(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const [, permissions] = await Promise.all([
      dispatch(fetchCurrentUser()),
      dispatch(fetchPermissionData()),
    ]);
    // A failed permission call leaves no access (an empty permission data), not a stale one.
    if (permissions === null) await dispatch(setPermissionData(null));
  };
}

function setPermissionData(data: PermissionData | null): AppThunk<Promise<unknown>> {
  return (dispatch) =>
    dispatch(authApi.util.upsertQueryData('permissionData', undefined, { data, signedOut: false }));
}

/**
 * Empties the user and its permissions in the cache at once (synchronously: the navigation that
 * follows must already see the user signed out), and records how the session ended.
 */
function endSession(signedOut: boolean): AppThunk<void> {
  return (dispatch) => {
    dispatch(authApi.util.updateQueryData('currentUser', undefined, () => null));
    dispatch(
      authApi.util.updateQueryData('permissionData', undefined, () => ({
        data: null,
        signedOut: true,
      })),
    );
    dispatch(sessionEnded({ signedOut }));
  };
}

/** How a reload of the permission data went. */
export type PermissionReload =
  | { outcome: 'loaded'; data: PermissionData | null }
  | { outcome: 'signed-out' }
  | { outcome: 'failed' };

/**
 * Reloads roles and permissions (window focus, own roles changed). A failed call keeps what is
 * known (a flaky network must not hide the sidebar); `0` from the server means the session is gone.
 */
export function reloadPermissions(): AppThunk<Promise<PermissionReload>> {
  return async (dispatch) => {
    const answer = await dispatch(fetchPermissionData());
    if (!answer) return { outcome: 'failed' };
    if (answer.signedOut) return { outcome: 'signed-out' };
    return { outcome: 'loaded', data: answer.data };
  };
}

/** Fields of the login form that can carry the server's messages. */
export type LoginField = 'login' | 'password';

/** The outcome of a sign-in. */
export type SignInResult =
  | { ok: true; user: User }
  | { ok: false; fieldErrors: Partial<Record<LoginField, string[]>>; formError: string | null };

/** Form error when the server answered 200 without a user, or failed without a message. */
export const SIGN_IN_FAILED = 'Не удалось войти. Попробуйте ещё раз.';
/** Form error when no answer arrived at all. */
export const SIGN_IN_OFFLINE = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';
/** Form error when the page's security token expired and a second attempt failed as well. */
export const SIGN_IN_EXPIRED = 'Сессия устарела. Обновите страницу и войдите снова.';

function messagesOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
}

/** The server's Russian messages of a failed login (422, 403, 429), placed by field. */
export function signInFailure(status: number, body: unknown): SignInResult & { ok: false } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const errors =
    typeof record.errors === 'object' && record.errors !== null
      ? (record.errors as ValidationErrors)
      : {};
  const fieldErrors: Partial<Record<LoginField, string[]>> = {};
  const otherMessages: string[] = [];
  for (const [field, value] of Object.entries(errors)) {
    const messages = messagesOf(value);
    if (messages.length === 0) continue;
    if (field === 'login' || field === 'password') fieldErrors[field] = messages;
    else otherMessages.push(...messages);
  }
  const message = typeof record.message === 'string' ? record.message.trim() : '';
  let formError: string | null = otherMessages.length > 0 ? otherMessages.join(' ') : null;
  if (formError === null && Object.keys(fieldErrors).length === 0) {
    if (message !== '' && status >= 400 && status < 500 && status !== 419) formError = message;
    else if (status === 0) formError = SIGN_IN_OFFLINE;
    else if (status === 419) formError = SIGN_IN_EXPIRED;
    else formError = SIGN_IN_FAILED;
  }
  return { ok: false, fieldErrors, formError };
}

function statusOf(error: AxiosQueryError | SerializedError): number {
  return 'status' in error ? error.status : 0;
}

/**
 * Signs in (SPEC.md 5: only a 200 with a non-empty user succeeds). The XSRF-TOKEN cookie must
 * exist before the POST: any GET gives it, so the permission endpoint is asked first when the
 * cookie is missing, and once more if the server says the token expired (419).
 */
export function signIn(credentials: LoginRequest): AppThunk<Promise<SignInResult>> {
  return async (dispatch) => {
    if (!hasXsrfCookie()) await dispatch(fetchPermissionData());
    let result = await dispatch(authApi.endpoints.login.initiate(credentials));
    if (result.error && statusOf(result.error) === 419) {
      await dispatch(fetchPermissionData());
      result = await dispatch(authApi.endpoints.login.initiate(credentials));
    }
    if (result.error) {
      return signInFailure(
        statusOf(result.error),
        'data' in result.error ? result.error.data : undefined,
      );
    }
    const user = result.data ?? null;
    if (!user) return { ok: false, fieldErrors: {}, formError: SIGN_IN_FAILED };
    // Nothing cached for a previous user may show to this one.
    dispatch(api.util.resetApiState());
    const permissions = await dispatch(fetchPermissionData());
    if (permissions === null) await dispatch(setPermissionData(null));
    // The user last: the session counts as signed in once its permissions are known.
    await dispatch(authApi.util.upsertQueryData('currentUser', undefined, user));
    dispatch(signedIn());
    return { ok: true, user };
  };
}

/**
 * Posts the logout and clears the session, whatever the server answered. The cached server data
 * stays until `forgetServerData` (after leaving the page: the page would fetch it again).
 */
export function signOut(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(signOutStarted());
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch {
      // SPEC.md 4 and 7: the outcome is ignored; the user leaves either way.
    }
    dispatch(endSession(true));
  };
}

/** Drops every cached answer of the API (after a logout, once the user has left the page). */
export function forgetServerData(): AppThunk<void> {
  return (dispatch) => {
    dispatch(api.util.resetApiState());
  };
}

/** Ends a session the server no longer knows (401, 419, or `0` from the permission call). */
export function sessionLost(): AppThunk<boolean> {
  return (dispatch, getState) => {
    if (!selectIsAuthenticated(getState()) || selectIsSigningOut(getState())) return false;
    dispatch(endSession(false));
    return true;
  };
}
