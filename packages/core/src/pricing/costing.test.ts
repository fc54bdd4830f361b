import {
  cheapestCars,
  computeCosting,
  lineGroupCost,
  type CostingInput,
  type CostingLine,
} from './costing';

// A 5-day tour (4 nights) costed in USD from price lists in USD, KGS and EUR on one rate date
// (1 $ = 87,45 С, 1 € = 95,20 С; euros reach dollars through the som). Every expected figure
// below was worked out by hand, with fractions, from these prices:
// - hotel (USD), two nights of the low season (SGL 60, DBL 80) and two of the high (SGL 75,
//   DBL 100): single 60+60+75+75 = 270; double (80+80+100+100)/2 = 180 per person;
// - transfer (KGS), twice, the cheapest cars seating the group: 3 seats 2 500, 7 seats 4 000,
//   18 seats 9 000 → 2 people one 3-seat car, 4 and 6 one 7-seat car, 10 a 7 and a 3 (6 500,
//   cheaper than two 7s or the 18), 15 the 18-seat car (9 000, cheaper than 7+7+3 = 10 500);
// - a guide (EUR) 90 a day for 5 days, shared by the group;
// - entrance tickets (KGS) 1 200 a person;
// - markup 10 %, the agent's commission 10 % of the price: price = cost × 1,1 / 0,9, rounded up
//   to a whole dollar. For 10 people in double rooms: 180 + (1 300 + 1 200) / 87,45 +
//   45 × 95,2 / 87,45 = 257,5757… → $257,58; × 1,1 / 0,9 = 314,81 → $315; commission $31,50;
//   margin 315 − 31,5 − 257,5757… = $25,92.

const lines: CostingLine[] = [
  {
    label: 'Отель «Тбилиси Центр», Стандарт, BB',
    currency: 'usd',
    basis: {
      type: 'rooms',
      nights: [
        { single: '60', double: '80' },
        { single: '60', double: '80' },
        { single: '75', double: '100' },
        { single: '75', double: '100' },
      ],
    },
  },
  {
    label: 'Трансфер аэропорт — отель — аэропорт',
    currency: 'kgs',
    quantity: 2,
    basis: {
      type: 'cars',
      cars: [
        { capacity: 3, price: '2500' },
        { capacity: 7, price: '4000' },
        { capacity: 18, price: '9000' },
      ],
    },
  },
  { label: 'Гид, 5 дней', currency: 'eur', quantity: 5, basis: { type: 'group', amount: '90' } },
  { label: 'Входные билеты', currency: 'kgs', basis: { type: 'person', amount: '1200' } },
];

const input: CostingInput = {
  lines,
  currency: 'usd',
  rates: { usd: { kgs: '87.45' }, eur: { kgs: '95.2' } },
  markup: { type: 'percent', value: '10' },
  commission: '10',
};

it('prices a person by group size and occupancy exactly as worked out by hand', () => {
  const result = computeCosting(input);
  expect(result).toEqual({
    ok: true,
    rows: [
      {
        groupSize: 2,
        single: { cost: '557.25', price: '682.00', commission: '68.20', margin: '56.55' },
        double: { cost: '467.25', price: '572.00', commission: '57.20', margin: '47.55' },
      },
      {
        groupSize: 4,
        single: { cost: '429.07', price: '525.00', commission: '52.50', margin: '43.43' },
        double: { cost: '339.07', price: '415.00', commission: '41.50', margin: '34.43' },
      },
      {
        groupSize: 6,
        single: { cost: '380.62', price: '466.00', commission: '46.60', margin: '38.78' },
        double: { cost: '290.62', price: '356.00', commission: '35.60', margin: '29.78' },
      },
      {
        groupSize: 10,
        single: { cost: '347.58', price: '425.00', commission: '42.50', margin: '34.92' },
        double: { cost: '257.58', price: '315.00', commission: '31.50', margin: '25.92' },
      },
      {
        groupSize: 15,
        single: { cost: '330.11', price: '404.00', commission: '40.40', margin: '33.49' },
        double: { cost: '240.11', price: '294.00', commission: '29.40', margin: '24.49' },
      },
    ],
  });
});

it('picks the cheapest cars that seat the group', () => {
  const cars = [
    { capacity: 3, price: '2500' },
    { capacity: 7, price: '4000' },
    { capacity: 18, price: '9000' },
  ];
  expect(cheapestCars(cars, 1)?.toFixed()).toBe('2500');
  expect(cheapestCars(cars, 8)?.toFixed()).toBe('6500'); // 7 + 3 seats (a 7 and a 3, not two 7s)
  expect(cheapestCars(cars, 15)?.toFixed()).toBe('9000');
  expect(cheapestCars(cars, 19)?.toFixed()).toBe('11500'); // 18 + 3
  expect(cheapestCars([], 4)).toBeNull();
});

it('rounds a price in som up to 100 сом, with a markup as an amount and no commission', () => {
  // $100 a person at 87,45 = 8 745 С; + 500 С = 9 245 → 9 300 С; margin 9 300 − 8 745 = 555 С.
  const result = computeCosting({
    lines: [{ label: 'Ужин', currency: 'usd', basis: { type: 'person', amount: '100' } }],
    currency: 'kgs',
    rates: { usd: { kgs: '87.45' } },
    markup: { type: 'amount', value: '500' },
    commission: '0',
    groupSizes: [4],
  });
  expect(result).toEqual({
    ok: true,
    rows: [
      {
        groupSize: 4,
        single: { cost: '8745', price: '9300', commission: '0', margin: '555' },
        double: { cost: '8745', price: '9300', commission: '0', margin: '555' },
      },
    ],
  });
});

it('never converts at a rate of 1: a currency without a rate is named instead', () => {
  expect(computeCosting({ ...input, rates: { usd: { kgs: '87.45' } } })).toEqual({
    ok: false,
    missingRates: ['eur'],
  });
});

it('refuses a commission that would leave nothing of the price', () => {
  expect(() => computeCosting({ ...input, commission: '100' })).toThrow(RangeError);
  expect(() => computeCosting({ ...input, commission: '-1' })).toThrow(RangeError);
});

it('costs a line with an unreadable price as nothing, and a room as its nights', () => {
  // A night's price that is not a number leaves the hotel out (the API never stores one).
  const result = computeCosting({
    ...input,
    lines: [
      {
        label: 'Отель',
        currency: 'usd',
        basis: { type: 'rooms', nights: [{ single: 'x', double: 'x' }] },
      },
      { label: 'Машины', currency: 'usd', basis: { type: 'cars', cars: [] } },
      { label: 'Гид', currency: 'usd', basis: { type: 'group', amount: 'x' } },
      { label: 'Обед', currency: 'usd', basis: { type: 'person', amount: '9' } },
    ],
    markup: { type: 'percent', value: '0' },
    commission: '0',
    groupSizes: [2],
  });
  expect(result).toEqual({
    ok: true,
    rows: [
      {
        groupSize: 2,
        single: { cost: '9.00', price: '9.00', commission: '0.00', margin: '0.00' },
        double: { cost: '9.00', price: '9.00', commission: '0.00', margin: '0.00' },
      },
    ],
  });
});

it('costs a line for a whole group in its own currency, as the plan of a trip reads it', () => {
  const [hotel, transfer, guide, tickets] = lines as [
    CostingLine,
    CostingLine,
    CostingLine,
    CostingLine,
  ];
  // Double rooms: (80 + 80 + 100 + 100) / 2 = 180 a person; 3 people: 540 (one and a half rooms).
  expect(lineGroupCost(hotel, 3, 'double')?.toFixed()).toBe('540');
  expect(lineGroupCost(hotel, 3, 'single')?.toFixed()).toBe('810');
  // 4 people: one 7-seat car, twice: 8 000 С.
  expect(lineGroupCost(transfer, 4, 'double')?.toFixed()).toBe('8000');
  // 5 days × 90 € whatever the group.
  expect(lineGroupCost(guide, 7, 'double')?.toFixed()).toBe('450');
  expect(lineGroupCost(tickets, 4, 'single')?.toFixed()).toBe('4800');
  expect(
    lineGroupCost(
      { label: 'Гид', currency: 'usd', basis: { type: 'group', amount: 'x' } },
      2,
      'double',
    ),
  ).toBeNull();
});
