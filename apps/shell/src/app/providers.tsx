import type { ReactNode } from 'react';
import { Provider } from '@tour/shared/state';
import type { AppStore } from './store';

/**
 * What every screen stands in: the one store. antd's providers (Russian locale, App context) come
 * with the UI kit, in the admin area and the error page (UiProviders), so that the login page
 * loads no antd at all.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
