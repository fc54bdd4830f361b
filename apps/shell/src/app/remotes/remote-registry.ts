import { lazy, type ComponentType } from 'react';
import type { RemoteAppName, RemoteRoutesModule, SectionRoutesProps } from '@tour/shared';
import { loadRemoteRoutes } from '../../lib/remotes';

/** Loads a remote's `./Routes` module. */
export type RemoteRoutesLoader = (app: RemoteAppName) => Promise<RemoteRoutesModule>;

type SectionComponent = ComponentType<SectionRoutesProps>;

/** One routes component per remote, loaded once (until `forget`). */
export interface RemoteRegistry {
  /**
   * Starts loading the remote (a route loader calls it, after the guards, so the page it opens
   * renders at once instead of suspending); settles with the module when the load has, never
   * rejects: null for a failure, which shows when the component renders.
   */
  preload(app: RemoteAppName): Promise<RemoteRoutesModule | null>;
  /**
   * The remote's routes component: the module's own when it had loaded before the first call,
   * else a lazy one over the same load. The same component until `forget`.
   */
  component(app: RemoteAppName): SectionComponent;
  /**
   * Loads the remote ahead of need (when the browser is idle): a failure is not kept, so the
   * user's own opening of the section tries again.
   */
  prefetch(app: RemoteAppName): void;
  /** Drops the remote so the next render loads it again (the retry button). */
  forget(app: RemoteAppName): void;
  /** The remote's module once its current load has succeeded, else null (loading, failed). */
  loaded(app: RemoteAppName): RemoteRoutesModule | null;
}

export interface RemoteRegistryOptions {
  /** True for the module a failed load answers with (the errorLoadRemote fallback). */
  isFallback?: (module: RemoteRoutesModule) => boolean;
}

interface Entry {
  loading: Promise<RemoteRoutesModule>;
  loaded: RemoteRoutesModule | null;
  component: SectionComponent | null;
}

/** A registry over `load` (the federation runtime by default). */
export function createRemoteRegistry(
  load: RemoteRoutesLoader = loadRemoteRoutes,
  { isFallback = () => false }: RemoteRegistryOptions = {},
): RemoteRegistry {
  const entries = new Map<RemoteAppName, Entry>();
  const entryOf = (app: RemoteAppName): Entry => {
    let entry = entries.get(app);
    if (!entry) {
      const created: Entry = { loading: load(app), loaded: null, component: null };
      created.loading.then(
        (module) => (created.loaded = module),
        () => undefined,
      );
      entries.set(app, (entry = created));
    }
    return entry;
  };
  return {
    preload(app) {
      return entryOf(app).loading.catch(() => null);
    },
    component(app) {
      const entry = entryOf(app);
      // Chosen once: switching from the lazy component to the module's would remount the section.
      entry.component ??= entry.loaded?.default ?? lazy(() => entry.loading);
      return entry.component;
    },
    prefetch(app) {
      if (entries.has(app)) return;
      const entry = entryOf(app);
      const drop = () => {
        // Only the entry this prefetch made, and only if nothing has rendered it yet.
        if (entries.get(app) === entry && entry.component === null) entries.delete(app);
      };
      entry.loading.then((module) => (isFallback(module) ? drop() : undefined), drop);
    },
    forget(app) {
      entries.delete(app);
    },
    loaded(app) {
      return entries.get(app)?.loaded ?? null;
    },
  };
}
