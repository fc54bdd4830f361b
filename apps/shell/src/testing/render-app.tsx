import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyleProvider } from '@tour/shared/ui';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import type { RemoteRegistry } from '../app/remotes/remote-registry';
import { createAppRoutes } from '../app/router';
import { watchSession } from '../app/session-watch';
import { makeStore } from '../app/store';
import { installFakeApi, type FakeRoutes } from './fake-api';

const cleanups: (() => void)[] = [];
// antd writes its CSS-in-JS here, outside the document: jsdom would otherwise match thousands of
// rules on every accessibility query (tests run ~3x faster). Nothing here asserts antd's styles.
// mock="server" keeps it from inserting a style element at all (as in a server render): 7% less
// time for a form's tests.
const styleSink = document.createElement('div');

// Each test file that renders the app undoes what it installed after each test.
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** Options of renderApp. */
export interface RenderAppOptions {
  /** The URL the app opens at. */
  path?: string;
  /** The fake server's routes. */
  api?: FakeRoutes;
  /** The remotes' registry (default: the real one over the mocked `lib/remotes`). */
  remotes?: RemoteRegistry;
  /** Jest fake timers are on: user events advance them. */
  fakeTimers?: boolean;
}

/** Renders the whole shell (store, router with its guards, providers) in a memory router. */
export function renderApp({
  path = '/admin',
  api = {},
  remotes,
  fakeTimers,
}: RenderAppOptions = {}) {
  const fakeApi = installFakeApi(api);
  const store = makeStore();
  const router = createMemoryRouter(createAppRoutes({ store, remotes }), {
    initialEntries: [path],
  });
  const stopWatching = watchSession(store, router);
  cleanups.push(() => {
    stopWatching();
    router.dispose();
    fakeApi.restore();
  });
  const user = userEvent.setup(
    fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : { delay: null },
  );
  const view = render(
    <StyleProvider container={styleSink} mock="server">
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, store, router, api: fakeApi, user };
}
