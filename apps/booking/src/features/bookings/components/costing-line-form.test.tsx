import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TripCostingLines } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { hotelBooking, tripParticipant } from '../../../testing/bookings';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const aigul = tripParticipant(1, 'Асанова Айгуль');
const nuriya = tripParticipant(2, 'Бекова Нурия');

// The lines of the API test's trip (apps/api/test/trip-plan.test.ts), as the server sends them:
// a group of 4 in double rooms, the hotel and the guide (its rate per day in som).
const LINES: TripCostingLines = {
  costing: {
    id: 3,
    version: 1,
    title: 'Лето',
    currency: 'usd',
    rate_date: '2026-11-22',
    applied: true,
    applied_group_size: 4,
    occupancy: 'double',
  },
  group_size: 4,
  currency: 'usd',
  lines: [
    {
      index: 1,
      kind: 'hotel',
      label: 'Отель «Иссык-Куль», Стандарт, BB',
      supplier_id: 21,
      supplier_name: 'Отель «Иссык-Куль»',
      service: 'Стандарт',
      meal_plan: 'BB',
      room_type: 'DBL',
      rooms: 2,
      starts_on: '2027-06-10',
      ends_on: '2027-06-14',
      quantity: 1,
      unit_price: null,
      currency: 'usd',
      cost: 560,
      converted: 560,
      booked: false,
    },
    {
      index: 3,
      kind: 'guide',
      label: 'Гиды Киргизии, Гид, русский язык',
      supplier_id: 23,
      supplier_name: 'Гиды Киргизии',
      service: 'Гид, русский язык',
      meal_plan: null,
      room_type: null,
      rooms: null,
      starts_on: '2027-06-11',
      ends_on: '2027-06-13',
      quantity: 3,
      unit_price: 4375,
      currency: 'kgs',
      cost: 13125,
      converted: 150,
      booked: true,
    },
  ],
};

beforeEach(() => {
  fakeApi.ok('GET /admin/bookings', { ...page([]), totals: [] });
  fakeApi.ok('GET /admin/trip/5/participants', [aigul, nuriya]);
  fakeApi.ok('GET /admin/trip/5', {
    id: 5,
    title: 'Иссык-Куль за 5 дней',
    starts_on: '2027-06-10',
    ends_on: '2027-06-14',
    status: 'confirmed',
    seats: 10,
    seats_taken: 4,
  });
  fakeApi.ok('GET /admin/trip/5/costing-lines', LINES);
});

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('a booking started from a line of the trip’s costing', () => {
  it('opens the hotel’s form pre-filled, editable, and saves what is on screen', async () => {
    const created = hotelBooking({ id: 40 });
    fakeApi.ok('POST /admin/bookings', created);
    fakeApi.ok('GET /admin/booking/40', created);
    renderRoute('booking-hotels', {
      url: '/admin/booking/06-2027/hotels?trip_id=5&new=1&costing_line=1',
    });

    expect(
      await screen.findByText('Из калькуляции: Отель «Иссык-Куль», Стандарт, BB'),
    ).toBeInTheDocument();
    expect(screen.getByText('По плану $560,00')).toBeInTheDocument();
    await waitFor(() => expect(valueOf('Отель')).toBe('Отель «Иссык-Куль»'));
    expect(valueOf('Категория')).toBe('Стандарт');
    expect(valueOf('Заезд')).toBe('10.06.2027');
    expect(valueOf('Выезд')).toBe('14.06.2027');
    expect(screen.getByLabelText('Стоимость', { selector: 'input' })).toHaveValue('560');
    expect(within(screen.getByRole('dialog')).getByTitle('Отель «Иссык-Куль»')).toBeInTheDocument();
    // Two double rooms for the group of 4.
    expect(screen.getByRole('group', { name: 'Номер 1' })).toHaveTextContent('0 из 2');
    expect(screen.getByRole('group', { name: 'Номер 2' })).toHaveTextContent('0 из 2');

    // Still editable: the city typed, the tourists ticked, then saved.
    await userEvent.type(screen.getByLabelText('Город'), 'Чолпон-Ата');
    await userEvent.click(await screen.findByRole('button', { name: 'Отметить всех' }));
    await userEvent.click(screen.getByRole('button', { name: 'Добавить бронирование' }));
    await waitFor(() => expect(fakeApi.requests('POST /admin/bookings')).toHaveLength(1));
    expect(fakeApi.requests('POST /admin/bookings')[0]!.data).toMatchObject({
      kind: 'hotel',
      trip_id: 5,
      supplier_id: 21,
      starts_on: '2027-06-10',
      ends_on: '2027-06-14',
      cost: '560',
      currency: 'usd',
      details: {
        hotel_name: 'Отель «Иссык-Куль»',
        city: 'Чолпон-Ата',
        category: 'Стандарт',
        meal_plan: 'BB',
      },
    });
  });

  it('starts a guide from its days and rate per day, marked as already booked', async () => {
    renderRoute('booking-guide', {
      url: '/admin/booking/06-2027/guide?trip_id=5&new=1&costing_line=3',
    });
    expect(
      await screen.findByText('Из калькуляции: Гиды Киргизии, Гид, русский язык'),
    ).toBeInTheDocument();
    // Testing Library reads the amount's no-break space as a space.
    expect(screen.getByText('По плану С13 125,00 · уже забронировано')).toBeInTheDocument();
    await waitFor(() => expect(valueOf('Гид')).toBe('Гиды Киргизии'));
    expect(valueOf('Начало работы')).toBe('11.06.2027');
    expect(valueOf('Окончание работы')).toBe('13.06.2027');
    expect(valueOf('Ставка в день')).toBe('4375');
  });

  it('says a line that is gone and leaves the form empty', async () => {
    renderRoute('booking-guide', {
      url: '/admin/booking/06-2027/guide?trip_id=5&new=1&costing_line=1',
    });
    expect(
      await screen.findByText('Строка калькуляции не найдена: форма пустая'),
    ).toBeInTheDocument();
    expect(valueOf('Гид')).toBe('');
  });
});
