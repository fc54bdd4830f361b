import { createBrowserRouter, type LoaderFunction, type RouteObject } from '@tour/shared/router';
import {
  ADMIN_PATH,
  isRemoteApp,
  LOGIN_PATH,
  ROUTES,
  type AppRoute,
  type RemoteAppName,
} from '@tour/shared';
import { PageSpinner } from '../components/page-spinner';
import { reportRemoteError } from '../lib/remotes';
import { REMOTE_FALLBACK_MODULE } from './remotes/remote-fallback';
import { createRemoteRegistry, type RemoteRegistry } from './remotes/remote-registry';
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
import type { RouteHandle } from './routes/route-handle';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/** What the routes need: the store (guards) and the remotes' registry. */
export interface AppRouteDeps {
  store: GuardStore;
  remotes?: RemoteRegistry;
  /** Load the user's remotes while the browser idles after the first admin page (the product). */
  prefetchRemotes?: boolean;
}

/** Routes that render a page: every route of the table but the booking wrapper. */
export const PAGE_ROUTES: readonly AppRoute[] = ROUTES.filter(
  (route) => !ROUTES.some((child) => child.parent === route.name),
);

// The admin area and its pages come with the UI kit, in one lazy module (admin-area.tsx).
const adminArea = () => import('./admin-area');

/**
 * The route tree. Before every navigation the root middleware loads the session (when not signed
 * in); then each route's own middleware list runs in order (authentication, then permission) and
 * may redirect, all before any element renders: a remote route's element, which loads the
 * remote, is never reached by a user the guards turn away. Elements under /admin come from a lazy
 * module with the UI kit; the login page needs neither.
 */
export function createAppRoutes({
  store,
  remotes = createRemoteRegistry(undefined, {
    isFallback: (module) => module === REMOTE_FALLBACK_MODULE,
  }),
  prefetchRemotes = false,
}: AppRouteDeps): RouteObject[] {
  return [
    {
      id: 'root',
      middleware: [loadSessionGuard(store)],
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteErrorBoundary,
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
          lazy: async () => ({
            Component: (await adminArea()).adminAreaWith(remotes, prefetchRemotes),
          }),
          children: [
            {
              id: 'home',
              index: true,
              middleware: [authGuard(store), homeRedirect(store)],
              handle: { title: 'Нет доступных разделов' } satisfies RouteHandle,
              lazy: async () => ({ Component: (await adminArea()).NoAccess }),
            },
            ...PAGE_ROUTES.map((route): RouteObject => ({
              id: route.name,
              path: route.path,
              middleware: routeMiddleware(store, route),
              // A remote's route loads the remote before the navigation ends (loaders run after
              // the guards), so its page renders at once rather than behind a spinner, and lets
              // the remote start the page's data meanwhile.
              ...(isRemoteApp(route.app)
                ? { loader: remoteLoader(route, route.app, remotes, store) }
                : {}),
              handle: { title: route.title, routeName: route.name } satisfies RouteHandle,
              lazy: async () => ({ element: (await adminArea()).pageElement(route, remotes) }),
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

/**
 * A remote route's loader: the remote's module, then its `prefetchRoute`, not awaited: the page's
 * data loads while the page renders (holding the navigation for it would put the request and the
 * render one after the other). A failing prefetch is reported; the page loads its data itself.
 */
function remoteLoader(
  route: AppRoute,
  app: RemoteAppName,
  remotes: RemoteRegistry,
  store: GuardStore,
): LoaderFunction {
  const report = (error: unknown) => reportRemoteError(`${app}: prefetchRoute`, error);
  return async ({ request, params }) => {
    const module = await remotes.preload(app);
    try {
      module
        ?.prefetchRoute?.({
          routeName: route.name,
          params,
          search: new URL(request.url).searchParams,
          dispatch: store.dispatch,
        })
        ?.catch(report);
    } catch (error) {
      report(error);
    }
    return null;
  };
}

/** The shell's browser router. */
export function createAppRouter(deps: AppRouteDeps) {
  return createBrowserRouter(createAppRoutes(deps));
}

/** The router type (browser or memory). */
export type AppRouter = ReturnType<typeof createAppRouter>;
