import { sql } from 'kysely';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { sheetsOf } from './workbook';
import { Browser, createTestUser, buildTestApp, signedIn } from './http';

// A trip's plan (issue 33, planned against actual). A 5-day trip to Issyk-Kul sold in USD,
// costed at the rates of 20.11.2026 (1 $ = 87,50 С) from price lists in USD and KGS, applied at a
// group of 4 in double rooms. Every figure below was worked out by hand:
// - hotel (USD), 4 nights from 10.06.2027, DBL 70 a night: 2 rooms × 4 × 70 = $560,00;
// - transfer (KGS) there and back, the 7-seat car (5 250 С) seats the 4: 2 × 5 250 = 10 500 С
//   = 10 500 / 87,5 = $120,00;
// - a guide (KGS), 3 days × 4 375 С = 13 125 С = $150,00;
// - tickets (KGS), 750 С a person: 3 000 С = 34,2857… → $34,29 (rounded up once);
// planned costs $864,29. A person's cost in double rooms: 140 + (2 625 + 3 281,25 + 750) / 87,5
// = 216,0714…; with 20 % markup and no commission 259,2857… → the price $260, so the planned
// revenue for 4 is $1 040,00, the planned profit 1 040 − 864,29 = $175,71, the margin 16,90 %.
// Then the bookings: the hotel at $600 (over plan by $40), the transfer as planned (10 500 С =
// $120), the guide 2 days × 5 000 С = 10 000 С = 114,2857… → $114,29 (under plan by $35,71), the
// tickets 4 × 750 С = $34,29. Actual costs $868,58, $4,29 over plan; one tourist has a $20
// discount, so the actual revenue is $1 020, the profit 1 020 − 868,58 = $151,42, 14,85 %.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let sales: Browser;
let salesId: number;
let accountant: Browser;
let tripId: number;
let plainTripId: number;
let costingId: number;
let participants: number[];
const supplier: Record<'hotel' | 'transfer' | 'guide' | 'venue', number> = {
  hotel: 0,
  transfer: 0,
  guide: 0,
  venue: 0,
};

const YEAR = { valid_from: '2027-01-01', valid_to: '2027-12-31' };

async function ok(response: { statusCode: number; body: string; json: () => { data: unknown } }) {
  expect(`${response.statusCode} ${response.statusCode === 200 ? '' : response.body}`).toBe('200 ');
  return response.json().data as { id: number } & Record<string, unknown>;
}

async function newSupplier(name: string, kinds: string[]): Promise<number> {
  return (await ok(await sales.post('/api/admin/suppliers', { name, kinds }))).id;
}

async function price(supplierId: number, body: object): Promise<number> {
  return (await ok(await sales.post(`/api/admin/supplier/${supplierId}/prices`, body))).id;
}

async function trip(title: string): Promise<number> {
  return (
    await ok(
      await sales.post('/api/admin/trips', {
        title,
        country: 'Кыргызстан',
        starts_on: '2027-06-10',
        ends_on: '2027-06-14',
        price: 500,
        currency: 'usd',
        seats: 10,
      }),
    )
  ).id;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: sales, id: salesId } = await signedIn(app, db(), ['sales_manager']));
  ({ browser: accountant } = await signedIn(app, db(), ['accountant']));
  await sql`insert into currency_rates (date, from_currency, to_currency, rate) values
    ('2026-11-20', 'usd', 'kgs', 87.5)`.execute(db());

  supplier.hotel = await newSupplier('Отель «Иссык-Куль»', ['hotel']);
  for (const [variant, amount] of [
    ['SGL', 50],
    ['DBL', 70],
  ] as const) {
    await price(supplier.hotel, {
      kind: 'hotel',
      service: 'Стандарт',
      variant,
      meal_plan: 'BB',
      unit: 'room_night',
      currency: 'usd',
      price: amount,
      ...YEAR,
    });
  }
  supplier.transfer = await newSupplier('Трансферы Иссык-Куля', ['transfer']);
  for (const [capacity, amount] of [
    [3, 3500],
    [7, 5250],
  ]) {
    await price(supplier.transfer, {
      kind: 'transfer',
      service: 'Бишкек — Чолпон-Ата',
      capacity,
      unit: 'car',
      currency: 'kgs',
      price: amount,
      ...YEAR,
    });
  }
  supplier.guide = await newSupplier('Гиды Киргизии', ['guide']);
  const guide = await price(supplier.guide, {
    kind: 'guide',
    service: 'Гид, русский язык',
    unit: 'day',
    currency: 'kgs',
    price: 4375,
    ...YEAR,
  });
  supplier.venue = await newSupplier('Музей Рух Ордо', ['activity']);
  const ticket = await price(supplier.venue, {
    kind: 'activity',
    service: 'Рух Ордо',
    variant: 'adult',
    unit: 'person',
    currency: 'kgs',
    price: 750,
    ...YEAR,
  });

  tripId = await trip('Иссык-Куль за 5 дней');
  plainTripId = await trip('Иссык-Куль без калькуляции');
  costingId = (
    await ok(
      await sales.post('/api/admin/costings', {
        title: 'Лето',
        trip_id: tripId,
        currency: 'usd',
        rate_date: '2026-11-22',
        markup_type: 'percent',
        markup: 20,
        commission: 0,
        lines: [
          {
            type: 'hotel',
            supplier_id: supplier.hotel,
            service: 'Стандарт',
            meal_plan: 'BB',
            check_in: '2027-06-10',
            nights: 4,
          },
          {
            type: 'transfer',
            supplier_id: supplier.transfer,
            service: 'Бишкек — Чолпон-Ата',
            date: '2027-06-10',
            quantity: 2,
          },
          { type: 'price', price_id: guide, date: '2027-06-11', quantity: 3 },
          { type: 'price', price_id: ticket, date: '2027-06-12' },
        ],
      }),
    )
  ).id;
});
afterAll(async () => {
  await app.close();
});

it('plans from the latest version in double rooms for a group of one until a price is applied', async () => {
  const lines = (await ok(await sales.get(`/api/admin/trip/${tripId}/costing-lines`))) as never as {
    costing: Record<string, unknown>;
    group_size: number;
    lines: Record<string, unknown>[];
  };
  expect(lines.costing).toMatchObject({ applied: false, occupancy: 'double', version: 1 });
  expect(lines.group_size).toBe(1);
  // One person: half a double room (4 × 70 / 2 = $140), the 3-seat car twice (7 000 С).
  expect(lines.lines[0]).toMatchObject({ cost: 140, converted: 140, rooms: 1 });
  expect(lines.lines[1]).toMatchObject({ cost: 7000, converted: 80 });
});

it('applies the price at a group of 4 in double rooms and writes it in the trip history', async () => {
  const applied = await ok(
    await sales.post(`/api/admin/costing/${costingId}/apply`, {
      group_size: 4,
      occupancy: 'double',
    }),
  );
  expect(applied).toMatchObject({ price: 260, currency: 'usd' });
  const history = (await ok(await sales.get(`/api/admin/trip/${tripId}/history`))) as never as {
    data: { changes: { field: string; old: unknown; new: unknown }[] }[];
  };
  expect(history.data[0]!.changes).toEqual([
    { field: 'costing', old: null, new: 'Версия 1 «Лето», группа 4, двухместное размещение' },
  ]);

  participants = [];
  for (const [index, name] of [
    'Асанова Айгуль',
    'Бекова Бермет',
    'Волков Вадим',
    'Газиев Гулжан',
  ].entries()) {
    const user = await createTestUser(db(), {
      password: null,
      full_name: name,
      manager_id: salesId,
    });
    const body = index === 3 ? { user_id: user, discount: 20 } : { user_id: user };
    participants.push(
      (await ok(await sales.post(`/api/admin/trip/${tripId}/participants`, body))).id,
    );
  }
});

it('gives the lines a booking starts from, pre-filled as computed by hand', async () => {
  const lines = (await ok(await sales.get(`/api/admin/trip/${tripId}/costing-lines`))) as never as {
    costing: Record<string, unknown>;
    group_size: number;
    currency: string;
    lines: Record<string, unknown>[];
  };
  expect(lines.costing).toEqual({
    id: costingId,
    version: 1,
    title: 'Лето',
    currency: 'usd',
    rate_date: '2026-11-22',
    applied: true,
    applied_group_size: 4,
    occupancy: 'double',
  });
  expect(lines.group_size).toBe(4);
  expect(lines.currency).toBe('usd');
  expect(lines.lines).toEqual([
    {
      index: 1,
      kind: 'hotel',
      label: 'Отель «Иссык-Куль», Стандарт, BB',
      supplier_id: supplier.hotel,
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
      index: 2,
      kind: 'transfer',
      label: 'Трансферы Иссык-Куля, Бишкек — Чолпон-Ата',
      supplier_id: supplier.transfer,
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
    },
    {
      index: 3,
      kind: 'guide',
      label: 'Гиды Киргизии, Гид, русский язык',
      supplier_id: supplier.guide,
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
      booked: false,
    },
    {
      index: 4,
      kind: 'activity',
      label: 'Музей Рух Ордо, Рух Ордо',
      supplier_id: supplier.venue,
      supplier_name: 'Музей Рух Ордо',
      service: 'Рух Ордо',
      meal_plan: null,
      room_type: null,
      rooms: null,
      starts_on: '2027-06-12',
      ends_on: '2027-06-12',
      quantity: 1,
      unit_price: 750,
      currency: 'kgs',
      cost: 3000,
      converted: 34.29,
      booked: false,
    },
  ]);
});

describe('with the bookings made', () => {
  beforeAll(async () => {
    const all = participants.map((participant_id) => ({ participant_id }));
    const book = async (body: object) =>
      ok(
        await sales.post('/api/admin/bookings', {
          trip_id: tripId,
          status: 'confirmed',
          participants: all,
          ...body,
        }),
      );
    await book({
      kind: 'hotel',
      supplier_id: supplier.hotel,
      starts_on: '2027-06-10',
      ends_on: '2027-06-14',
      cost: 600,
      currency: 'usd',
      details: {
        hotel_name: 'Отель «Иссык-Куль»',
        city: 'Чолпон-Ата',
        category: 'Стандарт',
        meal_plan: 'BB',
        room_plan: [
          { room_type: 'DBL', participant_ids: participants.slice(0, 2) },
          { room_type: 'DBL', participant_ids: participants.slice(2) },
        ],
      },
    });
    await book({
      kind: 'transfer',
      supplier_id: supplier.transfer,
      starts_on: '2027-06-10',
      cost: 10500,
      currency: 'kgs',
      details: {
        time: '10:00',
        direction: 'arrival',
        from_place: 'Бишкек',
        to_place: 'Чолпон-Ата',
      },
    });
    await book({
      kind: 'guide',
      supplier_id: supplier.guide,
      starts_on: '2027-06-11',
      ends_on: '2027-06-12',
      currency: 'kgs',
      details: { guide_name: 'Гиды Киргизии', rate_per_day: 5000 },
    });
    await book({
      kind: 'activity',
      supplier_id: supplier.venue,
      starts_on: '2027-06-12',
      currency: 'kgs',
      details: { venue: 'Рух Ордо', tickets: [{ category: 'Взрослый', count: 4, price: 750 }] },
    });
  });

  it('marks the lines already booked', async () => {
    const lines = (await ok(
      await sales.get(`/api/admin/trip/${tripId}/costing-lines`),
    )) as never as { lines: { booked: boolean }[] };
    expect(lines.lines.map((line) => line.booked)).toEqual([true, true, true, true]);
  });

  it('shows in the tour summary planned against actual per kind, to the cent', async () => {
    const summary = (await ok(
      await accountant.get(`/api/admin/reports/tour?trip_id=${tripId}`),
    )) as never as { plan: unknown };
    expect(summary.plan).toEqual({
      costing: {
        id: costingId,
        version: 1,
        title: 'Лето',
        currency: 'usd',
        rate_date: '2026-11-22',
        applied: true,
        applied_group_size: 4,
        occupancy: 'double',
      },
      group_size: 4,
      kinds: [
        { kind: 'hotel', planned: 560, actual: 600, difference: 40 },
        { kind: 'transfer', planned: 120, actual: 120, difference: 0 },
        { kind: 'guide', planned: 150, actual: 114.29, difference: -35.71 },
        { kind: 'activity', planned: 34.29, actual: 34.29, difference: 0 },
      ],
      planned_costs: 864.29,
      actual_costs: 868.58,
      difference: 4.29,
      planned_revenue: 1040,
      planned_profit: 175.71,
      planned_margin: 16.9,
      actual_revenue: 1020,
      actual_profit: 151.42,
      actual_margin: 14.85,
      missing_rate: false,
    });
  });

  it('puts planned against actual in the tour summary’s workbook, as the screen has it', async () => {
    const file = await accountant.get(`/api/admin/reports/tour/export?trip_id=${tripId}`);
    const rows = (await sheetsOf(file))('План и факт');
    const field = (label: string) => rows.find((row) => row[0] === label)?.[1];
    expect(field('Калькуляция')).toBe('«Лето», версия 1');
    expect(field('Цена')).toBe('применена для группы 4, двухместное размещение');
    expect(field('Пересчитана на участников')).toBe(4);
    expect(field('План: маржа, %')).toBe(16.9);
    expect(field('Факт: маржа, %')).toBe(14.85);
    const header = rows.findIndex((row) => row[0] === 'Статья');
    expect(rows[header]).toEqual(['Статья', 'План', 'Факт', 'Разница (факт − план)']);
    expect(rows.slice(header + 1)).toEqual([
      ['Отели', 560, 600, 40],
      ['Трансфер', 120, 120, 0],
      ['Гид/Сопровождение', 150, 114.29, -35.71],
      ['Входные билеты', 34.29, 34.29, 0],
      ['Расходы', 864.29, 868.58, 4.29],
      ['Выручка', 1040, 1020],
      ['Прибыль', 175.71, 151.42],
    ]);
  });

  it('gives the general report the trip’s plan beside its actual figures, and in its workbook', async () => {
    const period = 'from=2027-06-01&to=2027-06-30&currency=usd';
    const report = (await ok(
      await accountant.get(`/api/admin/reports/general?${period}`),
    )) as never as {
      lines: {
        trip: { id: number };
        costs: number;
        profit: number;
        margin: number;
        plan: unknown;
      }[];
    };
    const line = report.lines.find((candidate) => candidate.trip.id === tripId)!;
    expect(line).toMatchObject({ costs: 868.58, profit: 151.42, margin: 14.85 });
    expect(line.plan).toEqual({
      costs: 864.29,
      profit: 175.71,
      margin: 16.9,
      difference: 4.29,
      missing_rate: false,
    });
    const plain = report.lines.find((candidate) => candidate.trip.id === plainTripId)!;
    expect(plain.plan).toBeNull();

    const file = await accountant.get(`/api/admin/reports/general/export?${period}`);
    const rows = (await sheetsOf(file))('Общий отчет');
    const header = rows.find((row) => row[0] === 'Тур')!;
    const column = (name: string) => header.indexOf(name);
    const planned = rows.find((row) => row[0] === 'Иссык-Куль за 5 дней')!;
    expect(planned[column('План: расходы')]).toBe(864.29);
    expect(planned[column('План: прибыль')]).toBe(175.71);
    expect(planned[column('План: маржа, %')]).toBe(16.9);
    expect(planned[column('Расходы сверх плана')]).toBe(4.29);
    const none = rows.find((row) => row[0] === 'Иссык-Куль без калькуляции')!;
    expect(none[column('План: расходы')]).toBe('нет калькуляции');
    expect(none[column('План: прибыль')]).toBeUndefined();
  });
});

it('says a trip without a costing has none: no plan, no lines', async () => {
  expect(await ok(await sales.get(`/api/admin/trip/${plainTripId}/costing-lines`))).toEqual({
    costing: null,
    group_size: 1,
    currency: 'usd',
    lines: [],
  });
  const summary = (await ok(
    await accountant.get(`/api/admin/reports/tour?trip_id=${plainTripId}`),
  )) as never as { plan: unknown };
  expect(summary.plan).toBeNull();
  const file = await accountant.get(`/api/admin/reports/tour/export?trip_id=${plainTripId}`);
  const rows = (await sheetsOf(file))('План и факт');
  expect(rows.find((row) => row[0] === 'Калькуляция')?.[1]).toBe('нет калькуляции');
  expect(rows.at(-1)).toEqual(['Статья', 'План', 'Факт', 'Разница (факт − план)']);
  expect((await sales.get('/api/admin/trip/999999/costing-lines')).statusCode).toBe(404);
});
