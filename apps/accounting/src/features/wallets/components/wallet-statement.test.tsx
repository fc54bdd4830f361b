import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dayjs } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { StatementLine, WalletDetail, WalletStatement } from '../api/wallets-api';
import { statementPeriod } from './wallet-statement';

installFakeApi();

const NBSP = '\u00a0';

const wallet: WalletDetail = {
  id: 7,
  type: 'user',
  user_id: 5,
  name: 'Депозит (сом)',
  currency: 'kgs',
  balance: 1300,
  kind: null,
  user_name: 'Иванова Анна',
  has_operations: true,
};

function line(overrides: Partial<StatementLine>): StatementLine {
  return {
    id: 1,
    confirmed_at: '2026-10-05T06:00:00.000Z',
    type: 'income',
    direction: 'in',
    effect: 0,
    balance: 0,
    counterpart_wallet_id: null,
    counterpart_wallet_name: null,
    category: null,
    comment: null,
    trip: null,
    participant: null,
    booking: null,
    ...overrides,
  };
}

// Figures as a server would send them; the screen must show exactly these, adding nothing.
const statement: WalletStatement = {
  wallet_id: 7,
  currency: 'kgs',
  from: '2026-10-01',
  to: '2026-10-31',
  opening_balance: 1000,
  total_in: 1375,
  total_out: 300,
  closing_balance: 2075,
  movements: page([
    line({
      id: 11,
      effect: 500,
      balance: 1500,
      comment: 'Оплата тура',
      trip: { id: 17, title: 'Осенний Киото', starts_on: '2026-11-01', ends_on: '2026-11-08' },
      participant: { id: 5, user_id: 41, full_name: 'Петров Пётр' },
    }),
    line({
      id: 12,
      type: 'outcome',
      direction: 'out',
      effect: -200,
      balance: 1300,
      category: 'Прочее',
      comment: 'Гиду',
      trip: { id: 17, title: 'Осенний Киото', starts_on: '2026-11-01', ends_on: '2026-11-08' },
      booking: {
        id: 40,
        kind: 'guide',
        title: 'Гид по Киото',
        supplier_id: 3,
        supplier_name: 'Kyoto Guides',
      },
    }),
    line({
      id: 13,
      type: 'transfer',
      direction: 'in',
      effect: 875,
      balance: 2075,
      counterpart_wallet_id: 21,
      counterpart_wallet_name: 'Банк USD',
      comment: 'Из банка',
    }),
  ]),
};

const STATEMENT_URL = '/admin/balance/wallets/7?tab=statement&from=2026-10-01&to=2026-10-31';
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const textOf = (element: HTMLElement) => element.textContent ?? '';

beforeEach(() => {
  fakeApi.ok('GET /admin/wallet/7', wallet);
  fakeApi.ok('GET /admin/transactions/7', page([]));
});

describe('the statement of balance-wallet', () => {
  it('shows the server’s opening, movements with running balances, totals and closing', async () => {
    fakeApi.ok('GET /admin/wallet/7/statement', statement);
    renderRoute('balance-wallet', { url: STATEMENT_URL });

    const figures = await screen.findByLabelText('Итоги выписки');
    expect(textOf(figures)).toContain(`Входящий остаток на 01.10.2026С1${NBSP}000,00`);
    expect(textOf(figures)).toContain(`ПоступленияС1${NBSP}375,00`);
    expect(textOf(figures)).toContain('СписанияС300,00');
    expect(textOf(figures)).toContain(`Исходящий остаток на 31.10.2026С2${NBSP}075,00`);

    const income = await rowOf('Оплата тура');
    expect(textOf(income)).toContain('+ Пополнение');
    expect(textOf(income)).toContain('+С500,00');
    expect(textOf(income)).toContain(`С1${NBSP}500,00`);
    expect(textOf(income)).toMatch(/05\.10\.2026 \d\d:\d\d/);
    // What it is for, as the XLSX's «Назначение»: the trip with its dates and the tourist.
    expect(within(income).getByRole('link', { name: 'Осенний Киото' })).toHaveAttribute(
      'href',
      '/admin/trip/17/summary',
    );
    expect(textOf(income)).toContain('01.11.2026–08.11.2026');
    expect(within(income).getByRole('link', { name: 'Петров Пётр' })).toHaveAttribute(
      'href',
      '/admin/user/41/edit',
    );

    const outcome = await rowOf('Прочее: Гиду');
    expect(textOf(outcome)).toContain('- Снятие');
    expect(textOf(outcome)).toContain('-С200,00');
    expect(textOf(outcome)).toContain(`С1${NBSP}300,00`);
    expect(textOf(outcome)).toContain('Бронь: Гид по Киото — Kyoto Guides');

    const transfer = await rowOf('Из банка');
    expect(textOf(transfer)).toContain('⇆ Перевод');
    expect(textOf(transfer)).toContain('+С875,00');
    expect(textOf(transfer)).toContain(`С2${NBSP}075,00`);
    expect(within(transfer).getByRole('link', { name: 'Банк USD' })).toHaveAttribute(
      'href',
      '/admin/balance/wallets/21',
    );

    expect(fakeApi.requests('GET /admin/wallet/7/statement').map((r) => r.params)).toEqual([
      { from: '2026-10-01', to: '2026-10-31', page: '1' },
    ]);
    expect(screen.getByRole('button', { name: 'Экспорт в XLSX' })).toBeInTheDocument();
    // The period picker shows the days as DD.MM.YYYY.
    expect(screen.getByDisplayValue('01.10.2026')).toBeInTheDocument();
    expect(screen.getByDisplayValue('31.10.2026')).toBeInTheDocument();
  });

  it('asks for the next page of a long period', async () => {
    fakeApi.on('GET /admin/wallet/7/statement', ({ params }) => ({
      status: 200,
      data: {
        code: 1,
        data: {
          ...statement,
          movements: page(
            [line({ id: 100 + Number(params.page), effect: 1, balance: 1, comment: 'Строка' })],
            { current: Number(params.page), perPage: 100, total: 250 },
          ),
        },
      },
    }));
    renderRoute('balance-wallet', { url: STATEMENT_URL });
    await screen.findByText('Строка');
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(fakeApi.requests('GET /admin/wallet/7/statement').at(-1)?.params).toEqual({
        from: '2026-10-01',
        to: '2026-10-31',
        page: '3',
      }),
    );
    expect(await screen.findByText('103')).toBeInTheDocument();
  });

  it('downloads the XLSX of the same period', async () => {
    fakeApi.ok('GET /admin/wallet/7/statement', statement);
    fakeApi.on('GET /admin/wallet/7/statement/export', { status: 500, data: undefined });
    renderRoute('balance-wallet', { url: STATEMENT_URL });
    await userEvent.click(await screen.findByRole('button', { name: 'Экспорт в XLSX' }));
    await waitFor(() =>
      expect(fakeApi.requests('GET /admin/wallet/7/statement/export').map((r) => r.params)).toEqual(
        [{ from: '2026-10-01', to: '2026-10-31' }],
      ),
    );
    expect(
      await screen.findByText('Не удалось выгрузить файл. Попробуйте ещё раз.'),
    ).toBeInTheDocument();
  });

  it('says when a period has no movements, and when the statement fails', async () => {
    fakeApi.ok('GET /admin/wallet/7/statement', { ...statement, movements: page([]) });
    renderRoute('balance-wallet', { url: STATEMENT_URL });
    expect(
      await screen.findByText('За период движений нет', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();

    fakeApi.on('GET /admin/wallet/7/statement', { status: 502, data: undefined });
    renderRoute('balance-wallet', {
      url: '/admin/balance/wallets/7?tab=statement&from=2026-09-01&to=2026-09-30',
    });
    expect(await screen.findByText('Не удалось загрузить выписку')).toBeInTheDocument();
  });
});

describe('statementPeriod', () => {
  it('is the current month by default', () => {
    const now = dayjs('2026-11-15T10:00:00');
    expect(statementPeriod(new URLSearchParams(), now)).toEqual(['2026-11-01', '2026-11-30']);
    expect(statementPeriod(new URLSearchParams('from=2026-11-05'), now)).toEqual([
      '2026-11-01',
      '2026-11-30',
    ]);
    expect(statementPeriod(new URLSearchParams('from=x&to=y'), dayjs('2026-02-03'))).toEqual([
      '2026-02-01',
      '2026-02-28',
    ]);
  });

  it('takes the URL’s days, swapped when the start is later than the end', () => {
    expect(statementPeriod(new URLSearchParams('from=2026-10-31&to=2026-10-01'))).toEqual([
      '2026-10-01',
      '2026-10-31',
    ]);
  });
});
