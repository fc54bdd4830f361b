import { sql } from 'kysely';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { georgiaPriceLists } from './georgia-price-lists';
import { Browser, buildTestApp, signedIn } from './http';

// Costings (issue 33) from real price lists: a 5-day tour (4 nights) sold in USD, its hotel in
// USD over two seasons, a transfer in KGS by the cars that seat the group, a guide in EUR per day,
// tickets in KGS per person, at the rates of 20.11.2026 (1 $ = 87,45 С, 1 € = 95,20 С). Every
// expected figure was worked out by hand with fractions (the costing engine's own test explains
// each, packages/core/src/pricing/costing.test.ts): for 10 people in double rooms 180 +
// (1 300 + 1 200) / 87,45 + 45 × 95,2 / 87,45 = 257,5757… → cost $257,58, × 1,1 / 0,9 = 314,81 →
// price $315, commission $31,50, margin $25,92.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let sales: Browser;
let tripId: number;
let lines: unknown[];
/** The four suppliers of `lines`, in their order. */
let suppliers: { id: number; name: string }[];

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: sales } = await signedIn(app, db(), ['sales_manager']));
  await sql`insert into currency_rates (date, from_currency, to_currency, rate) values
    ('2026-11-20', 'usd', 'kgs', 87.45), ('2026-11-20', 'eur', 'kgs', 95.2),
    ('2026-11-25', 'usd', 'kgs', 88)`.execute(db());

  ({ lines, suppliers } = await georgiaPriceLists(sales));
  const trip = await sales.post('/api/admin/trips', {
    title: 'Грузия за 5 дней',
    country: 'Грузия',
    starts_on: '2027-05-30',
    ends_on: '2027-06-03',
    price: 500,
    currency: 'usd',
    seats: 15,
  });
  expect(trip.statusCode).toBe(200);
  tripId = trip.json().data.id;
});
afterAll(async () => {
  await app.close();
});

const COSTING = {
  currency: 'usd',
  rate_date: '2026-11-22', // the latest rates on or before it: those of 20.11.2026
  markup_type: 'percent',
  markup: 10,
  commission: 10,
};

it('prices a person by group size and occupancy from the price lists, as by hand', async () => {
  const response = await sales.post('/api/admin/costings/preview', { ...COSTING, lines });
  expect(response.statusCode).toBe(200);
  const preview = response.json().data;
  expect(preview.rows).toEqual([
    {
      group_size: 2,
      single: { cost: 557.25, price: 682, commission: 68.2, margin: 56.55 },
      double: { cost: 467.25, price: 572, commission: 57.2, margin: 47.55 },
    },
    {
      group_size: 4,
      single: { cost: 429.07, price: 525, commission: 52.5, margin: 43.43 },
      double: { cost: 339.07, price: 415, commission: 41.5, margin: 34.43 },
    },
    {
      group_size: 6,
      single: { cost: 380.62, price: 466, commission: 46.6, margin: 38.78 },
      double: { cost: 290.62, price: 356, commission: 35.6, margin: 29.78 },
    },
    {
      group_size: 10,
      single: { cost: 347.58, price: 425, commission: 42.5, margin: 34.92 },
      double: { cost: 257.58, price: 315, commission: 31.5, margin: 25.92 },
    },
    {
      group_size: 15,
      single: { cost: 330.11, price: 404, commission: 40.4, margin: 33.49 },
      double: { cost: 240.11, price: 294, commission: 29.4, margin: 24.49 },
    },
  ]);
  // Each line says how it was priced: the hotel's nights by their seasons.
  expect(preview.lines.map((line: { label: string; detail: string }) => line.detail)).toEqual([
    '30.05.2027, 4 ночи: 2 × (SGL $60,00, DBL $80,00); 2 × (SGL $75,00, DBL $100,00)',
    '30.05.2027: 3 мест — С2\u00a0500,00, 7 мест — С4\u00a0000,00, 18 мест — С9\u00a0000,00 × 2',
    '€90,00 за день × 5',
    'С1\u00a0200,00 за человека',
  ]);
  // And whose it is: a price-list line is changed from its supplier's list.
  expect(preview.lines.map((line: { supplier?: unknown }) => line.supplier)).toEqual(suppliers);
});

it('names what cannot be priced instead of pricing it', async () => {
  const beyond = await sales.post('/api/admin/costings/preview', {
    ...COSTING,
    lines: [{ ...(lines[0] as object), check_in: '2027-09-29', nights: 3 }],
  });
  expect([beyond.statusCode, beyond.json().errors]).toEqual([
    422,
    {
      lines: [
        'Строка 1: нет цены SGL на 01.10.2027 — добавьте её в прайс-лист отеля',
        'Строка 1: нет цены DBL на 01.10.2027 — добавьте её в прайс-лист отеля',
      ],
    },
  ]);
  const noRate = await sales.post('/api/admin/costings/preview', {
    ...COSTING,
    rate_date: '2026-11-26', // 25.11.2026 has a dollar's rate and no euro's
    lines,
  });
  expect(noRate.json().errors).toEqual({
    rate_date: [
      'Нет курса EUR → USD на 26.11.2026: введите курсы этого дня или выберите другую дату',
    ],
  });
  const badCommission = await sales.post('/api/admin/costings/preview', {
    ...COSTING,
    commission: 100,
    lines,
  });
  expect(badCommission.json().errors).toEqual({
    commission: ['Комиссия агента — от 0 до 99,99 %'],
  });
});

it('saves versions of a trip’s costing and applies a cell’s price to the trip', async () => {
  const first = await sales.post('/api/admin/costings', {
    ...COSTING,
    title: 'Первый расчёт',
    trip_id: tripId,
    lines,
  });
  expect(first.statusCode).toBe(200);
  const second = await sales.post('/api/admin/costings', {
    ...COSTING,
    markup: 15,
    title: 'Наценка 15 %',
    trip_id: tripId,
    lines,
  });
  expect([first.json().data.version, second.json().data.version]).toEqual([1, 2]);
  const versions = (await sales.get(`/api/admin/costings?trip_id=${tripId}`)).json().data;
  expect(versions.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
    [2, 'Наценка 15 %'],
    [1, 'Первый расчёт'],
  ]);

  const applied = await sales.post(`/api/admin/costing/${first.json().data.id}/apply`, {
    group_size: 10,
    occupancy: 'double',
  });
  expect([applied.statusCode, applied.json().data.price, applied.json().data.currency]).toEqual([
    200,
    315,
    'usd',
  ]);
  const history = (await sales.get(`/api/admin/trip/${tripId}/history`)).json().data.data;
  // The price, and which version and cell the trip now follows (its plan).
  expect(history[0].changes).toEqual([
    {
      field: 'costing',
      old: null,
      new: 'Версия 1 «Первый расчёт», группа 10, двухместное размещение',
    },
  ]);
  expect(history[1].changes).toEqual([{ field: 'price', old: 500, new: 315 }]);
  const noCell = await sales.post(`/api/admin/costing/${first.json().data.id}/apply`, {
    group_size: 12,
    occupancy: 'double',
  });
  expect(noCell.json().errors).toEqual({
    group_size: ['В таблице калькуляции нет такого размера группы'],
  });
});

it('answers in Russian for a costing of nothing or of a missing trip', async () => {
  const none = await sales.post('/api/admin/costings', { ...COSTING, title: 'x', lines });
  expect(none.json().errors).toEqual({
    trip_id: ['Укажите одно: заготовленный тур, тур или заявку'],
  });
  const missing = await sales.post('/api/admin/costings', {
    ...COSTING,
    title: 'x',
    trip_id: 999999,
    lines,
  });
  expect([missing.statusCode, missing.json().message]).toEqual([
    404,
    'Не найдено то, для чего калькуляция: тур, заготовленный тур или заявка',
  ]);
  expect((await sales.get('/api/admin/costing/999999')).statusCode).toBe(404);
});
