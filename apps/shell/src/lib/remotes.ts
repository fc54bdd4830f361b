// The shell's one boundary with the module federation runtime: /remotes.json, registration,
// loading a remote's routes and the errorLoadRemote fallback. The runtime itself, with the shared
// modules it hands the remotes, loads with the first remote (federation-host.ts): the shell's
// first page carries no federation code. Tests mock this module.
import type {
  ModuleFederation,
  ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import {
  REMOTE_APPS,
  REMOTES_CONFIG_PATH,
  parseRemotesConfig,
  remoteRoutesId,
  type RemoteAppName,
  type RemoteRoutesModule,
  type RemotesConfig,
} from '@tour/shared';

/** A remote's routes could not be loaded (the error boundary shows the section's fallback). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly app: RemoteAppName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteUnavailableError';
  }
}

/** SPEC.md 8: a failure to load a route is reported (the console is the report for now). */
export function reportRemoteError(id: string, error: unknown): void {
  console.error(`[shell] Раздел ${id} не загрузился`, error);
}

/** Reads `/remotes.json` (name → manifest URL), never from a cache. */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_PATH, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_PATH}: HTTP ${response.status}`);
  const config = parseRemotesConfig(await response.json());
  if (!config) throw new Error(`${REMOTES_CONFIG_PATH} is not a JSON object`);
  return config;
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}

let configLoading: Promise<RemotesConfig> | null = null;
let hostLoading: Promise<ModuleFederation> | null = null;
let fallbackModule: RemoteRoutesModule | null = null;
const failedApps = new Set<RemoteAppName>();

/**
 * `/remotes.json`, fetched once while it works. A failure is not kept: the next call (a retry)
 * fetches it again.
 */
export function loadRemotesConfig(): Promise<RemotesConfig> {
  if (!configLoading) {
    const loading = fetchRemotesConfig();
    configLoading = loading;
    loading.catch(() => {
      if (configLoading === loading) configLoading = null;
    });
  }
  return configLoading;
}

/**
 * The federation runtime with the remotes of `/remotes.json` registered, loaded on first need.
 * A failure (the runtime's own file, or `/remotes.json`) is not kept.
 */
function federationHost(): Promise<ModuleFederation> {
  if (!hostLoading) {
    const loading = Promise.all([import('./federation-host'), loadRemotesConfig()]).then(
      ([{ createFederationHost }, config]) => {
        const host = createFederationHost(
          fallbackModule ? [createRemoteFallbackPlugin(fallbackModule)] : [],
        );
        const remotes = Object.entries(config).map(([name, url]) => ({
          name,
          entry: absoluteUrl(url),
        }));
        if (remotes.length > 0) host.registerRemotes(remotes);
        return host;
      },
    );
    hostLoading = loading;
    loading.catch(() => {
      if (hostLoading === loading) hostLoading = null;
    });
  }
  return hostLoading;
}

/**
 * The errorLoadRemote runtime plugin: when a remote's routes fail to load (server down, bad
 * manifest, network error), report it and answer with `fallback` instead of throwing.
 */
export function createRemoteFallbackPlugin(
  fallback: RemoteRoutesModule,
): ModuleFederationRuntimePlugin {
  const ids = new Set<string>(REMOTE_APPS.map(remoteRoutesId));
  return {
    name: 'tour-shell-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Earlier lifecycles (manifest, request) end up in onLoad: answer once, there.
      if (lifecycle !== 'onLoad' || !ids.has(id)) return undefined;
      reportRemoteError(id, error);
      return fallback;
    },
  };
}

/**
 * Starts the remotes at boot: keeps the fallback for the runtime and fetches `/remotes.json` (its
 * failure shows up when a section is opened, as that section's fallback).
 */
export function startRemotes(fallback: RemoteRoutesModule): void {
  if (fallbackModule) return;
  fallbackModule = fallback;
  loadRemotesConfig().catch((error: unknown) => reportRemoteError(REMOTES_CONFIG_PATH, error));
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  const component = (value as { default?: unknown } | null | undefined)?.default;
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/**
 * Loads `<app>/Routes` (React.lazy calls it when a route of the app is first rendered). After a
 * failed load, the remote is registered again with `force` so the runtime forgets the failure.
 */
export async function loadRemoteRoutes(app: RemoteAppName): Promise<RemoteRoutesModule> {
  let config: RemotesConfig;
  try {
    config = await loadRemotesConfig();
  } catch (error) {
    throw new RemoteUnavailableError(app, `${REMOTES_CONFIG_PATH} не загрузился`, {
      cause: error,
    });
  }
  const url = config[app];
  if (!url) throw new RemoteUnavailableError(app, `${app} нет в ${REMOTES_CONFIG_PATH}`);
  let host: ModuleFederation;
  try {
    host = await federationHost();
  } catch (error) {
    throw new RemoteUnavailableError(app, 'среда модульной федерации не загрузилась', {
      cause: error,
    });
  }
  if (failedApps.delete(app)) {
    host.registerRemotes([{ name: app, entry: absoluteUrl(url) }], { force: true });
  }
  let module: unknown;
  try {
    module = await host.loadRemote<RemoteRoutesModule>(remoteRoutesId(app));
  } catch (error) {
    failedApps.add(app);
    throw new RemoteUnavailableError(app, `${remoteRoutesId(app)} не загрузился`, {
      cause: error,
    });
  }
  if (module === fallbackModule) failedApps.add(app);
  if (!isRoutesModule(module)) {
    failedApps.add(app);
    throw new RemoteUnavailableError(app, `${remoteRoutesId(app)} не экспортирует компонент`);
  }
  return module;
}
