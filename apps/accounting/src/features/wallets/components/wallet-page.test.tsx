import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dayjs, type Transaction } from '@tour/shared';
import { fakeApi, page, installFakeApi } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { WalletRow } from '../api/wallets-api';

installFakeApi();

const NBSP = '\u00a0';

const wallet: WalletRow = {
  id: 7,
  type: 'user',
  user_id: 5,
  name: 'Наличные USD',
  currency: 'usd',
  balance: 10500.5,
  kind: null,
  user_name: 'Иванова Анна',
};

function transaction(overrides: Partial<Transaction>): Transaction {
  return {
    id: 1,
    wallet_id: 7,
    type: 'income',
    amount: 100,
    currency: 'usd',
    status: 'confirmed',
    target_wallet_id: null,
    target_amount: null,
    target_currency: null,
    rate: null,
    trip_id: null,
    booking_id: null,
    category: null,
    comment: null,
    created_by: 2,
    confirmed_by: 3,
    created_at: '2026-11-03T09:15:00.000Z',
    confirmed_at: '2026-11-03T10:00:00.000Z',
    wallet_name: 'Наличные USD',
    target_wallet_name: null,
    created_by_name: 'Менеджер Ольга',
    confirmed_by_name: 'Бухгалтер Нина',
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
    ...overrides,
  };
}

const operations: Transaction[] = [
  transaction({ id: 11, type: 'income', amount: 1500, comment: 'Оплата тура в Японию' }),
  transaction({
    id: 12,
    type: 'outcome',
    amount: 200.25,
    status: 'pending',
    confirmed_by: null,
    confirmed_by_name: null,
    confirmed_at: null,
    comment: 'Аванс гиду',
  }),
  transaction({
    id: 13,
    type: 'transfer',
    amount: 1000,
    status: 'rejected',
    target_wallet_id: 21,
    target_wallet_name: 'Касса KGS',
    target_amount: 87450,
    target_currency: 'kgs',
    rate: 87.45,
    rate_date: '2026-11-02',
    comment: 'В кассу',
  }),
  transaction({
    id: 14,
    type: 'transfer',
    wallet_id: 30,
    wallet_name: 'Евро Анны',
    amount: 50,
    currency: 'eur',
    target_wallet_id: 7,
    target_wallet_name: 'Наличные USD',
    target_amount: 54.1,
    target_currency: 'usd',
    rate: 1.082,
    comment: 'Из евро',
  }),
];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const textOf = (element: HTMLElement) => element.textContent ?? '';

describe('balance-wallet', () => {
  it('shows the wallet and its operations with type labels, signs, amounts and statuses', async () => {
    fakeApi.ok('GET /admin/wallet/7', wallet);
    fakeApi.ok('GET /admin/transactions/7', page(operations));
    renderRoute('balance-wallet', { url: '/admin/balance/wallets/7' });

    expect(screen.getByRole('heading', { name: 'Кошелек' })).toBeInTheDocument();
    expect(await screen.findByText('Иванова Анна')).toBeInTheDocument();
    expect(screen.getByText('Доллар США (USD)')).toBeInTheDocument();
    expect(textOf(screen.getByText('Баланс').closest('table') as HTMLElement)).toContain(
      `$10${NBSP}500,50`,
    );

    const income = await rowOf('Оплата тура в Японию');
    expect(textOf(income)).toContain('+ Пополнение');
    expect(textOf(income)).toContain(`$1${NBSP}500,00`);
    expect(within(income).getByText('Подтверждена')).toBeInTheDocument();
    expect(textOf(income)).toContain(dayjs('2026-11-03T09:15:00.000Z').format('DD.MM.YYYY HH:mm'));
    expect(textOf(income)).toMatch(/03\.11\.2026 \d\d:\d\d/);
    expect(textOf(income)).toContain('Менеджер Ольга');
    expect(textOf(income)).toContain('Подтвердил: Бухгалтер Нина');

    const outcome = await rowOf('Аванс гиду');
    expect(textOf(outcome)).toContain('- Снятие');
    expect(textOf(outcome)).toContain('$200,25');
    expect(within(outcome).getByText('Ожидает подтверждения')).toBeInTheDocument();

    const transfer = await rowOf('В кассу');
    expect(textOf(transfer)).toContain('⇆ Перевод');
    expect(within(transfer).getByText('Отклонена')).toBeInTheDocument();
    expect(within(transfer).getByRole('link', { name: 'Касса KGS' })).toHaveAttribute(
      'href',
      '/admin/balance/wallets/21',
    );
    expect(textOf(transfer)).toContain(`зачислено С87${NBSP}450,00`);
    expect(textOf(transfer)).toContain(`курс 1${NBSP}$ = 87,45${NBSP}С на 02.11.2026`);

    const incoming = await rowOf('Из евро');
    expect(textOf(incoming)).toContain('€50,00');
    expect(within(incoming).getByRole('link', { name: 'Евро Анны' })).toHaveAttribute(
      'href',
      '/admin/balance/wallets/30',
    );
    expect(textOf(incoming)).toContain(`зачислено $54,10, курс 1${NBSP}€ = 1,082${NBSP}$`);
  });

  it('keeps the operations page in the URL', async () => {
    fakeApi.ok('GET /admin/wallet/7', wallet);
    fakeApi.on('GET /admin/transactions/7', ({ params }) => ({
      status: 200,
      data: { code: 1, data: page(operations, { current: Number(params.page), total: 45 }) },
    }));
    const view = renderRoute('balance-wallet', { url: '/admin/balance/wallets/7?page=2' });

    await screen.findByText('Оплата тура в Японию');
    expect(fakeApi.requests('GET /admin/transactions/7')[0]?.params).toEqual({ page: '2' });
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/7?page=3'));
    await waitFor(() =>
      expect(fakeApi.requests('GET /admin/transactions/7').at(-1)?.params).toEqual({ page: '3' }),
    );
  });

  it('says so when the wallet does not exist or is not readable', async () => {
    fakeApi.on('GET /admin/wallet/7', { status: 404, data: { code: 0, message: 'Not Found' } });
    renderRoute('balance-wallet', { url: '/admin/balance/wallets/7' });
    expect(
      await screen.findByText('Кошелек не найден', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/transactions/7')).toHaveLength(0);
  });

  it('says what a company wallet is: a cash desk or a bank account', async () => {
    fakeApi.ok('GET /admin/wallet/9', {
      ...wallet,
      id: 9,
      type: 'site',
      user_id: null,
      user_name: null,
      name: 'Касса USD',
      kind: 'cash',
    });
    fakeApi.ok('GET /admin/transactions/9', page([]));
    renderRoute('balance-wallet', { url: '/admin/balance/wallets/9' });
    const kind = await screen.findByText('Вид');
    expect(kind.closest('tr')).toHaveTextContent('ВидКасса');
    expect(screen.getByText('Компания')).toBeInTheDocument();
  });

  it('ignores a wallet whose reply code is not 1', async () => {
    fakeApi.on('GET /admin/wallet/7', { status: 200, data: { code: 0, data: wallet } });
    renderRoute('balance-wallet', { url: '/admin/balance/wallets/7' });
    expect(
      await screen.findByText('Кошелек не найден', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Иванова Анна')).not.toBeInTheDocument();
  });

  it('shows an empty operations list, and an error with retry when the operations fail', async () => {
    fakeApi.ok('GET /admin/wallet/7', wallet);
    fakeApi.on('GET /admin/transactions/7', { status: 502, data: undefined });
    renderRoute('balance-wallet', { url: '/admin/balance/wallets/7' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить данные');
    fakeApi.ok('GET /admin/transactions/7', page([]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(
      await screen.findByText('Операций нет', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();
  });
});

describe('balance-wallet: its form and its history', () => {
  it('opens the wallet’s form with "Изменить"', async () => {
    fakeApi.ok('GET /admin/wallet/7', { ...wallet, has_operations: true });
    fakeApi.ok('GET /admin/transactions/7', page([]));
    const view = renderRoute('balance-wallet', { url: '/admin/balance/wallets/7' });
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallet/7/edit'));
  });

  it('shows who changed which field in the "История" tab, values by their names', async () => {
    fakeApi.ok('GET /admin/wallet/7', { ...wallet, has_operations: false });
    fakeApi.ok('GET /admin/transactions/7', page([]));
    fakeApi.ok(
      'GET /admin/wallet/7/history',
      page([
        {
          id: 2,
          entity_type: 'wallet',
          entity_id: 7,
          action: 'updated',
          changes: [
            { field: 'name', old: 'Депозит', new: 'Наличные USD' },
            { field: 'currency', old: 'kgs', new: 'usd' },
            { field: 'kind', old: 'cash', new: 'bank' },
          ],
          user_id: 3,
          user_name: 'Бухгалтер Нина',
          created_at: '2026-11-04T08:00:00.000Z',
        },
        {
          id: 1,
          entity_type: 'wallet',
          entity_id: 7,
          action: 'created',
          changes: [
            { field: 'type', old: null, new: 'user' },
            { field: 'user_id', old: null, new: 5, new_name: 'Иванова Анна' },
          ],
          user_id: 3,
          user_name: 'Бухгалтер Нина',
          created_at: '2026-11-03T08:00:00.000Z',
        },
      ]),
    );
    const view = renderRoute('balance-wallet', { url: '/admin/balance/wallets/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'История' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/7?tab=history'));

    const updated = await rowOf('Изменение');
    expect(textOf(updated)).toContain('Бухгалтер Нина');
    expect(textOf(updated)).toContain('Название: Депозит → Наличные USD');
    expect(textOf(updated)).toContain('Валюта: Сом → Доллар США');
    expect(textOf(updated)).toContain('Вид: Касса → Банковский счёт');
    const created = await rowOf('Создание');
    expect(textOf(created)).toContain('Тип: — → Кошелёк пользователя');
    expect(textOf(created)).toContain('Владелец: — → Иванова Анна');
    expect(fakeApi.requests('GET /admin/wallet/7/history').map((r) => r.params)).toEqual([
      { page: '1' },
    ]);
  });
});
