import { createSlice, type PayloadAction } from '@tour/shared/state';
import { isAuthenticatedUser, rootReducer, type PermissionData, type User } from '@tour/shared';

/** The session (SPEC.md 4): who is signed in and what they may do. */
export interface SessionState {
  /** The signed-in user; null is the empty user. */
  user: User | null;
  /** Roles and permissions; null means no access. */
  permissionData: PermissionData | null;
  /** True only with a non-empty user (SPEC.md 3). */
  authenticated: boolean;
  /**
   * True after the user signed out here: the session is not loaded again behind their back
   * (a logout the server failed to complete must still end at the login page, SPEC.md 4).
   */
  signedOut: boolean;
  /**
   * True while this tab's logout runs: the server has ended the session, so the page's own
   * requests still in flight answer 401; those must not send the user to the login page with a
   * page to return to (the logout goes there itself).
   */
  signingOut: boolean;
}

declare module '@tour/shared' {
  interface LazyLoadedSlices {
    session: SessionState;
  }
}

const initialState: SessionState = {
  user: null,
  permissionData: null,
  authenticated: false,
  signedOut: false,
  signingOut: false,
};

function withUser(state: SessionState, user: User | null): void {
  state.user = isAuthenticatedUser(user) ? user : null;
  state.authenticated = state.user !== null;
}

const slice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The current user and permission data were loaded (either may be empty). */
    sessionLoaded(
      state,
      action: PayloadAction<{ user: User | null; permissionData: PermissionData | null }>,
    ) {
      withUser(state, action.payload.user);
      state.permissionData = action.payload.permissionData;
    },
    /** A successful login. */
    signedIn(state, action: PayloadAction<{ user: User; permissionData: PermissionData | null }>) {
      withUser(state, action.payload.user);
      state.permissionData = action.payload.permissionData;
      state.signedOut = false;
    },
    /** Roles and permissions reloaded (window focus, own roles changed). */
    permissionDataLoaded(state, action: PayloadAction<PermissionData | null>) {
      state.permissionData = action.payload;
    },
    /** The user asked to sign out; the logout request is on its way. */
    signOutStarted(state) {
      state.signingOut = true;
    },
    /** The session ended: by the user's logout (`signedOut`) or because the server lost it. */
    sessionCleared(_state, action: PayloadAction<{ signedOut: boolean }>) {
      return { ...initialState, signedOut: action.payload.signedOut };
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectPermissionData: (state) => state.permissionData,
    selectIsAuthenticated: (state) => state.authenticated,
    selectIsSignedOut: (state) => state.signedOut,
    selectIsSigningOut: (state) => state.signingOut,
  },
});

/** The session slice, injected into the one root reducer. */
export const sessionSlice = slice.injectInto(rootReducer);

export const { sessionLoaded, signedIn, permissionDataLoaded, signOutStarted, sessionCleared } =
  sessionSlice.actions;
export const {
  selectUser,
  selectPermissionData,
  selectIsAuthenticated,
  selectIsSignedOut,
  selectIsSigningOut,
} = sessionSlice.selectors;
