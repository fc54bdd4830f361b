import { configureStore } from '@reduxjs/toolkit';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
// By the package name, not a relative path: the kit is a federation module of its own, and the
// one API slice and root reducer must be the main entry's, wherever each was loaded from.
import {
  api,
  hrefOf,
  rootReducer,
  ROUTES,
  type AppName,
  type RouteName,
  type SectionRoutesProps,
} from '@tour/shared';
import { UiProviders } from './ui-providers';

/** Props of StandaloneSection. */
export interface StandaloneSectionProps {
  app: AppName;
  SectionRoutes: ComponentType<SectionRoutesProps>;
  /** Where an unknown path of the dev server goes (a route of this app without params). */
  home: RouteName;
  /** Wraps the router inside the store (a remote's dev-only providers, e.g. permission data). */
  Wrapper?: ComponentType<{ children: ReactNode }>;
}

const Passthrough = ({ children }: { children: ReactNode }) => children;

/**
 * A remote on its own (its team's dev server): a store on the one root reducer, the Russian
 * locale and a router over the app's routes of the shared table. In the product the shell
 * renders the remote's SectionRoutes inside its own store, router and layout instead.
 */
export function StandaloneSection({
  app,
  SectionRoutes,
  home,
  Wrapper = Passthrough,
}: StandaloneSectionProps) {
  const store = useMemo(
    () =>
      configureStore({
        reducer: rootReducer,
        middleware: (getDefault) => getDefault().concat(api.middleware),
      }),
    [],
  );
  // A wrapper route (booking) shares its path with its index child, which is the page to render.
  const routes = ROUTES.filter(
    (route) => route.app === app && !ROUTES.some((child) => child.parent === route.name),
  );
  return (
    <Provider store={store}>
      <UiProviders>
        <Wrapper>
          <BrowserRouter>
            <Routes>
              {routes.map((route) => (
                <Route
                  key={route.name}
                  path={route.path}
                  element={<SectionRoutes routeName={route.name} />}
                />
              ))}
              <Route
                path="*"
                element={<Navigate to={(hrefOf as (n: RouteName) => string)(home)} replace />}
              />
            </Routes>
          </BrowserRouter>
        </Wrapper>
      </UiProviders>
    </Provider>
  );
}
