import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { CategoryMonthTotal } from '../api/operations-api';
import { operation, rowOf } from '../testing/operations';

installFakeApi();

const SUMMARY = 'GET /admin/balance/admin-summary';
const OPERATIONS = 'GET /admin/balance/operations';
const PERMISSIONS = ['accounting_section', 'administrative_transactions', 'add_payment'] as const;

const totals: CategoryMonthTotal[] = [
  { category: 'Аренда', currency: 'kgs', count: 1, income: 0, outcome: 95000 },
  { category: 'Банковские комиссии', currency: 'usd', count: 2, income: 3, outcome: 12.5 },
];

beforeEach(() => {
  fakeApi.ok(SUMMARY, totals);
  fakeApi.ok(OPERATIONS, {
    ...page([
      operation({ id: 41, type: 'outcome', category: 'Аренда', comment: 'Аренда офиса за ноябрь' }),
    ]),
    totals: [],
  });
  fakeApi.ok('GET /admin/balance/categories', []);
  fakeApi.ok('GET /admin/wallets', []);
});

describe('balance-admin-operations', () => {
  it("shows the month's totals per category as the server sent them, and its operations", async () => {
    renderRoute('balance-admin-operations', {
      url: '/admin/balance/admin-operations?month=2026-11',
      permissions: [...PERMISSIONS],
    });

    const table = await screen.findByRole('table', { name: 'Итоги месяца по категориям' });
    const rent = rowOf(await within(table).findByText('Аренда'));
    // Testing Library reads the no-break space of the formatter as a space.
    expect(within(rent).getByText('С95 000,00')).toBeInTheDocument();
    const fees = rowOf(within(table).getByText('Банковские комиссии'));
    expect(within(fees).getByText('$12,50')).toBeInTheDocument();
    expect(within(fees).getByText('$3,00')).toBeInTheDocument();
    expect(await screen.findByText('Аренда офиса за ноябрь')).toBeInTheDocument();

    expect(fakeApi.requests(SUMMARY)[0]!.params).toEqual({ month: '2026-11' });
    // The month's administrative operations: the first to the last day of November.
    expect(fakeApi.requests(OPERATIONS)[0]!.params).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      administrative: 'true',
      page: '1',
    });
    expect(screen.getByRole('button', { name: 'Новая операция' })).toBeInTheDocument();
  });

  it('adds a category and shows the server’s refusal under the field', async () => {
    fakeApi.on('POST /admin/balance/categories', ({ data }) =>
      (data as { name: string }).name === 'Аренда'
        ? {
            status: 422,
            data: { code: 0, message: 'Ошибка', errors: { name: ['Такая категория уже есть'] } },
          }
        : { status: 200, data: { code: 1, data: { name: 'Связь', builtin: false } } },
    );
    renderRoute('balance-admin-operations', {
      url: '/admin/balance/admin-operations?month=2026-11',
      permissions: [...PERMISSIONS],
    });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Новая категория');
    await user.type(field, 'Аренда');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Такая категория уже есть')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Связь');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fakeApi.requests('POST /admin/balance/categories')).toHaveLength(2));
    expect(await screen.findByText('Категория «Связь» добавлена')).toBeInTheDocument();
  });
});
