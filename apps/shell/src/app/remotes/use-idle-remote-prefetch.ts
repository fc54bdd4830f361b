import { useEffect } from 'react';
import { isRemoteApp, routeByName, sidebarEntries, type RemoteAppName } from '@tour/shared';
import { selectPermissionData } from '../../features/auth/api/auth-api';
import { useAppSelector } from '../../lib/store-hooks';
import type { RemoteRegistry } from './remote-registry';

/** How long the first page may keep the browser busy before the remotes load anyway. */
const IDLE_TIMEOUT_MS = 3000;

/** The remote apps behind the sidebar entries these permissions show. */
export function remoteAppsOf(permissionData: Parameters<typeof sidebarEntries>[0]) {
  const apps = new Set<RemoteAppName>();
  for (const section of sidebarEntries(permissionData)) {
    for (const entry of section.entries) {
      const { app } = routeByName(entry.name);
      if (isRemoteApp(app)) apps.add(app);
    }
  }
  return [...apps];
}

/**
 * Once the first admin page is shown and the browser is idle, loads the remotes of the sections
 * the user may open, so that opening one shows it at once. Only those: a remote the user may not
 * see is never loaded. A remote that fails here is tried again when the user opens it.
 */
export function useIdleRemotePrefetch(remotes: RemoteRegistry, enabled = true): void {
  const permissionData = useAppSelector(selectPermissionData);
  useEffect(() => {
    const apps = enabled ? remoteAppsOf(permissionData) : [];
    if (apps.length === 0) return undefined;
    const prefetch = () => apps.forEach((app) => remotes.prefetch(app));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(prefetch, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(handle);
  }, [enabled, permissionData, remotes]);
}
