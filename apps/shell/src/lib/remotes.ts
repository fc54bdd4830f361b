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
import { sendClientError } from './client-errors';

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

// The runtime's words when a remote requires another version of a singleton than the one loaded
// (runtime-core utils/share.ts, thrown by the remote's loadShare with strictVersion): "Version
// 19.3.1 from shell of shared singleton module react/jsx-runtime does not satisfy the requirement
// of booking which needs ^18.3.1)".
const VERSION_SKEW =
  /Version (\S+) from (\S+) of shared singleton module (\S+) does not satisfy the requirement of (\S+) which needs ([^\s)]+)/;

function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !messages.includes(message)) messages.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

/**
 * Why a remote failed, for a person reading the log: a version skew as the library, the range the
 * remote requires and the version loaded (from whom); anything else as the messages of the error
 * and its causes.
 */
function remoteFailureReason(error: unknown): string {
  const messages = messagesOf(error);
  for (const message of messages) {
    const skew = VERSION_SKEW.exec(message);
    if (skew) {
      const [, provided, provider, library, consumer, required] = skew;
      return `несовместимая версия ${library}: ${consumer} требует ${required}, загружена ${provided} (от ${provider})`;
    }
  }
  return messages.join(': ') || 'неизвестная ошибка';
}

const SECTION_OF_ID = new Map<string, RemoteAppName>(
  REMOTE_APPS.map((app) => [remoteRoutesId(app), app]),
);
const sectionsReported = new Set<RemoteAppName>();

/**
 * SPEC.md 8: a failure to load a route is reported: in the console with its reason, and, for a
 * section's routes (`booking/Routes`), to the server's log, once per section and page load.
 */
export function reportRemoteError(id: string, error: unknown): void {
  const reason = remoteFailureReason(error);
  console.error(`[shell] Раздел ${id} не загрузился: ${reason}`, error);
  const section = SECTION_OF_ID.get(id);
  if (section && !sectionsReported.has(section)) {
    sectionsReported.add(section);
    sendClientError(section, reason);
  }
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
