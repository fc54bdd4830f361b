import type { TripCostingLine } from '@tour/shared';
import { costingLineForm } from './costing-line-values';

const line = (overrides: Partial<TripCostingLine>): TripCostingLine => ({
  index: 1,
  kind: 'transfer',
  label: 'Трансферы Иссык-Куля, Бишкек — Чолпон-Ата',
  supplier_id: 22,
  supplier_name: 'Трансферы Иссык-Куля',
  service: 'Бишкек — Чолпон-Ата',
  meal_plan: null,
  room_type: null,
  rooms: null,
  starts_on: '2027-06-10',
  ends_on: '2027-06-10',
  quantity: 2,
  unit_price: null,
  currency: 'kgs',
  cost: 10500,
  converted: 120,
  booked: false,
  ...overrides,
});

const day = (value: { format: (f: string) => string } | null) => value?.format('DD.MM.YYYY');

describe('a booking form started from a costing line', () => {
  it('takes a transfer’s route apart, seats the group and keeps the cost for the rides', () => {
    const values = costingLineForm('transfer', 5, line({}), 4);
    expect([values.trip_id, values.supplier_id, day(values.starts_on), values.ends_on]).toEqual([
      5,
      22,
      '10.06.2027',
      null,
    ]);
    expect([values.cost, values.currency]).toEqual(['10500', 'kgs']);
    expect(values.details).toEqual({ from_place: 'Бишкек', to_place: 'Чолпон-Ата', seats: 4 });
    // A route the price list wrote in one piece stays for the person to split.
    expect(costingLineForm('transfer', 5, line({ service: 'По городу' }), 4).details).toEqual({
      seats: 4,
    });
  });

  it('counts tickets for the whole group at the line’s price, the cost left to the server', () => {
    const values = costingLineForm(
      'activity',
      5,
      line({ kind: 'activity', service: 'Рух Ордо', quantity: 1, unit_price: 750, cost: 3000 }),
      4,
    );
    expect(values.cost).toBe('');
    expect(values.details).toEqual({
      venue: 'Рух Ордо',
      tickets: [{ category: 'Взрослый', count: 4, price: '750' }],
    });
  });

  it('makes a typed line another expense without a supplier nor a day', () => {
    const values = costingLineForm(
      'tour_expense',
      5,
      line({
        kind: 'tour_expense',
        supplier_id: null,
        supplier_name: null,
        service: 'Ужин в юрте',
        starts_on: null,
        ends_on: null,
        unit_price: 1000,
        cost: 4000,
      }),
      4,
    );
    expect([values.supplier_id, values.starts_on, values.cost]).toEqual([null, null, '4000']);
    expect(values.details).toEqual({ category: 'Ужин в юрте' });
  });
});
