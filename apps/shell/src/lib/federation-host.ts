// The shell as the federation host, without the build plugin: the shell is one ordinary webpack
// build (tree-shaken, a few files), and the module federation runtime, loaded with this module when
// the first remote is needed, hands the remotes the shell's own modules as their shared
// singletons. No federation code is on the shell's first page.
import {
  createInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import * as RuntimeCore from '@module-federation/runtime-core';
import * as Axios from 'axios';
import * as Dayjs from 'dayjs';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as JsxRuntime from 'react/jsx-runtime';
import * as TourShared from '@tour/shared';
import * as TourRouter from '@tour/shared/router';
import * as TourState from '@tour/shared/state';
import * as TourUi from '@tour/shared/ui';

/**
 * Each shared singleton's version and the range the apps require, from webpack.config.base.js
 * (the same list the remotes' build plugin declares).
 */
declare const __FEDERATION_SHARED__: Record<string, { version: string; requiredVersion: string }>;

/** The shell's module for every shared singleton the remotes consume. */
export const PROVIDED_MODULES: Record<string, object> = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDom,
  axios: Axios,
  dayjs: Dayjs,
  '@tour/shared': TourShared,
  '@tour/shared/router': TourRouter,
  '@tour/shared/state': TourState,
  '@tour/shared/ui': TourUi,
};

/**
 * The remotes are built without the federation runtime (webpack.config.base.js:
 * `externalRuntime`): they take the shell's, read from this global when a remote entry runs. One
 * copy reaches the browser instead of one per remote (10 KB of gzip each).
 */
export function provideRuntimeCore(): void {
  (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = RuntimeCore;
}

/** The federation runtime of the shell, its shared modules registered first (and kept). */
export function createFederationHost(plugins: ModuleFederationRuntimePlugin[]): ModuleFederation {
  const shared = Object.fromEntries(
    Object.entries(PROVIDED_MODULES).map(([key, module]) => {
      const declared = __FEDERATION_SHARED__[key];
      if (!declared) throw new Error(`${key} is not a shared singleton of webpack.config.base.js`);
      return [
        key,
        {
          version: declared.version,
          lib: () => module,
          shareConfig: { singleton: true, requiredVersion: declared.requiredVersion },
        },
      ];
    }),
  );
  provideRuntimeCore();
  return createInstance({
    name: 'shell',
    remotes: [],
    shared,
    plugins,
    // The default loads every remote's share scope at start: one remote down would stop the
    // others. Load what is needed when it is needed.
    shareStrategy: 'loaded-first',
  });
}
