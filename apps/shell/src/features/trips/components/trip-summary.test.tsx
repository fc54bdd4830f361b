import { screen, waitFor, within } from '@testing-library/react';
import type { Trip, TripSummary } from '@tour/shared';
import type { FakeReply, FakeRequest } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const SUMMARY = 'GET /admin/trip/5/summary';
const PAYMENTS = 'POST /admin/trip/5/participant/71/payments';
const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });

const trip: Trip = {
  id: 5,
  title: 'Золотое кольцо Японии',
  prepared_tour_id: null,
  prepared_tour_title: null,
  country: 'Япония',
  starts_on: '2026-09-01',
  ends_on: '2026-09-10',
  status: 'confirmed',
  price: 1500,
  currency: 'usd',
  seats: 10,
  seats_taken: 2,
  manager_id: 7,
  manager_name: 'Айгуль Токтогулова',
  itinerary: [],
  notes: null,
  debt: 300,
  debt_missing_rates: false,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};

// Written by hand: Петрова owes 1300 - 1000 = 300 with 300 awaiting confirmation; Сидоров paid
// 1600 of 1500, overpaid by 100.
const summary: TripSummary = {
  trip,
  participants: [
    {
      participant_id: 70,
      user_id: 40,
      full_name: 'Петрова Анна',
      status: 'confirmed',
      price: 1500,
      due: 1300,
      paid: 1000,
      expected: 300,
      debt: 300,
      missing_rate: false,
    },
    {
      participant_id: 71,
      user_id: 41,
      full_name: 'Сидоров Пётр',
      status: 'booked',
      price: 1500,
      due: 1500,
      paid: 1600,
      expected: 0,
      debt: -100,
      missing_rate: false,
    },
  ],
  totals: { due: 2800, paid: 2600, expected: 300, debt: 300, overpaid: 100 },
  in_currency: null,
  readiness: [
    {
      participant_id: 71,
      user_id: 41,
      full_name: 'Сидоров Пётр',
      passport_expires_at: '2027-01-15',
      problems: ['passport_expires'],
    },
  ],
  missing_rates: false,
};

const inKgs = (request: FakeRequest): FakeReply => {
  const { currency } = (request.params ?? {}) as { currency?: string };
  if (currency === 'kgs') {
    return ok({
      ...summary,
      in_currency: {
        currency: 'kgs',
        rate: 87.45,
        rate_date: '2026-05-03',
        totals: { due: 244860, paid: 227370, expected: 26235, debt: 26235, overpaid: 8745 },
        missing_rate: false,
      },
    });
  }
  if (currency === 'jpy') {
    return ok({
      ...summary,
      in_currency: {
        currency: 'jpy',
        rate: null,
        rate_date: null,
        totals: null,
        missing_rate: true,
      },
    });
  }
  return ok(summary);
};

/** The participant's row of the money table (the readiness card links the name too). */
const rowOf = (name: string) =>
  screen
    .getAllByRole('link', { name })
    .map((link) => link.closest('tr'))
    .find(Boolean) as HTMLElement;

describe('trip-summary', () => {
  it('shows due, paid, expected and debt (overpaid apart), readiness and totals in another currency', async () => {
    const { user, api, router } = renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['admin']), [SUMMARY]: inKgs },
    });

    await screen.findByRole('link', { name: 'Петрова Анна' });
    expect(screen.getByText('01.09.2026 – 10.09.2026')).toBeInTheDocument();
    expect(screen.getByText('занято 2 из 10')).toBeInTheDocument();

    const petrova = rowOf('Петрова Анна');
    expect(within(petrova).getByText('$1 300,00')).toBeInTheDocument();
    expect(within(petrova).getByText('$1 000,00')).toBeInTheDocument();
    expect(within(petrova).getAllByText('$300,00')).toHaveLength(2);
    const sidorov = rowOf('Сидоров Пётр');
    expect(within(sidorov).getByText('$1 600,00')).toBeInTheDocument();
    expect(within(sidorov).getByText('Переплата $100,00')).toBeInTheDocument();

    const totals = screen.getByText('Итого').closest('tr') as HTMLElement;
    expect(within(totals).getByText('$2 800,00')).toBeInTheDocument();
    expect(within(totals).getByText('$2 600,00')).toBeInTheDocument();
    expect(within(totals).getAllByText('$300,00')).toHaveLength(2);
    expect(within(totals).getByText('Переплата $100,00')).toBeInTheDocument();

    const readiness = screen.getByText('Готовность').closest('.ant-card') as HTMLElement;
    expect(
      within(readiness).getByText(
        'Паспорт действует до 15.01.2027: меньше 6 месяцев после окончания тура',
      ),
    ).toBeInTheDocument();
    expect(within(readiness).getByRole('link', { name: 'Сидоров Пётр' })).toHaveAttribute(
      'href',
      '/admin/user/41/edit',
    );
    expect(within(readiness).queryByText('Петрова Анна')).not.toBeInTheDocument();
    expect(screen.getByText('Бронирования')).toBeInTheDocument();
    expect(screen.getByText('Прибыль')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Итоги в валюте'));
    await user.click(await screen.findByText('Сом (KGS)', { selector: '.ant-select-item *' }));
    expect(await screen.findByText('по курсу 87,45 на 03.05.2026')).toBeInTheDocument();
    expect(screen.getByText('С244 860,00')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?currency=kgs');
    expect(api.callsTo(SUMMARY).at(-1)?.params).toEqual({ currency: 'kgs' });

    await user.click(screen.getByLabelText('Итоги в валюте'));
    await user.click(await screen.findByText('Иена (JPY)', { selector: '.ant-select-item *' }));
    expect(
      await screen.findByText('Нет курса USD → JPY: итоги в JPY не посчитаны'),
    ).toBeInTheDocument();
  });

  it('adds a payment for a participant with a fresh key per opening', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['admin']),
        [SUMMARY]: inKgs,
        [PAYMENTS]: ok({ id: 900, wallet_id: 12, target_wallet_id: null }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Добавить платёж: Сидоров Пётр' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Сумма'), '1 500,50');
    await user.type(within(dialog).getByLabelText('Комментарий'), 'Доплата');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    expect(await screen.findByText('Платёж добавлен и ожидает подтверждения')).toBeVisible();
    const [first] = api.callsTo(PAYMENTS);
    expect(first?.data).toEqual({ currency: 'usd', amount: '1500.50', comment: 'Доплата' });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The summary reloads: the payment now counts as expected.
    await waitFor(() => expect(api.callsTo(SUMMARY)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Добавить платёж: Сидоров Пётр' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('Сумма'), '10');
    await user.click(within(again).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(api.callsTo(PAYMENTS)).toHaveLength(2));
    expect(api.callsTo(PAYMENTS)[1]?.headers['idempotency-key']).not.toBe(
      first?.headers['idempotency-key'],
    );
  });

  it('offers no payment without add_payment', async () => {
    renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['reservation_agent']), [SUMMARY]: inKgs },
    });
    await screen.findByRole('link', { name: 'Петрова Анна' });
    expect(screen.queryByRole('button', { name: /Добавить платёж/ })).not.toBeInTheDocument();
  });
});
