import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, movementTags, userSavedTags } from '@tour/shared';
import { fakeApi, page, installFakeApi } from '@tour/shared/testing';
import { makeTestStore, renderRoute } from '../../../testing/render-route';
import type { WalletRow } from '../api/wallets-api';

installFakeApi();

const NBSP = '\u00a0';

const wallets: WalletRow[] = [
  {
    id: 7,
    type: 'user',
    user_id: 5,
    name: 'Наличные USD',
    currency: 'usd',
    balance: -1234567.891,
    kind: null,
    user_name: 'Иванова Анна',
  },
  {
    id: 9,
    type: 'user',
    user_id: 5,
    name: 'Сомы',
    currency: 'kgs',
    balance: 0,
    kind: null,
    user_name: 'Иванова Анна',
  },
];

const siteWallet: WalletRow = {
  id: 1,
  type: 'site',
  user_id: null,
  name: 'Касса офиса',
  currency: 'jpy',
  balance: 250000,
  kind: 'bank',
  user_name: null,
};

const anna = { id: 5, full_name: 'Иванова Анна', email: 'anna@example.com', phone: null };
const petr = { id: 8, full_name: 'Петров Пётр', email: null, phone: '+996700000008' };

const WALLETS = 'GET /admin/wallets-pagination';

async function rowOf(name: string) {
  const cell = await screen.findByText(name);
  return cell.closest('tr') as HTMLElement;
}

/** The row's text as it is: the text matchers turn no-break spaces into plain ones. */
const textOf = (element: HTMLElement) => element.textContent ?? '';

/** Text outside the SVG titles of antd's pictures. */
const shown = { ignore: 'script, style, title' };

describe('balance-wallets', () => {
  it('lists the wallets with owner, currency and formatted balance, each linked to its page', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    renderRoute('balance-wallets');

    expect(screen.getByRole('heading', { name: 'Кошельки' })).toBeInTheDocument();
    const row = await rowOf('Наличные USD');
    expect(textOf(row)).toContain(`-$1${NBSP}234${NBSP}567,89`);
    expect(within(row).getByRole('link', { name: 'Наличные USD' })).toHaveAttribute(
      'href',
      '/admin/balance/wallets/7',
    );
    expect(within(row).getByText('Иванова Анна')).toBeInTheDocument();
    expect(within(row).getByText('Доллар США (USD)')).toBeInTheDocument();
    expect(textOf(await rowOf('Сомы'))).toContain('С0,00');
    expect(fakeApi.requests(WALLETS)[0]?.params).toEqual({ page: '1' });
  });

  it('links to the rates page, which has no sidebar entry', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    renderRoute('balance-wallets');
    await screen.findByText('Наличные USD');
    expect(screen.getByRole('link', { name: 'Курсы валют' })).toHaveAttribute(
      'href',
      '/admin/balance/rates',
    );
  });

  it('treats a reply whose code is not 1 as empty', async () => {
    fakeApi.on(WALLETS, { status: 200, data: { code: 0, data: page(wallets) } });
    renderRoute('balance-wallets');

    expect(await screen.findByText('Нет данных', shown)).toBeInTheDocument();
    expect(screen.queryByText('Наличные USD')).not.toBeInTheDocument();
  });

  it('shows a Russian error with a retry button, and retries', async () => {
    fakeApi.on(WALLETS, { status: 500, data: { code: 0, message: 'Internal Server Error' } });
    renderRoute('balance-wallets');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить данные');
    expect(alert).not.toHaveTextContent('Internal Server Error');

    fakeApi.ok(WALLETS, page(wallets));
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Наличные USD' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the filters and the page from the URL and keeps the page there', async () => {
    fakeApi.on(WALLETS, ({ params }) => ({
      status: 200,
      data: { code: 1, data: page(wallets, { current: Number(params.page), total: 65 }) },
    }));
    fakeApi.on('GET /admin/users', ({ params }) => ({
      status: 200,
      data: { code: 1, data: page(params.id === '5' ? [anna] : []) },
    }));
    const view = renderRoute('balance-wallets', { url: '/admin/balance/wallets?user=5&page=2' });

    await screen.findByText('Наличные USD');
    expect(fakeApi.requests(WALLETS)[0]?.params).toEqual({ page: '2', user: '5' });
    // The owner filter names the user of the URL.
    expect(await screen.findByText('Иванова Анна (anna@example.com)')).toBeInTheDocument();

    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets?user=5&page=3'));
    await waitFor(() =>
      expect(fakeApi.requests(WALLETS).at(-1)?.params).toEqual({ page: '3', user: '5' }),
    );

    await userEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets?user=5'));
  });

  it('searches users on the server and puts the chosen one in the URL, back on page 1', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    fakeApi.on('GET /admin/users', ({ params }) => ({
      status: 200,
      data: { code: 1, data: page(params.search === 'Петр' ? [petr] : [anna, petr]) },
    }));
    const view = renderRoute('balance-wallets', { url: '/admin/balance/wallets?page=4' });
    await screen.findByText('Наличные USD');

    const picker = screen.getByRole('combobox', { name: 'Пользователь' });
    await userEvent.click(picker);
    await userEvent.type(picker, 'Петр');
    await waitFor(() =>
      expect(fakeApi.requests('GET /admin/users').at(-1)?.params).toEqual({
        search: 'Петр',
        per_page: '20',
      }),
    );
    await userEvent.click(await screen.findByText('Петров Пётр (+996700000008)'));

    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets?user=8'));
    await waitFor(() =>
      expect(fakeApi.requests(WALLETS).at(-1)?.params).toEqual({ page: '1', user: '8' }),
    );
  });

  it('filters by a wallet chosen from the list of wallets', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    fakeApi.ok('GET /admin/wallets', [...wallets, siteWallet]);
    fakeApi.ok('GET /admin/wallet/9', wallets[1]);
    const view = renderRoute('balance-wallets');
    await screen.findByText('Наличные USD');
    expect(fakeApi.requests('GET /admin/wallets')).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Кошелек' }));
    await userEvent.click(await screen.findByText('Сомы · KGS · Иванова Анна'));

    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets?wallet=9'));
    await waitFor(() =>
      expect(fakeApi.requests(WALLETS).at(-1)?.params).toEqual({ page: '1', wallet: '9' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets'));
  });

  it('shows the company wallets in their own tab only with allow_site_wallets', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    fakeApi.ok('GET /admin/wallets/site', [siteWallet]);
    const view = renderRoute('balance-wallets', {
      permissions: ['accounting_section', 'allow_site_wallets'],
    });
    await screen.findByText('Наличные USD');

    await userEvent.click(screen.getByRole('tab', { name: 'Кошельки компании' }));
    const row = await rowOf('Касса офиса');
    expect(within(row).getByText('Компания')).toBeInTheDocument();
    expect(within(row).getByText('Банковский счёт')).toBeInTheDocument();
    expect(textOf(row)).toContain(`¥250${NBSP}000,00`);
    expect(view.location()).toBe('/admin/balance/wallets?tab=site');
  });

  it('has no company tab without allow_site_wallets', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    renderRoute('balance-wallets', { url: '/admin/balance/wallets?tab=site' });
    await screen.findByText('Наличные USD');
    expect(screen.queryByRole('tab', { name: 'Кошельки компании' })).not.toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/wallets/site')).toHaveLength(0);
  });

  it('reloads the list when a movement anywhere invalidates its wallets', async () => {
    fakeApi.ok(WALLETS, page(wallets));
    const store = makeTestStore();
    renderRoute('balance-wallets', { store });
    await screen.findByText('Наличные USD');
    act(() => {
      store.dispatch(api.util.invalidateTags(movementTags({ walletIds: [7] })));
    });
    await waitFor(() => expect(fakeApi.requests(WALLETS)).toHaveLength(2));
  });

  it("reloads the list when a wallet owner's record is saved (its name shows here)", async () => {
    fakeApi.ok(WALLETS, page(wallets));
    const store = makeTestStore();
    renderRoute('balance-wallets', { store });
    await screen.findByText('Наличные USD');
    act(() => {
      store.dispatch(api.util.invalidateTags(userSavedTags(5)));
    });
    await waitFor(() => expect(fakeApi.requests(WALLETS)).toHaveLength(2));
    act(() => {
      store.dispatch(api.util.invalidateTags(userSavedTags(6)));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeApi.requests(WALLETS)).toHaveLength(2);
  });
});
