import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tour/shared/router';
import { startRemotes } from '../lib/remotes';
import { AppProviders } from './providers';
import { REMOTE_FALLBACK_MODULE } from './remotes/remote-fallback';
import { createAppRouter } from './router';
import { watchSession } from './session-watch';
import { makeStore } from './store';

const store = makeStore();
// /remotes.json is fetched now; each remote loads when one of its routes first renders.
startRemotes(REMOTE_FALLBACK_MODULE);
const router = createAppRouter({ store, prefetchRemotes: true });
watchSession(store, router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
