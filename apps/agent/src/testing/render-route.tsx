import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { StyleProvider, UiProviders } from '@tour/shared/ui';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  api,
  PermissionDataProvider,
  rootReducer,
  routeByName,
  type Permission,
  type RouteName,
} from '@tour/shared';
import SectionRoutes from '../app/routes';

// antd writes its CSS-in-JS here, outside the document: jsdom would otherwise match thousands of
// rules on every accessibility query and pointer check; mock="server" inserts no style element at
// all (the shell's tests do the same).
const styleSink = document.createElement('div');

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export interface RenderRouteOptions {
  /** The URL to open; by default the route's own path. */
  url?: string;
  /** The signed-in user's permissions (a counterparty has none: its routes go by role). */
  permissions?: Permission[];
  /** The store, when a test has filled it first (by default a new one). */
  store?: TestStore;
}

/** A store as the shell's: the shared root reducer and the API slice's middleware. */
export function makeTestStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;

/**
 * Renders a route as the shell does for an agent: its store, router match, permission data (the
 * counterparty role) and ru locale.
 */
export function renderRoute(
  routeName: RouteName,
  { url, permissions = [], store = makeTestStore() }: RenderRouteOptions = {},
) {
  const route = routeByName(routeName);
  const view = render(
    <StyleProvider container={styleSink} mock="server">
      <Provider store={store}>
        <UiProviders>
          <PermissionDataProvider value={{ roles: ['counterparty'], permissions }}>
            <MemoryRouter initialEntries={[url ?? route.path]}>
              <Routes>
                <Route
                  path={route.path}
                  element={
                    <>
                      <SectionRoutes routeName={routeName} />
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
    </StyleProvider>,
  );
  return {
    ...view,
    store,
    /** The current path and query of the router. */
    location: () => screen.getByTestId('location').textContent ?? '',
  };
}
