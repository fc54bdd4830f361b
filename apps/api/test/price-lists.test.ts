import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// Supplier price lists (issue 33): a hotel's rooms by type and board per night in two seasons, a
// transfer per car of a capacity, tickets per person; seasons of one service never overlap; the
// unit follows the kind; Russian messages under the fields; every change in the supplier's
// history; prices valid on a day.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let agent: { browser: Browser; id: number };
let hotelId: number;
let transferId: number;

const LOW = { valid_from: '2027-01-10', valid_to: '2027-05-31' };
const HIGH = { valid_from: '2027-06-01', valid_to: '2027-09-30' };
const room = (variant: string, price: number | string, season = LOW) => ({
  kind: 'hotel',
  service: 'Стандарт',
  variant,
  meal_plan: 'BB',
  unit: variant === 'EXB' || variant === 'CHD' ? 'person_night' : 'room_night',
  currency: 'usd',
  price,
  ...season,
});

beforeAll(async () => {
  app = await buildTestApp(db());
  agent = await signedIn(app, db(), ['reservation_agent'], { full_name: 'Агент Бронирования' });
  hotelId = (
    await agent.browser.post('/api/admin/suppliers', {
      name: 'Отель «Тбилиси Центр»',
      kinds: ['hotel'],
    })
  ).json().data.id;
  transferId = (
    await agent.browser.post('/api/admin/suppliers', {
      name: 'Трансферы Грузии',
      kinds: ['transfer', 'activity'],
    })
  ).json().data.id;
});
afterAll(async () => {
  await app.close();
});

it('lists a hotel’s rooms per night in two seasons and those valid on a day', async () => {
  for (const body of [
    room('DBL', 95, HIGH),
    room('DBL', '70.50'),
    room('SGL', 60),
    room('EXB', 25),
  ]) {
    const saved = await agent.browser.post(`/api/admin/supplier/${hotelId}/prices`, body);
    expect(saved.statusCode).toBe(200);
  }
  const all = (await agent.browser.get(`/api/admin/supplier/${hotelId}/prices`)).json().data as {
    variant: string;
    price: number;
    valid_from: string;
    unit: string;
  }[];
  // By service, then variant (alphabetical), then season.
  expect(all.map((p) => [p.variant, p.price, p.valid_from, p.unit])).toEqual([
    ['DBL', 70.5, '2027-01-10', 'room_night'],
    ['DBL', 95, '2027-06-01', 'room_night'],
    ['EXB', 25, '2027-01-10', 'person_night'],
    ['SGL', 60, '2027-01-10', 'room_night'],
  ]);
  const summer = (await agent.browser.get(`/api/admin/supplier/${hotelId}/prices?on=2027-07-15`))
    .json()
    .data.map((p: { variant: string; price: number }) => [p.variant, p.price]);
  expect(summer).toEqual([['DBL', 95]]);
  const lastLowDay = (
    await agent.browser.get(`/api/admin/supplier/${hotelId}/prices?on=2027-05-31&kind=hotel`)
  ).json().data.length;
  expect(lastLowDay).toBe(3);
});

it('refuses a season meeting another of the same service, and allows another board', async () => {
  const overlap = await agent.browser.post(
    `/api/admin/supplier/${hotelId}/prices`,
    room('SGL', 65, { valid_from: '2027-05-31', valid_to: '2027-06-30' }),
  );
  expect([overlap.statusCode, overlap.json().errors]).toEqual([
    422,
    { valid_from: ['Сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027'] },
  ]);
  const halfBoard = await agent.browser.post(`/api/admin/supplier/${hotelId}/prices`, {
    ...room('SGL', 75),
    meal_plan: 'HB',
  });
  expect(halfBoard.statusCode).toBe(200);
  // Editing a price into its own season is no overlap with itself.
  const edited = await agent.browser.put(`/api/admin/supplier-price/${halfBoard.json().data.id}`, {
    ...room('SGL', 80),
    meal_plan: 'HB',
  });
  expect([edited.statusCode, edited.json().data.price]).toEqual([200, 80]);
});

it('says under each field what a price of its kind needs', async () => {
  const noRoom = await agent.browser.post(`/api/admin/supplier/${hotelId}/prices`, {
    kind: 'hotel',
    service: '  ',
    variant: null,
    meal_plan: null,
    capacity: 4,
    unit: 'car',
    currency: 'jpy',
    price: '1500.5',
    valid_from: '2027-02-01',
    valid_to: '2027-01-31',
  });
  expect([noRoom.statusCode, noRoom.json().errors]).toEqual([
    422,
    {
      service: ['Укажите услугу'],
      variant: ['Укажите тип номера: SGL, DBL, TWN, TRPL, доп. кровать или ребёнок'],
      meal_plan: ['Укажите питание'],
      capacity: ['Число мест указывается только у трансфера'],
      price: ['Сумма в JPY должна быть целой'],
      valid_to: ['Конец сезона не может быть раньше его начала'],
    },
  ]);
  const wrongUnit = await agent.browser.post(`/api/admin/supplier/${hotelId}/prices`, {
    ...room('CHD', 10),
    unit: 'room_night',
  });
  expect(wrongUnit.json().errors).toEqual({ unit: ['Цена этой услуги — за человека в ночь'] });
  const notItsKind = await agent.browser.post(`/api/admin/supplier/${hotelId}/prices`, {
    kind: 'guide',
    service: 'Гид, английский',
    unit: 'day',
    currency: 'usd',
    price: 80,
    ...LOW,
  });
  expect(notItsKind.json().errors).toEqual({
    kind: ['Поставщик не оказывает услуги этого вида: отметьте вид в карточке поставщика'],
  });
});

it('prices a transfer per car of a capacity and tickets per person', async () => {
  const car = (capacity: number, price: number) => ({
    kind: 'transfer',
    service: 'Аэропорт Тбилиси — отель',
    capacity,
    unit: 'car',
    currency: 'eur',
    price,
    ...LOW,
  });
  expect(
    (await agent.browser.post(`/api/admin/supplier/${transferId}/prices`, car(3, 30))).statusCode,
  ).toBe(200);
  // Another capacity is another service: its season may be the same.
  expect(
    (await agent.browser.post(`/api/admin/supplier/${transferId}/prices`, car(7, 55))).statusCode,
  ).toBe(200);
  const noCapacity = await agent.browser.post(`/api/admin/supplier/${transferId}/prices`, {
    ...car(3, 30),
    capacity: null,
  });
  expect(noCapacity.json().errors).toEqual({ capacity: ['Укажите число мест в машине'] });
  const ticket = await agent.browser.post(`/api/admin/supplier/${transferId}/prices`, {
    kind: 'activity',
    service: 'Крепость Нарикала',
    variant: 'child',
    unit: 'person',
    currency: 'kgs',
    price: 300,
    ...LOW,
  });
  expect(ticket.json().data).toMatchObject({ variant: 'child', unit: 'person', price: 300 });
  const adultless = await agent.browser.post(`/api/admin/supplier/${transferId}/prices`, {
    kind: 'activity',
    service: 'Крепость Нарикала',
    variant: 'senior',
    unit: 'person',
    currency: 'kgs',
    price: 300,
    ...LOW,
  });
  expect(adultless.json().errors).toEqual({
    variant: ['Укажите категорию билета: взрослый или детский'],
  });
});

it('keeps every change in the supplier’s history, a deleted price as it was', async () => {
  const saved = (
    await agent.browser.post(`/api/admin/supplier/${hotelId}/prices`, {
      ...room('TRPL', 120),
      meal_plan: 'FB',
    })
  ).json().data;
  await agent.browser.put(`/api/admin/supplier-price/${saved.id}`, {
    ...room('TRPL', 125),
    meal_plan: 'FB',
  });
  const gone = await agent.browser.delete(`/api/admin/supplier-price/${saved.id}`);
  expect(gone.statusCode).toBe(200);
  const again = await agent.browser.delete(`/api/admin/supplier-price/${saved.id}`);
  expect([again.statusCode, again.json().message]).toEqual([404, 'Цена не найдена']);
  const rows = await db()
    .selectFrom('audit_log')
    .select(['action', 'changes'])
    .where('entity_type', '=', 'supplier_price')
    .where('entity_id', '=', saved.id)
    .orderBy('id')
    .execute();
  expect(rows.map((row) => row.action)).toEqual(['created', 'updated', 'deleted']);
  // A price as a person reads it, with its currency (U+00A0 groups thousands, none here).
  expect(rows[1]!.changes).toEqual([{ field: 'price', old: '$120,00', new: '$125,00' }]);
  expect(rows[2]!.changes).toContainEqual({ field: 'price', old: '$125,00', new: null });
  expect(rows[2]!.changes).toContainEqual({ field: 'meal_plan', old: 'FB', new: null });
  // The supplier's «История» names a price by its service.
  const history = (await agent.browser.get(`/api/admin/supplier/${hotelId}/history`)).json().data
    .data as { entity_type: string; entity_id: number; entity_name?: string | null }[];
  const names = history
    .filter((entry) => entry.entity_type === 'supplier_price')
    .map((entry) => entry.entity_name ?? null);
  // The deleted price has no name left (its changes say what it was); a kept one has its own.
  expect(names.slice(0, 3)).toEqual([null, null, null]);
  expect(names).toContain('Стандарт, SGL, HB');
});

it('answers 404 for a supplier that does not exist', async () => {
  const missing = await agent.browser.get('/api/admin/supplier/999999/prices');
  expect([missing.statusCode, missing.json().message]).toEqual([404, 'Поставщик не найден']);
});
