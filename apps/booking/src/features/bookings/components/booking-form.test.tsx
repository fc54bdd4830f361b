import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoLatinWords, fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { covered, hotelBooking, tripParticipant } from '../../../testing/bookings';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const aigul = tripParticipant(1, 'Асанова Айгуль');
const nuriya = tripParticipant(2, 'Бекова Нурия');
const petr = tripParticipant(3, 'Иванов Пётр');
const erlan = tripParticipant(4, 'Касымов Эрлан', 'cancelled');

const EMPTY_LIST = { ...page([]), totals: [] };

beforeEach(() => {
  fakeApi.ok('GET /admin/bookings', EMPTY_LIST);
  fakeApi.ok('GET /admin/trip/5/participants', [aigul, nuriya, petr, erlan]);
});

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

/** The form item (label, control and its messages) of a labelled field. */
const itemOf = (label: string) =>
  screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

/** The participants' table row of a participant. */
const rowOf = (name: string) => screen.getByRole('checkbox', { name }).closest('tr') as HTMLElement;

/** A room of the room plan, by its title («Номер 1»). */
const roomOf = (name: string) => screen.getByRole('group', { name });

/** What the tests put in as data, Latin on purpose (hotels' and suppliers' own names). */
const HOTEL_DATA = ['Hilton Shinjuku', 'Hilton Tokyo', 'Hilton'];

describe('the booking drawer', () => {
  it("shows a 422's errors under their fields, nested ones too, and keeps what was typed", async () => {
    const booking = hotelBooking({
      details: {
        ...hotelBooking().details,
        room_plan: [
          { room_type: 'DBL', participant_ids: [1, 2] },
          { room_type: 'DBL', participant_ids: [3] },
        ],
      },
      participants: [
        covered(aigul, { room: 1 }),
        covered(nuriya, { room: 1 }),
        covered(petr, { room: 2 }),
      ],
    });
    fakeApi.ok('GET /admin/booking/12', booking);
    fakeApi.on('PUT /admin/booking/12', {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте поля',
        errors: {
          ends_on: ['Даты услуги должны быть в пределах дат тура: 01.12.2026–10.12.2026'],
          'details.hotel_name': ['Название отеля слишком длинное'],
          'details.room_plan.0.participant_ids': ['В номере 1 (DBL) не больше 2 чел.'],
          'details.room_plan.1.participant_ids': ['Иванов Пётр уже в номере 1'],
          'participants.1.participant_id': ['Участник указан дважды'],
          kind: ['Вид бронирования не меняется: создайте новое бронирование'],
        },
      },
    });
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });

    const name = await screen.findByLabelText('Отель');
    await userEvent.clear(name);
    await userEvent.type(name, 'Hilton Shinjuku');
    await waitFor(() => expect(rowOf('Иванов Пётр')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось сохранить бронирование');
    expect(alert).toHaveTextContent('Вид бронирования не меняется: создайте новое бронирование');
    await waitFor(() =>
      expect(itemOf('Выезд')).toHaveTextContent(
        'Даты услуги должны быть в пределах дат тура: 01.12.2026–10.12.2026',
      ),
    );
    await waitFor(() =>
      expect(itemOf('Отель')).toHaveTextContent('Название отеля слишком длинное'),
    );
    // A room's refusal under that room; participants.N is the N-th participant sent.
    expect(roomOf('Номер 1')).toHaveTextContent('В номере 1 (DBL) не больше 2 чел.');
    expect(roomOf('Номер 2')).toHaveTextContent('Иванов Пётр уже в номере 1');
    expect(roomOf('Номер 2')).not.toHaveTextContent('не больше');
    expect(rowOf('Бекова Нурия')).toHaveTextContent('Участник указан дважды');
    // Nothing typed is lost.
    expect(screen.getByLabelText('Отель')).toHaveValue('Hilton Shinjuku');
    expect(screen.getByLabelText('Выезд')).toHaveValue('09.12.2026');
    expectNoLatinWords(document.body, { data: HOTEL_DATA });
  });

  it("puts a ticket category's errors under that category", async () => {
    const booking = hotelBooking({
      id: 31,
      kind: 'activity',
      title: 'Музей Гибли',
      starts_on: '2026-12-04',
      ends_on: '2026-12-04',
      details: {
        venue: 'Музей Гибли',
        time: '10:30',
        tickets: [
          { category: 'Взрослый', count: 2, price: 1000 },
          { category: 'Детский', count: 1, price: 400 },
        ],
      },
      currency: 'jpy',
      cost: 2400,
      participants: [covered(aigul), covered(nuriya)],
    });
    fakeApi.ok('GET /admin/booking/31', booking);
    fakeApi.on('PUT /admin/booking/31', {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте поля',
        errors: {
          'details.tickets.1.price': ['Сумма в JPY должна быть целой'],
          'details.tickets': ['Категорий билетов не больше 20'],
          'details.time': ['Обязательное поле'],
        },
      },
    });
    renderRoute('booking-activity', { url: '/admin/booking/12-2026/activities?edit=31' });

    expect(await screen.findByTestId('computed-cost')).toHaveTextContent('¥2 400,00 (билетов: 3)');
    const price = screen.getByLabelText('Цена билета 2');
    await userEvent.clear(price);
    await userEvent.type(price, '450');
    expect(screen.getByTestId('computed-cost')).toHaveTextContent('¥2 450,00 (билетов: 3)');
    expectNoLatinWords(document.body, { data: HOTEL_DATA });
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Цена билета 2').closest('.ant-form-item')).toHaveTextContent(
        'Сумма в JPY должна быть целой',
      ),
    );
    expect(screen.getByLabelText('Цена билета 1').closest('.ant-form-item')).not.toHaveTextContent(
      'Сумма',
    );
    expect(itemOf('Время')).toHaveTextContent('Обязательное поле');
    expect(screen.getByRole('group', { name: 'Категории билетов' })).toHaveTextContent(
      'Категорий билетов не больше 20',
    );
    expect(fakeApi.requests('PUT /admin/booking/31')[0]!.data).toMatchObject({
      kind: 'activity',
      ends_on: null,
      cost: null,
      details: {
        venue: 'Музей Гибли',
        time: '10:30',
        tickets: [
          { category: 'Взрослый', count: 2, price: '1000' },
          { category: 'Детский', count: 1, price: '450' },
        ],
      },
      participants: [{ participant_id: 1 }, { participant_id: 2 }],
    });
  });

  it('adds a hotel from its supplier — name, city, currency — with the tourists placed in rooms', async () => {
    fakeApi.ok('GET /admin/trip/5', {
      id: 5,
      title: 'Зимний Токио',
      starts_on: '2026-12-01',
      ends_on: '2026-12-10',
      status: 'confirmed',
      seats: 12,
      seats_taken: 3,
    });
    fakeApi.ok(
      'GET /admin/suppliers',
      page([
        {
          id: 7,
          name: 'Hilton Tokyo',
          kinds: ['hotel'],
          contact_person: null,
          phone: null,
          email: null,
          default_currency: 'jpy',
          notes: null,
          city: 'Токио',
          address: 'Токио, Синдзюку, Ниси-Синдзюку 6-6-2',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ]),
    );
    const created = hotelBooking({ id: 40, currency: 'jpy' });
    fakeApi.ok('POST /admin/bookings', created);
    fakeApi.ok('GET /admin/booking/40', created);
    const view = renderRoute('booking-hotels', {
      url: '/admin/booking/12-2026/hotels?trip_id=5&new=1',
    });

    expect(await screen.findByText('Новое бронирование отеля')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Асанова Айгуль')).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Касымов Эрлан' })).toBeDisabled();
    const drawer = screen.getByRole('dialog');
    await choose(within(drawer).getByRole('combobox', { name: 'Поставщик' }), 'Hilton Tokyo');
    // The supplier's card fills the hotel, its city and the currency.
    await waitFor(() => expect(screen.getByLabelText('Отель')).toHaveValue('Hilton Tokyo'));
    expect(screen.getByLabelText('Город')).toHaveValue('Токио');
    await waitFor(() => expect(itemOf('Валюта')).toHaveTextContent('JPY — Иена'));

    const [start, end] = [screen.getByLabelText('Заезд'), screen.getByLabelText('Выезд')];
    await userEvent.click(start);
    await userEvent.type(start, '02.12.2026{Enter}');
    await userEvent.click(end);
    await userEvent.type(end, '05.12.2026{Enter}');
    await waitFor(() => expect(itemOf('Выезд')).toHaveTextContent('3 ночи'));
    await choose(screen.getByRole('combobox', { name: 'Питание' }), 'BB — завтраки');
    await userEvent.type(screen.getByLabelText('Стоимость', { selector: 'input' }), '120 000');

    // A new hotel starts with one DBL; Петр gets a single, added before anyone is placed.
    expect(roomOf('Номер 1')).toHaveTextContent('0 из 2');
    await userEvent.click(screen.getByRole('button', { name: 'Отметить всех' }));
    expect(screen.getByRole('region', { name: 'План размещения' })).toHaveTextContent(
      'Не размещены (3 человека): Асанова Айгуль, Бекова Нурия, Иванов Пётр',
    );
    await choose(screen.getByRole('combobox', { name: 'Тип нового номера' }), 'SGL — одноместный');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить номер' }));
    await choose(screen.getByRole('combobox', { name: 'Кто живёт в номере 2' }), 'Иванов Пётр');
    // The others, in order: the DBL's two places.
    await userEvent.click(screen.getByRole('button', { name: 'Разместить по порядку' }));
    await waitFor(() => expect(roomOf('Номер 1')).toHaveTextContent('2 из 2'));
    expect(roomOf('Номер 1')).toHaveTextContent('Асанова АйгульБекова Нурия');
    expect(roomOf('Номер 2')).toHaveTextContent('1 из 1');
    expect(screen.getByText('Все участники размещены')).toBeInTheDocument();
    expect(rowOf('Иванов Пётр')).toHaveTextContent('Номер 2 (SGL)');
    expectNoLatinWords(document.body, { data: HOTEL_DATA });
    await userEvent.click(screen.getByRole('button', { name: 'Добавить бронирование' }));

    await waitFor(() => expect(fakeApi.requests('POST /admin/bookings')).toHaveLength(1));
    expect(fakeApi.requests('POST /admin/bookings')[0]!.data).toEqual({
      kind: 'hotel',
      trip_id: 5,
      supplier_id: 7,
      starts_on: '2026-12-02',
      ends_on: '2026-12-05',
      cost: '120000',
      currency: 'jpy',
      status: 'requested',
      penalty: null,
      confirmation_number: null,
      payment_due_on: null,
      notes: null,
      details: {
        hotel_name: 'Hilton Tokyo',
        city: 'Токио',
        category: null,
        meal_plan: 'BB',
        room_plan: [
          { room_type: 'DBL', participant_ids: [1, 2] },
          { room_type: 'SGL', participant_ids: [3] },
        ],
      },
      // In the trip's order.
      participants: [{ participant_id: 1 }, { participant_id: 2 }, { participant_id: 3 }],
    });
    // The new booking opens in its place, with its tabs.
    await waitFor(() =>
      expect(view.location()).toBe('/admin/booking/12-2026/hotels?trip_id=5&edit=40'),
    );
    expect(await screen.findByRole('tab', { name: 'Оплаты поставщику' })).toBeInTheDocument();
  });

  it("shows the air tickets' total as the server will compute it", async () => {
    const flight = hotelBooking({
      id: 21,
      kind: 'air_ticket',
      title: 'TK 345 FRU → IST',
      starts_on: '2026-12-01',
      ends_on: '2026-12-01',
      details: {
        carrier: 'Turkish Airlines',
        flight_number: 'TK 345',
        from_airport: 'FRU',
        to_airport: 'IST',
        departs_at: '04:10',
        arrives_at: '07:35',
        flight_class: 'economy',
      },
      cost: 950.5,
      participants: [
        covered(aigul, { ticket_number: '235-1', ticket_cost: 450.5 }),
        covered(nuriya, { ticket_number: '235-2', ticket_cost: 500 }),
      ],
    });
    fakeApi.ok('GET /admin/booking/21', flight);
    fakeApi.ok('PUT /admin/booking/21', flight);
    renderRoute('booking-air-tickets', { url: '/admin/booking/12-2026/air-tickets?edit=21' });

    expect(await screen.findByTestId('computed-cost')).toHaveTextContent('$950,50 (билетов: 2)');
    await waitFor(() => expect(rowOf('Иванов Пётр')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Иванов Пётр' }));
    await userEvent.type(screen.getByLabelText('Номер билета: Иванов Пётр'), '235-3');
    await userEvent.type(screen.getByLabelText('Стоимость билета: Иванов Пётр'), '99.99');
    expect(screen.getByTestId('computed-cost')).toHaveTextContent('$1 050,49 (билетов: 3)');
    expectNoLatinWords(document.body, { data: [...HOTEL_DATA, 'Turkish Airlines'] });

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fakeApi.requests('PUT /admin/booking/21')).toHaveLength(1));
    expect(fakeApi.requests('PUT /admin/booking/21')[0]!.data).toMatchObject({
      starts_on: '2026-12-01',
      ends_on: '2026-12-01',
      cost: null,
      details: { departs_at: '04:10', arrives_at: '07:35', from_airport: 'FRU' },
      participants: [
        { participant_id: 1, ticket_number: '235-1', ticket_cost: '450.5' },
        { participant_id: 2, ticket_number: '235-2', ticket_cost: '500' },
        { participant_id: 3, ticket_number: '235-3', ticket_cost: '99.99' },
      ],
    });
  });

  it('asks for a penalty only when the booking is cancelled, and sends it then', async () => {
    const booking = hotelBooking({ participants: [covered(aigul, { room: 1 })] });
    fakeApi.ok('GET /admin/booking/12', booking);
    fakeApi.ok('PUT /admin/booking/12', { ...booking, status: 'cancelled', penalty: 300 });
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });

    await screen.findByLabelText('Отель');
    expect(screen.queryByLabelText('Штраф за отмену')).not.toBeInTheDocument();
    const drawer = screen.getByRole('dialog');
    await choose(within(drawer).getByRole('combobox', { name: 'Статус' }), 'Отменено');
    await userEvent.type(await screen.findByLabelText('Штраф за отмену'), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(fakeApi.requests('PUT /admin/booking/12')).toHaveLength(1));
    expect(fakeApi.requests('PUT /admin/booking/12')[0]!.data).toMatchObject({
      status: 'cancelled',
      penalty: '300',
      cost: '2450',
    });
  });

  it('refuses a check-out before the check-in and a negative penalty before sending, and stops the notes at the limit', async () => {
    const booking = hotelBooking({ participants: [covered(aigul, { room: 1 })] });
    fakeApi.ok('GET /admin/booking/12', booking);
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });

    await screen.findByLabelText('Отель');
    const checkOut = screen.getByLabelText('Выезд');
    await userEvent.clear(checkOut);
    await userEvent.type(checkOut, '01.12.2026{Tab}');
    const drawer = screen.getByRole('dialog');
    await choose(within(drawer).getByRole('combobox', { name: 'Статус' }), 'Отменено');
    await userEvent.type(await screen.findByLabelText('Штраф за отмену'), '-300');
    const notes = screen.getByLabelText('Заметки');
    await userEvent.click(notes);
    await userEvent.paste('з'.repeat(5300));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(
      await within(itemOf('Выезд')).findByText('Дата выезда должна быть позже даты заезда'),
    ).toBeVisible();
    expect(await within(itemOf('Штраф за отмену')).findByText('Не меньше нуля')).toBeVisible();
    expect(notes).toHaveValue('з'.repeat(5000));
    expect(within(itemOf('Заметки')).getByText('5000 / 5000')).toBeVisible();
    expect(fakeApi.requests('PUT /admin/booking/12')).toHaveLength(0);

    // The same day is no night either; moving the check-in back clears the check-out's message.
    await userEvent.clear(checkOut);
    await userEvent.type(checkOut, '02.12.2026{Tab}');
    expect(
      await within(itemOf('Выезд')).findByText('Дата выезда должна быть позже даты заезда'),
    ).toBeVisible();
    const checkIn = screen.getByLabelText('Заезд');
    await userEvent.clear(checkIn);
    await userEvent.type(checkIn, '01.12.2026{Tab}');
    await waitFor(() =>
      expect(itemOf('Выезд')).not.toHaveTextContent('Дата выезда должна быть позже даты заезда'),
    );
  });

  it('lists the supplier payments and pays from a wallet in the booking’s currency', async () => {
    const booking = hotelBooking({ participants: [covered(aigul, { room: 1 })] });
    fakeApi.ok('GET /admin/booking/12', booking);
    fakeApi.ok('GET /admin/booking/12/payments', [
      {
        id: 301,
        wallet_id: 3,
        wallet_name: 'Касса USD',
        type: 'outcome',
        amount: 1000,
        currency: 'usd',
        status: 'confirmed',
        comment: 'Предоплата',
        created_at: '2026-11-02T09:00:00.000Z',
        confirmed_at: '2026-11-02T12:00:00.000Z',
      },
    ]);
    fakeApi.ok('GET /admin/wallets', [
      { id: 3, type: 'site', user_id: null, name: 'Касса USD', currency: 'usd', balance: 5000 },
      { id: 4, type: 'site', user_id: null, name: 'Касса KGS', currency: 'kgs', balance: 900000 },
    ]);
    fakeApi.ok('POST /admin/booking/12/payments', {
      id: 305,
      wallet_id: 3,
      wallet_name: 'Касса USD',
      type: 'outcome',
      amount: 1450,
      currency: 'usd',
      status: 'pending',
      comment: null,
      created_at: '2026-11-20T09:00:00.000Z',
      confirmed_at: null,
    });
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });

    await userEvent.click(await screen.findByRole('tab', { name: 'Оплаты поставщику' }));
    const payments = await screen.findByRole('table', { name: 'Оплаты поставщику' });
    await within(payments).findByText('Предоплата');
    const cells = within(within(payments).getByText('Предоплата').closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect([cells[0], cells[2], cells[3], cells[5]]).toEqual([
      '301',
      'Касса USD',
      '$1\u00a0000,00',
      'Предоплата',
    ]);
    expect(cells[4]).toMatch(/^Подтверждена\d\d\.11\.2026 \d\d:\d\d$/);
    expect(screen.getByText('Частично оплачено')).toBeInTheDocument();
    expect(screen.getByText('$1 450,00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Кошелёк' }));
    expect(await screen.findByTitle('Касса USD · USD · Компания')).toBeInTheDocument();
    expect(screen.queryByTitle('Касса KGS · KGS · Компания')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('Касса USD · USD · Компания'));
    await userEvent.type(screen.getByLabelText('Сумма'), '1450');
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить' }));

    await waitFor(() =>
      expect(fakeApi.requests('POST /admin/booking/12/payments')).toHaveLength(1),
    );
    const [request] = fakeApi.requests('POST /admin/booking/12/payments');
    expect(request!.data).toEqual({ wallet_id: 3, amount: '1450' });
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText('Оплата №305 записана и ожидает подтверждения'),
    ).toBeInTheDocument();
  });
});
