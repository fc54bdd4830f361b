import * as React from 'react';
import * as TourRouter from '@tour/shared/router';
import * as TourState from '@tour/shared/state';

jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: jest.fn((options: unknown) => ({ options })),
}));

// What webpack's DefinePlugin puts in the shell's build (webpack.config.base.js providedVersions).
const DECLARED: Record<string, { version: string; requiredVersion: string }> = {
  react: { version: '19.2.0', requiredVersion: '^19.1.0' },
  'react/jsx-runtime': { version: '19.2.0', requiredVersion: '^19.1.0' },
  'react-dom': { version: '19.2.0', requiredVersion: '^19.1.0' },
  axios: { version: '1.12.0', requiredVersion: '^1.12.0' },
  dayjs: { version: '1.11.18', requiredVersion: '^1.11.18' },
  '@tour/shared': { version: '0.1.0', requiredVersion: '0.1.0' },
  '@tour/shared/router': { version: '0.1.0', requiredVersion: '0.1.0' },
  '@tour/shared/state': { version: '0.1.0', requiredVersion: '0.1.0' },
  '@tour/shared/ui': { version: '0.1.0', requiredVersion: '0.1.0' },
};

type Shared = Record<
  string,
  { version: string; lib: () => unknown; shareConfig: { singleton: boolean } }
>;

describe('the federation host', () => {
  beforeEach(() => {
    (globalThis as Record<string, unknown>).__FEDERATION_SHARED__ = DECLARED;
  });

  it("hands the remotes the shell's own modules as singletons, loaded first", async () => {
    const { createFederationHost } = await import('./federation-host');
    const plugin = { name: 'fallback' };
    const host = createFederationHost([plugin]) as unknown as {
      options: { name: string; shared: Shared; plugins: unknown[]; shareStrategy: string };
    };
    expect(host.options.name).toBe('shell');
    expect(host.options.plugins).toEqual([plugin]);
    expect(host.options.shareStrategy).toBe('loaded-first');
    const shared = host.options.shared;
    expect(Object.keys(shared).sort()).toEqual(Object.keys(DECLARED).sort());
    // The very modules the shell runs on (namespace objects may be wrapped: compare members).
    expect((shared.react!.lib() as typeof React).useState).toBe(React.useState);
    expect((shared['@tour/shared/router']!.lib() as typeof TourRouter).Link).toBe(TourRouter.Link);
    expect((shared['@tour/shared/state']!.lib() as typeof TourState).Provider).toBe(
      TourState.Provider,
    );
    expect(shared.react!.version).toBe('19.2.0');
    for (const entry of Object.values(shared)) expect(entry.shareConfig.singleton).toBe(true);
  });

  it('provides its federation runtime to the remotes, built without one of their own', async () => {
    delete (globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE;
    const { createFederationHost } = await import('./federation-host');
    createFederationHost([]);
    const core = (globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE as {
      ModuleFederation?: unknown;
      loadScript?: unknown;
    };
    // What a remote's bundler runtime takes from it.
    expect(typeof core.ModuleFederation).toBe('function');
    expect(typeof core.loadScript).toBe('function');
  });

  it('refuses to provide a module the build does not declare shared', async () => {
    const { react: _react, ...withoutReact } = DECLARED;
    (globalThis as Record<string, unknown>).__FEDERATION_SHARED__ = withoutReact;
    const { createFederationHost } = await import('./federation-host');
    expect(() => createFederationHost([])).toThrow('react');
  });
});
