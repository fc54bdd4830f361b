import { render, screen } from '@testing-library/react';
import { StyleProvider, UiProviders } from '@tour/shared/ui';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PermissionDataProvider, routeByName } from '@tour/shared';
import { makeTestStore, type TestStore } from '../../../testing/render-route';
import { AdministrativeReportPage } from '../components/administrative-report-page';

// antd writes its CSS-in-JS here, outside the document (as renderRoute does).
const styleSink = document.createElement('div');

const ROUTE = routeByName('report-administrative');

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/**
 * Renders the administrative report's page under the providers renderRoute gives a route (the
 * shell's store, the router's match at the route's path, the permission data, the ru locale):
 * the page is tested before the section's routes render it.
 */
export function renderAdministrativeReport({
  url = ROUTE.path,
  store = makeTestStore(),
}: { url?: string; store?: TestStore } = {}) {
  const view = render(
    <StyleProvider container={styleSink} mock="server">
      <Provider store={store}>
        <UiProviders>
          <PermissionDataProvider
            value={{ roles: ['accountant'], permissions: ['report_section'] }}
          >
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route
                  path={ROUTE.path}
                  element={
                    <>
                      <AdministrativeReportPage title={ROUTE.title} />
                      <LocationProbe />
                    </>
                  }
                />
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
