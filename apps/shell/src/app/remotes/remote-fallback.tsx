import { createContext, lazy, Suspense, useContext } from 'react';
import type { RemoteRoutesModule } from '@tour/shared';

// Registered at start (bootstrap), rendered only in the admin area: the fallback's page comes with
// the UI kit when it is first shown, so the start of the shell (and /login) loads no kit.
const SectionUnavailable = lazy(async () => ({
  default: (await import('../../components/section-unavailable')).SectionUnavailable,
}));

/** The retry of the remote section around the fallback (RemoteSection provides it). */
export const RetryContext = createContext<(() => void) | null>(null);

/**
 * What the errorLoadRemote plugin answers instead of a remote that failed to load: the section's
 * fallback, whose retry button loads the remote again.
 */
function RemoteFallbackRoutes() {
  const retry = useContext(RetryContext);
  return (
    <Suspense fallback={null}>
      <SectionUnavailable onRetry={retry ?? (() => window.location.reload())} />
    </Suspense>
  );
}

/** The module the errorLoadRemote plugin returns for a remote that failed to load. */
export const REMOTE_FALLBACK_MODULE: RemoteRoutesModule = { default: RemoteFallbackRoutes };
