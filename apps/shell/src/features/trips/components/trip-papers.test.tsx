import { screen, waitFor, within } from '@testing-library/react';
import type { Trip, TripPapers } from '@tour/shared';
import type { FakeReply } from '../../../testing/fake-api';
import type { TripSummaryData } from '../api/trips-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

// The papers of a trip's summary (issue 32): «Счёт» in each participant's row, a receipt for each
// confirmed payment, «Счёт агенту» for each agent whose tourists are on the trip.

const NBSP = '\u00a0';
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
  seats_taken: 3,
  flights: 'round_trip',
  manager_id: 7,
  manager_name: 'Айгуль Токтогулова',
  itinerary: [],
  notes: null,
  debt: 500,
  debt_missing_rates: false,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};

const row = (participant_id: number, full_name: string, status: 'confirmed' | 'cancelled') => ({
  participant_id,
  user_id: participant_id + 100,
  full_name,
  status,
  price: 1500,
  due: status === 'cancelled' ? 0 : 1500,
  paid: 0,
  expected: 0,
  debt: 0,
  missing_rate: false,
});

const summary: TripSummaryData = {
  trip,
  participants: [
    row(70, 'Петрова Анна', 'confirmed'),
    row(71, 'Сидоров Пётр', 'confirmed'),
    row(72, 'Отменённая Участница', 'cancelled'),
  ],
  totals: { due: 3000, paid: 0, expected: 0, debt: 0, overpaid: 0 },
  in_currency: null,
  readiness: [],
  missing_rates: false,
  bookings: [],
  costs: { total: 0, profit: 0, missing_rate: false },
};

const papers: TripPapers = {
  receipts: [
    {
      transaction_id: 901,
      participant_id: 70,
      amount: 300,
      currency: 'usd',
      confirmed_on: '2026-05-03',
      kind: 'cash_order',
    },
    {
      transaction_id: 902,
      participant_id: 71,
      amount: 17500,
      currency: 'kgs',
      confirmed_on: '2026-05-04',
      kind: 'bank_confirmation',
    },
    {
      transaction_id: 903,
      participant_id: 71,
      amount: 100,
      currency: 'usd',
      confirmed_on: '2026-05-05',
      kind: 'cash_order',
    },
  ],
  agents: [{ agent_id: 30, full_name: 'Агентство Ала-Тоо', tourists: 2 }],
};

const docx = (name: string): FakeReply => ({
  status: 200,
  body: new Blob(['PK']),
  headers: { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
});

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

let saved: string[] = [];
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;

beforeEach(() => {
  saved = [];
  URL.createObjectURL = () => 'blob:paper';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
  jest.restoreAllMocks();
});

describe('the papers of a trip summary', () => {
  it('downloads a participant’s invoice and receipts and an agent’s invoice', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['accountant']),
        'GET /admin/trip/5/summary': ok(summary),
        'GET /admin/trip/5/papers': ok(papers),
        'GET /admin/trip/5/participant/70/invoice': docx('Счёт № 7 - Петрова Анна.docx'),
        'GET /admin/transaction/901/receipt': docx('Приходный кассовый ордер № 3.docx'),
        'GET /admin/transaction/903/receipt': docx('Приходный кассовый ордер № 4.docx'),
        // A file's refusal arrives as a Blob (responseType 'blob'), as the browser gets it.
        'GET /admin/trip/5/agent/30/invoice': {
          status: 404,
          body: new Blob([
            JSON.stringify({ code: 0, message: 'Среди участников тура нет туристов этого агента' }),
          ]),
        },
      },
    });

    await screen.findByRole('link', { name: 'Петрова Анна' });
    const petrova = rowOf('Петрова Анна');
    await user.click(await within(petrova).findByRole('button', { name: 'Счёт' }));
    await waitFor(() => expect(saved).toEqual(['Счёт № 7 - Петрова Анна.docx']));
    await user.click(within(petrova).getByRole('button', { name: 'Квитанция' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('Приходный кассовый ордер № 3.docx');

    // Two payments: their receipts in a dialog, each named by its kind, amount and day.
    const sidorov = rowOf('Сидоров Пётр');
    expect(within(sidorov).getByRole('button', { name: 'Счёт' })).toBeInTheDocument();
    await user.click(within(sidorov).getByRole('button', { name: 'Квитанции: Сидоров Пётр' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('button', {
        name: `Подтверждение оплаты: С17${NBSP}500,00 от 04.05.2026`,
      }),
    ).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Приходный кассовый ордер: $100,00 от 05.05.2026',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).toBe('Приходный кассовый ордер № 4.docx');

    // A cancelled participation is invoiced no more.
    const cancelled = rowOf('Отменённая Участница');
    expect(within(cancelled).queryByRole('button', { name: 'Счёт' })).not.toBeInTheDocument();

    // The agent's invoice; a refusal is said in Russian.
    await user.click(screen.getByRole('button', { name: 'Счёт агенту: Агентство Ала-Тоо' }));
    expect(
      await screen.findByText('Среди участников тура нет туристов этого агента'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /admin/trip/5/agent/30/invoice')).toHaveLength(1);
  });
});
