import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { AppName, RouteName } from '../routes/routes';

/** The remotes the shell loads at run time, each a federation container named as the app. */
export const REMOTE_APPS = [
  'booking',
  'accounting',
  'reports',
  'agent',
] as const satisfies readonly AppName[];

/** Name of a remote (its federation container name). */
export type RemoteAppName = (typeof REMOTE_APPS)[number];

/** What every remote exposes: one routes component. */
export const REMOTE_ROUTES_EXPOSE = './Routes';

/** Where the shell reads the remotes' manifest URLs at start (never cached). */
export const REMOTES_CONFIG_PATH = '/remotes.json';

/** The `loadRemote` id of a remote's routes module: `booking/Routes`. */
export function remoteRoutesId(app: RemoteAppName): string {
  return `${app}/${REMOTE_ROUTES_EXPOSE.slice(2)}`;
}

/** Props of a remote's routes component: the route the shell matched (and guarded). */
export interface SectionRoutesProps {
  routeName: RouteName;
}

/** What the shell tells a remote when a navigation to one of its routes begins. */
export interface RoutePrefetchRequest {
  routeName: RouteName;
  /** The route's path parameters (`id` of `/admin/balance/wallet/:id`). */
  params: Readonly<Record<string, string | undefined>>;
  /** The URL's query (filters, page). */
  search: URLSearchParams;
  /** The shell's store, where the remote's RTK Query endpoints live. */
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
}

/**
 * The module a remote exposes as `./Routes`: its default export renders a route by name. With
 * `prefetchRoute`, the route's loader starts the data the page will ask for (the same RTK Query
 * endpoints and arguments as the page's hooks) as the navigation begins, so the request runs
 * while the page renders instead of after it; the promise (settled when the data is there) is
 * only watched for errors.
 */
export interface RemoteRoutesModule {
  default: ComponentType<SectionRoutesProps>;
  prefetchRoute?: (request: RoutePrefetchRequest) => Promise<unknown> | void;
  /**
   * The remote's release (its build's `__RELEASE__`): the shell shows it under the section's pages,
   * so a person or a test sees which build of the section is loaded.
   */
  release?: string;
}

declare global {
  /**
   * The release of the app being built, set by webpack.config.base.js (DefinePlugin): `RELEASE`
   * from the environment, else the app's package.json version. Only a webpack build defines it
   * (Jest does not): read it as `typeof __RELEASE__ === 'string' ? __RELEASE__ : ...`. Each app
   * reads its own; code of @tour/shared runs as the shell's copy and must not read it.
   */
  const __RELEASE__: string;
}

/** `/remotes.json`: remote name → URL of its `mf-manifest.json`. */
export type RemotesConfig = Partial<Record<RemoteAppName, string>>;

/** True for the name of a remote. */
export function isRemoteApp(value: unknown): value is RemoteAppName {
  return typeof value === 'string' && (REMOTE_APPS as readonly string[]).includes(value);
}

/**
 * Reads `/remotes.json`: the known remotes with a non-empty URL (anything else is left out),
 * or null when the document is not an object.
 */
export function parseRemotesConfig(raw: unknown): RemotesConfig | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const config: RemotesConfig = {};
  for (const [name, url] of Object.entries(raw as Record<string, unknown>)) {
    if (isRemoteApp(name) && typeof url === 'string' && url.trim() !== '') {
      config[name] = url.trim();
    }
  }
  return config;
}
