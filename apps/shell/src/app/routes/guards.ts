// The navigation middleware (react-router data router): they run before a route's element
// renders, so a remote is neither loaded nor shown for a user the guard turns away.
import { redirect, type MiddlewareFunction } from '@tour/shared/router';
import {
  ADMIN_PATH,
  LOGIN_PATH,
  homeRouteName,
  hrefOf,
  routeAllows,
  type AppRoute,
  type RootState,
} from '@tour/shared';
import { selectIsAuthenticated, selectPermissionData } from '../../features/auth/api/auth-api';
import { loadSession } from '../../features/auth/api/session-thunks';
import { selectIsSignedOut } from '../../features/auth/stores/session-slice';
import type { AppDispatch } from '../../lib/store-hooks';
import { paths, returnPathOf } from '../../config/paths';

/** What the guards read and write: the one store. */
export interface GuardStore {
  getState: () => RootState;
  dispatch: AppDispatch;
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Root middleware, before every navigation (SPEC.md 2): when not yet authenticated, load the
 * current user and the permission data. Not after the user signed out here (SPEC.md 4).
 */
export function loadSessionGuard(store: GuardStore): MiddlewareFunction {
  return async () => {
    const state = store.getState();
    if (!selectIsAuthenticated(state) && !selectIsSignedOut(state)) {
      await store.dispatch(loadSession());
    }
  };
}

/** The authentication guard: to the login page, remembering the page to return to. */
export function authGuard(store: GuardStore): MiddlewareFunction {
  return ({ url }) => {
    if (!selectIsAuthenticated(store.getState())) {
      throw redirect(paths.login.getHref(pathOf(url)));
    }
  };
}

/**
 * The permission guard: through when the route declares no permission or the user has one of
 * them (and the route's role rule holds); otherwise to the admin home.
 */
export function permissionGuard(store: GuardStore, route: AppRoute): MiddlewareFunction {
  return () => {
    if (!routeAllows(route, selectPermissionData(store.getState()))) {
      throw redirect(ADMIN_PATH);
    }
  };
}

/** The middleware list of a route of the table, run in this order. */
export function routeMiddleware(store: GuardStore, route: AppRoute): MiddlewareFunction[] {
  return [authGuard(store), permissionGuard(store, route)];
}

/** /admin: to the user's home route (users for staff, agent tours for a counterparty). */
export function homeRedirect(store: GuardStore): MiddlewareFunction {
  return () => {
    const home = homeRouteName(selectPermissionData(store.getState()));
    // With no section open to the user, /admin itself says so (a redirect would loop).
    if (home) throw redirect(hrefOf(home));
  };
}

/** /login: a signed-in user goes on to the page to return to, or the admin home. */
export function guestGuard(store: GuardStore): MiddlewareFunction {
  return ({ url }) => {
    if (selectIsAuthenticated(store.getState())) throw redirect(returnPathOf(url.searchParams));
  };
}

/** Any unknown path: the admin area when signed in, else the login page. */
export function unknownPathGuard(store: GuardStore): MiddlewareFunction {
  return () => {
    throw redirect(selectIsAuthenticated(store.getState()) ? ADMIN_PATH : LOGIN_PATH);
  };
}
