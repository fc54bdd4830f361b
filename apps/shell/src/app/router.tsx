import type { ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ADMIN_PATH, LOGIN_PATH, ROUTES, isRemoteApp, type AppRoute } from '@tour/shared';
import { NoAccess } from '../components/no-access';
import { PageSpinner } from '../components/page-spinner';
import { AdminLayout } from './layout/admin-layout';
import { createRemoteRegistry, type RemoteRegistry } from './remotes/remote-registry';
import { RemoteSection } from './remotes/remote-section';
import {
  guestGuard,
  homeRedirect,
  loadSessionGuard,
  authGuard,
  routeMiddleware,
  unknownPathGuard,
  type GuardStore,
} from './routes/guards';
import { LoginPage } from './routes/login-page';
import { mainPageOf } from './routes/main-pages';
import type { RouteHandle } from './routes/route-handle';
import { RouteError } from './routes/route-error';

/** What the routes need: the store (guards) and the remotes' registry. */
export interface AppRouteDeps {
  store: GuardStore;
  remotes?: RemoteRegistry;
}

/** Routes that render a page: every route of the table but the booking wrapper. */
export const PAGE_ROUTES: readonly AppRoute[] = ROUTES.filter(
  (route) => !ROUTES.some((child) => child.parent === route.name),
);

function pageElement(route: AppRoute, remotes: RemoteRegistry): ReactElement {
  if (isRemoteApp(route.app)) {
    return <RemoteSection app={route.app} routeName={route.name} registry={remotes} />;
  }
  const Page = mainPageOf(route.name);
  if (!Page) throw new Error(`The shell has no page for route "${route.name}"`);
  return <Page />;
}

/**
 * The route tree. Before every navigation the root middleware loads the session (when not signed
 * in); then each route's own middleware list runs in order (authentication, then permission) and
 * may redirect, all before any element renders: a remote route's element, which loads the
 * remote, is never reached by a user the guards turn away.
 */
export function createAppRoutes({
  store,
  remotes = createRemoteRegistry(),
}: AppRouteDeps): RouteObject[] {
  return [
    {
      id: 'root',
      middleware: [loadSessionGuard(store)],
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          id: 'login',
          path: LOGIN_PATH,
          middleware: [guestGuard(store)],
          Component: LoginPage,
        },
        {
          id: 'admin',
          path: ADMIN_PATH,
          Component: AdminLayout,
          children: [
            {
              id: 'home',
              index: true,
              middleware: [authGuard(store), homeRedirect(store)],
              handle: { title: 'Нет доступных разделов' } satisfies RouteHandle,
              Component: NoAccess,
            },
            ...PAGE_ROUTES.map((route): RouteObject => ({
              id: route.name,
              path: route.path,
              middleware: routeMiddleware(store, route),
              handle: { title: route.title, routeName: route.name } satisfies RouteHandle,
              element: pageElement(route, remotes),
            })),
          ],
        },
        {
          id: 'unknown',
          path: '*',
          middleware: [unknownPathGuard(store)],
          element: null,
        },
      ],
    },
  ];
}

/** The shell's browser router. */
export function createAppRouter(deps: AppRouteDeps) {
  return createBrowserRouter(createAppRoutes(deps));
}

/** The router type (browser or memory). */
export type AppRouter = ReturnType<typeof createAppRouter>;
