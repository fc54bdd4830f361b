import { createContext, useContext } from 'react';

/**
 * The signed-in user's id, supplied by the admin layout (app/layout) to every page under it, so a
 * feature can tell the user's own record from another's without reading the session feature's
 * store (features import no other feature). Null outside the admin area.
 */
export const SignedInUserIdContext = createContext<number | null>(null);

/** The signed-in user's id, or null. */
export function useSignedInUserId(): number | null {
  return useContext(SignedInUserIdContext);
}
