import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { covered, hotelBooking, tripParticipant } from '../../../testing/bookings';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const aigul = tripParticipant(1, 'Асанова Айгуль');
const nuriya = tripParticipant(2, 'Бекова Нурия');
const petr = tripParticipant(3, 'Иванов Пётр');
const erlan = tripParticipant(4, 'Касымов Эрлан', 'cancelled');
const anna = tripParticipant(5, 'Ли Анна', 'cancelled');

// Two DBL rooms: Aigul and Nuriya in 1, Petr in 2 with Anna, who has since cancelled.
const booking = hotelBooking({
  covered: 3,
  participants: [
    covered(aigul, { room: 1 }),
    covered(nuriya, { room: 1 }),
    covered(petr, { room: 2 }),
    covered(anna, { room: 2 }),
  ],
});

function serve() {
  fakeApi.ok('GET /admin/bookings', {
    data: [],
    current_page: 1,
    last_page: 1,
    per_page: 50,
    total: 0,
    from: null,
    to: null,
    totals: [],
  });
  fakeApi.ok('GET /admin/booking/12', booking);
  fakeApi.ok('GET /admin/trip/5/participants', [aigul, nuriya, petr, erlan, anna]);
}

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

const room = (name: string) => screen.getByRole('group', { name });

describe('the rooming list editor', () => {
  it('shows the rooms with their occupants and places, the cancelled taking none', async () => {
    serve();
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });

    await screen.findByRole('region', { name: 'Rooming list' });
    await waitFor(() => expect(room('Номер 1')).toHaveTextContent('Асанова Айгуль'));
    expect(room('Номер 1')).toHaveTextContent('Номер 12 из 2Асанова АйгульБекова Нурия');
    expect(room('Номер 2')).toHaveTextContent(
      'Номер 21 из 2Иванов ПётрЛи Анна (отменён, место не занимает)',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A cancelled participant is offered only when already on the booking.
    expect(screen.getByRole('checkbox', { name: 'Касымов Эрлан' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Ли Анна' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Ли Анна' })).toBeChecked();
    expect(screen.getByText('Выбрано: 4 из 5')).toBeInTheDocument();
  });

  it('warns of an over-full room, and sends the rooms assigned', async () => {
    serve();
    fakeApi.on('PUT /admin/booking/12', ({ data }) => ({
      status: 200,
      data: { code: 1, data: { ...booking, details: (data as { details: object }).details } },
    }));
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });
    await screen.findByRole('region', { name: 'Rooming list' });
    await waitFor(() => expect(room('Номер 2')).toHaveTextContent('Иванов Пётр'));

    await choose(screen.getByRole('combobox', { name: 'Номер комнаты: Иванов Пётр' }), 'Номер 1');
    expect(
      await screen.findByText('Номер 1 переполнен: 3 чел., мест в DBL — 2'),
    ).toBeInTheDocument();
    expect(room('Номер 1')).toHaveTextContent('3 из 2');
    expect(room('Номер 2')).toHaveTextContent('0 из 2');

    // A third room for Petr: the warning goes.
    const rooms = screen.getByRole('spinbutton', { name: 'Номеров' });
    await userEvent.clear(rooms);
    await userEvent.type(rooms, '3');
    await choose(screen.getByRole('combobox', { name: 'Номер комнаты: Иванов Пётр' }), 'Номер 3');
    await waitFor(() => expect(screen.queryByText(/переполнен/)).not.toBeInTheDocument());
    expect(room('Номер 3')).toHaveTextContent('Номер 31 из 2Иванов Пётр');

    // Nuriya leaves the booking; she is listed nowhere any more.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Бекова Нурия' }));
    expect(room('Номер 1')).toHaveTextContent('Номер 11 из 2Асанова Айгуль');

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fakeApi.requests('PUT /admin/booking/12')).toHaveLength(1));
    expect(fakeApi.requests('PUT /admin/booking/12')[0]!.data).toEqual({
      kind: 'hotel',
      trip_id: 5,
      supplier_id: 7,
      starts_on: '2026-12-02',
      ends_on: '2026-12-09',
      cost: '2450',
      currency: 'usd',
      status: 'confirmed',
      penalty: null,
      confirmation_number: 'HT-5521',
      payment_due_on: '2026-11-25',
      notes: null,
      details: {
        hotel_name: 'Hilton',
        city: 'Токио',
        category: '5*',
        room_type: 'DBL',
        rooms: 3,
        meal_plan: 'BB',
      },
      participants: [
        { participant_id: 1, room: 1 },
        { participant_id: 3, room: 3 },
        { participant_id: 5, room: 2 },
      ],
    });
    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
  });

  it('shows the capacity of the room type chosen', async () => {
    serve();
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });
    await screen.findByRole('region', { name: 'Rooming list' });
    await waitFor(() => expect(room('Номер 1')).toHaveTextContent('2 из 2'));

    await choose(screen.getByRole('combobox', { name: 'Тип номера' }), 'SGL — одноместный');
    expect(
      await screen.findByText('Номер 1 переполнен: 2 чел., мест в SGL — 1'),
    ).toBeInTheDocument();
    expect(room('Номер 2')).toHaveTextContent('1 из 1');
    expect(
      within(screen.getByRole('region', { name: 'Rooming list' })).getAllByRole('alert'),
    ).toHaveLength(1);
  });
});
