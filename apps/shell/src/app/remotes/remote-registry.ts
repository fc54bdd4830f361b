import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteAppName, RemoteRoutesModule, SectionRoutesProps } from '@tour/shared';
import { loadRemoteRoutes } from '../../lib/remotes';

/** Loads a remote's `./Routes` module. */
export type RemoteRoutesLoader = (app: RemoteAppName) => Promise<RemoteRoutesModule>;

/** One lazy routes component per remote, loaded when a route of that remote first renders. */
export interface RemoteRegistry {
  /** The remote's lazy routes component (the same one until `forget`). */
  component(app: RemoteAppName): LazyExoticComponent<ComponentType<SectionRoutesProps>>;
  /** Drops the remote's component so the next render loads it again (the retry button). */
  forget(app: RemoteAppName): void;
}

/** A registry over `load` (the federation runtime by default). */
export function createRemoteRegistry(load: RemoteRoutesLoader = loadRemoteRoutes): RemoteRegistry {
  const components = new Map<
    RemoteAppName,
    LazyExoticComponent<ComponentType<SectionRoutesProps>>
  >();
  return {
    component(app) {
      let component = components.get(app);
      if (!component) {
        component = lazy(() => load(app));
        components.set(app, component);
      }
      return component;
    },
    forget(app) {
      components.delete(app);
    },
  };
}
