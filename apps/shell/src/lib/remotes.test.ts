import type { RemoteRoutesModule } from '@tour/shared';

// The federation runtime loads lazily with federation-host.ts; here it is a host of mocks.
jest.mock('./federation-host', () => {
  const host = { loadRemote: jest.fn(), registerRemotes: jest.fn() };
  return { host, createFederationHost: jest.fn(() => host) };
});

type Remotes = typeof import('./remotes');
type Runtime = {
  createFederationHost: jest.Mock;
  loadRemote: jest.Mock;
  registerRemotes: jest.Mock;
};

/** A fresh copy of the module (its state: the config, the host, the failed remotes) and the mocks. */
function fresh(): { remotes: Remotes; runtime: Runtime } {
  let remotes!: Remotes;
  jest.isolateModules(() => {
    remotes = jest.requireActual<Remotes>('./remotes');
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
  return { remotes, runtime };
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
