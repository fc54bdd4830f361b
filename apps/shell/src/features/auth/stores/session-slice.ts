import { createSlice, type PayloadAction } from '@tour/shared/state';
import { rootReducer } from '@tour/shared';

/**
 * What the shell knows of the session beyond the server's data: how this tab's sign-out goes.
 * The user and its permissions are server data and live in the RTK Query cache only
 * (features/auth/api/auth-api.ts).
 */
export interface SessionState {
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

const initialState: SessionState = { signedOut: false, signingOut: false };

const slice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A successful login. */
    signedIn() {
      return initialState;
    },
    /** The user asked to sign out; the logout request is on its way. */
    signOutStarted(state) {
      state.signingOut = true;
    },
    /** The session ended: by the user's logout (`signedOut`) or because the server lost it. */
    sessionEnded(_state, action: PayloadAction<{ signedOut: boolean }>) {
      return { ...initialState, signedOut: action.payload.signedOut };
    },
  },
  selectors: {
    selectIsSignedOut: (state) => state.signedOut,
    selectIsSigningOut: (state) => state.signingOut,
  },
});

/** The session slice, injected into the one root reducer. */
export const sessionSlice = slice.injectInto(rootReducer);

export const { signedIn, signOutStarted, sessionEnded } = sessionSlice.actions;
export const { selectIsSignedOut, selectIsSigningOut } = sessionSlice.selectors;
