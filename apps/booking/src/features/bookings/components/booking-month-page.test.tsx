import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoLatinWords, fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { hotelBooking, textOf, tripParticipant } from '../../../testing/bookings';
import { renderRoute } from '../../../testing/render-route';
import type { BookingCurrencyTotal } from '../api/types';

installFakeApi();

// jsdom has no object URLs; the download revokes its URL a while later, maybe after the test.
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:bookings';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const LIST = 'GET /admin/bookings';

// What the server counted over every page of the filter: nothing the rows add up to.
const totals: BookingCurrencyTotal[] = [
  { currency: 'usd', count: 57, amount_due: 10234.5, paid: 2000, debt: 8234.5 },
  { currency: 'jpy', count: 3, amount_due: 1250000, paid: 0, debt: 1250000 },
];

const hilton = hotelBooking();
const ryokan = hotelBooking({
  id: 14,
  title: 'Рёкан Сакура, Киото',
  supplier: { id: 9, name: 'Sakura Inn' },
  currency: 'jpy',
  amount_due: 380000,
  cost: 380000,
  paid: 0,
  debt: 380000,
  payment_state: 'unpaid',
  status: 'requested',
  overdue: true,
  payment_due_on: '2026-11-20',
  covered: 4,
});

// Cancelled without a penalty past its due date: nothing is owed, nothing is late.
const released = hotelBooking({
  id: 15,
  title: 'Гостиница Нара, Нара',
  supplier: { id: 10, name: 'Нара Отель' },
  status: 'cancelled',
  penalty: 0,
  amount_due: 0,
  paid: 0,
  debt: 0,
  payment_state: 'nothing_due',
  overdue: false,
  payment_due_on: '2026-11-10',
  covered: 2,
});

/** What the tests show as data, Latin on purpose: hotels' and suppliers' own names. */
const DATA = ['Hilton Tokyo', 'Hilton', 'Sakura Inn'];

function serveList() {
  fakeApi.on(LIST, ({ params }) => ({
    status: 200,
    data: {
      code: 1,
      data: {
        ...page([hilton, ryokan, released], {
          current: Number(params.page ?? 1),
          perPage: 50,
          total: 60,
        }),
        month: params.month,
        first_day: '2026-12-01',
        last_day: '2026-12-31',
        totals,
      },
    },
  }));
}

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

describe('a kind’s month view', () => {
  it("shows the month's bookings, their payment states and the server's totals", async () => {
    serveList();
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels' });

    await screen.findByText('Рёкан Сакура, Киото');
    const table = screen.getByRole('table', { name: 'Бронирования' });
    const row = within(table).getByText('Рёкан Сакура, Киото').closest('tr')!;
    expect(within(row).getByText('Зимний Токио')).toHaveAttribute('href', '/admin/trip/5/summary');
    expect(within(row).getByText('Sakura Inn')).toBeInTheDocument();
    expect(within(row).getByText('02.12.2026 – 09.12.2026, 7 ночей')).toBeInTheDocument();
    expect(within(row).getByText('Запрошено')).toBeInTheDocument();
    expect(within(row).getByText('Не оплачено')).toBeInTheDocument();
    expect(within(row).getByText('¥380 000,00')).toBeInTheDocument();
    expect(within(row).getByText('20.11.2026')).toBeInTheDocument();
    expect(within(row).getByText('просрочено')).toBeInTheDocument();
    const hiltonRow = within(table).getByText('Hilton, Токио').closest('tr')!;
    expect(within(hiltonRow).getByText('5* · DBL × 2 · BB — завтраки')).toBeInTheDocument();
    expect(within(hiltonRow).getByText('Частично оплачено')).toBeInTheDocument();
    expect(within(hiltonRow).queryByText('просрочено')).not.toBeInTheDocument();
    const releasedRow = within(table).getByText('Гостиница Нара, Нара').closest('tr')!;
    expect(within(releasedRow).getByText('Отменено')).toBeInTheDocument();
    expect(within(releasedRow).getByText('Оплата не нужна')).toBeInTheDocument();
    expect(within(releasedRow).getByText('10.11.2026')).toBeInTheDocument();
    expect(within(releasedRow).queryByText('просрочено')).not.toBeInTheDocument();
    expect(within(releasedRow).queryByText('Не оплачено')).not.toBeInTheDocument();
    expectNoLatinWords(document.body, { data: DATA });

    const sums = screen.getByRole('table', { name: 'Итоги по валютам' });
    const usd = within(sums).getByText('Доллар США (USD)').closest('tr')!;
    expect(usd.textContent).toBe('Доллар США (USD)57$10\u00a0234,50$2\u00a0000,00$8\u00a0234,50');
    const jpy = within(sums).getByText('Иена (JPY)').closest('tr')!;
    expect(textOf(jpy)).toBe('Иена (JPY)3¥1\u00a0250\u00a0000,00¥0,00¥1\u00a0250\u00a0000,00');
    expect(screen.getByText('Всего: 60')).toBeInTheDocument();

    expect(fakeApi.requests(LIST)[0]!.params).toEqual({
      kind: 'hotel',
      month: '12-2026',
      page: '1',
    });
  });

  it('reads the filters and the page from the URL and sends them, the export too', async () => {
    serveList();
    fakeApi.ok('GET /admin/trip/5', {
      id: 5,
      title: 'Зимний Токио',
      starts_on: '2026-12-01',
      ends_on: '2026-12-10',
      status: 'confirmed',
      seats: 12,
      seats_taken: 8,
    });
    fakeApi.ok('GET /admin/supplier/7', { id: 7, name: 'Hilton Tokyo', kinds: ['hotel'] });
    fakeApi.on('GET /admin/bookings/export', {
      status: 200,
      data: new Blob(['xlsx']),
      headers: { 'content-disposition': 'attachment; filename="bookings.xlsx"' },
    });
    renderRoute('booking-hotels', {
      url: '/admin/booking/12-2026/hotels?trip_id=5&supplier_id=7&status=confirmed&payment_state=unpaid&search=Hilton&page=2',
    });

    await screen.findByText('Hilton, Токио');
    expect(fakeApi.requests(LIST)[0]!.params).toEqual({
      kind: 'hotel',
      month: '12-2026',
      page: '2',
      trip_id: '5',
      supplier_id: '7',
      status: 'confirmed',
      payment_state: 'unpaid',
      search: 'Hilton',
    });
    const supplier = screen.getByRole('combobox', { name: 'Поставщик' }).closest('.ant-select');
    await waitFor(() => expect(supplier).toHaveTextContent('Hilton Tokyo'));
    const trip = screen.getByRole('combobox', { name: 'Тур' }).closest('.ant-select');
    await waitFor(() => expect(trip).toHaveTextContent('Зимний Токио · 01.12.2026–10.12.2026'));

    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Экспорт в XLSX' }));
      await waitFor(() => expect(saved).toEqual(['bookings.xlsx']));
    } finally {
      click.mockRestore();
    }
    expect(fakeApi.requests('GET /admin/bookings/export')[0]!.params).toEqual({
      kind: 'hotel',
      month: '12-2026',
      trip_id: '5',
      supplier_id: '7',
      status: 'confirmed',
      payment_state: 'unpaid',
      search: 'Hilton',
    });
  });

  it('puts a new filter into the URL and the request, back on page 1', async () => {
    serveList();
    const view = renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?page=2' });
    await screen.findByText('Hilton, Токио');

    await choose(screen.getByRole('combobox', { name: 'Статус' }), 'Подтверждено');
    await waitFor(() =>
      expect(view.location()).toBe('/admin/booking/12-2026/hotels?status=confirmed'),
    );
    await choose(screen.getByRole('combobox', { name: 'Оплата' }), 'Частично оплачено');
    const search = screen.getByRole('searchbox', { name: 'Поиск: тур, поставщик, номер, услуга' });
    await userEvent.type(search, 'Сакура{Enter}');
    await waitFor(() =>
      expect(view.location()).toBe(
        '/admin/booking/12-2026/hotels?status=confirmed&payment_state=partly_paid&search=%D0%A1%D0%B0%D0%BA%D1%83%D1%80%D0%B0',
      ),
    );
    await waitFor(() =>
      expect(fakeApi.requests(LIST).at(-1)!.params).toEqual({
        kind: 'hotel',
        month: '12-2026',
        page: '1',
        status: 'confirmed',
        payment_state: 'partly_paid',
        search: 'Сакура',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(view.location()).toBe('/admin/booking/12-2026/hotels'));
  });

  it('opens a booking from its row and a new one from «Добавить», in the URL', async () => {
    serveList();
    fakeApi.ok('GET /admin/booking/14', ryokan);
    fakeApi.ok('GET /admin/trip/5/participants', [tripParticipant(1, 'Асанова Айгуль')]);
    fakeApi.ok('GET /admin/booking/14/payments', []);
    const view = renderRoute('booking-hotels', {
      url: '/admin/booking/12-2026/hotels?status=requested',
    });

    await userEvent.click(await screen.findByText('Sakura Inn'));
    expect(view.location()).toBe('/admin/booking/12-2026/hotels?status=requested&edit=14');
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('Бронирование №14');
    expect(
      await within(drawer).findByRole('tab', { name: 'Оплаты поставщику' }),
    ).toBeInTheDocument();
    expect(
      await within(drawer).findByRole('button', { name: 'Список размещения (XLSX)' }),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Ваучер (DOCX)' })).toBeInTheDocument();
    await within(drawer).findByRole('group', { name: 'Номер 1' });
    expectNoLatinWords(document.body, { data: DATA });
    // Its «История» reads the kind's fields in Russian, never as their keys.
    fakeApi.ok(
      'GET /admin/booking/14/history',
      page([
        {
          id: 3,
          entity_type: 'booking',
          entity_id: 14,
          action: 'updated',
          changes: [
            {
              field: 'details',
              old: { hotel_name: 'Sakura Inn', city: 'Киото', meal_plan: 'BB', room_plan: [] },
              new: {
                hotel_name: 'Sakura Inn',
                city: 'Киото',
                meal_plan: 'HB',
                room_plan: [{ room_type: 'TWN' }, { room_type: 'SGL' }],
              },
            },
          ],
          user_id: 2,
          user_name: 'Асанов Нурлан',
          created_at: '2026-11-02T10:00:00.000Z',
        },
      ]),
    );
    await userEvent.click(within(drawer).getByRole('tab', { name: 'История' }));
    expect(
      await within(drawer).findByText(
        'Детали: Отель: Sakura Inn; Город: Киото; Питание: BB — завтраки; Номера: — → ' +
          'Отель: Sakura Inn; Город: Киото; Питание: HB — полупансион; Номера: SGL × 1, TWN × 1',
      ),
    ).toBeInTheDocument();
    expectNoLatinWords(document.body, { data: DATA });

    // The drawer's own close button (the form's «Закрыть» does the same).
    await userEvent.click(within(drawer).getAllByRole('button', { name: 'Закрыть' })[0]!);
    await waitFor(() =>
      expect(view.location()).toBe('/admin/booking/12-2026/hotels?status=requested'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(view.location()).toBe('/admin/booking/12-2026/hotels?status=requested&new=1');
    expect(await screen.findByText('Новое бронирование отеля')).toBeInTheDocument();
  });

  it('says so in Russian when the list cannot load, and retries', async () => {
    fakeApi.on(LIST, { status: 500, data: { code: 0, message: 'boom' } });
    renderRoute('booking-air-tickets', { url: '/admin/booking/12-2026/air-tickets' });
    expect(await screen.findByText('Не удалось загрузить бронирования')).toBeInTheDocument();
    serveList();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Hilton, Токио')).toBeInTheDocument();
  });
});
