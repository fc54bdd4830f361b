import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, emitBalanceUpdated, movementTags, type Transaction } from '@tour/shared';
import { fakeApi, page, installFakeApi } from '@tour/shared/testing';
import { makeTestStore, renderRoute } from '../../../testing/render-route';
import type { WalletRow } from '../api/wallets-api';

installFakeApi();

beforeEach(() => {
  fakeApi.ok('GET /admin/balance/own-pending', []);
});

const NBSP = '\u00a0';

const usd: WalletRow = {
  id: 3,
  type: 'user',
  user_id: 2,
  name: 'Мой USD',
  currency: 'usd',
  balance: 1200,
  kind: null,
  user_name: 'Менеджер Ольга',
};
const kgs: WalletRow = { ...usd, id: 4, name: 'Мой KGS', currency: 'kgs', balance: 56000 };

const income: Transaction = {
  id: 90,
  wallet_id: 3,
  type: 'income',
  amount: 300,
  currency: 'usd',
  status: 'pending',
  target_wallet_id: null,
  target_amount: null,
  target_currency: null,
  rate: null,
  trip_id: null,
  booking_id: null,
  category: null,
  comment: 'Оплата от туриста',
  created_by: 2,
  confirmed_by: null,
  created_at: '2026-11-05T08:00:00.000Z',
  confirmed_at: null,
  wallet_name: 'Мой USD',
  target_wallet_name: null,
  created_by_name: 'Менеджер Ольга',
  confirmed_by_name: null,
  participant_id: null,
  reverses_id: null,
  reversed_by_id: null,
  rejection_reason: null,
  rate_date: null,
  wallet_owner_name: null,
  target_wallet_owner_name: null,
  trip: null,
  participant: null,
  booking: null,
  overpayment: false,
};

describe('balance-user', () => {
  it("lists the user's own operations awaiting confirmation below its wallets", async () => {
    fakeApi.ok('GET /admin/wallets/user', [usd]);
    fakeApi.ok('GET /admin/transactions/3', page([]));
    fakeApi.ok('GET /admin/balance/own-pending', [
      { ...income, id: 91, comment: 'Жду подтверждения бухгалтера' },
    ]);
    renderRoute('balance-user');

    const table = await screen.findByRole('table', {
      name: 'Мои операции, ожидающие подтверждения',
    });
    expect(await within(table).findByText('Жду подтверждения бухгалтера')).toBeInTheDocument();
    expect(within(table).getByText('Мой USD')).toBeInTheDocument();
  });

  it("shows the user's wallets and the first wallet's operations", async () => {
    fakeApi.ok('GET /admin/wallets/user', [usd, kgs]);
    fakeApi.ok('GET /admin/transactions/3', page([income]));
    renderRoute('balance-user');

    expect(screen.getByRole('heading', { name: 'Операции пользователя' })).toBeInTheDocument();
    // Named by what it shows (the name, the currency, the balance), nothing else.
    const usdCard = await screen.findByRole('button', { name: /^Мой USD/ });
    expect(usdCard).toHaveAttribute('aria-pressed', 'true');
    expect(usdCard).toHaveAccessibleName(expect.stringContaining(`$1${NBSP}200,00`));
    const kgsCard = screen.getByRole('button', { name: /^Мой KGS/ });
    expect(kgsCard).toHaveAttribute('aria-pressed', 'false');
    expect(kgsCard).toHaveAccessibleName(expect.stringContaining(`С56${NBSP}000,00`));
    expect(await screen.findByText('Оплата от туриста')).toBeInTheDocument();
  });

  it('puts the chosen wallet in the URL and shows its operations', async () => {
    fakeApi.ok('GET /admin/wallets/user', [usd, kgs]);
    fakeApi.ok('GET /admin/transactions/3', page([income]));
    fakeApi.ok('GET /admin/transactions/4', page([]));
    const view = renderRoute('balance-user', { url: '/admin/balance/user?page=2' });

    await userEvent.click(await screen.findByRole('button', { name: /^Мой KGS/ }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/user?wallet=4'));
    expect(
      await screen.findByText('Операций нет', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/transactions/4')[0]?.params).toEqual({ page: '1' });
  });

  it('reloads the wallets on the shared balance-updated event', async () => {
    let balance = 1200;
    fakeApi.on('GET /admin/wallets/user', () => ({
      status: 200,
      data: { code: 1, data: [{ ...usd, balance }] },
    }));
    fakeApi.ok('GET /admin/transactions/3', page([income]));
    renderRoute('balance-user');
    await screen.findByRole('button', { name: new RegExp(`^Мой USD.*1${NBSP}200,00$`) });

    balance = 1500;
    act(() => emitBalanceUpdated());
    const card = await screen.findByRole('button', {
      name: new RegExp(`^Мой USD.*1${NBSP}500,00$`),
    });
    expect(card.textContent).toContain(`$1${NBSP}500,00`);
    expect(fakeApi.requests('GET /admin/wallets/user')).toHaveLength(2);
  });

  it('shows a movement recorded elsewhere when it is opened again, not the cached page', async () => {
    // The shell records a payment into this wallet while the page is closed (its data still
    // cached): the payment's mutation invalidates the movement's tags in the one API slice.
    let operations: Transaction[] = [];
    fakeApi.ok('GET /admin/wallets/user', [usd]);
    fakeApi.on('GET /admin/transactions/3', () => ({
      status: 200,
      data: { code: 1, data: page(operations) },
    }));
    const store = makeTestStore();
    const first = renderRoute('balance-user', { store });
    await screen.findByRole('button', { name: /^Мой USD/ });
    expect(await screen.findByText('Операций нет')).toBeInTheDocument();
    first.unmount();

    operations = [income];
    act(() => {
      store.dispatch(api.util.invalidateTags(movementTags({ walletIds: [3], ownerIds: [2] })));
    });
    renderRoute('balance-user', { store });
    expect(await screen.findByText('Оплата от туриста')).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/transactions/3')).toHaveLength(2);
  });

  it('asks nothing on a balance-updated event while the page is closed', async () => {
    fakeApi.ok('GET /admin/wallets/user', [usd]);
    fakeApi.ok('GET /admin/transactions/3', page([]));
    const view = renderRoute('balance-user');
    await screen.findByRole('button', { name: /^Мой USD/ });
    view.unmount();
    act(() => emitBalanceUpdated());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeApi.requests('GET /admin/wallets/user')).toHaveLength(1);
  });

  it('ignores wallets whose reply code is not 1, and offers a retry after an error', async () => {
    fakeApi.on('GET /admin/wallets/user', { status: 200, data: { code: 0, data: [usd] } });
    const first = renderRoute('balance-user');
    expect(
      await screen.findByText('У вас нет кошельков', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();
    first.unmount();

    fakeApi.on('GET /admin/wallets/user', { status: 500, data: undefined });
    renderRoute('balance-user');
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    fakeApi.ok('GET /admin/wallets/user', [usd]);
    fakeApi.ok('GET /admin/transactions/3', page([]));
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: /^Мой USD/ })).toBeInTheDocument();
  });
});
