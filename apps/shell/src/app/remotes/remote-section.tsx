import {
  Component,
  Suspense,
  useCallback,
  useMemo,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useLocation } from '@tour/shared/router';
import { remoteRoutesId, type RemoteAppName, type RouteName } from '@tour/shared';
import { PageSpinner } from '../../components/page-spinner';
import { SectionUnavailable } from '../../components/section-unavailable';
import { reportRemoteError } from '../../lib/remotes';
import { RetryContext } from './remote-fallback';
import type { RemoteRegistry } from './remote-registry';
import { SectionRelease } from './section-release';

interface BoundaryProps {
  app: RemoteAppName;
  /** When one of these changes (a navigation, a retry), a caught error is forgotten. */
  resetKeys: readonly unknown[];
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
}

/** Keeps a remote's failure (load or render) inside the content area. */
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportRemoteError(remoteRoutesId(this.props.app), error);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    const { resetKeys } = this.props;
    if (
      this.state.failed &&
      (previous.resetKeys.length !== resetKeys.length ||
        previous.resetKeys.some((key, index) => !Object.is(key, resetKeys[index])))
    ) {
      this.setState({ failed: false });
    }
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <SectionUnavailable onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}

/**
 * The release of the remote whose page is shown, under it. Rendered beside the page, in the same
 * Suspense boundary: it renders when the page does, after the load has ended. Nothing for the
 * errorLoadRemote fallback or a remote built without a release.
 */
function LoadedRelease({ app, registry }: { app: RemoteAppName; registry: RemoteRegistry }) {
  const release = registry.loaded(app)?.release;
  return typeof release === 'string' && release !== '' ? (
    <SectionRelease app={app} release={release} />
  ) : null;
}

/** Props of RemoteSection. */
export interface RemoteSectionProps {
  app: RemoteAppName;
  routeName: RouteName;
  registry: RemoteRegistry;
}

/**
 * A route a remote renders: its `SectionRoutes` with the (already guarded) route name, loaded on
 * first render; a failure shows the fallback with a retry, here only.
 */
export function RemoteSection({ app, routeName, registry }: RemoteSectionProps) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    registry.forget(app);
    setAttempt((count) => count + 1);
  }, [registry, app]);
  const resetKeys = useMemo(() => [pathname, attempt], [pathname, attempt]);
  const SectionRoutes = registry.component(app);
  return (
    <RetryContext.Provider value={retry}>
      <RemoteErrorBoundary app={app} resetKeys={resetKeys} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>
          <SectionRoutes routeName={routeName} />
          <LoadedRelease app={app} registry={registry} />
        </Suspense>
      </RemoteErrorBoundary>
    </RetryContext.Provider>
  );
}
