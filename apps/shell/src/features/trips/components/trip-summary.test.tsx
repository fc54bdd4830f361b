import { screen, waitFor, within } from '@testing-library/react';
import type { Trip } from '@tour/shared';
import { deferredReply, type FakeReply, type FakeRequest } from '../../../testing/fake-api';
import type { TripSummaryData } from '../api/trips-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const SUMMARY = 'GET /admin/trip/5/summary';
const NBSP = '\u00a0';
/** Петрова's payments (she owes $300) and Сидоров's (overpaid already). */
const PAYMENTS = 'POST /admin/trip/5/participant/70/payments';
const OVERPAID = 'POST /admin/trip/5/participant/71/payments';
const ARRIVAL = 'GET /admin/balance/payment-wallets';
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
  flights: 'round_trip',
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
// 1600 of 1500, overpaid by 100. Петрова has no ticket, no insurance and no hotel for the last two
// nights (the Kyoto hotel ends on 08.09, the trip on 10.09).
// The bookings, in the server's order (by start day): the Tokyo hotel ¥150 000 at 0.0067 on
// 31.08 is $1 005,00; the ticket is in dollars already; the cancelled insurance's penalty С1 000
// at 0.01144 is $11,44; the Kyoto hotel has no rate. Costs 1005 + 1200 + 11.44 = $2 216,44
// (Kyoto left out), profit 2600 - 2216.44 = $383,56.
const summary: TripSummaryData = {
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
      nights_missing: 0,
    },
    {
      participant_id: 70,
      user_id: 40,
      full_name: 'Петрова Анна',
      passport_expires_at: '2030-03-01',
      problems: ['return_flight_missing', 'insurance_missing', 'hotel_missing'],
      nights_missing: 2,
    },
  ],
  missing_rates: false,
  bookings: [
    {
      id: 320,
      kind: 'health_insurance',
      title: 'Полис ВЗР на группу',
      supplier_name: 'Кыргызстан Иншуранс',
      starts_on: '2026-08-31',
      ends_on: '2026-09-10',
      status: 'cancelled',
      currency: 'kgs',
      amount_due: 1000,
      paid: 0,
      debt: 1000,
      payment_state: 'unpaid',
      converted: 11.44,
      rate: 0.01144,
      rate_date: '2026-08-31',
      missing_rate: false,
    },
    {
      id: 301,
      kind: 'hotel',
      title: 'Hotel Gracery Shinjuku',
      supplier_name: 'Fujita Kanko',
      starts_on: '2026-09-01',
      ends_on: '2026-09-05',
      status: 'confirmed',
      currency: 'jpy',
      amount_due: 150000,
      paid: 50000,
      debt: 100000,
      payment_state: 'partly_paid',
      converted: 1005,
      rate: 0.0067,
      rate_date: '2026-08-31',
      missing_rate: false,
    },
    {
      id: 310,
      kind: 'air_ticket',
      title: 'Бишкек — Токио, TK 345',
      supplier_name: 'Turkish Airlines',
      starts_on: '2026-09-01',
      ends_on: '2026-09-01',
      status: 'requested',
      currency: 'usd',
      amount_due: 1200,
      paid: 1200,
      debt: 0,
      payment_state: 'paid',
      converted: 1200,
      rate: 1,
      rate_date: null,
      missing_rate: false,
    },
    {
      id: 302,
      kind: 'hotel',
      title: 'Kyoto Tower Hotel',
      supplier_name: 'Keihan Hotels',
      starts_on: '2026-09-05',
      ends_on: '2026-09-08',
      status: 'requested',
      currency: 'jpy',
      amount_due: 90000,
      paid: 0,
      debt: 90000,
      payment_state: 'unpaid',
      converted: null,
      rate: null,
      rate_date: null,
      missing_rate: true,
    },
  ],
  costs: { total: 2216.44, profit: 383.56, missing_rate: true },
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
  if (currency === 'eur') {
    // The exact cross rate through the som, 87.45 / 95.05 dollars a euro, as the server sends it.
    return ok({
      ...summary,
      in_currency: {
        currency: 'eur',
        rate: 0.9200420831141505,
        rate_date: '2026-05-03',
        totals: { due: 2576.12, paid: 2392.11, expected: 276.02, debt: 276.02, overpaid: 92.01 },
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

/** The bookings card. */
const bookingsCard = () => screen.getByText('Бронирования').closest('.ant-card') as HTMLElement;

/** A booking's row, found by its title within its kind's group. */
const bookingRow = (group: HTMLElement, title: string) =>
  within(group).getByText(title).closest('tr') as HTMLElement;

/** The company's cash desks and accounts by currency: two in dollars, one in som, none in euros. */
const arrivalWallets = (request: FakeRequest): FakeReply => {
  const { currency } = request.params as { currency: string };
  const wallets: Record<string, unknown[]> = {
    usd: [
      { id: 12, name: 'Касса USD', currency: 'usd', kind: 'cash' },
      { id: 14, name: 'Расчётный счёт USD', currency: 'usd', kind: 'bank' },
    ],
    kgs: [{ id: 11, name: 'Касса (сом)', currency: 'kgs', kind: 'cash' }],
  };
  return ok(wallets[currency] ?? []);
};

type User = ReturnType<typeof renderApp>['user'];

async function openPayment(user: User, name: string): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: `Добавить платёж: ${name}` }));
  // The modal's title names it in a browser; jsdom's ids (useId) do not resolve it here.
  return screen.findByRole('dialog');
}

/** What a select of the dialog shows as chosen. */
function shownValue(dialog: HTMLElement, label: string): string | null {
  const select = within(dialog).getByRole('combobox', { name: label }).closest('.ant-select');
  return select?.querySelector('.ant-select-content')?.getAttribute('title') ?? null;
}

/** The options of the open select, as shown. */
async function optionTexts(): Promise<string[]> {
  const options = await screen.findAllByText(/./, {
    selector:
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content',
  });
  return options.map((option) => option.textContent ?? '');
}

async function pick(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item *' }));
}

describe('trip-summary', () => {
  it('shows due, paid, expected and debt (overpaid apart), readiness and totals in another currency', async () => {
    const { user, api, router } = renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['admin']), [SUMMARY]: inKgs },
    });

    await screen.findAllByRole('link', { name: 'Петрова Анна' });
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

    await user.click(screen.getByLabelText('Итоги в валюте'));
    await user.click(await screen.findByText('Сом (KGS)', { selector: '.ant-select-item *' }));
    // The rate as a bank prints it (the text matchers read its no-break spaces as plain ones).
    const kgsRate = await screen.findByText('по курсу 1 $ = 87,45 С на 03.05.2026');
    expect(kgsRate.textContent).toBe(`по курсу 1${NBSP}$ = 87,45${NBSP}С на 03.05.2026`);
    expect(screen.getByText('С244 860,00')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?currency=kgs');
    expect(api.callsTo(SUMMARY).at(-1)?.params).toEqual({ currency: 'kgs' });

    // A cross rate's exact fraction: the euro in dollars, not 0,9200420831141505.
    await user.click(screen.getByLabelText('Итоги в валюте'));
    await user.click(await screen.findByText('Евро (EUR)', { selector: '.ant-select-item *' }));
    expect(await screen.findByText('по курсу 1 € = 1,08691 $ на 03.05.2026')).toBeInTheDocument();
    expect(screen.queryByText(/0,92/)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Итоги в валюте'));
    await user.click(await screen.findByText('Иена (JPY)', { selector: '.ant-select-item *' }));
    expect(
      await screen.findByText('Нет курса USD → JPY: итоги в JPY не посчитаны'),
    ).toBeInTheDocument();
  });

  it('lists what each participant lacks: documents, air ticket, insurance, hotel nights', async () => {
    renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['admin']), [SUMMARY]: inKgs },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });

    const petrova = screen.getByTestId('readiness-40');
    expect(within(petrova).getByRole('link', { name: 'Петрова Анна' })).toHaveAttribute(
      'href',
      '/admin/user/40/edit',
    );
    expect(
      within(petrova)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Нет авиабилета обратно', 'Нет страховки', 'Ночи без отеля: 2']);
    const sidorov = screen.getByTestId('readiness-41');
    expect(
      within(sidorov)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Паспорт действует до 15.01.2027: меньше 6 месяцев после окончания тура']);
  });

  it('lists the bookings by kind with their cost converted at its rate, the costs and the profit', async () => {
    renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['admin']), [SUMMARY]: inKgs },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });

    const card = bookingsCard();
    // Grouped in the kinds' order, whatever the server's order; kinds without bookings left out.
    expect(
      within(card)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Отели', 'Авиабилеты', 'Мед. страховка']);
    const hotels = within(card).getByRole('region', { name: 'Отели' });
    const tickets = within(card).getByRole('region', { name: 'Авиабилеты' });
    const insurance = within(card).getByRole('region', { name: 'Мед. страховка' });
    expect(within(hotels).queryByText('Бишкек — Токио, TK 345')).not.toBeInTheDocument();
    expect(within(tickets).queryByText('Hotel Gracery Shinjuku')).not.toBeInTheDocument();

    const tokyo = bookingRow(hotels, 'Hotel Gracery Shinjuku');
    expect(within(tokyo).getByText('Fujita Kanko')).toBeInTheDocument();
    expect(within(tokyo).getByText('01.09.2026 – 05.09.2026')).toBeInTheDocument();
    expect(within(tokyo).getByText('Подтверждено')).toBeInTheDocument();
    expect(within(tokyo).getByText('¥150 000,00')).toBeInTheDocument();
    expect(within(tokyo).getByText('$1 005,00')).toBeInTheDocument();
    // ¥150 000 at 0,0067 dollars a yen: the dollar in yen, 1 / 0,0067 = 149,2537…
    expect(within(tokyo).getByText('по курсу 1 $ = 149,254 ¥ на 31.08.2026')).toBeInTheDocument();
    expect(within(tokyo).getByText('¥50 000,00')).toBeInTheDocument();
    expect(within(tokyo).getByText('¥100 000,00')).toBeInTheDocument();
    expect(within(tokyo).getByText('Частично оплачено')).toBeInTheDocument();

    const kyoto = bookingRow(hotels, 'Kyoto Tower Hotel');
    expect(within(kyoto).getByText('05.09.2026 – 08.09.2026')).toBeInTheDocument();
    expect(within(kyoto).getByText('Запрошено')).toBeInTheDocument();
    expect(within(kyoto).getByText('¥90 000,00', { selector: 'td' })).toBeInTheDocument();
    expect(within(kyoto).getByText('нет курса')).toBeVisible();
    expect(within(kyoto).queryByText(/по курсу/)).not.toBeInTheDocument();
    expect(within(kyoto).getByText('Не оплачено')).toBeInTheDocument();

    // In the trip's own currency: the same amount, no rate to show.
    const ticket = bookingRow(tickets, 'Бишкек — Токио, TK 345');
    expect(within(ticket).getByText('Turkish Airlines')).toBeInTheDocument();
    expect(within(ticket).getByText('01.09.2026')).toBeInTheDocument();
    expect(within(ticket).getAllByText('$1 200,00')).toHaveLength(3);
    expect(within(ticket).getByText('$0,00')).toBeInTheDocument();
    expect(within(ticket).queryByText(/по курсу/)).not.toBeInTheDocument();
    expect(within(ticket).getByText('Оплачено')).toBeInTheDocument();

    // Cancelled: its penalty is its cost.
    const policy = bookingRow(insurance, 'Полис ВЗР на группу');
    expect(within(policy).getByText('31.08.2026 – 10.09.2026')).toBeInTheDocument();
    expect(within(policy).getByText('Отменено')).toBeInTheDocument();
    expect(within(policy).getByText('штраф')).toBeInTheDocument();
    expect(within(policy).getAllByText('С1 000,00')).toHaveLength(2);
    expect(within(policy).getByText('$11,44')).toBeInTheDocument();
    // 0,01144 dollars a som: the dollar in som, 1 / 0,01144 = 87,41258…
    expect(within(policy).getByText('по курсу 1 $ = 87,4126 С на 31.08.2026')).toBeInTheDocument();

    const costs = screen.getByText('Расходы и прибыль').closest('.ant-card') as HTMLElement;
    const line = (label: string) => within(costs).getByText(label).closest('tr') as HTMLElement;
    expect(within(line('Оплачено участниками')).getByText('$2 600,00')).toBeInTheDocument();
    expect(within(line('Расходы')).getByText('$2 216,44')).toBeInTheDocument();
    expect(within(line('Прибыль')).getByText('$383,56')).toBeInTheDocument();
    expect(
      within(costs).getByText(
        'Для части бронирований нет курса на день начала услуги: они не вошли в расходы и прибыль',
      ),
    ).toBeVisible();
  });

  it('shows a loss in red and no rate warning when every cost is converted; no bookings said so', async () => {
    renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['admin']),
        [SUMMARY]: ok({
          ...summary,
          bookings: [],
          costs: { total: 3000, profit: -400, missing_rate: false },
        }),
      },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });

    expect(within(bookingsCard()).getByText('Бронирований пока нет')).toBeInTheDocument();
    const costs = screen.getByText('Расходы и прибыль').closest('.ant-card') as HTMLElement;
    expect(within(costs).getByText('$3 000,00')).toBeInTheDocument();
    expect(within(costs).getByText('-$400,00')).toHaveClass('ant-typography-danger');
    expect(within(costs).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links each booking to its month view and offers a new one of each kind with booking_section', async () => {
    const { user } = renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['reservation_agent']), [SUMMARY]: inKgs },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });

    const card = bookingsCard();
    // Each opens in the month of its own first day, in the drawer.
    expect(within(card).getByRole('link', { name: 'Hotel Gracery Shinjuku' })).toHaveAttribute(
      'href',
      '/admin/booking/09-2026/hotels?edit=301',
    );
    expect(within(card).getByRole('link', { name: 'Kyoto Tower Hotel' })).toHaveAttribute(
      'href',
      '/admin/booking/09-2026/hotels?edit=302',
    );
    expect(within(card).getByRole('link', { name: 'Бишкек — Токио, TK 345' })).toHaveAttribute(
      'href',
      '/admin/booking/09-2026/air-tickets?edit=310',
    );
    expect(within(card).getByRole('link', { name: 'Полис ВЗР на группу' })).toHaveAttribute(
      'href',
      '/admin/booking/08-2026/health-insurance?edit=320',
    );

    await user.click(within(card).getByRole('button', { name: 'Добавить бронирование' }));
    // The sidebar is a menu too: this one is the dropdown's.
    const menu = (
      await screen.findByText('Прочие расходы', { selector: '.ant-dropdown-menu a' })
    ).closest('[role="menu"]') as HTMLElement;
    const entries = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    // New bookings open in the month the trip starts, tied to the trip.
    expect(entries).toEqual([
      ['Отели', '/admin/booking/09-2026/hotels?trip_id=5&new=1'],
      ['Авиабилеты', '/admin/booking/09-2026/air-tickets?trip_id=5&new=1'],
      ['Мед. страховка', '/admin/booking/09-2026/health-insurance?trip_id=5&new=1'],
      ['Трансфер', '/admin/booking/09-2026/transfer?trip_id=5&new=1'],
      ['Гид/Сопровождение', '/admin/booking/09-2026/guide?trip_id=5&new=1'],
      ['Входные билеты', '/admin/booking/09-2026/activities?trip_id=5&new=1'],
      ['Прочие расходы', '/admin/booking/09-2026/tour-expenses?trip_id=5&new=1'],
    ]);
  });

  it('starts a booking from a line of the trip’s costing, marking the lines already booked', async () => {
    const line = {
      supplier_id: 21,
      meal_plan: null,
      room_type: null,
      rooms: null,
      quantity: 1,
      unit_price: null,
      converted: null,
    };
    const { user } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['reservation_agent']),
        [SUMMARY]: inKgs,
        'GET /admin/trip/5/costing-lines': ok({
          costing: {
            id: 3,
            version: 2,
            title: 'Осень',
            currency: 'usd',
            rate_date: '2026-08-20',
            applied: true,
            applied_group_size: 4,
            occupancy: 'double',
          },
          group_size: 2,
          currency: 'usd',
          lines: [
            {
              ...line,
              index: 1,
              kind: 'hotel',
              label: 'Hotel Gracery Shinjuku, Стандарт, BB',
              supplier_name: 'Gracery Hotels',
              service: 'Стандарт',
              meal_plan: 'BB',
              room_type: 'DBL',
              rooms: 1,
              starts_on: '2026-09-01',
              ends_on: '2026-09-05',
              currency: 'usd',
              cost: 720,
              booked: true,
            },
            {
              ...line,
              index: 2,
              kind: 'guide',
              label: 'Гиды Токио, Гид, русский язык',
              supplier_name: 'Гиды Токио',
              service: 'Гид, русский язык',
              starts_on: '2026-09-02',
              ends_on: '2026-09-04',
              quantity: 3,
              unit_price: 20000,
              currency: 'jpy',
              cost: 60000,
              booked: false,
            },
          ],
        }),
      },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });
    await user.click(within(bookingsCard()).getByRole('button', { name: 'Добавить бронирование' }));
    await user.click(await screen.findByText('Из калькуляции…'));

    const dialog = (await screen.findByText('Бронирование из калькуляции')).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    expect(
      await within(dialog).findByText(
        'Калькуляция «Осень», версия 2 (применённая), двухместное размещение; участников: 2.',
      ),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Строки калькуляции' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Отелиуже забронированоHotel Gracery Shinjuku, Стандарт, BB01.09.2026 – 05.09.2026 · $720,00`,
      `Гид/СопровождениеГиды Токио, Гид, русский язык02.09.2026 – 04.09.2026 · ¥60${NBSP}000,00`,
    ]);
    // Each opens its kind's new booking started from the line, in the month of its first day.
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/booking/09-2026/guide?trip_id=5&new=1&costing_line=2',
    );
  });

  it('shows the bookings without links and offers no new one without booking_section', async () => {
    renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['accountant']), [SUMMARY]: inKgs },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });

    const card = bookingsCard();
    expect(within(card).getByText('Hotel Gracery Shinjuku')).toBeInTheDocument();
    expect(within(card).getByText('Полис ВЗР на группу')).toBeInTheDocument();
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Добавить бронирование' })).not.toBeInTheDocument();
  });

  it('takes a payment into the cash desk of its currency, with a fresh key per opening', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['admin']),
        [SUMMARY]: inKgs,
        [ARRIVAL]: arrivalWallets,
        [PAYMENTS]: ok({
          id: 900,
          wallet_id: 12,
          wallet_name: 'Касса USD',
          target_wallet_id: null,
        }),
      },
    });
    const dialog = await openPayment(user, 'Петрова Анна');
    // The trip's currency and its cash desk come chosen; the bank account is the other choice.
    expect(within(dialog).getByText('Доллар США (USD)')).toBeInTheDocument();
    await waitFor(() =>
      expect(shownValue(dialog, 'Куда поступили деньги')).toBe('Касса USD — касса'),
    );
    expect(api.callsTo(ARRIVAL).map((call) => call.params)).toEqual([{ currency: 'usd' }]);
    await user.click(within(dialog).getByRole('combobox', { name: 'Куда поступили деньги' }));
    expect(await optionTexts()).toEqual([
      'Касса USD — касса',
      'Расчётный счёт USD — банковский счёт',
    ]);
    await user.click(screen.getByText('Касса USD — касса', { selector: '.ant-select-item *' }));
    expect(screen.queryByText(/кошелёк туриста/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Сумма'), '1 500,50');
    await user.type(within(dialog).getByLabelText('Комментарий'), 'Доплата');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    expect(
      await screen.findByText('Платёж добавлен в «Касса USD» и ожидает подтверждения'),
    ).toBeVisible();
    const [first] = api.callsTo(PAYMENTS);
    expect(first?.data).toEqual({
      wallet_id: 12,
      currency: 'usd',
      amount: '1500.50',
      comment: 'Доплата',
    });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The summary reloads: the payment now counts as expected.
    await waitFor(() => expect(api.callsTo(SUMMARY)).toHaveLength(2));

    const again = await openPayment(user, 'Петрова Анна');
    await user.type(within(again).getByLabelText('Сумма'), '10');
    await user.click(within(again).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(api.callsTo(PAYMENTS)).toHaveLength(2));
    expect(api.callsTo(PAYMENTS)[1]?.headers['idempotency-key']).not.toBe(
      first?.headers['idempotency-key'],
    );
  });

  it('takes the bank account chosen, follows a currency change and says when a currency has none', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['admin']),
        [SUMMARY]: inKgs,
        [ARRIVAL]: arrivalWallets,
        [PAYMENTS]: ok({
          id: 901,
          wallet_id: 11,
          wallet_name: 'Касса (сом)',
          target_wallet_id: null,
        }),
      },
    });
    const dialog = await openPayment(user, 'Петрова Анна');
    await waitFor(() =>
      expect(shownValue(dialog, 'Куда поступили деньги')).toBe('Касса USD — касса'),
    );
    await pick(user, dialog, 'Куда поступили деньги', 'Расчётный счёт USD — банковский счёт');

    // Euros: the company has no cash desk or account in them; nothing can be sent.
    await pick(user, dialog, 'Валюта', 'Евро (EUR)');
    expect(
      await within(dialog).findByText(
        'У компании нет кассы или счёта в EUR: выберите другую валюту или попросите бухгалтера открыть кассу.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Добавить' })).toBeDisabled();

    // Som: its cash desk replaces the dollar account.
    await pick(user, dialog, 'Валюта', 'Сом (KGS)');
    await waitFor(() =>
      expect(shownValue(dialog, 'Куда поступили деньги')).toBe('Касса (сом) — касса'),
    );
    expect(api.callsTo(ARRIVAL).map((call) => call.params)).toEqual([
      { currency: 'usd' },
      { currency: 'eur' },
      { currency: 'kgs' },
    ]);
    await user.type(within(dialog).getByLabelText('Сумма'), '26235');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(api.callsTo(PAYMENTS)).toHaveLength(1));
    expect(api.callsTo(PAYMENTS)[0]?.data).toEqual({
      wallet_id: 11,
      currency: 'kgs',
      amount: '26235',
      comment: null,
    });
  });

  it("warns of an overpayment in the server's words and records it, with the same key, only once ticked", async () => {
    const reason =
      'Переплата: к оплате $1 500,00, оплачено $1 600,00, ожидает подтверждения $0,00; с этим ' +
      'платежом — на $150,00 больше. Подтвердите, что это переплата.';
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['admin']),
        [SUMMARY]: inKgs,
        [ARRIVAL]: arrivalWallets,
        [OVERPAID]: (request) =>
          (request.data as { overpayment?: boolean }).overpayment === true
            ? ok({ id: 902, wallet_id: 12, wallet_name: 'Касса USD', target_wallet_id: null })
            : {
                status: 422,
                body: { code: 0, message: reason, errors: { overpayment: [reason] } },
              },
      },
    });
    const dialog = await openPayment(user, 'Сидоров Пётр');
    await waitFor(() =>
      expect(shownValue(dialog, 'Куда поступили деньги')).toBe('Касса USD — касса'),
    );
    await user.type(within(dialog).getByLabelText('Сумма'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent(reason);
    const tick = within(dialog).getByRole('checkbox', { name: 'Это переплата — записать её' });
    expect(tick).not.toBeChecked();
    // Sent again unticked: the server is asked again, and says the same.
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(api.callsTo(OVERPAID)).toHaveLength(2));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Это переплата — записать её' }));
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    expect(
      await screen.findByText('Платёж добавлен в «Касса USD» и ожидает подтверждения'),
    ).toBeVisible();
    const [first, second, third] = api.callsTo(OVERPAID);
    expect(first?.data).toEqual({ wallet_id: 12, currency: 'usd', amount: '50', comment: null });
    expect(second?.data).toEqual(first?.data);
    expect(third?.data).toEqual({
      wallet_id: 12,
      currency: 'usd',
      amount: '50',
      comment: null,
      overpayment: true,
    });
    expect(third?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('forgets the overpayment warning when the amount changes, and shows other errors under their fields', async () => {
    const reason = 'Переплата: … Подтвердите, что это переплата.';
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['admin']),
        [SUMMARY]: inKgs,
        [ARRIVAL]: arrivalWallets,
        [OVERPAID]: {
          status: 422,
          body: { code: 0, message: reason, errors: { overpayment: [reason] } },
        },
      },
    });
    const dialog = await openPayment(user, 'Сидоров Пётр');
    await waitFor(() =>
      expect(shownValue(dialog, 'Куда поступили деньги')).toBe('Касса USD — касса'),
    );
    await user.type(within(dialog).getByLabelText('Сумма'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'Это переплата — записать её' }),
    );
    await user.type(within(dialog).getByLabelText('Сумма'), '0');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(reason)).not.toBeInTheDocument();

    api.on(OVERPAID, {
      status: 422,
      body: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: {
          wallet_id: ['Платёж за тур поступает в кассу или на счёт компании'],
          amount: ['Сумма не может быть больше $10 000 000,00'],
        },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(
      await within(dialog).findByText('Платёж за тур поступает в кассу или на счёт компании'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Сумма не может быть больше $10 000 000,00'),
    ).toBeInTheDocument();
    expect(api.callsTo(OVERPAID)[1]?.data).toEqual({
      wallet_id: 12,
      currency: 'usd',
      amount: '500',
      comment: null,
    });
    expect(within(dialog).getByLabelText('Сумма')).toHaveValue('500');
  });

  it('downloads a participant’s travel pack and the whole trip’s, busy meanwhile, a refusal in Russian', async () => {
    const PACK = 'GET /admin/trip/5/participant/70/travel-pack';
    const REFUSED = 'GET /admin/trip/5/participant/71/travel-pack';
    const ALL = 'GET /admin/trip/5/travel-packs';
    const zip = (name: string): FakeReply => ({
      status: 200,
      body: new Blob(['PK']),
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="pack.zip"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
    const pack = deferredReply();
    const { user, api } = renderApp({
      path: '/admin/trip/5/summary',
      api: {
        ...signedInRoutes(['reservation_agent']),
        [SUMMARY]: inKgs,
        [PACK]: pack.handler,
        [REFUSED]: {
          status: 404,
          body: new Blob([JSON.stringify({ code: 0, message: 'Участник тура не найден' })]),
        },
        [ALL]: zip('Документы туристов — Золотое кольцо Японии.zip'),
      },
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      const button = await screen.findByRole('button', { name: 'Пакет туриста: Петрова Анна' });
      expect(within(rowOf('Петрова Анна')).getByText('Пакет туриста')).toBeInTheDocument();
      await user.click(button);
      await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
      pack.resolve(zip('Документы туриста — Петрова Анна — Золотое кольцо Японии.zip'));
      await waitFor(() =>
        expect(saved).toEqual(['Документы туриста — Петрова Анна — Золотое кольцо Японии.zip']),
      );
      expect(api.callsTo(PACK)).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Пакет туриста: Сидоров Пётр' }));
      expect(await screen.findByText('Участник тура не найден')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Пакеты всех туристов' }));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(saved[1]).toBe('Документы туристов — Золотое кольцо Японии.zip');
    } finally {
      click.mockRestore();
    }
  });

  it('offers no payment without add_payment', async () => {
    renderApp({
      path: '/admin/trip/5/summary',
      api: { ...signedInRoutes(['reservation_agent']), [SUMMARY]: inKgs },
    });
    await screen.findAllByRole('link', { name: 'Петрова Анна' });
    expect(screen.queryByRole('button', { name: /Добавить платёж/ })).not.toBeInTheDocument();
  });
});
