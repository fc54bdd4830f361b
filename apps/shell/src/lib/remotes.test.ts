import type { RemoteRoutesModule } from '@tour/shared';
import type { FakeApi, FakeRoutes } from '../testing/fake-api';

// The federation runtime loads lazily with federation-host.ts; here it is a host of mocks.
jest.mock('./federation-host', () => {
  const host = { loadRemote: jest.fn(), registerRemotes: jest.fn() };
  return { host, createFederationHost: jest.fn(() => host) };
});

type Remotes = typeof import('./remotes');
type FakeApiModule = typeof import('../testing/fake-api');
type Runtime = {
  createFederationHost: jest.Mock;
  loadRemote: jest.Mock;
  registerRemotes: jest.Mock;
};

/**
 * A fresh copy of the module (its state: the config, the host, the failed remotes, the sections
 * reported), the mocks, and a fake server under the `http` client that copy uses.
 */
function fresh(routes: FakeRoutes = { 'POST /client-errors': { status: 204 } }): {
  remotes: Remotes;
  runtime: Runtime;
  server: FakeApi;
} {
  let remotes!: Remotes;
  let server!: FakeApi;
  jest.isolateModules(() => {
    remotes = jest.requireActual<Remotes>('./remotes');
    // The isolated module has its own @tour/shared, hence its own `http`: the fake goes there.
    server = jest.requireActual<FakeApiModule>('../testing/fake-api').installFakeApi(routes);
  });
  // Outside the isolation: the lazy import('./federation-host') of remotes.ts runs later, in the
  // test's own module registry, and must meet the same mock.
  const mocked = jest.requireMock<{
    host: { loadRemote: jest.Mock; registerRemotes: jest.Mock };
    createFederationHost: jest.Mock;
  }>('./federation-host');
  const runtime = {
    createFederationHost: mocked.createFederationHost,
    loadRemote: mocked.host.loadRemote,
    registerRemotes: mocked.host.registerRemotes,
  };
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  runtime.createFederationHost.mockClear();
  return { remotes, runtime, server };
}

const CONFIG = {
  booking: '/remotes/booking/mf-manifest.json',
  accounting: 'https://cdn.example.com/accounting/mf-manifest.json',
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const Routes = () => null;
const FALLBACK: RemoteRoutesModule = { default: () => null };

let fetchMock: jest.SpyInstance;

beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/remotes.json', () => {
  it('is read without any cache, and the runtime registers each remote by its manifest URL', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse({ ...CONFIG, shell: '/nope.json' }));
    await expect(remotes.loadRemotesConfig()).resolves.toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(runtime.createFederationHost).not.toHaveBeenCalled();
    runtime.loadRemote.mockResolvedValue({ default: Routes });
    await remotes.loadRemoteRoutes('booking');
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'booking', entry: 'http://localhost/remotes/booking/mf-manifest.json' },
      { name: 'accounting', entry: 'https://cdn.example.com/accounting/mf-manifest.json' },
    ]);
  });

  it('is fetched once while it works', async () => {
    const { remotes } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    await remotes.loadRemotesConfig();
    await remotes.loadRemotesConfig();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('makes every remote unavailable when it fails, and is fetched again on retry', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'down' }, 502));
    await expect(remotes.loadRemoteRoutes('booking')).rejects.toBeInstanceOf(
      remotes.RemoteUnavailableError,
    );
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(CONFIG));
    runtime.loadRemote.mockResolvedValue({ default: Routes });
    await expect(remotes.loadRemoteRoutes('booking')).resolves.toEqual({ default: Routes });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a document that is not an object', async () => {
    const { remotes } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(['booking']));
    await expect(remotes.loadRemotesConfig()).rejects.toThrow('/remotes.json');
  });

  it('is fetched at start without the runtime, and a failure there is only reported', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    remotes.startRemotes(FALLBACK);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtime.createFederationHost).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('/remotes.json'),
      expect.any(TypeError),
    );
  });
});

describe('loading a remote', () => {
  it('loads <name>/Routes through the federation runtime', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    runtime.loadRemote.mockResolvedValue({ default: Routes });
    await expect(remotes.loadRemoteRoutes('accounting')).resolves.toEqual({ default: Routes });
    expect(runtime.loadRemote).toHaveBeenCalledWith('accounting/Routes');
  });

  it('fails for a remote /remotes.json does not name', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    await expect(remotes.loadRemoteRoutes('reports')).rejects.toThrow('reports');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('fails for a module without a routes component', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    runtime.loadRemote.mockResolvedValue({ Routes });
    await expect(remotes.loadRemoteRoutes('booking')).rejects.toBeInstanceOf(
      remotes.RemoteUnavailableError,
    );
  });

  it('registers a remote again with force after it failed, so the runtime retries it', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    remotes.startRemotes(FALLBACK);
    runtime.loadRemote.mockResolvedValueOnce(FALLBACK).mockResolvedValueOnce({ default: Routes });
    await expect(remotes.loadRemoteRoutes('booking')).resolves.toBe(FALLBACK);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);

    await expect(remotes.loadRemoteRoutes('booking')).resolves.toEqual({ default: Routes });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'booking', entry: 'http://localhost/remotes/booking/mf-manifest.json' }],
      { force: true },
    );
    // A success is not followed by another re-registration.
    runtime.loadRemote.mockResolvedValueOnce({ default: Routes });
    await remotes.loadRemoteRoutes('booking');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('turns a thrown load into RemoteUnavailableError and retries with force', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptNetworkError'));
    await expect(remotes.loadRemoteRoutes('accounting')).rejects.toBeInstanceOf(
      remotes.RemoteUnavailableError,
    );
    runtime.loadRemote.mockResolvedValueOnce({ default: Routes });
    await remotes.loadRemoteRoutes('accounting');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });
});

describe('the errorLoadRemote plugin', () => {
  const origin = {} as never;

  it('answers a failed load of a remote routes module with the fallback, and reports it', () => {
    const { remotes } = fresh();
    const plugin = remotes.createRemoteFallbackPlugin(FALLBACK);
    const error = new Error('manifest 404');
    expect(
      plugin.errorLoadRemote?.({
        id: 'booking/Routes',
        error,
        from: 'runtime',
        lifecycle: 'onLoad',
        origin,
      }),
    ).toBe(FALLBACK);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('booking/Routes'), error);
  });

  it('leaves earlier lifecycles and other modules to the runtime', () => {
    const { remotes } = fresh();
    const plugin = remotes.createRemoteFallbackPlugin(FALLBACK);
    const error = new Error('x');
    expect(
      plugin.errorLoadRemote?.({
        id: '/m.json',
        error,
        from: 'runtime',
        lifecycle: 'afterResolve',
        origin,
      }),
    ).toBeUndefined();
    expect(
      plugin.errorLoadRemote?.({
        id: 'booking/Widget',
        error,
        from: 'runtime',
        lifecycle: 'onLoad',
        origin,
      }),
    ).toBeUndefined();
  });

  it('goes into the one runtime, created with the first remote load', async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    remotes.startRemotes(FALLBACK);
    remotes.startRemotes(FALLBACK);
    runtime.loadRemote.mockResolvedValue({ default: Routes });
    await Promise.all([
      remotes.loadRemoteRoutes('booking'),
      remotes.loadRemoteRoutes('accounting'),
    ]);
    await remotes.loadRemoteRoutes('booking');
    expect(runtime.createFederationHost).toHaveBeenCalledTimes(1);
    expect(runtime.createFederationHost.mock.calls[0][0]).toEqual([
      expect.objectContaining({ name: 'tour-shell-remote-fallback' }),
    ]);
  });
});

// What the federation runtime throws (runtime-core utils/share.ts, strictVersion: true) when a
// remote built against React 18 meets the shell's React 19: the words measured in Chromium.
const SKEW = new Error(
  '[ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module ' +
    'react/jsx-runtime does not satisfy the requirement of booking which needs ^18.3.1)',
);
const SKEW_REASON =
  'несовместимая версия react/jsx-runtime: booking требует ^18.3.1, загружена 19.3.1 (от shell)';

/** Lets the report's request reach the fake server (axios runs its interceptors first). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a version skew', () => {
  const origin = {} as never;

  it("ends in the section's fallback through the errorLoadRemote plugin", async () => {
    const { remotes, runtime } = fresh();
    fetchMock.mockResolvedValue(jsonResponse(CONFIG));
    remotes.startRemotes(FALLBACK);
    // As the runtime does: the remote's loadShare throws under loadRemote, which asks the plugins
    // (lifecycle onLoad) and returns what they answer.
    runtime.loadRemote.mockImplementation(async (id: string) => {
      const [plugins] = runtime.createFederationHost.mock.calls[0] as [
        ReturnType<Remotes['createRemoteFallbackPlugin']>[],
      ];
      const failOver = await plugins[0]?.errorLoadRemote?.({
        id,
        error: SKEW,
        from: 'runtime',
        lifecycle: 'onLoad',
        origin,
      });
      if (!failOver) throw SKEW;
      return failOver;
    });
    await expect(remotes.loadRemoteRoutes('booking')).resolves.toBe(FALLBACK);
  });

  it('is reported with the library and both versions: in the console, and to the server once', async () => {
    const { remotes, server } = fresh();
    const plugin = remotes.createRemoteFallbackPlugin(FALLBACK);
    const failure = { id: 'booking/Routes', error: SKEW, from: 'runtime', lifecycle: 'onLoad' };
    expect(plugin.errorLoadRemote?.({ ...failure, origin } as never)).toBe(FALLBACK);
    expect(console.error).toHaveBeenCalledWith(
      '[shell] Раздел booking/Routes не загрузился: несовместимая версия react/jsx-runtime: ' +
        'booking требует ^18.3.1, загружена 19.3.1 (от shell)',
      SKEW,
    );
    await settle();
    expect(server.calls.map(({ method, url, data }) => ({ method, url, data }))).toEqual([
      {
        method: 'POST',
        url: '/client-errors',
        data: { section: 'booking', message: SKEW_REASON, url: 'http://localhost/' },
      },
    ]);

    // The retry fails the same way, and the error boundary sees it too: the console has each,
    // the server's log the section once for this page load.
    plugin.errorLoadRemote?.({ ...failure, origin } as never);
    remotes.reportRemoteError(
      'booking/Routes',
      new remotes.RemoteUnavailableError('booking', 'booking/Routes не загрузился', {
        cause: SKEW,
      }),
    );
    await settle();
    expect(console.error).toHaveBeenCalledTimes(3);
    expect(server.callsTo('POST /client-errors')).toHaveLength(1);
  });

  it('is reported per section: another failed section is reported too', async () => {
    const { remotes, server } = fresh();
    remotes.reportRemoteError('booking/Routes', SKEW);
    remotes.reportRemoteError(
      'reports/Routes',
      new remotes.RemoteUnavailableError('reports', 'reports/Routes не загрузился', {
        cause: new Error('ScriptNetworkError'),
      }),
    );
    await settle();
    expect(server.callsTo('POST /client-errors').map(({ data }) => data)).toEqual([
      { section: 'booking', message: SKEW_REASON, url: 'http://localhost/' },
      {
        section: 'reports',
        message: 'reports/Routes не загрузился: ScriptNetworkError',
        url: 'http://localhost/',
      },
    ]);
  });

  it('leaves failures that are not a section to the console (/remotes.json, a prefetch)', async () => {
    const { remotes, server } = fresh();
    remotes.reportRemoteError('/remotes.json', new TypeError('Failed to fetch'));
    remotes.reportRemoteError('booking: prefetchRoute', new Error('remote bug'));
    await settle();
    expect(console.error).toHaveBeenCalledWith(
      '[shell] Раздел /remotes.json не загрузился: Failed to fetch',
      expect.any(TypeError),
    );
    expect(server.calls).toEqual([]);
  });

  it.each([
    ['the server is down', () => Promise.reject(new Error('connect ECONNREFUSED'))],
    ['the server refuses it', () => ({ status: 500, body: { message: 'Server Error' } })],
    ['the session is gone', () => ({ status: 419, body: { message: 'CSRF token mismatch.' } })],
  ])('is dropped without a second error when %s', async (_when, reply) => {
    const { remotes, server } = fresh({ 'POST /client-errors': reply });
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const plugin = remotes.createRemoteFallbackPlugin(FALLBACK);
      expect(
        plugin.errorLoadRemote?.({
          id: 'agent/Routes',
          error: SKEW,
          from: 'runtime',
          lifecycle: 'onLoad',
          origin,
        }),
      ).toBe(FALLBACK);
      await settle();
      await settle();
      expect(server.callsTo('POST /client-errors')).toHaveLength(1);
      expect(console.error).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
