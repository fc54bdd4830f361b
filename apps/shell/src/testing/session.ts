import type { RootState } from '@tour/shared';
import {
  selectIsAuthenticated,
  selectPermissionData,
  selectUser,
} from '../features/auth/api/auth-api';
import { selectIsSignedOut, selectIsSigningOut } from '../features/auth/stores/session-slice';

/** What the shell knows of the session, read as the guards, the top bar and the sidebar read it. */
export function sessionOf(store: { getState: () => RootState }) {
  const state = store.getState();
  return {
    user: selectUser(state),
    permissionData: selectPermissionData(state),
    authenticated: selectIsAuthenticated(state),
    signedOut: selectIsSignedOut(state),
    signingOut: selectIsSigningOut(state),
  };
}
