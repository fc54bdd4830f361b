import { screen } from '@testing-library/react';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { makeTestStore, renderRoute } from '../../testing/render-route';
import type { WalletRow } from './api/wallets-api';
import { prefetchWalletRoute } from './route-data';

installFakeApi();

// The shell's route loader calls prefetchWalletRoute as a navigation begins. Each case proves the
// request goes out before the page exists, and that the page then finds that very data: the
// same endpoint and arguments as its hooks, so it asks the server nothing more.

const wallet: WalletRow = {
  id: 7,
  type: 'user',
  user_id: 5,
  name: 'Наличные USD',
  currency: 'usd',
  balance: 10,
  kind: null,
  user_name: 'Иванова Анна',
};

function prefetch(
  store: ReturnType<typeof makeTestStore>,
  routeName: Parameters<typeof prefetchWalletRoute>[0]['routeName'],
  url: string,
  params: Record<string, string> = {},
) {
  return prefetchWalletRoute({
    routeName,
    params,
    search: new URL(url, 'http://localhost').searchParams,
    dispatch: store.dispatch,
  });
}

describe('prefetchWalletRoute', () => {
  it('loads the wallet list with the page and filters of the URL, once for the page too', async () => {
    fakeApi.ok('GET /admin/wallets-pagination', page([wallet], { current: 2, total: 21 }));
    fakeApi.ok('GET /admin/users', page([]));
    fakeApi.ok('GET /admin/wallet/7', wallet);
    const store = makeTestStore();
    const url = '/admin/balance/wallets?page=2&user=5&wallet=7';
    await prefetch(store, 'balance-wallets', url);
    expect(fakeApi.requests('GET /admin/wallets-pagination').map((r) => r.params)).toEqual([
      { page: '2', user: '5', wallet: '7' },
    ]);

    renderRoute('balance-wallets', { url, store });
    expect(await screen.findByText('Наличные USD')).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/wallets-pagination')).toHaveLength(1);
  });

  it('loads a wallet and the page of its operations', async () => {
    fakeApi.ok('GET /admin/wallet/7', wallet);
    fakeApi.ok('GET /admin/transactions/7', page([], { current: 3, total: 41 }));
    const store = makeTestStore();
    const url = '/admin/balance/wallets/7?page=3';
    await prefetch(store, 'balance-wallet', url, { id: '7' });
    expect(fakeApi.requests('GET /admin/wallet/7')).toHaveLength(1);
    expect(fakeApi.requests('GET /admin/transactions/7').map((r) => r.params)).toEqual([
      { page: '3' },
    ]);

    renderRoute('balance-wallet', { url, store });
    expect(await screen.findByText('Иванова Анна')).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/wallet/7')).toHaveLength(1);
    expect(fakeApi.requests('GET /admin/transactions/7')).toHaveLength(1);
  });

  it('loads the wallet of its form', async () => {
    fakeApi.ok('GET /admin/wallet/7', { ...wallet, has_operations: false });
    const store = makeTestStore();
    const url = '/admin/balance/wallet/7/edit';
    await prefetch(store, 'balance-wallet-edit', url, { id: '7' });
    expect(fakeApi.requests('GET /admin/wallet/7')).toHaveLength(1);

    renderRoute('balance-wallet-edit', { url, store });
    expect(await screen.findByLabelText('Название')).toHaveValue('Наличные USD');
    expect(fakeApi.requests('GET /admin/wallet/7')).toHaveLength(1);
  });

  it("loads the user's own wallets", async () => {
    fakeApi.ok('GET /admin/wallets/user', [wallet]);
    fakeApi.ok('GET /admin/transactions/7', page([]));
    const store = makeTestStore();
    await prefetch(store, 'balance-user', '/admin/balance/user');
    expect(fakeApi.requests('GET /admin/wallets/user')).toHaveLength(1);
    renderRoute('balance-user', { store });
    expect(await screen.findByRole('button', { name: /^Наличные USD/ })).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/wallets/user')).toHaveLength(1);
  });

  it('asks nothing for the company tab, a wallet id that is no id, or another page', () => {
    const store = makeTestStore();
    expect(prefetch(store, 'balance-wallets', '/admin/balance/wallets?tab=site')).toBeUndefined();
    expect(
      prefetch(store, 'balance-wallet', '/admin/balance/wallets/x', { id: 'x' }),
    ).toBeUndefined();
    expect(
      prefetch(store, 'balance-wallet-create', '/admin/balance/wallets/create'),
    ).toBeUndefined();
    expect(fakeApi.requests('GET /admin/wallets-pagination')).toEqual([]);
    expect(fakeApi.requests('GET /admin/wallet/x')).toEqual([]);
  });
});
