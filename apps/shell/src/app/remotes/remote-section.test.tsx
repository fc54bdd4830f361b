import { act, screen, waitFor } from '@testing-library/react';
import type { RemoteRoutesModule, RoutePrefetchRequest, SectionRoutesProps } from '@tour/shared';
import { loadRemoteRoutes, RemoteUnavailableError } from '../../lib/remotes';
import { signedInRoutes } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { REMOTE_FALLBACK_MODULE } from './remote-fallback';

jest.mock('../../lib/remotes', () => ({
  ...jest.requireActual('../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const loadRemote = jest.mocked(loadRemoteRoutes);

function WalletsStub({ routeName }: SectionRoutesProps) {
  return <h2>Раздел бухгалтерии: {routeName}</h2>;
}

let failRender = true;
function ThrowingStub({ routeName }: SectionRoutesProps) {
  if (failRender) throw new Error('remote bug');
  return <h2>Починено: {routeName}</h2>;
}

beforeEach(() => {
  loadRemote.mockReset();
  failRender = true;
  // Expected failures are reported to the console; keep the output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.mocked(console.error).mockRestore();
});

async function openWallets() {
  const app = renderApp({ path: '/admin/balance/wallets', api: signedInRoutes(['admin']) });
  await screen.findByText('Раздел временно недоступен');
  return app;
}

describe('a remote that fails', () => {
  it('shows the fallback in the content area only, and retries', async () => {
    loadRemote
      .mockRejectedValueOnce(new RemoteUnavailableError('accounting', 'network error'))
      .mockResolvedValueOnce({ default: WalletsStub });
    const { user } = await openWallets();
    // The top bar and the sidebar are still there.
    expect(screen.getByText('Айгуль Токтогулова')).toBeInTheDocument();
    expect(screen.getByText('Кошельки', { selector: 'a' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);

    await user.click(screen.getByText('Повторить'));
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Раздел временно недоступен')).not.toBeInTheDocument();
  });

  it('shows the fallback the errorLoadRemote plugin answers with, and retries', async () => {
    loadRemote
      .mockResolvedValueOnce(REMOTE_FALLBACK_MODULE)
      .mockResolvedValueOnce({ default: WalletsStub });
    const { user } = await openWallets();
    expect(screen.queryByTestId('section-release')).not.toBeInTheDocument();
    await user.click(screen.getByText('Повторить'));
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenNthCalledWith(2, 'accounting');
  });

  it('keeps every other section working', async () => {
    loadRemote.mockImplementation(async (app) => {
      if (app === 'accounting') throw new RemoteUnavailableError(app, 'server down');
      return { default: ({ routeName }: SectionRoutesProps) => <h2>Отчёт: {routeName}</h2> };
    });
    const { user, router } = await openWallets();
    await user.click(screen.getByText('Заявки', { selector: 'a' }));
    expect(await screen.findByText('Заявки', { selector: 'h2' })).toBeInTheDocument();
    await user.click(screen.getByText('Свод по туру', { selector: 'a' }));
    expect(await screen.findByText('Отчёт: report-tour')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/report/tour');
  });

  it('catches a throw while the remote renders, and retries', async () => {
    loadRemote.mockResolvedValue({ default: ThrowingStub });
    const { user } = await openWallets();
    expect(screen.getByText('Айгуль Токтогулова')).toBeInTheDocument();
    failRender = false;
    await user.click(screen.getByText('Повторить'));
    expect(await screen.findByText('Починено: balance-wallets')).toBeInTheDocument();
  });

  it('forgets a render failure when the user moves to another page of the remote', async () => {
    loadRemote.mockResolvedValue({ default: ThrowingStub });
    const { router } = await openWallets();
    failRender = false;
    await act(() => router.navigate('/admin/balance/waitings'));
    expect(await screen.findByText('Починено: balance-waitings')).toBeInTheDocument();
  });

  it('reports the failure', async () => {
    loadRemote.mockRejectedValueOnce(new RemoteUnavailableError('accounting', 'bad manifest'));
    await openWallets();
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        expect.stringContaining('accounting/Routes'),
        expect.any(RemoteUnavailableError),
      ),
    );
  });
});

describe('a remote that loads', () => {
  it('is loaded once, when a route of it is first rendered', async () => {
    loadRemote.mockResolvedValue({ default: WalletsStub });
    const { router } = renderApp({ path: '/admin/users', api: signedInRoutes(['admin']) });
    await screen.findByText('Пользователи', { selector: 'h2' });
    expect(loadRemote).not.toHaveBeenCalled();
    await act(() => router.navigate('/admin/balance/wallets'));
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    await act(() => router.navigate('/admin/balance/wallets/3'));
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallet')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });
});

describe("a remote's release", () => {
  it('shows under the page, with the section and the release to read', async () => {
    loadRemote.mockResolvedValue({ default: WalletsStub, release: '2.4.1' });
    renderApp({ path: '/admin/balance/wallets', api: signedInRoutes(['admin']) });
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    const line = screen.getByTestId('section-release');
    expect(line).toHaveTextContent('Раздел «Бухгалтерия» · версия 2.4.1');
    expect(line).toHaveAttribute('data-release', '2.4.1');
    // Below the page, and not on paper.
    expect(screen.getByRole('heading', { name: 'Раздел бухгалтерии: balance-wallets' })).toBe(
      line.previousElementSibling,
    );
    expect(line).toHaveClass('tour-print-hidden');
  });

  it('shows once the page of a remote that was still loading renders (a retry)', async () => {
    let finish!: (module: RemoteRoutesModule) => void;
    loadRemote
      .mockRejectedValueOnce(new RemoteUnavailableError('accounting', 'network error'))
      .mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const { user } = await openWallets();
    // The retry renders the section before its load ends: a lazy component, which suspends.
    await user.click(screen.getByText('Повторить'));
    expect(screen.queryByTestId('section-release')).not.toBeInTheDocument();
    await act(async () => finish({ default: WalletsStub, release: '2026.03.1' }));
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    expect(screen.getByTestId('section-release')).toHaveTextContent(
      'Раздел «Бухгалтерия» · версия 2026.03.1',
    );
  });

  it("is not shown for a remote built without one, nor on the shell's own pages", async () => {
    loadRemote.mockResolvedValue({ default: WalletsStub });
    const { router } = renderApp({
      path: '/admin/balance/wallets',
      api: signedInRoutes(['admin']),
    });
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    expect(screen.queryByTestId('section-release')).not.toBeInTheDocument();
    await act(() => router.navigate('/admin/users'));
    expect(await screen.findByText('Пользователи', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.queryByTestId('section-release')).not.toBeInTheDocument();
  });

  it('goes with the page when the remote fails to render', async () => {
    loadRemote.mockResolvedValue({ default: ThrowingStub, release: '2.4.1' });
    await openWallets();
    expect(screen.queryByTestId('section-release')).not.toBeInTheDocument();
  });
});

describe("a remote route's data", () => {
  it('starts before the page renders, with the route, its params, query and the store', async () => {
    let pageShownAtPrefetch: boolean | null = null;
    const prefetchRoute = jest.fn(() => {
      pageShownAtPrefetch = screen.queryByText('Раздел бухгалтерии: balance-wallet') !== null;
      // Data that never comes: the page renders all the same, with its own loading state.
      return new Promise<void>(() => undefined);
    });
    loadRemote.mockResolvedValue({ default: WalletsStub, prefetchRoute });
    const { store } = renderApp({
      path: '/admin/balance/wallets/7?page=3',
      api: signedInRoutes(['admin']),
    });
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallet')).toBeInTheDocument();
    expect(prefetchRoute).toHaveBeenCalledTimes(1);
    expect(pageShownAtPrefetch).toBe(false);
    const [request] = prefetchRoute.mock.calls[0] as unknown as [RoutePrefetchRequest];
    expect(request.routeName).toBe('balance-wallet');
    expect(request.params).toEqual({ id: '7' });
    expect(request.search.toString()).toBe('page=3');
    expect(request.dispatch).toBe(store.dispatch);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('remote bug');
      },
    ],
    ['rejects', () => Promise.reject(new Error('remote bug'))],
  ])('reports a prefetch that %s, and the page loads its own data', async (_how, prefetchRoute) => {
    loadRemote.mockResolvedValue({ default: WalletsStub, prefetchRoute });
    renderApp({ path: '/admin/balance/wallets', api: signedInRoutes(['admin']) });
    expect(await screen.findByText('Раздел бухгалтерии: balance-wallets')).toBeInTheDocument();
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        expect.stringContaining('prefetchRoute'),
        expect.any(Error),
      ),
    );
  });
});
