import { useCallback } from 'react';
import { useNavigate } from '@tour/shared/router';
import { paths } from '../../../config/paths';
import { useAppDispatch } from '../../../lib/store-hooks';
import { forgetServerData, signOut } from '../api/session-thunks';

/** Signs out and goes to the login page, whatever the server answered (SPEC.md 4). */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await dispatch(signOut());
    await navigate(paths.login.getHref(), { replace: true });
    // Only now: on the page just left, a reset cache would be fetched again (401s for nothing).
    dispatch(forgetServerData());
  }, [dispatch, navigate]);
}
