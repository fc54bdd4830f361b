import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoLatinWords, fakeApi, installFakeApi } from '@tour/shared/testing';
import { covered, hotelBooking, tripParticipant } from '../../../testing/bookings';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const aigul = tripParticipant(1, 'Асанова Айгуль');
const nuriya = tripParticipant(2, 'Бекова Нурия');
const petr = tripParticipant(3, 'Иванов Пётр');
const erlan = tripParticipant(4, 'Касымов Эрлан', 'cancelled');
const anna = tripParticipant(5, 'Ли Анна', 'cancelled');

// A DBL for Aigul and Nuriya, a TWN for Petr with Anna, who has since cancelled.
const booking = hotelBooking({
  covered: 3,
  details: {
    ...hotelBooking().details,
    room_plan: [
      { room_type: 'DBL', participant_ids: [1, 2] },
      { room_type: 'TWN', participant_ids: [3, 5] },
    ],
  },
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
  fakeApi.ok('GET /admin/booking/12/payments', []);
  fakeApi.ok('GET /admin/trip/5/participants', [aigul, nuriya, petr, erlan, anna]);
}

/**
 * Opens a select and picks the option of that label in its own list (several selects here offer
 * the same room types: a list opened before may still be in the document).
 */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const listId = select.getAttribute('aria-controls')!;
  const list = await waitFor(() => {
    const found = document.getElementById(listId)?.closest('.ant-select-dropdown');
    if (!(found instanceof HTMLElement)) throw new Error(`the list of ${listId} is not open`);
    return found;
  });
  await userEvent.click(await within(list).findByTitle(label));
}

const room = (name: string) => screen.getByRole('group', { name });
const plan = () => screen.getByRole('region', { name: 'План размещения' });

describe('the room plan', () => {
  it('shows the rooms by type with their tourists and places, the cancelled taking none', async () => {
    serve();
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });

    await screen.findByRole('region', { name: 'План размещения' });
    await waitFor(() => expect(room('Номер 1')).toHaveTextContent('Асанова Айгуль'));
    expect(room('Номер 1')).toHaveTextContent('2 из 2');
    expect(room('Номер 1')).toHaveTextContent('DBL — двухместный, одна кровать');
    expect(room('Номер 1')).toHaveTextContent('Бекова Нурия');
    expect(room('Номер 2')).toHaveTextContent('1 из 2');
    expect(room('Номер 2')).toHaveTextContent('TWN — двухместный, две кровати');
    expect(room('Номер 2')).toHaveTextContent('Ли Анна (отменён)');
    expect(plan()).toHaveTextContent('Номеров: 2 (DBL × 1, TWN × 1) · мест: 4 · размещено: 3 из 3');
    expect(within(plan()).getByText('Все участники размещены')).toBeInTheDocument();
    // The checklist says each one's room.
    const row = screen.getByRole('checkbox', { name: 'Иванов Пётр' }).closest('tr')!;
    expect(row).toHaveTextContent('Номер 2 (TWN)');
    // A cancelled participant is offered only when already on the booking.
    expect(screen.getByRole('checkbox', { name: 'Касымов Эрлан' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Ли Анна' })).toBeChecked();
    expectNoLatinWords(document.body, { data: ['Hilton Tokyo', 'Hilton'] });
  });

  it('refuses a room over its places before the server, and sends the plan as changed', async () => {
    serve();
    fakeApi.on('PUT /admin/booking/12', ({ data }) => ({
      status: 200,
      data: { code: 1, data: { ...booking, details: (data as { details: object }).details } },
    }));
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });
    await screen.findByRole('region', { name: 'План размещения' });
    await waitFor(() => expect(room('Номер 1')).toHaveTextContent('Асанова Айгуль'));

    // The DBL made a single: two people in a room of one.
    await choose(screen.getByRole('combobox', { name: 'Тип номера 1' }), 'SGL — одноместный');
    expect(room('Номер 1')).toHaveTextContent('2 из 1');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(room('Номер 1')).toHaveTextContent('В номере 1 (SGL) не больше 1 чел.'),
    );
    expect(fakeApi.requests('PUT /admin/booking/12')).toHaveLength(0);

    // Nuriya leaves the booking: out of her room at once, and the single is right again.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Бекова Нурия' }));
    await waitFor(() => expect(room('Номер 1')).toHaveTextContent('1 из 1'));
    expect(room('Номер 1')).not.toHaveTextContent('Бекова Нурия');
    // She is back, placed in order: Anna has cancelled, so the TWN has a place for her.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Бекова Нурия' }));
    expect(plan()).toHaveTextContent('Не размещены (1 человек): Бекова Нурия');
    await userEvent.click(screen.getByRole('button', { name: 'Разместить по порядку' }));
    await waitFor(() => expect(room('Номер 2')).toHaveTextContent('Бекова Нурия'));
    expect(room('Номер 2')).toHaveTextContent('2 из 2');
    // A single added and taken away again.
    await choose(screen.getByRole('combobox', { name: 'Тип нового номера' }), 'SGL — одноместный');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить номер' }));
    expect(room('Номер 3')).toHaveTextContent('0 из 1');
    await userEvent.click(screen.getByRole('button', { name: 'Убрать номер 3' }));
    expect(screen.queryByRole('group', { name: 'Номер 3' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fakeApi.requests('PUT /admin/booking/12')).toHaveLength(1));
    expect(fakeApi.requests('PUT /admin/booking/12')[0]!.data).toMatchObject({
      details: {
        hotel_name: 'Hilton',
        city: 'Токио',
        category: '5*',
        meal_plan: 'BB',
        room_plan: [
          { room_type: 'SGL', participant_ids: [1] },
          { room_type: 'TWN', participant_ids: [3, 5, 2] },
        ],
      },
      participants: [
        { participant_id: 1 },
        { participant_id: 2 },
        { participant_id: 3 },
        { participant_id: 5 },
      ],
    });
    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
  });

  it('asks for a room before saving a hotel without one', async () => {
    serve();
    renderRoute('booking-hotels', { url: '/admin/booking/12-2026/hotels?edit=12' });
    await screen.findByRole('region', { name: 'План размещения' });
    await waitFor(() => expect(room('Номер 2')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Убрать номер 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Убрать номер 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    // The error list may draw its message twice (the removal's validation, then the submit's):
    // the text is awaited, not one element of it that may be replaced meanwhile.
    await waitFor(() => expect(plan()).toHaveTextContent('Добавьте хотя бы один номер'));
    expect(plan()).toHaveTextContent(
      'Не размещены (3 человека): Асанова Айгуль, Бекова Нурия, Иванов Пётр',
    );
    expect(fakeApi.requests('PUT /admin/booking/12')).toHaveLength(0);
  });
});
