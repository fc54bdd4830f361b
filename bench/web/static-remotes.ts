// The single-bundle variant of the shell's remote boundary (apps/shell/src/lib/remotes.ts): the
// same sections, imported by the one webpack build instead of loaded through module federation.
import type { RemoteAppName, RemoteRoutesModule } from '@tour/shared';

export class RemoteUnavailableError extends Error {}

export function reportRemoteError(id: string, error: unknown): void {
  console.error(id, error);
}

export function startRemotes(): void {}

const SECTIONS: Record<RemoteAppName, () => Promise<RemoteRoutesModule>> = {
  booking: () => import('../../apps/booking/src/app/routes'),
  accounting: () => import('../../apps/accounting/src/app/routes'),
  reports: () => import('../../apps/reports/src/app/routes'),
  agent: () => import('../../apps/agent/src/app/routes'),
};

export function loadRemoteRoutes(app: RemoteAppName): Promise<RemoteRoutesModule> {
  return SECTIONS[app]();
}
