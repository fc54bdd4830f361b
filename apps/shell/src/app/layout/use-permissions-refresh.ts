import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from '@tour/shared/router';
import { ADMIN_PATH, routeAllows, type RouteName } from '@tour/shared';
import { paths } from '../../config/paths';
import { reloadPermissions, sessionLost } from '../../features/auth/api/session-thunks';
import { useAppDispatch } from '../../lib/store-hooks';

/**
 * Reloads roles and permissions when the window regains focus (DESIGN.md 1), so a revoked
 * permission hides its entries at once; the page itself is left when it is no longer allowed,
 * and a session the server has ended goes to the login page.
 */
export function usePermissionsRefresh(currentRouteName: RouteName | null): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = useEffectEvent(async () => {
    const result = await dispatch(reloadPermissions());
    if (result.outcome === 'signed-out') {
      if (dispatch(sessionLost())) {
        const here = `${location.pathname}${location.search}${location.hash}`;
        await navigate(paths.login.getHref(here), { replace: true });
      }
    } else if (
      result.outcome === 'loaded' &&
      currentRouteName &&
      !routeAllows(currentRouteName, result.data)
    ) {
      await navigate(ADMIN_PATH, { replace: true });
    }
  });
  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}
