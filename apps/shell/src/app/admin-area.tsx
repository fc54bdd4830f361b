// Everything under /admin that needs the UI kit, loaded by the router on the first visit to the
// admin area (a lazy route module): the login page never loads it.
import { lazy, Suspense, type ReactElement } from 'react';
import { isRemoteApp, type AppRoute } from '@tour/shared';
import { Skeleton, UiProviders } from '@tour/shared/ui';
import { CostingPanelContext, type CostingPanelProps } from '../components/costing-tab';
import { NoAccess } from '../components/no-access';
import { AdminLayout } from './layout/admin-layout';
import type { RemoteRegistry } from './remotes/remote-registry';
import { RemoteSection } from './remotes/remote-section';
import { mainPageOf } from './routes/main-pages';
import { useIdleRemotePrefetch } from './remotes/use-idle-remote-prefetch';

// The costing editor (issue 33) is a tab of three pages; it loads the first time one shows it.
const CostingEditor = lazy(() => import('../features/costings/components/costing-panel'));
function CostingPanel(props: CostingPanelProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <CostingEditor {...props} />
    </Suspense>
  );
}

/** The admin layout in antd's providers, loading the user's remotes while the browser idles. */
export function adminAreaWith(remotes: RemoteRegistry, prefetch: boolean) {
  return function AdminArea() {
    useIdleRemotePrefetch(remotes, prefetch);
    return (
      <UiProviders>
        <CostingPanelContext.Provider value={CostingPanel}>
          <AdminLayout />
        </CostingPanelContext.Provider>
      </UiProviders>
    );
  };
}

export { NoAccess };

/** What a page route renders: a main-section page of the shell, or a remote's section. */
export function pageElement(route: AppRoute, remotes: RemoteRegistry): ReactElement {
  if (isRemoteApp(route.app)) {
    return <RemoteSection app={route.app} routeName={route.name} registry={remotes} />;
  }
  const Page = mainPageOf(route.name);
  if (!Page) throw new Error(`The shell has no page for route "${route.name}"`);
  return <Page />;
}
