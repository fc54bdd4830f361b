import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { refreshAllStalePaid } from '../src/routes/trips/paid';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Trips (DESIGN.md 3 and 3b): made blank or from a prepared tour, dates swapped when reversed,
// the status flow refused in Russian, seats never overbooked (also by concurrent adds), a
// cancelled participant keeps its record and frees its seat, and every change in the history.

const database = useTestDatabase({ max: 20 });
const db = (): Db => database().db;
let app: App;
let sales: Browser;
let salesId: number;

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: sales, id: salesId } = await signedIn(app, db(), ['sales_manager']));
  // The company's cash desks, where participants' payments arrive (DESIGN.md 3b).
  await db()
    .insertInto('wallets')
    .values(
      ['kgs', 'usd', 'eur', 'jpy'].map((currency) => ({
        type: 'site' as const,
        kind: 'cash' as const,
        name: `Касса ${currency.toUpperCase()}`,
        currency,
      })),
    )
    .execute();
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
async function preparedTour(extra: Record<string, unknown> = {}) {
  counter += 1;
  const response = await sales.post('/api/admin/tours', {
    title: 'Весенняя Япония',
    key: `vesennyaya-yaponiya-${counter}`,
    country: 'Япония',
    cities: ['Токио'],
    days: 3,
    itinerary: [
      { title: 'Токио', description: '' },
      { title: 'Никко', description: '' },
      { title: 'Вылет', description: '' },
    ],
    included: [],
    not_included: [],
    base_price: 2400,
    currency: 'usd',
    published: false,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number };
}

async function blankTrip(extra: Record<string, unknown> = {}) {
  const response = await sales.post('/api/admin/trips', {
    title: 'Иссык-Куль, выходные',
    country: 'Кыргызстан',
    starts_on: '2027-07-10',
    ends_on: '2027-07-12',
    price: 15000,
    currency: 'kgs',
    seats: 3,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; seats_taken: number };
}

const tourist = (name = 'Турист') =>
  createTestUser(db(), { password: null, full_name: name, manager_id: salesId });

describe('creating a trip', () => {
  it('copies title, country, itinerary and price from a prepared tour; the days give the end', async () => {
    const tour = await preparedTour();
    const response = await sales.post('/api/admin/trips', {
      prepared_tour_id: tour.id,
      starts_on: '2027-04-01',
      seats: 12,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      title: 'Весенняя Япония',
      country: 'Япония',
      prepared_tour_id: tour.id,
      prepared_tour_title: 'Весенняя Япония',
      starts_on: '2027-04-01',
      ends_on: '2027-04-03',
      status: 'planned',
      price: 2400,
      currency: 'usd',
      seats: 12,
      seats_taken: 0,
      debt: 0,
    });
    expect(response.json().data.itinerary.map((day: { title: string }) => day.title)).toEqual([
      'Токио',
      'Никко',
      'Вылет',
    ]);
  });

  it('swaps a start later than the end', async () => {
    const trip = await blankTrip({ starts_on: '2027-08-20', ends_on: '2027-08-15' });
    expect(trip).toMatchObject({ starts_on: '2027-08-15', ends_on: '2027-08-20' });
  });

  it('refuses a blank trip without title, end and price, each under its field', async () => {
    const response = await sales.post('/api/admin/trips', { starts_on: '2027-01-01', seats: 5 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      title: ['Обязательное поле'],
      price: ['Укажите цену и валюту или выберите заготовленный тур'],
      ends_on: ['Укажите дату окончания или выберите заготовленный тур'],
    });
  });

  it('refuses an archived prepared tour and a manager who is not staff', async () => {
    const tour = await preparedTour();
    await sales.post(`/api/admin/tour/${tour.id}/archive`);
    const client = await tourist();
    const response = await sales.post('/api/admin/trips', {
      prepared_tour_id: tour.id,
      starts_on: '2027-04-01',
      seats: 5,
      manager_id: client,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      prepared_tour_id: ['Этот заготовленный тур в архиве'],
      manager_id: ['Менеджером тура может быть только сотрудник'],
    });
  });
});

describe('the status flow', () => {
  const move = (id: number, status: string) =>
    sales.post(`/api/admin/trip/${id}/status`, { status });

  it('goes planned -> confirmed -> in progress -> completed, one step at a time', async () => {
    const trip = await blankTrip();
    for (const status of ['confirmed', 'in_progress', 'completed']) {
      const response = await move(trip.id, status);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.status).toBe(status);
    }
  });

  it('refuses a skipped step and cancelling a completed trip, in Russian', async () => {
    const trip = await blankTrip();
    const skipped = await move(trip.id, 'completed');
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors).toEqual({
      status: ['Нельзя перевести тур из статуса «Запланирован» в «Завершён»'],
    });
    for (const status of ['confirmed', 'in_progress', 'completed']) await move(trip.id, status);
    const cancelled = await move(trip.id, 'cancelled');
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().errors.status).toEqual([
      'Нельзя перевести тур из статуса «Завершён» в «Отменён»',
    ]);
  });

  it('cancels from planned, confirmed and in progress', async () => {
    for (const path of [[], ['confirmed'], ['confirmed', 'in_progress']]) {
      const trip = await blankTrip();
      for (const status of path) await move(trip.id, status);
      expect((await move(trip.id, 'cancelled')).json().data.status).toBe('cancelled');
    }
  });

  it('cancels the participants with the trip: seats freed, nothing owed, each in the history', async () => {
    const trip = await blankTrip({ seats: 3 });
    const add = (user: number, status = 'booked') =>
      sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user, status });
    await add(await tourist('Остаётся в записи'));
    await add(await tourist('Уже отменённый'), 'cancelled');
    await add(await tourist('Подтверждённый'), 'confirmed');
    await move(trip.id, 'confirmed');

    const cancelled = await move(trip.id, 'cancelled');
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', seats_taken: 0, debt: 0 });
    const participants = await sales.get(`/api/admin/trip/${trip.id}/participants`);
    expect(participants.json().data.map((p: { status: string }) => p.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const history = await sales.get(`/api/admin/trip/${trip.id}/history`);
    const changes = (
      history.json().data.data as {
        entity_type: string;
        changes: { field: string; old: unknown; new: unknown }[];
      }[]
    )
      .filter((entry) => entry.entity_type === 'participant')
      .flatMap((entry) => entry.changes.filter((change) => change.old !== null));
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'status', old: 'booked', new: 'cancelled' },
        { field: 'status', old: 'confirmed', new: 'cancelled' },
      ]),
    );
    expect(changes).toHaveLength(2);
  });
});

describe('participants and seats', () => {
  const add = (tripId: number, body: Record<string, unknown>) =>
    sales.post(`/api/admin/trip/${tripId}/participants`, body);

  it('takes the trip price by default and refuses a seat beyond the last', async () => {
    const trip = await blankTrip({ seats: 2 });
    const first = await add(trip.id, { user_id: await tourist() });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ price: 15000, discount: 0, status: 'booked' });
    expect((await add(trip.id, { user_id: await tourist(), discount: 1000 })).statusCode).toBe(200);
    const third = await add(trip.id, { user_id: await tourist() });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({
      code: 0,
      message: 'Свободных мест нет: все 2 заняты',
      errors: { user_id: ['Свободных мест нет: все 2 заняты'] },
    });
    const seats = await sales.get(`/api/admin/trip/${trip.id}`);
    expect(seats.json().data).toMatchObject({ seats: 2, seats_taken: 2, debt: 29000 });
  });

  it('refuses the same tourist twice and a discount above the price', async () => {
    const trip = await blankTrip();
    const user = await tourist();
    await add(trip.id, { user_id: user });
    expect((await add(trip.id, { user_id: user })).json().errors).toEqual({
      user_id: ['Этот турист уже участвует в туре'],
    });
    const other = await add(trip.id, { user_id: await tourist(), price: 100, discount: 200 });
    expect(other.json().errors).toEqual({ discount: ['Скидка не может быть больше цены'] });
  });

  it('keeps a cancelled participant on record and frees its seat; taking it back needs one', async () => {
    const trip = await blankTrip({ seats: 1 });
    const participant = (await add(trip.id, { user_id: await tourist() })).json().data;
    const cancel = await sales.put(`/api/admin/trip/${trip.id}/participant/${participant.id}`, {
      price: 15000,
      discount: 0,
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    const list = await sales.get(`/api/admin/trip/${trip.id}/participants`);
    expect(list.json().data.map((p: { status: string }) => p.status)).toEqual(['cancelled']);
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data.seats_taken).toBe(0);
    expect((await add(trip.id, { user_id: await tourist() })).statusCode).toBe(200);
    const back = await sales.put(`/api/admin/trip/${trip.id}/participant/${participant.id}`, {
      price: 15000,
      discount: 0,
      status: 'booked',
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ status: ['Свободных мест нет: все 1 заняты'] });
  });

  it('refuses fewer seats than taken and a new currency once there are participants', async () => {
    const trip = await blankTrip({ seats: 3 });
    await add(trip.id, { user_id: await tourist() });
    await add(trip.id, { user_id: await tourist() });
    const response = await sales.put(`/api/admin/trip/${trip.id}`, {
      title: 'Иссык-Куль, выходные',
      country: 'Кыргызстан',
      starts_on: '2027-07-10',
      ends_on: '2027-07-12',
      price: 150,
      currency: 'usd',
      seats: 1,
      manager_id: null,
      itinerary: [],
      notes: null,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      seats: ['Мест не может быть меньше, чем уже занято: 2'],
      currency: ['Валюту нельзя сменить: у тура уже есть участники'],
    });
  });

  it('sells the last seats once when fifty adds race for them', async () => {
    const trip = await blankTrip({ seats: 5 });
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => tourist(`Гонщик ${i}`)));
    const answers = await Promise.all(users.map((user) => add(trip.id, { user_id: user })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(45);
    const rows = await db()
      .selectFrom('trip_participants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('trip_id', '=', trip.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5);
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data.seats_taken).toBe(5);
  });

  it('refuses a participant in a completed or cancelled trip', async () => {
    const trip = await blankTrip();
    await sales.post(`/api/admin/trip/${trip.id}/status`, { status: 'cancelled' });
    const response = await add(trip.id, { user_id: await tourist() });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Тур завершён или отменён: состав участников больше не меняется',
    );
  });
});

describe('the list', () => {
  it('filters by a period overlapping the dates, status and search, in start-date order', async () => {
    const marker = `Период${process.pid}`;
    const early = await blankTrip({
      title: `${marker} ранний`,
      starts_on: '2028-03-01',
      ends_on: '2028-03-05',
    });
    const late = await blankTrip({
      title: `${marker} поздний`,
      starts_on: '2028-03-04',
      ends_on: '2028-03-20',
    });
    const outside = await blankTrip({
      title: `${marker} вне`,
      starts_on: '2028-04-01',
      ends_on: '2028-04-05',
    });
    const ids = async (query: string) =>
      (
        (await sales.get(`/api/admin/trips?search=${encodeURIComponent(marker)}&${query}`)).json()
          .data.data as { id: number }[]
      ).map((trip) => trip.id);
    expect(await ids('')).toEqual([early.id, late.id, outside.id]);
    expect(await ids('from=2028-03-05&to=2028-03-10')).toEqual([early.id, late.id]);
    expect(await ids('from=2028-03-06&to=2028-03-31')).toEqual([late.id]);
    await sales.post(`/api/admin/trip/${late.id}/status`, { status: 'confirmed' });
    expect(await ids('status=confirmed')).toEqual([late.id]);
  });

  it('pages the whole list in start-date order, the second half read from its end', async () => {
    // Same start dates on purpose: equal dates keep id order on every page.
    for (const starts_on of [
      '2026-05-02',
      '2026-05-01',
      '2026-05-01',
      '2026-05-03',
      '2026-05-01',
    ]) {
      await blankTrip({ starts_on, ends_on: '2026-05-09' });
    }
    const { rows } = await sql<{ id: number }>`
      select id from trips order by starts_on, id`.execute(db());
    const all = rows.map((row) => row.id);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const perPage = 2;
    const pages = Math.ceil(all.length / perPage);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const body = (await sales.get(`/api/admin/trips?page=${page}&per_page=${perPage}`)).json()
        .data;
      expect(body).toMatchObject({ total: all.length, current_page: page, last_page: pages });
      seen.push(...(body.data as { id: number }[]).map((trip) => trip.id));
    }
    expect(seen).toEqual(all);
    // Past the end: no trips, and still the total.
    const past = (await sales.get(`/api/admin/trips?page=${pages + 1}&per_page=${perPage}`)).json()
      .data;
    expect(past).toMatchObject({ data: [], total: all.length });
  });
});

describe('debt', () => {
  it('counts confirmed payments at the rate of their day, pending ones apart, and never a missing rate as 1', async () => {
    const trip = await blankTrip({ seats: 5, price: 100, currency: 'usd' });
    const user = await tourist();
    const participant = (
      await sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user })
    ).json().data;
    const wallet = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: user, name: 'Депозит (сом)', currency: 'kgs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('currency_rates')
      .values({ date: '2026-01-10', from_currency: 'usd', to_currency: 'kgs', rate: '87.5' })
      .execute();
    // 4375 som at 87.5 som per dollar on its day is exactly $50.
    await db()
      .insertInto('transactions')
      .values({
        wallet_id: wallet.id,
        type: 'income',
        amount: 4375,
        currency: 'kgs',
        status: 'confirmed',
        trip_id: trip.id,
        participant_id: participant.id,
        confirmed_at: new Date('2026-01-12T06:00:00Z'),
      })
      .execute();
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data).toMatchObject({
      debt: 50,
      debt_missing_rates: false,
    });
    // A payment confirmed before any rate exists cannot be converted: flagged, not counted as 1.
    await db()
      .insertInto('transactions')
      .values({
        wallet_id: wallet.id,
        type: 'income',
        amount: 100,
        currency: 'kgs',
        status: 'confirmed',
        trip_id: trip.id,
        participant_id: participant.id,
        confirmed_at: new Date('2025-12-01T06:00:00Z'),
      })
      .execute();
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data).toMatchObject({
      debt: null,
      debt_missing_rates: true,
    });
    // Stored on the participant, the missing rate still leaves the debt unknown.
    await refreshAllStalePaid(db());
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data).toMatchObject({
      debt: null,
      debt_missing_rates: true,
    });
  });
});

describe('debt in the list', () => {
  it('adds what each participant still owes, foreign payments converted, overpayments not netted', async () => {
    const trip = await blankTrip({
      title: 'Долги в списке туров',
      seats: 6,
      price: 10000,
      currency: 'jpy',
    });
    const join = async (name: string, extra: Record<string, unknown> = {}) => {
      const user = await tourist(name);
      const added = await sales.post(`/api/admin/trip/${trip.id}/participants`, {
        user_id: user,
        ...extra,
      });
      return { user, id: added.json().data.id as number };
    };
    const partly = await join('Частично');
    const foreign = await join('В сомах');
    const over = await join('Переплатил');
    const cancelled = await join('Отменён', { status: 'cancelled' });
    const discounted = await join('Со скидкой', { discount: 1000 });
    const pendingOnly = await join('Ждёт подтверждения');

    const walletOf = async (user: number, currency: string) =>
      (
        await db()
          .insertInto('wallets')
          .values({ type: 'user', user_id: user, name: `Кошелёк ${currency}`, currency })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await db()
      .insertInto('currency_rates')
      .values({ date: '2025-11-15', from_currency: 'jpy', to_currency: 'kgs', rate: '0.5' })
      .execute();
    const pay = async (
      who: { user: number; id: number },
      currency: string,
      amount: number,
      extra: { type?: 'income' | 'outcome'; pending?: boolean } = {},
    ) =>
      db()
        .insertInto('transactions')
        .values({
          wallet_id: await walletOf(who.user, currency),
          type: extra.type ?? 'income',
          amount,
          currency,
          status: extra.pending ? 'pending' : 'confirmed',
          trip_id: trip.id,
          participant_id: who.id,
          confirmed_at: extra.pending ? null : new Date('2025-11-16T06:00:00Z'),
        })
        .execute();
    await pay(partly, 'jpy', 3_000); // ¥3000 of ¥10000: owes ¥7000
    await pay(foreign, 'kgs', 4_000); // 4000 som at 0.5 som per yen = ¥8000
    await pay(foreign, 'jpy', 1_001); // and ¥1001 more: owes ¥999
    await pay(over, 'jpy', 15_000); // overpaid by ¥5000, which lowers no one's debt
    await pay(over, 'jpy', 2_000, { type: 'outcome' }); // ¥2000 refunded: still overpaid
    await pay(cancelled, 'jpy', 5_000); // cancelled: owes nothing
    await pay(discounted, 'jpy', 4_000); // due ¥9000, paid ¥4000: owes ¥5000
    await pay(pendingOnly, 'jpy', 10_000, { pending: true }); // pending is not paid: owes ¥10000

    // 7000 + 999 + 5000 + 10000 = 22999
    const list = await sales.get(
      `/api/admin/trips?search=${encodeURIComponent('Долги в списке туров')}`,
    );
    expect(list.json().data.data).toEqual([
      expect.objectContaining({ id: trip.id, debt: 22999, debt_missing_rates: false }),
    ]);
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data).toMatchObject({
      debt: 22999,
    });

    // A pending payment in som (converted at today's rate, if any, into "expected") changes
    // nothing in the debt and flags nothing.
    await pay(partly, 'kgs', 800, { pending: true });
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data).toMatchObject({
      debt: 22999,
      debt_missing_rates: false,
    });

    // Once the som payment's conversion is stored on its participant, the list reads it instead
    // of converting: the same debt.
    expect(await refreshAllStalePaid(db())).toBeGreaterThanOrEqual(1);
    const stored = await db()
      .selectFrom('trip_participants')
      .select(['paid_own', 'paid_foreign', 'foreign_stale'])
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ paid_own: 1001, paid_foreign: 8000, foreign_stale: false });
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data).toMatchObject({
      debt: 22999,
      debt_missing_rates: false,
    });

    // A new rate on the payment's day converts it anew (4000 som at 0.4 som per yen = ¥10000):
    // live until stored again, then stored, the same either way.
    await db()
      .insertInto('currency_rates')
      .values({ date: '2025-11-16', from_currency: 'jpy', to_currency: 'kgs', rate: '0.4' })
      .execute();
    // 7000 + 0 (¥11001 paid of ¥10000) + 5000 + 10000 = 22000
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data.debt).toBe(22000);
    await refreshAllStalePaid(db());
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data.debt).toBe(22000);
  });
});

describe('history', () => {
  it('records the trip, its status and its participants, with who and each field', async () => {
    // Without a manager (a sales manager's own trip is its by default), as the update keeps it.
    const trip = await blankTrip({ manager_id: null });
    await sales.put(`/api/admin/trip/${trip.id}`, {
      title: 'Иссык-Куль, длинные выходные',
      country: 'Кыргызстан',
      starts_on: '2027-07-10',
      ends_on: '2027-07-13',
      price: 15000,
      currency: 'kgs',
      seats: 3,
      manager_id: null,
      itinerary: [],
      notes: null,
    });
    await sales.post(`/api/admin/trip/${trip.id}/status`, { status: 'confirmed' });
    const touristId = await tourist('Асанова Бермет');
    await sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: touristId });
    const history = await sales.get(`/api/admin/trip/${trip.id}/history`);
    const entries = history.json().data.data as {
      entity_type: string;
      entity_name?: string | null;
      action: string;
      user_id: number;
      changes: { field: string; old: unknown; new: unknown }[];
    }[];
    expect(entries.map((e) => `${e.entity_type}:${e.action}`)).toEqual([
      'participant:created',
      'trip:status',
      'trip:updated',
      'trip:created',
    ]);
    // A participant's row is named by its tourist; the trip's own rows need no name.
    expect(entries.map((e) => e.entity_name)).toEqual([
      'Асанова Бермет',
      undefined,
      undefined,
      undefined,
    ]);
    expect(entries.every((e) => e.user_id === salesId)).toBe(true);
    // A reference to another record comes with that record's name.
    expect(entries[0]!.changes).toEqual([
      { field: 'user_id', old: null, new: touristId, new_name: 'Асанова Бермет' },
      { field: 'price', old: null, new: 15000 },
      { field: 'discount', old: null, new: 0 },
      { field: 'status', old: null, new: 'booked' },
    ]);
    expect(entries[1]!.changes).toEqual([{ field: 'status', old: 'planned', new: 'confirmed' }]);
    expect(entries[2]!.changes).toEqual([
      { field: 'title', old: 'Иссык-Куль, выходные', new: 'Иссык-Куль, длинные выходные' },
      { field: 'ends_on', old: '2027-07-12', new: '2027-07-13' },
    ]);
  });
});

describe('the summary', () => {
  async function confirmAll(tripId: number, day: string) {
    await db()
      .updateTable('transactions')
      .set({ status: 'confirmed', confirmed_at: new Date(`${day}T06:00:00Z`) })
      .where('trip_id', '=', tripId)
      .execute();
  }

  it('converts each payment at its own day, cross rates through som, and rounds the sum up once', async () => {
    const trip = await blankTrip({ title: 'Округление один раз', price: 5, currency: 'usd' });
    const user = await tourist('Платит мелочью');
    const participant = (
      await sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user })
    ).json().data;
    await db()
      .insertInto('currency_rates')
      .values([
        { date: '2026-01-20', from_currency: 'usd', to_currency: 'kgs', rate: '3' },
        { date: '2026-01-21', from_currency: 'usd', to_currency: 'kgs', rate: '3' },
        { date: '2026-01-21', from_currency: 'eur', to_currency: 'kgs', rate: '4' },
      ])
      .execute();
    const pay = async (currency: string, amount: number, day: string) => {
      const wallet = await db()
        .insertInto('wallets')
        .values({ type: 'user', user_id: user, name: `Кошелёк ${day} ${currency}`, currency })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('transactions')
        .values({
          wallet_id: wallet.id,
          type: 'income',
          amount,
          currency,
          status: 'confirmed',
          trip_id: trip.id,
          participant_id: participant.id,
          confirmed_at: new Date(`${day}T06:00:00Z`),
        })
        .execute();
    };
    await pay('kgs', 1, '2026-01-20'); // 1 som at 3 som per dollar: $1/3
    await pay('kgs', 1, '2026-01-21'); // again $1/3
    await pay('eur', 1, '2026-01-21'); // €0.01 at 4 som per euro, 3 per dollar: $0.04/3
    // Exactly $2.04/3 = $0.68; each payment rounded up on its own would make $0.70.
    const summary = (await sales.get(`/api/admin/trip/${trip.id}/summary`)).json().data;
    expect(summary.participants[0]).toMatchObject({ paid: 0.68, debt: 4.32, missing_rate: false });
    expect((await sales.get(`/api/admin/trip/${trip.id}`)).json().data.debt).toBe(4.32);
  });

  it('shows paid, partly paid and overpaid participants, totals in another currency and passport warnings', async () => {
    const trip = await blankTrip({
      seats: 5,
      price: 1000,
      currency: 'usd',
      starts_on: '2027-03-01',
      ends_on: '2027-03-10',
    });
    const people = {
      full: await createTestUser(db(), {
        password: null,
        full_name: 'Полностью Оплатил',
        manager_id: salesId,
      }),
      part: await createTestUser(db(), {
        password: null,
        full_name: 'Частично Оплатил',
        manager_id: salesId,
      }),
      over: await createTestUser(db(), {
        password: null,
        full_name: 'Переплатил Немного',
        manager_id: salesId,
      }),
    };
    // Passports: one valid long enough, one expiring 5 months after the end, one missing.
    await db()
      .updateTable('users')
      .set({
        passport_number: 'AC1234567',
        passport_expires_at: '2030-01-01',
        birth_date: '1990-05-05',
      })
      .where('id', 'in', [people.full, people.over])
      .execute();
    await db()
      .updateTable('users')
      .set({
        passport_number: 'AC7654321',
        passport_expires_at: '2027-08-10',
        birth_date: '1985-01-01',
      })
      .where('id', '=', people.over)
      .execute();
    const ids: Record<string, number> = {};
    for (const [name, user] of Object.entries(people)) {
      ids[name] = (
        await sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user })
      ).json().data.id;
    }
    let key = 0;
    const pay = (name: string, amount: number, extra: object = {}) =>
      sales.post(
        `/api/admin/trip/${trip.id}/participant/${ids[name]}/payments`,
        { currency: 'usd', amount, ...extra },
        { headers: { 'idempotency-key': `summary-${process.pid}-${trip.id}-${++key}` } },
      );
    expect((await pay('full', 1000)).statusCode).toBe(200);
    expect((await pay('part', 400)).statusCode).toBe(200);
    // $1 100 for $1 000 due: recorded only as a confirmed overpayment.
    expect((await pay('over', 1100, { overpayment: true })).statusCode).toBe(200);
    await db()
      .insertInto('currency_rates')
      .values([
        { date: '2026-02-01', from_currency: 'usd', to_currency: 'kgs', rate: '87' },
        { date: '2026-02-01', from_currency: 'eur', to_currency: 'kgs', rate: '95' },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();

    // Pending: expected, not paid.
    const pending = (await sales.get(`/api/admin/trip/${trip.id}/summary`)).json().data;
    expect(pending.totals).toEqual({ due: 3000, paid: 0, expected: 2500, debt: 3000, overpaid: 0 });

    await confirmAll(trip.id, '2026-02-02');
    const response = await sales.get(`/api/admin/trip/${trip.id}/summary?currency=kgs`);
    expect(response.statusCode).toBe(200);
    const summary = response.json().data;
    expect(
      summary.participants.map((p: { full_name: string; paid: number; debt: number }) => [
        p.full_name,
        p.paid,
        p.debt,
      ]),
    ).toEqual([
      ['Полностью Оплатил', 1000, 0],
      ['Частично Оплатил', 400, 600],
      ['Переплатил Немного', 1100, -100],
    ]);
    expect(summary.totals).toEqual({
      due: 3000,
      paid: 2500,
      expected: 0,
      debt: 600,
      overpaid: 100,
    });
    // $600 of debt at 87 som per dollar is 52 200 som; the rate and its date are shown.
    expect(summary.in_currency).toMatchObject({ currency: 'kgs', rate: 87, missing_rate: false });
    expect(summary.in_currency.totals.debt).toBe(52200);
    expect(typeof summary.in_currency.rate_date).toBe('string');
    expect(
      summary.readiness.map((r: { full_name: string; problems: string[] }) => [
        r.full_name,
        r.problems,
      ]),
    ).toEqual([
      // A trip at home with no bookings yet: every live participant lacks its nights in a hotel
      // (flights and a policy are expected only abroad, or once the trip has booked some).
      ['Полностью Оплатил', ['hotel_missing']],
      ['Частично Оплатил', ['passport_missing', 'birth_date_missing', 'hotel_missing']],
      ['Переплатил Немного', ['passport_expires', 'hotel_missing']],
    ]);
    expect(summary.bookings).toEqual([]);
    expect(summary.costs).toEqual({ total: 0, profit: summary.totals.paid, missing_rate: false });
  });

  it('links the payment to the trip and the participant, and records a retried one once', async () => {
    const trip = await blankTrip({ seats: 2, price: 10000, currency: 'kgs' });
    const user = await tourist();
    const participant = (
      await sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user })
    ).json().data;
    const send = () =>
      sales.post(
        `/api/admin/trip/${trip.id}/participant/${participant.id}/payments`,
        { currency: 'kgs', amount: 5000, comment: 'Предоплата' },
        { headers: { 'idempotency-key': `once-${process.pid}-${trip.id}` } },
      );
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      type: 'income',
      status: 'pending',
      amount: 5000,
      trip_id: trip.id,
      participant_id: participant.id,
    });
    expect(second.json().data.id).toBe(first.json().data.id);
    const summary = (await sales.get(`/api/admin/trip/${trip.id}/summary`)).json().data;
    expect(summary.participants[0]).toMatchObject({ expected: 5000, paid: 0, debt: 10000 });
  });

  it('answers 404 for a participant of another trip and refuses a reservation agent', async () => {
    const trip = await blankTrip();
    const other = await blankTrip();
    const participant = (
      await sales.post(`/api/admin/trip/${trip.id}/participants`, { user_id: await tourist() })
    ).json().data;
    const wrong = await sales.post(
      `/api/admin/trip/${other.id}/participant/${participant.id}/payments`,
      { currency: 'kgs', amount: 100 },
      { headers: { 'idempotency-key': `wrong-${process.pid}-${trip.id}` } },
    );
    expect(wrong.statusCode).toBe(404);
    const { browser: reservations } = await signedIn(app, db(), ['reservation_agent']);
    const refused = await reservations.post(
      `/api/admin/trip/${trip.id}/participant/${participant.id}/payments`,
      { currency: 'kgs', amount: 100 },
      { headers: { 'idempotency-key': `agent-${process.pid}-${trip.id}` } },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe("a user's trips", () => {
  it("lists the trips a user takes part in, latest first, with due, paid, expected and debt in each trip's currency", async () => {
    const user = await tourist('Ездит Часто');
    const someoneElse = await tourist('Другой Турист');
    const spring = await blankTrip({
      title: 'Весенний Токио',
      starts_on: '2027-04-01',
      ends_on: '2027-04-08',
      price: 1000,
      currency: 'usd',
    });
    const lake = await blankTrip({
      title: 'Иссык-Куль, осень',
      starts_on: '2027-09-05',
      ends_on: '2027-09-07',
      price: 15000,
      currency: 'kgs',
    });
    const dropped = await blankTrip({
      title: 'Отменённое участие',
      starts_on: '2027-06-10',
      ends_on: '2027-06-12',
      price: 20000,
      currency: 'kgs',
    });
    const join = async (tripId: number, userId: number, extra: Record<string, unknown> = {}) =>
      (
        await sales.post(`/api/admin/trip/${tripId}/participants`, { user_id: userId, ...extra })
      ).json().data as { id: number };
    const inSpring = await join(spring.id, user, { discount: 100 });
    const inLake = await join(lake.id, user);
    const inDropped = await join(dropped.id, user, { status: 'cancelled' });
    await join(spring.id, someoneElse);

    const desk = async (currency: string) =>
      (
        await db()
          .selectFrom('wallets')
          .select('id')
          .where('type', '=', 'site')
          .where('currency', '=', currency)
          .executeTakeFirstOrThrow()
      ).id;
    await db()
      .insertInto('currency_rates')
      .values({ date: '2026-03-09', from_currency: 'usd', to_currency: 'kgs', rate: '88' })
      .execute();
    const movement = async (
      tripId: number,
      participantId: number,
      values: { type?: 'income' | 'outcome'; amount: number; currency: string; day?: string },
    ) =>
      db()
        .insertInto('transactions')
        .values({
          wallet_id: await desk(values.currency),
          type: values.type ?? 'income',
          amount: values.amount,
          currency: values.currency,
          status: values.day ? 'confirmed' : 'pending',
          trip_id: tripId,
          participant_id: participantId,
          confirmed_at: values.day ? new Date(`${values.day}T06:00:00Z`) : null,
        })
        .execute();
    // Spring: $400 confirmed, $50 refunded, $200 awaiting confirmation (minor units in the table).
    await movement(spring.id, inSpring.id, { amount: 40000, currency: 'usd', day: '2026-03-10' });
    await movement(spring.id, inSpring.id, {
      type: 'outcome',
      amount: 5000,
      currency: 'usd',
      day: '2026-03-11',
    });
    await movement(spring.id, inSpring.id, { amount: 20000, currency: 'usd' });
    // The lake in som, paid $100 at 88 som per dollar on its day: С8 800.
    await movement(lake.id, inLake.id, { amount: 10000, currency: 'usd', day: '2026-03-10' });

    const response = await sales.get(`/api/admin/user/${user}/trips`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        participant_id: inLake.id,
        status: 'booked',
        trip_id: lake.id,
        title: 'Иссык-Куль, осень',
        starts_on: '2027-09-05',
        ends_on: '2027-09-07',
        trip_status: 'planned',
        currency: 'kgs',
        due: 15000,
        paid: 8800,
        expected: 0,
        debt: 6200,
        missing_rate: false,
      },
      {
        participant_id: inDropped.id,
        status: 'cancelled',
        trip_id: dropped.id,
        title: 'Отменённое участие',
        starts_on: '2027-06-10',
        ends_on: '2027-06-12',
        trip_status: 'planned',
        currency: 'kgs',
        due: 0,
        paid: 0,
        expected: 0,
        debt: 0,
        missing_rate: false,
      },
      {
        participant_id: inSpring.id,
        status: 'booked',
        trip_id: spring.id,
        title: 'Весенний Токио',
        starts_on: '2027-04-01',
        ends_on: '2027-04-08',
        trip_status: 'planned',
        currency: 'usd',
        due: 900,
        paid: 350,
        expected: 200,
        debt: 550,
        missing_rate: false,
      },
    ]);

    // A user in no trip has none; a user out of reach is not found, as GET /admin/user/{id}.
    const homebody = await tourist('Домосед');
    expect((await sales.get(`/api/admin/user/${homebody}/trips`)).json().data).toEqual([]);
    const { browser: otherSales } = await signedIn(app, db(), ['sales_manager']);
    expect((await otherSales.get(`/api/admin/user/${user}/trips`)).statusCode).toBe(404);
    expect((await sales.get('/api/admin/user/999999999/trips')).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('writes the trips the list finds, with its filters, as an XLSX sheet', async () => {
    const early = await blankTrip({
      manager_id: null,
      title: 'Экспорт: Каракол',
      starts_on: '2027-09-01',
      ends_on: '2027-09-05',
      price: 12500,
      currency: 'kgs',
      seats: 4,
    });
    await blankTrip({ title: 'Экспорт: Нарын', starts_on: '2027-08-01', ends_on: '2027-08-03' });
    await sales.post(`/api/admin/trip/${early.id}/participants`, {
      user_id: await tourist('Экспорт Участник'),
    });
    await blankTrip({ title: 'Не в выгрузке', starts_on: '2027-09-02', ends_on: '2027-09-03' });

    const response = await sales.get(
      `/api/admin/trips/export?search=${encodeURIComponent('экспорт:')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?trips-\d{4}-\d{2}-\d{2}\.xlsx"?; filename\*=UTF-8''%D0%A2%D1%83%D1%80%D1%8B%20\d{2}\.\d{2}\.\d{4}\.xlsx$/,
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Туры')!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Тур',
      'Заготовленный тур',
      'Страна',
      'Начало',
      'Окончание',
      'Статус',
      'Менеджер',
      'Валюта',
      'Цена за человека',
      'Мест',
      'Занято',
      'Долг участников',
    ]);
    expect(sheet.rowCount).toBe(3);
    // Start-date order, as on the screen; empty cells stay empty.
    expect(values(2)[0]).toBe('Экспорт: Нарын');
    expect(values(3)).toEqual([
      'Экспорт: Каракол',
      undefined,
      'Кыргызстан',
      new Date('2027-09-01T00:00:00Z'),
      new Date('2027-09-05T00:00:00Z'),
      'Запланирован',
      undefined,
      'KGS',
      12500,
      4,
      1,
      12500,
    ]);
    expect(sheet.getCell('D3').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('L3').numFmt).toBe('#,##0.00');
  });

  it('refuses a filter the list refuses, in Russian', async () => {
    const response = await sales.get('/api/admin/trips/export?status=lost');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.status).toBeDefined();
  });
});
