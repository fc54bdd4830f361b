import { screen, waitFor, within } from '@testing-library/react';
import { expectNoLatinWords, fakeApi, installFakeApi } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { BookingBrief, Dashboard } from '../api/dashboard-api';

installFakeApi();

function brief(overrides: Partial<BookingBrief>): BookingBrief {
  return {
    id: 1,
    kind: 'hotel',
    title: 'Hilton, Токио',
    trip_id: 5,
    trip_title: 'Зимний Токио',
    supplier_name: 'Hilton Tokyo',
    starts_on: '2026-12-02',
    ends_on: '2026-12-09',
    status: 'confirmed',
    currency: 'usd',
    amount_due: 2450,
    paid: 1000,
    debt: 1450,
    payment_state: 'partly_paid',
    payment_due_on: '2026-11-25',
    ...overrides,
  };
}

const dashboard: Dashboard = {
  month: '12-2026',
  first_day: '2026-12-01',
  last_day: '2026-12-31',
  today: '2026-11-28',
  counts: [
    { kind: 'hotel', requested: 2, confirmed: 5, cancelled: 1, total: 8 },
    { kind: 'air_ticket', requested: 0, confirmed: 4, cancelled: 0, total: 4 },
    { kind: 'health_insurance', requested: 1, confirmed: 3, cancelled: 0, total: 4 },
    { kind: 'transfer', requested: 3, confirmed: 0, cancelled: 0, total: 3 },
    { kind: 'guide', requested: 0, confirmed: 1, cancelled: 0, total: 1 },
    { kind: 'activity', requested: 0, confirmed: 0, cancelled: 0, total: 0 },
    { kind: 'tour_expense', requested: 1, confirmed: 0, cancelled: 2, total: 3 },
  ],
  next_days: {
    total: 1,
    items: [
      brief({
        id: 21,
        kind: 'air_ticket',
        title: 'TK 345 FRU → IST',
        supplier_name: 'Turkish Airlines',
        starts_on: '2026-12-01',
        ends_on: '2026-12-01',
      }),
    ],
  },
  unconfirmed: {
    total: 25,
    items: [
      brief({
        id: 33,
        kind: 'transfer',
        title: 'Нарита → Отель',
        status: 'requested',
        starts_on: '2027-01-03',
        ends_on: '2027-01-03',
      }),
    ],
  },
  overdue: {
    total: 1,
    items: [brief({ id: 12, debt: 1450 })],
  },
  missing: {
    trips: 1,
    items: [
      {
        trip_id: 5,
        title: 'Зимний Токио',
        starts_on: '2026-12-01',
        ends_on: '2026-12-10',
        participants: [
          {
            participant_id: 3,
            user_id: 103,
            full_name: 'Иванов Пётр',
            problems: ['flight_missing', 'hotel_missing'],
            nights_missing: 2,
          },
          {
            participant_id: 4,
            user_id: 104,
            full_name: 'Ли Анна',
            problems: ['return_flight_missing', 'insurance_missing'],
            nights_missing: 0,
          },
        ],
      },
    ],
  },
};

describe('booking-dashboard', () => {
  it('counts the month by kind and status, each kind linking to its month view', async () => {
    fakeApi.ok('GET /admin/bookings/dashboard', dashboard);
    renderRoute('booking-dashboard', { url: '/admin/booking/12-2026' });

    const counts = await screen.findByRole('table', { name: 'Бронирования месяца по видам' });
    const rows = within(counts)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Отели', '2', '5', '1', '8'],
      ['Авиабилеты', '0', '4', '0', '4'],
      ['Мед. страховка', '1', '3', '0', '4'],
      ['Трансфер', '3', '0', '0', '3'],
      ['Гид/Сопровождение', '0', '1', '0', '1'],
      ['Входные билеты', '0', '0', '0', '0'],
      ['Прочие расходы', '1', '0', '2', '3'],
    ]);
    expect(within(counts).getByRole('link', { name: 'Мед. страховка' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/health-insurance',
    );
    expect(fakeApi.requests('GET /admin/bookings/dashboard')[0]!.params).toEqual({
      month: '12-2026',
    });
    expect(screen.getByRole('link', { name: 'Поставщики' })).toHaveAttribute(
      'href',
      '/admin/suppliers',
    );
    // The chart comes on its own chunk.
    await waitFor(() =>
      expect(
        document.querySelector('.recharts-wrapper, .recharts-responsive-container'),
      ).not.toBeNull(),
    );
  });

  it('links each booking of its lists to its drawer, and each gap to adding it', async () => {
    fakeApi.ok('GET /admin/bookings/dashboard', dashboard);
    renderRoute('booking-dashboard', { url: '/admin/booking/12-2026' });

    const next = await screen.findByRole('table', { name: 'Ближайшие 7 дней' });
    expect(within(next).getByRole('link', { name: 'TK 345 FRU → IST' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/air-tickets?edit=21',
    );
    const unconfirmed = screen.getByRole('table', { name: 'Не подтверждены' });
    // Opened in the month it starts in.
    expect(within(unconfirmed).getByRole('link', { name: 'Нарита → Отель' })).toHaveAttribute(
      'href',
      '/admin/booking/01-2027/transfer?edit=33',
    );
    expect(screen.getByText('Не подтверждены (25)')).toBeInTheDocument();
    expect(screen.getByText('Показаны 1 из 25')).toBeInTheDocument();
    const overdue = screen.getByRole('table', { name: 'Оплата поставщику просрочена' });
    const row = within(overdue).getByRole('link', { name: 'Hilton, Токио' }).closest('tr')!;
    expect(row).toHaveTextContent('$1 450,00');
    expect(row).toHaveTextContent('25.11.2026');

    const trip = screen.getByRole('group', { name: 'Зимний Токио' });
    expect(within(trip).getByRole('link', { name: 'Зимний Токио' })).toHaveAttribute(
      'href',
      '/admin/trip/5/summary',
    );
    expect(within(trip).getByText('Иванов Пётр').closest('li')).toHaveTextContent(
      'Иванов Пётр Нет авиабилетаНочи без отеля: 2 ночи',
    );
    expect(within(trip).getByText('Ли Анна').closest('li')).toHaveTextContent(
      'Ли Анна Нет авиабилета обратноНет страховки',
    );
    expect(within(trip).getByRole('link', { name: 'Добавить авиабилеты обратно' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/air-tickets?trip_id=5&new=1',
    );
    expect(within(trip).getByRole('link', { name: 'Добавить авиабилеты' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/air-tickets?trip_id=5&new=1',
    );
    expect(within(trip).getByRole('link', { name: 'Добавить отель' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/hotels?trip_id=5&new=1',
    );
    expect(within(trip).getByRole('link', { name: 'Добавить страховку' })).toHaveAttribute(
      'href',
      '/admin/booking/12-2026/health-insurance?trip_id=5&new=1',
    );
    expectNoLatinWords(document.body, { data: ['Hilton Tokyo', 'Hilton', 'Turkish Airlines'] });
  });

  it('says so in Russian when the dashboard cannot load', async () => {
    fakeApi.on('GET /admin/bookings/dashboard', { status: 500, data: {} });
    renderRoute('booking-dashboard', { url: '/admin/booking/12-2026' });
    expect(await screen.findByText('Не удалось загрузить общую панель')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
