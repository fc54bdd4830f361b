import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  api,
  PermissionDataProvider,
  rootReducer,
  routeByName,
  type Permission,
  type Role,
  type RouteName,
} from '@tour/shared';
import { UiProviders } from '@tour/shared/ui';
import { StyleSink } from './style-sink';

function LocationProbe() {
  const { pathname, search } = useLocation();
  // Hidden: what the router holds, for the tests to read; never part of the screen.
  return (
    <output data-testid="location" hidden>
      {pathname + search}
    </output>
  );
}

/** A store as the shell's: the shared root reducer and the API slice's middleware. */
export function makeTestStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;

/** Who is signed in and where the router stands. */
export interface RenderAtPathOptions {
  /** The URL to open; by default the route's own path. */
  url?: string;
  /** The signed-in user's roles. */
  roles: Role[];
  /** The signed-in user's permissions. */
  permissions: Permission[];
  /** The store, when a test has filled it first (by default a new one). */
  store?: TestStore;
}

/**
 * Renders an element as the shell renders a page: its store, the router's match at `path`,
 * permission data and the ru locale; any other URL the page navigates to shows only as the
 * location.
 */
export function renderAtPath(
  path: string,
  element: ReactNode,
  { url, roles, permissions, store = makeTestStore() }: RenderAtPathOptions,
) {
  const view = render(
    <StyleSink>
      <Provider store={store}>
        <UiProviders>
          <PermissionDataProvider value={{ roles, permissions }}>
            <MemoryRouter initialEntries={[url ?? path]}>
              <Routes>
                <Route
                  path={path}
                  element={
                    <>
                      {element}
                      <LocationProbe />
                    </>
                  }
                />
                {/* Where a page navigates away to: only its URL shows. */}
                <Route path="*" element={<LocationProbe />} />
              </Routes>
            </MemoryRouter>
          </PermissionDataProvider>
        </UiProviders>
      </Provider>
    </StyleSink>,
  );
  return {
    ...view,
    store,
    /** The current path and query of the router. */
    location: () => screen.getByTestId('location').textContent ?? '',
  };
}

/** What a remote's tests render a route with: who is signed in by default, and the store. */
export interface RenderRouteOptions {
  /** The URL to open; by default the route's own path. */
  url?: string;
  /** The signed-in user's permissions (by default the section's). */
  permissions?: Permission[];
  /** The store, when a test has filled it first (by default a new one). */
  store?: TestStore;
}

/**
 * A remote's `renderRoute(routeName, options)`: renders the route through the remote's own
 * section routes as the shell does, signed in with the given role and default permissions.
 */
export function routeRenderer(
  SectionRoutes: ComponentType<{ routeName: RouteName }>,
  signedIn: { roles: Role[]; permissions: Permission[] },
) {
  return function renderRoute(
    routeName: RouteName,
    { url, permissions = signedIn.permissions, store }: RenderRouteOptions = {},
  ) {
    return renderAtPath(routeByName(routeName).path, <SectionRoutes routeName={routeName} />, {
      url,
      roles: signedIn.roles,
      permissions,
      store,
    });
  };
}
