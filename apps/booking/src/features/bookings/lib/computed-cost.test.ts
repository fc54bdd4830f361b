import { dayjs } from '@tour/shared';
import { newCover } from './booking-form-values';
import { computedCost } from './computed-cost';

const none = { starts_on: null, ends_on: null, details: {}, participants: [] };

describe('computedCost', () => {
  it('adds the tickets of air passengers exactly', () => {
    const participants = [
      { ...newCover(1), ticket_cost: '0.1' },
      { ...newCover(2), ticket_cost: '0,2' },
      { ...newCover(3), ticket_cost: '1 000.05' },
    ];
    expect(computedCost('air_ticket', { ...none, participants })).toEqual({
      amount: '1000.35',
      basis: 'билетов: 3',
    });
    expect(
      computedCost('air_ticket', { ...none, participants: [{ ...newCover(1), ticket_cost: '' }] }),
    ).toBeNull();
  });

  it('multiplies a guide’s days, both ends counted, by the rate', () => {
    expect(
      computedCost('guide', {
        ...none,
        starts_on: dayjs('2026-12-30'),
        ends_on: dayjs('2027-01-02'),
        details: { rate_per_day: '120.50' },
      }),
    ).toEqual({ amount: '482', basis: 'дней: 4 × ставка' });
  });

  it('adds count × price over the entrance categories', () => {
    expect(
      computedCost('activity', {
        ...none,
        details: {
          tickets: [
            { category: 'Взрослый', count: 3, price: '1500' },
            { category: 'Детский', count: 2, price: '750' },
          ],
        },
      }),
    ).toEqual({ amount: '6000', basis: 'билетов: 5' });
  });

  it('computes nothing for the kinds whose cost is typed', () => {
    expect(computedCost('hotel', none)).toBeNull();
  });
});
