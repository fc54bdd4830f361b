import { bookingLabel, operationLinksText, tripLabel, walletLabel } from './operation-links';

const trip = { id: 17, title: 'Осенний Киото', starts_on: '2026-11-01', ends_on: '2026-11-08' };
const booking = {
  id: 40,
  kind: 'hotel',
  title: 'Отель «Сакура», Киото',
  supplier_id: 3,
  supplier_name: 'Sakura Hotels',
};

describe('walletLabel', () => {
  it('names a user wallet with its owner and a company wallet by its name', () => {
    expect(walletLabel('Депозит (сом)', 'Волкова Анна Игоревна')).toBe(
      'Депозит (сом) — Волкова Анна Игоревна',
    );
    expect(walletLabel('Касса USD', null)).toBe('Касса USD');
    expect(walletLabel('Касса USD')).toBe('Касса USD');
  });
});

describe('operation links', () => {
  it('names a trip by its title and dates', () => {
    expect(tripLabel(trip)).toBe('Осенний Киото, 01.11.2026–08.11.2026');
  });

  it('names a booking with its supplier, or alone', () => {
    expect(bookingLabel(booking)).toBe('Отель «Сакура», Киото — Sakura Hotels');
    expect(bookingLabel({ ...booking, supplier_name: null })).toBe('Отель «Сакура», Киото');
  });

  it('puts what an operation is for in one line, or nothing', () => {
    expect(
      operationLinksText({
        trip,
        participant: { id: 5, user_id: 9, full_name: 'Иванова Анна' },
      }),
    ).toBe('Тур: Осенний Киото, 01.11.2026–08.11.2026; турист: Иванова Анна');
    expect(operationLinksText({ trip, booking })).toBe(
      'Тур: Осенний Киото, 01.11.2026–08.11.2026; бронь: Отель «Сакура», Киото — Sakura Hotels',
    );
    expect(operationLinksText({ trip: null, participant: null, booking: null })).toBeNull();
    expect(operationLinksText({})).toBeNull();
  });
});
