import { onUnauthenticated, type RootState } from '@tour/shared';
import { paths } from '../config/paths';
import { SESSION_CALLS } from '../features/auth/api/auth-api';
import { sessionLost } from '../features/auth/api/session-thunks';
import { CLIENT_ERRORS_CALL } from '../lib/client-errors';
import type { AppDispatch } from '../lib/store-hooks';
import type { AppRouter } from './router';

// These calls handle their own 401/419: the current user is swallowed (an empty user), login
// shows its errors in the form, logout ends at the login page anyway; a failure report sent to
// the server's log is dropped whatever the answer (it never takes the user away from the page).
const SELF_HANDLED = new Set<string>([...Object.values(SESSION_CALLS), CLIENT_ERRORS_CALL]);

/**
 * A 401 or 419 from any call means the session is gone: clear it and go to the login page,
 * keeping the current page for after signing in. Returns the function that stops watching.
 */
export function watchSession(
  store: { getState: () => RootState; dispatch: AppDispatch },
  router: Pick<AppRouter, 'state' | 'navigate'>,
): () => void {
  return onUnauthenticated((error) => {
    if (SELF_HANDLED.has(error.config?.url ?? '')) return;
    if (!store.dispatch(sessionLost())) return;
    const { pathname, search, hash } = router.state.location;
    void router.navigate(paths.login.getHref(`${pathname}${search}${hash}`), { replace: true });
  });
}
