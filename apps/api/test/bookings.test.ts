import type { App } from '../src/app';
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { refreshAllStaleGaps } from '../src/routes/bookings/gaps';
import { missingBookingsOf } from '../src/routes/bookings/missing';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Bookings (DESIGN.md 3 "Bookings", 3b): the kinds' own fields, coverage of the trip's
// participants only, dates against the trip and each other, the month overlap at its edges and
// across a year, the payment state derived from confirmed supplier payments, cancelled
// participants leaving the counts, the dashboard, and booking_section on every call.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let agent: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };
let hotelSupplier: number;
let airline: number;
let insurer: number;

type Reply = Awaited<ReturnType<Browser['get']>>;

/** The data of a 200 `{ code: 1 }` answer. */
async function ok(response: Reply) {
  expect([response.statusCode, response.json().code]).toEqual([200, 1]);
  return response.json().data;
}

async function supplier(name: string, kinds: string[]) {
  return (await ok(await agent.browser.post('/api/admin/suppliers', { name, kinds }))).id as number;
}

/**
 * A trip (abroad unless `country` says otherwise) with participants: their ids in order, the last
 * `cancelled` of them cancelled.
 */
async function tripWith(
  names: string[],
  dates: { starts_on: string; ends_on: string } = {
    starts_on: '2027-03-01',
    ends_on: '2027-03-05',
  },
  cancelled = 0,
  country: string | null = null,
) {
  const trip = await ok(
    await agent.browser.post('/api/admin/trips', {
      title: `Тур ${names.join(', ')}`,
      country,
      ...dates,
      price: 1000,
      currency: 'usd',
      seats: 20,
    }),
  );
  const participants: number[] = [];
  for (const [index, name] of names.entries()) {
    const user = await createTestUser(db(), { password: null, full_name: name });
    const status = index >= names.length - cancelled ? 'cancelled' : 'booked';
    const added = await ok(
      await agent.browser.post(`/api/admin/trip/${trip.id}/participants`, {
        user_id: user,
        status,
      }),
    );
    participants.push(added.id);
  }
  return { id: trip.id as number, participants };
}

/**
 * A hotel booking of the trip: two DBL rooms (more if a participant is given a room beyond them),
 * each participant covered and placed in the room given (none: not placed yet).
 */
function hotelBody(tripId: number, participants: { participant_id: number; room?: number }[]) {
  const rooms = Math.max(2, ...participants.map((p) => p.room ?? 0));
  return {
    kind: 'hotel',
    trip_id: tripId,
    supplier_id: hotelSupplier,
    starts_on: '2027-03-01',
    ends_on: '2027-03-05',
    cost: 800,
    currency: 'usd',
    status: 'requested',
    details: {
      hotel_name: 'Hilton',
      city: 'Токио',
      meal_plan: 'BB',
      room_plan: Array.from({ length: rooms }, (_, index) => ({
        room_type: 'DBL',
        participant_ids: participants
          .filter((p) => p.room === index + 1)
          .map((p) => p.participant_id),
      })),
    },
    participants: participants.map(({ participant_id }) => ({ participant_id })),
  };
}

const create = (body: object) => agent.browser.post('/api/admin/bookings', body);

beforeAll(async () => {
  app = await buildTestApp(db());
  agent = await signedIn(app, db(), ['reservation_agent'], { full_name: 'Агент Бронирования' });
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер' });
  // A receiving agency: hotels, transfers, guides and the small expenses of a trip.
  hotelSupplier = await supplier('JTB Токио', ['hotel', 'transfer', 'guide', 'tour_expense']);
  airline = await supplier('Turkish Airlines', ['air_ticket']);
  insurer = await supplier('Страховая «Кыргызстан»', ['health_insurance']);
});
afterAll(async () => {
  await app.close();
});

describe('a hotel booking', () => {
  it('keeps its room plan, title, nights and history', async () => {
    const trip = await tripWith(['Айбек', 'Бермет', 'Чолпон']);
    const [a, b, c] = trip.participants as [number, number, number];
    // A couple in a DBL, Чолпон alone in a SGL.
    const plan = (rooms: { room_type: string; participant_ids: number[] }[]) => ({
      ...hotelBody(trip.id, [{ participant_id: a }, { participant_id: b }, { participant_id: c }]),
      details: { hotel_name: 'Hilton', city: 'Токио', meal_plan: 'BB', room_plan: rooms },
    });
    const booking = await ok(
      await create(
        plan([
          { room_type: 'DBL', participant_ids: [b, a] },
          { room_type: 'SGL', participant_ids: [c] },
        ]),
      ),
    );
    expect(booking).toMatchObject({
      kind: 'hotel',
      title: 'Hilton, Токио',
      nights: 4,
      cost: 800,
      amount_due: 800,
      paid: 0,
      debt: 800,
      payment_state: 'unpaid',
      covered: 3,
      supplier: { id: hotelSupplier, name: 'JTB Токио' },
    });
    expect(booking.details).toEqual({
      hotel_name: 'Hilton',
      city: 'Токио',
      meal_plan: 'BB',
      room_plan: [
        { room_type: 'DBL', participant_ids: [a, b] },
        { room_type: 'SGL', participant_ids: [c] },
      ],
    });
    expect(
      booking.participants.map((p: { full_name: string; room: number }) => [p.full_name, p.room]),
    ).toEqual([
      ['Айбек', 1],
      ['Бермет', 1],
      ['Чолпон', 2],
    ]);
    // The month list shows the rooms' types only.
    const listed = await ok(
      await agent.browser.get(`/api/admin/bookings?kind=hotel&month=03-2027&trip_id=${trip.id}`),
    );
    expect(listed.data[0].details.room_plan).toEqual([{ room_type: 'DBL' }, { room_type: 'SGL' }]);

    // Бермет moves to a room of her own: a second SGL is added.
    const edited = await ok(
      await agent.browser.put(`/api/admin/booking/${booking.id}`, {
        ...plan([
          { room_type: 'DBL', participant_ids: [a] },
          { room_type: 'SGL', participant_ids: [c] },
          { room_type: 'SGL', participant_ids: [b] },
        ]),
        status: 'confirmed',
        confirmation_number: 'HT-5531',
      }),
    );
    expect(edited).toMatchObject({ status: 'confirmed', confirmation_number: 'HT-5531' });
    expect(edited.details.room_plan).toEqual([
      { room_type: 'DBL', participant_ids: [a] },
      { room_type: 'SGL', participant_ids: [c] },
      { room_type: 'SGL', participant_ids: [b] },
    ]);
    const history = (await ok(await agent.browser.get(`/api/admin/booking/${booking.id}/history`)))
      .data as { action: string; changes: { field: string; old: unknown; new: unknown }[] }[];
    expect(history.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(history[1]!.changes).toContainEqual({ field: 'cost', old: null, new: 800 });
    expect(history[1]!.changes).toContainEqual({
      field: 'supplier_id',
      old: null,
      new: hotelSupplier,
      new_name: 'JTB Токио',
    });
    // The rooms' types under «Детали», who sleeps where under «Участники»: names, never ids.
    expect(history[0]!.changes).toEqual([
      { field: 'status', old: 'requested', new: 'confirmed' },
      { field: 'confirmation_number', old: null, new: 'HT-5531' },
      {
        field: 'details',
        old: {
          hotel_name: 'Hilton',
          city: 'Токио',
          meal_plan: 'BB',
          room_plan: [{ room_type: 'DBL' }, { room_type: 'SGL' }],
        },
        new: {
          hotel_name: 'Hilton',
          city: 'Токио',
          meal_plan: 'BB',
          room_plan: [{ room_type: 'DBL' }, { room_type: 'SGL' }, { room_type: 'SGL' }],
        },
      },
      {
        field: 'participants',
        old: ['Айбек / 1', 'Бермет / 1', 'Чолпон / 2'],
        new: ['Айбек / 1', 'Чолпон / 2', 'Бермет / 3'],
      },
    ]);
  });

  it('refuses a tourist in two rooms, a room over its places, and who is not covered', async () => {
    const trip = await tripWith(['Данияр', 'Эльвира', 'Жылдыз', 'Азиз']);
    const other = await tripWith(['Чужой Турист']);
    const [a, b, c, d] = trip.participants as [number, number, number, number];
    const before = await db()
      .selectFrom('bookings')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirst();
    const response = await create({
      ...hotelBody(trip.id, [{ participant_id: a }, { participant_id: b }, { participant_id: c }]),
      ends_on: '2027-03-01',
      details: {
        hotel_name: 'Hilton',
        city: 'Токио',
        meal_plan: 'BB',
        room_plan: [
          { room_type: 'SGL', participant_ids: [a, b] },
          { room_type: 'DBL', participant_ids: [c, a] },
          { room_type: 'TWN', participant_ids: [d, other.participants[0]!] },
          { room_type: 'TRPL', participant_ids: [c, c] },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 0,
      message: expect.any(String),
      errors: {
        ends_on: ['Дата выезда должна быть позже даты заезда'],
        'details.room_plan.0.participant_ids': ['В номере 1 (SGL) не больше 1 чел.'],
        'details.room_plan.1.participant_ids': ['Данияр уже в номере 1'],
        'details.room_plan.2.participant_ids': [
          'Азиз: отметьте участника в бронировании, чтобы разместить его в номере',
          'Это не участник выбранного тура',
        ],
        'details.room_plan.3.participant_ids': ['Жылдыз уже в номере 2'],
      },
    });
    // A plan without rooms, and a type or a list of people that is not one.
    const empty = await create({
      ...hotelBody(trip.id, [{ participant_id: a }]),
      details: { hotel_name: 'Hilton', city: 'Токио', meal_plan: 'BB', room_plan: [] },
    });
    expect(empty.json().errors).toEqual({ 'details.room_plan': ['Добавьте хотя бы один номер'] });
    const shapeless = await create({
      ...hotelBody(trip.id, [{ participant_id: a }]),
      details: {
        hotel_name: 'Hilton',
        city: 'Токио',
        meal_plan: 'BB',
        room_plan: [{ room_type: 'QUAD', participant_ids: 'все' }],
      },
    });
    expect(shapeless.statusCode).toBe(422);
    // What is wrong inside the rooms, and nothing about the plan that could also be null.
    expect(shapeless.json().errors).toEqual({
      'details.room_plan.0.room_type': ['Недопустимое значение'],
      'details.room_plan.0.participant_ids': ['Значение должно быть списком'],
    });
    const notAList = await create({
      ...hotelBody(trip.id, [{ participant_id: a }]),
      details: { hotel_name: 'Hilton', city: 'Токио', meal_plan: 'XX', room_plan: 'DBL' },
    });
    expect(notAList.statusCode).toBe(422);
    expect(notAList.json().errors).toEqual({
      'details.meal_plan': ['Недопустимое значение'],
      'details.room_plan': ['Значение должно быть списком или пустым'],
    });
    // The room of a participant is the plan's business now.
    const oldShape = await create({
      ...hotelBody(trip.id, []),
      participants: [{ participant_id: a, room: 1 }],
    });
    expect(oldShape.statusCode).toBe(422);
    expect(Object.keys(oldShape.json().errors)).toEqual(['participants.0.room']);
    const after = await db()
      .selectFrom('bookings')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('counts a cancelled tourist in no place, and leaves a covered one out of the rooms for now', async () => {
    const trip = await tripWith(['Канышай', 'Мирлан', 'Нургуль']);
    const [a, b, c] = trip.participants as [number, number, number];
    const body = (rooms: { room_type: string; participant_ids: number[] }[]) => ({
      ...hotelBody(trip.id, [{ participant_id: a }, { participant_id: b }, { participant_id: c }]),
      details: { hotel_name: 'Hilton', city: 'Токио', meal_plan: 'BB', room_plan: rooms },
    });
    // Нургуль not placed yet: covered, in no room.
    const booking = await ok(
      await create(
        body([
          { room_type: 'SGL', participant_ids: [a] },
          { room_type: 'SGL', participant_ids: [b] },
        ]),
      ),
    );
    expect(
      booking.participants.map((p: { full_name: string; room: number | null }) => [
        p.full_name,
        p.room,
      ]),
    ).toEqual([
      ['Канышай', 1],
      ['Мирлан', 2],
      ['Нургуль', null],
    ]);
    // Нургуль cancels: she stays on the booking and may stay in Канышай's SGL, taking no place.
    const rows = await ok(await agent.browser.get(`/api/admin/trip/${trip.id}/participants`));
    const row = (rows.data ?? rows).find((p: { id: number }) => p.id === c);
    await ok(
      await agent.browser.put(`/api/admin/trip/${trip.id}/participant/${c}`, {
        price: row.price,
        discount: row.discount,
        status: 'cancelled',
      }),
    );
    const saved = await ok(
      await agent.browser.put(
        `/api/admin/booking/${booking.id}`,
        body([
          { room_type: 'SGL', participant_ids: [a, c] },
          { room_type: 'SGL', participant_ids: [b] },
        ]),
      ),
    );
    expect(saved.details.room_plan).toEqual([
      { room_type: 'SGL', participant_ids: [a, c] },
      { room_type: 'SGL', participant_ids: [b] },
    ]);
    expect(saved.covered).toBe(2);
  });
});

describe('a hotel booking’s fields', () => {
  it('names every missing field of the kind in Russian and changes nothing', async () => {
    const trip = await tripWith(['Гульнара']);
    const before = await db()
      .selectFrom('bookings')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirst();
    const response = await create({
      kind: 'hotel',
      trip_id: trip.id,
      supplier_id: hotelSupplier,
      starts_on: '2027-03-01',
      currency: 'usd',
      status: 'requested',
      details: {},
      participants: [],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'details.hotel_name': ['Обязательное поле'],
      'details.city': ['Обязательное поле'],
      'details.meal_plan': ['Обязательное поле'],
      'details.room_plan': ['Добавьте хотя бы один номер'],
      ends_on: ['Укажите дату окончания'],
      participants: ['Выберите участников, которых покрывает бронирование'],
      cost: ['Обязательное поле'],
    });
    const after = await db()
      .selectFrom('bookings')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });
});

describe('coverage and dates', () => {
  it('covers only the trip’s participants and no newly cancelled one', async () => {
    const trip = await tripWith(['Азамат', 'Нурлан'], undefined, 1);
    const other = await tripWith(['Чужой']);
    const [live, gone] = trip.participants as [number, number];
    const response = await create(
      hotelBody(trip.id, [
        { participant_id: live, room: 1 },
        { participant_id: other.participants[0]!, room: 1 },
        { participant_id: gone, room: 2 },
        { participant_id: live },
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'participants.1.participant_id': ['Это не участник выбранного тура'],
      'participants.2.participant_id': ['Участник отменён: его нельзя добавить в бронирование'],
      'participants.3.participant_id': ['Участник указан дважды'],
    });
  });

  it('keeps service dates within the trip', async () => {
    const trip = await tripWith(['Канат']);
    const early = await create({
      ...hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }]),
      starts_on: '2027-02-28',
    });
    expect(early.json().errors).toEqual({
      starts_on: ['Даты услуги должны быть в пределах дат тура: 01.03.2027–05.03.2027'],
    });
    const late = await create({
      ...hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }]),
      ends_on: '2027-03-06',
    });
    expect(late.json().errors).toEqual({
      ends_on: ['Даты услуги должны быть в пределах дат тура: 01.03.2027–05.03.2027'],
    });
  });

  it('sums the air tickets, upper-cases the airports and wants arrival after departure', async () => {
    const trip = await tripWith(['Асель', 'Тимур']);
    const [a, b] = trip.participants as [number, number];
    const flight = {
      kind: 'air_ticket',
      trip_id: trip.id,
      supplier_id: airline,
      starts_on: '2027-03-01',
      ends_on: '2027-03-01',
      currency: 'usd',
      status: 'confirmed',
      details: {
        carrier: 'TK',
        flight_number: '345',
        from_airport: 'fru',
        to_airport: 'IST',
        departs_at: '05:40',
        arrives_at: '08:55',
        flight_class: 'economy',
        pnr: 'X7K2QL',
      },
      participants: [
        { participant_id: a, ticket_number: '235-1234567890', ticket_cost: '410.50' },
        { participant_id: b, ticket_number: '235-1234567891', ticket_cost: 399.99 },
      ],
    };
    const booked = await ok(await create(flight));
    expect(booked).toMatchObject({ cost: 810.49, title: 'TK 345 FRU → IST' });
    expect(booked.details).toMatchObject({ from_airport: 'FRU', to_airport: 'IST' });
    expect(booked.participants.map((p: { ticket_cost: number }) => p.ticket_cost)).toEqual([
      410.5, 399.99,
    ]);

    const backwards = await create({
      ...flight,
      details: { ...flight.details, arrives_at: '05:40' },
    });
    expect(backwards.json().errors).toEqual({
      'details.arrives_at': ['Прилёт должен быть позже вылета'],
    });
    const noCost = await create({
      ...flight,
      participants: [{ participant_id: a, ticket_number: '1' }],
    });
    expect(noCost.json().errors).toEqual({
      'participants.0.ticket_cost': ['Укажите стоимость билета'],
    });
  });

  it('computes a guide’s cost as days × rate and an insurance’s days', async () => {
    const trip = await tripWith(['Урмат']);
    const guide = await ok(
      await create({
        kind: 'guide',
        trip_id: trip.id,
        supplier_id: hotelSupplier,
        starts_on: '2027-03-02',
        ends_on: '2027-03-04',
        currency: 'usd',
        status: 'requested',
        details: { guide_name: 'Мика Сато', languages: ['ru', 'ja', 'ru'], rate_per_day: 120.5 },
        participants: [{ participant_id: trip.participants[0]! }],
      }),
    );
    expect(guide).toMatchObject({ cost: 361.5, days: 3 });
    expect(guide.details).toMatchObject({ languages: ['ru', 'ja'], rate_per_day: 120.5 });

    const policy = await ok(
      await create({
        kind: 'health_insurance',
        trip_id: trip.id,
        supplier_id: insurer,
        starts_on: '2027-03-01',
        ends_on: '2027-03-05',
        cost: 25,
        currency: 'usd',
        status: 'confirmed',
        details: {
          plan: 'Стандарт',
          coverage: 30000,
          coverage_currency: 'eur',
          territory: 'Япония',
        },
        participants: [{ participant_id: trip.participants[0]!, policy_number: 'P-0001' }],
      }),
    );
    expect(policy).toMatchObject({ days: 5, title: 'Стандарт, Япония' });
    expect(policy.details).toMatchObject({ coverage: 30000, coverage_currency: 'eur' });
    expect(policy.participants[0]).toMatchObject({ policy_number: 'P-0001' });
  });

  it('takes a penalty only when cancelled, and then the penalty is what it costs', async () => {
    const trip = await tripWith(['Максат']);
    const body = hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }]);
    const refused = await create({ ...body, penalty: 100 });
    expect(refused.json().errors).toEqual({
      penalty: ['Штраф указывается только у отменённого бронирования'],
    });
    const cancelled = await ok(await create({ ...body, status: 'cancelled', penalty: 100 }));
    expect(cancelled).toMatchObject({ cost: 800, penalty: 100, amount_due: 100, debt: 100 });
  });
});

describe('the supplier', () => {
  it('must serve the booking’s kind', async () => {
    const trip = await tripWith(['Эркин']);
    const response = await create({
      ...hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }]),
      supplier_id: airline,
    });
    expect(response.json().errors).toEqual({
      supplier_id: ['Поставщик не оказывает услуги этого вида (см. его карточку)'],
    });
  });
});

describe('the month view', () => {
  it('lists what touches the month, at its edges and across a year, with totals per currency', async () => {
    const trip = await tripWith(['Зарина', 'Эмиль'], {
      starts_on: '2027-12-20',
      ends_on: '2028-02-10',
    });
    const [a] = trip.participants as [number, number];
    const stay = (starts_on: string, ends_on: string, cost: number, currency = 'usd') =>
      create({
        ...hotelBody(trip.id, [{ participant_id: a, room: 1 }]),
        starts_on,
        ends_on,
        cost,
        currency,
      }).then(ok);
    const newYear = await stay('2027-12-28', '2028-01-03', 1000);
    const lastDay = await stay('2027-12-25', '2027-12-31', 200);
    const firstOfFeb = await stay('2028-01-30', '2028-02-01', 300, 'eur');
    const february = await stay('2028-02-02', '2028-02-05', 50);

    const list = async (month: string, extra = '') =>
      ok(
        await agent.browser.get(
          `/api/admin/bookings?kind=hotel&month=${month}&trip_id=${trip.id}${extra}`,
        ),
      );
    const december = await list('12-2027');
    expect(december.data.map((b: { id: number }) => b.id)).toEqual([lastDay.id, newYear.id]);
    expect([december.first_day, december.last_day]).toEqual(['2027-12-01', '2027-12-31']);
    const january = await list('01-2028');
    expect(january.data.map((b: { id: number }) => b.id)).toEqual([newYear.id, firstOfFeb.id]);
    expect(january.totals).toEqual([
      { currency: 'eur', count: 1, amount_due: 300, paid: 0, debt: 300 },
      { currency: 'usd', count: 1, amount_due: 1000, paid: 0, debt: 1000 },
    ]);
    const feb = await list('02-2028');
    expect(feb.data.map((b: { id: number }) => b.id)).toEqual([firstOfFeb.id, february.id]);
    expect((await list('11-2027')).data).toEqual([]);
    expect((await list('01-2028', '&search=%D0%B7%D0%B0%D1%80%D0%B8%D0%BD')).total).toBe(2);
    expect((await list('01-2028', '&search=nothing-like-it')).total).toBe(0);
    expect((await list('01-2028', '&status=cancelled')).total).toBe(0);
  });

  it('refuses a month that is not MM-YYYY', async () => {
    const response = await agent.browser.get('/api/admin/bookings?kind=hotel&month=13-2027');
    expect(response.statusCode).toBe(422);
  });
});

describe('supplier payments', () => {
  let admin: { browser: Browser; id: number };
  let cash: number;
  let kgsCash: number;
  let keys = 0;
  const pay = (bookingId: number, body: object, key = `booking-pay-${process.pid}-${++keys}`) =>
    admin.browser.post(`/api/admin/booking/${bookingId}/payments`, body, {
      headers: { 'idempotency-key': key },
    });
  const confirm = (id: number) =>
    accountant.browser.post(`/api/admin/balance/operations/${id}/confirm`);

  beforeAll(async () => {
    admin = await signedIn(app, db(), ['admin'], { full_name: 'Админ' });
    const wallet = (currency: string, balance: number) =>
      db()
        .insertInto('wallets')
        .values({ type: 'site', user_id: null, name: `Касса ${currency}`, currency, balance })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    cash = await wallet('usd', 1_000_000);
    kgsCash = await wallet('kgs', 1_000_000);
  });

  it('derives unpaid, partly paid and paid from the confirmed payments only', async () => {
    const trip = await tripWith(['Алина']);
    const booking = await ok(
      await create(hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }])),
    );
    const state = async () => {
      const json = await ok(await agent.browser.get(`/api/admin/booking/${booking.id}`));
      return [json.payment_state, json.paid, json.debt];
    };
    const first = await ok(
      await pay(booking.id, { wallet_id: cash, amount: 300, comment: 'Аванс' }),
    );
    expect(first).toMatchObject({
      type: 'outcome',
      amount: 300,
      status: 'pending',
      currency: 'usd',
    });
    expect(await state()).toEqual(['unpaid', 0, 800]);
    await ok(await confirm(first.id));
    expect(await state()).toEqual(['partly_paid', 300, 500]);

    const tooMuch = await pay(booking.id, { wallet_id: cash, amount: 500.01 });
    expect(tooMuch.json().errors).toEqual({
      amount: ['Больше долга поставщику: осталось оплатить $500,00'],
    });
    const otherCurrency = await pay(booking.id, { wallet_id: kgsCash, amount: 100 });
    expect(otherCurrency.json().errors.wallet_id[0]).toMatch(/в валюте бронирования \(USD\)/);

    const rest = await ok(await pay(booking.id, { wallet_id: cash, amount: 500 }));
    await ok(await confirm(rest.id));
    expect(await state()).toEqual(['paid', 800, 0]);
    // What was paid stays in the booking's currency: it cannot move while payments are there.
    const moved = await agent.browser.put(`/api/admin/booking/${booking.id}`, {
      ...hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }]),
      currency: 'eur',
    });
    expect(moved.json().errors).toEqual({
      currency: [
        'Валюта не меняется: по бронированию есть оплаты поставщику — создайте новое бронирование',
      ],
    });
    const payments = await ok(await agent.browser.get(`/api/admin/booking/${booking.id}/payments`));
    expect(payments.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
      [500, 'confirmed'],
      [300, 'confirmed'],
    ]);

    // A reversal of a confirmed payment takes it back out of paid once confirmed.
    const reversal = await ok(
      await accountant.browser.post(`/api/admin/balance/operations/${rest.id}/reverse`, {
        reason: 'Ошибочная оплата',
      }),
    );
    await ok(await admin.browser.post(`/api/admin/balance/operations/${reversal.id}/confirm`));
    expect(await state()).toEqual(['partly_paid', 300, 500]);
    const paidFilter = await ok(
      await agent.browser.get(
        `/api/admin/bookings?kind=hotel&month=03-2027&trip_id=${trip.id}&payment_state=partly_paid`,
      ),
    );
    expect(paidFilter.data.map((b: { id: number }) => b.id)).toEqual([booking.id]);
  });

  it('never calls a booking cancelled without a penalty overdue: nothing is owed on it', async () => {
    const trip = await tripWith(['Самат', 'Элнура']);
    const [a, b] = trip.participants as [number, number];
    const pastDue = (participant: number, penalty: number | null) => ({
      ...hotelBody(trip.id, [{ participant_id: participant, room: 1 }]),
      status: 'cancelled',
      penalty,
      payment_due_on: '2026-10-01',
    });
    const free = await ok(await create(pastDue(a, 0)));
    expect(free).toMatchObject({
      amount_due: 0,
      paid: 0,
      debt: 0,
      payment_state: 'nothing_due',
      overdue: false,
    });
    const withPenalty = await ok(await create(pastDue(b, 100)));
    expect(withPenalty).toMatchObject({ amount_due: 100, payment_state: 'unpaid', overdue: true });

    // A deposit paid before the free cancellation: the supplier owes it back, nothing is late.
    const deposit = await ok(
      await create({
        ...hotelBody(trip.id, [{ participant_id: a, room: 1 }]),
        payment_due_on: '2026-10-01',
      }),
    );
    const paid = await ok(await pay(deposit.id, { wallet_id: cash, amount: 300 }));
    await ok(await confirm(paid.id));
    const refunding = await ok(
      await agent.browser.put(`/api/admin/booking/${deposit.id}`, {
        ...pastDue(a, 0),
        status: 'cancelled',
      }),
    );
    expect(refunding).toMatchObject({
      amount_due: 0,
      paid: 300,
      debt: -300,
      payment_state: 'overpaid',
      overdue: false,
    });

    const listed = async (state: string) =>
      (
        await ok(
          await agent.browser.get(
            `/api/admin/bookings?kind=hotel&month=03-2027&trip_id=${trip.id}&payment_state=${state}`,
          ),
        )
      ).data.map((item: { id: number; overdue: boolean }) => [item.id, item.overdue]);
    expect(await listed('nothing_due')).toEqual([[free.id, false]]);
    expect(await listed('overpaid')).toEqual([[deposit.id, false]]);
    expect(await listed('unpaid')).toEqual([[withPenalty.id, true]]);
    expect(await listed('paid')).toEqual([]);
    const dashboard = await ok(
      await agent.browser.get('/api/admin/bookings/dashboard?month=03-2027'),
    );
    const overdue = dashboard.overdue.items.map((item: { id: number }) => item.id);
    expect(overdue).toContain(withPenalty.id);
    expect(overdue).not.toContain(free.id);
    expect(overdue).not.toContain(deposit.id);
  });

  it('needs add_payment as well as booking_section', async () => {
    const trip = await tripWith(['Бакыт']);
    const booking = await ok(
      await create(hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }])),
    );
    const refused = await agent.browser.post(
      `/api/admin/booking/${booking.id}/payments`,
      { wallet_id: cash, amount: 1 },
      { headers: { 'idempotency-key': 'agent-cannot-pay' } },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('cancelled participants and the dashboard', () => {
  it('drops a cancelled participant from the counts and reports what is missing', async () => {
    const trip = await tripWith(['Ильяс', 'Сабина'], {
      starts_on: '2027-05-10',
      ends_on: '2027-05-14',
    });
    const [a, b] = trip.participants as [number, number];
    const hotel = await ok(
      await create({
        ...hotelBody(trip.id, [
          { participant_id: a, room: 1 },
          { participant_id: b, room: 1 },
        ]),
        starts_on: '2027-05-10',
        ends_on: '2027-05-12',
        payment_due_on: '2026-11-01',
      }),
    );
    const before = await ok(await agent.browser.get('/api/admin/bookings/dashboard?month=05-2027'));
    const mine = before.missing.items.find((t: { trip_id: number }) => t.trip_id === trip.id);
    expect(mine.participants).toEqual([
      {
        participant_id: a,
        user_id: expect.any(Number),
        full_name: 'Ильяс',
        problems: ['flight_missing', 'insurance_missing', 'hotel_missing'],
        nights_missing: 2,
      },
      {
        participant_id: b,
        user_id: expect.any(Number),
        full_name: 'Сабина',
        problems: ['flight_missing', 'insurance_missing', 'hotel_missing'],
        nights_missing: 2,
      },
    ]);
    expect(before.counts.find((c: { kind: string }) => c.kind === 'hotel')).toMatchObject({
      requested: expect.any(Number),
    });
    expect(before.unconfirmed.items.map((i: { id: number }) => i.id)).toContain(hotel.id);
    expect(before.overdue.items.map((i: { id: number }) => i.id)).toContain(hotel.id);
    expect(hotel.overdue).toBe(true);

    const participant = await ok(
      await agent.browser.get(`/api/admin/trip/${trip.id}/participants`),
    );
    const row = (participant.data ?? participant).find((p: { id: number }) => p.id === b);
    await ok(
      await agent.browser.put(`/api/admin/trip/${trip.id}/participant/${b}`, {
        price: row.price,
        discount: row.discount,
        status: 'cancelled',
      }),
    );
    const after = await ok(await agent.browser.get(`/api/admin/booking/${hotel.id}`));
    expect(after.covered).toBe(1);
    expect(after.participants).toHaveLength(2);
    const dashboard = await ok(
      await agent.browser.get('/api/admin/bookings/dashboard?month=05-2027'),
    );
    const left = dashboard.missing.items.find((t: { trip_id: number }) => t.trip_id === trip.id);
    expect(left.participants.map((p: { full_name: string }) => p.full_name)).toEqual(['Ильяс']);
  });

  it('expects flights and a policy at home only once the trip has booked some', async () => {
    const trip = await tripWith(
      ['Нуржан', 'Самара'],
      { starts_on: '2027-06-10', ends_on: '2027-06-12' },
      0,
      'Кыргызстан',
    );
    const [a, b] = trip.participants as [number, number];
    const missing = async () => {
      const dashboard = await ok(
        await agent.browser.get('/api/admin/bookings/dashboard?month=06-2027'),
      );
      const mine = dashboard.missing.items.find((t: { trip_id: number }) => t.trip_id === trip.id);
      return mine.participants.map((p: { full_name: string; problems: string[] }) => [
        p.full_name,
        p.problems,
      ]);
    };
    // A road trip at home: only the nights without a hotel are missing.
    expect(await missing()).toEqual([
      ['Нуржан', ['hotel_missing']],
      ['Самара', ['hotel_missing']],
    ]);
    await ok(
      await create({
        kind: 'air_ticket',
        trip_id: trip.id,
        supplier_id: airline,
        starts_on: '2027-06-10',
        ends_on: '2027-06-10',
        currency: 'usd',
        status: 'confirmed',
        details: {
          carrier: 'QH',
          flight_number: '11',
          from_airport: 'FRU',
          to_airport: 'OSS',
          departs_at: '07:00',
          arrives_at: '08:00',
          flight_class: 'economy',
        },
        participants: [{ participant_id: a, ticket_cost: 60 }],
      }),
    );
    // Once it flies, the one without a ticket lacks it, and the one flown out lacks the way back.
    expect(await missing()).toEqual([
      ['Нуржан', ['return_flight_missing', 'hotel_missing']],
      ['Самара', ['flight_missing', 'hotel_missing']],
    ]);
    // They come back by road: the trip is marked one way.
    const marked = await ok(await agent.browser.get(`/api/admin/trip/${trip.id}`));
    await ok(
      await agent.browser.put(`/api/admin/trip/${trip.id}`, {
        ...Object.fromEntries(
          ['title', 'country', 'starts_on', 'ends_on', 'price', 'currency', 'seats']
            .concat(['manager_id', 'itinerary', 'notes'])
            .map((field) => [field, marked[field]]),
        ),
        flights: 'one_way',
      }),
    );
    await refreshAllStaleGaps(db());
    expect(await missing()).toEqual([
      ['Нуржан', ['hotel_missing']],
      ['Самара', ['flight_missing', 'hotel_missing']],
    ]);
    expect(b).toBeGreaterThan(a);
  });

  it('is refused without booking_section', async () => {
    for (const url of [
      '/api/admin/bookings?kind=hotel',
      '/api/admin/bookings/dashboard',
      '/api/admin/booking/1',
    ]) {
      expect((await accountant.browser.get(url)).statusCode).toBe(403);
    }
  });
});

describe('the trip summary', () => {
  it('converts each booking at its service day’s rate, flags a missing rate and lists what is missing', async () => {
    const trip = await tripWith(['Айжан', 'Руслан'], {
      starts_on: '2031-03-01',
      ends_on: '2031-03-04',
    });
    const [a, b] = trip.participants as [number, number];
    await db()
      .insertInto('currency_rates')
      .values([
        { date: '2031-02-20', from_currency: 'usd', to_currency: 'kgs', rate: '87.5' },
        { date: '2031-03-03', from_currency: 'usd', to_currency: 'kgs', rate: '90' },
      ])
      .execute();
    const kgsHotel = await ok(
      await create({
        ...hotelBody(trip.id, [
          { participant_id: a, room: 1 },
          { participant_id: b, room: 1 },
        ]),
        starts_on: '2031-03-01',
        ends_on: '2031-03-03',
        cost: 8750,
        currency: 'kgs',
      }),
    );
    const usdGuide = await ok(
      await create({
        kind: 'guide',
        trip_id: trip.id,
        supplier_id: hotelSupplier,
        starts_on: '2031-03-03',
        ends_on: '2031-03-03',
        currency: 'usd',
        status: 'confirmed',
        details: { guide_name: 'Гид', rate_per_day: 40 },
        participants: [{ participant_id: a }],
      }),
    );
    const eurExpense = await ok(
      await create({
        kind: 'tour_expense',
        trip_id: trip.id,
        supplier_id: hotelSupplier,
        starts_on: '2031-03-02',
        cost: 10,
        currency: 'eur',
        status: 'confirmed',
        details: { category: 'Чаевые' },
        participants: [],
      }),
    );
    const summary = await ok(await agent.browser.get(`/api/admin/trip/${trip.id}/summary`));
    expect(
      summary.bookings.map((row: Record<string, unknown>) => [
        row.id,
        row.converted,
        row.rate,
        row.rate_date,
        row.missing_rate,
      ]),
    ).toEqual([
      // 8 750 KGS at 1/87.5 (the latest rate on or before 01.03.2031) is exactly $100.00.
      [kgsHotel.id, 100, 1 / 87.5, '2031-02-20', false],
      // No EUR rate on the rates' day found for 02.03.2031: flagged, never converted at 1.
      [eurExpense.id, null, null, '2031-02-20', true],
      [usdGuide.id, 40, 1, null, false],
    ]);
    expect(summary.costs).toEqual({ total: 140, profit: -140, missing_rate: true });
    expect(
      summary.readiness.map(
        (r: { full_name: string; problems: string[]; nights_missing: number }) => [
          r.full_name,
          r.problems.filter((p) =>
            ['flight_missing', 'insurance_missing', 'hotel_missing'].includes(p),
          ),
          r.nights_missing,
        ],
      ),
    ).toEqual([
      ['Айжан', ['flight_missing', 'insurance_missing', 'hotel_missing'], 1],
      ['Руслан', ['flight_missing', 'insurance_missing', 'hotel_missing'], 1],
    ]);
  });
});

describe('stored gaps and covered counts', () => {
  it('stay equal to a full recomputation through every kind of change', async () => {
    const trip = await tripWith(['Эрмек', 'Динара', 'Камила'], {
      starts_on: '2027-09-01',
      ends_on: '2027-09-05',
    });
    const [a, b, c] = trip.participants as [number, number, number];
    const dashboard = async () =>
      (await ok(await agent.browser.get('/api/admin/bookings/dashboard?month=09-2027'))).missing;
    /** Every trip's stored gaps against missingBookingsOf, once the refresher has run. */
    const readiness = async () =>
      (await ok(await agent.browser.get(`/api/admin/trip/${trip.id}/summary`))).readiness;
    const compareAll = async () => {
      const stale = await dashboard();
      const staleReadiness = await readiness();
      await refreshAllStaleGaps(db());
      const stored = await db()
        .selectFrom('trip_booking_gaps')
        .select(['trip_id', 'participants', 'stale'])
        .execute();
      expect(stored.every((row) => !row.stale)).toBe(true);
      const recomputed = await missingBookingsOf(
        db(),
        stored.map((row) => row.trip_id),
      );
      for (const row of stored) {
        const expected = (recomputed.get(row.trip_id) ?? []).map(
          ({ full_name: _name, ...gap }) => gap,
        );
        expect([row.trip_id, row.participants]).toEqual([row.trip_id, expected]);
      }
      // The dashboard reads the stored gaps now (its remembered answer forgotten by a move of the
      // generation), and says the same as when it computed them.
      await sql`update booking_generation set n = n + 1`.execute(db());
      expect(await dashboard()).toEqual(stale);
      // So does the trip summary's readiness list.
      expect(await readiness()).toEqual(staleReadiness);
    };
    await compareAll();

    const hotel = await ok(
      await create({
        ...hotelBody(trip.id, [
          { participant_id: a, room: 1 },
          { participant_id: b, room: 1 },
          { participant_id: c, room: 2 },
        ]),
        starts_on: '2027-09-01',
        ends_on: '2027-09-05',
      }),
    );
    expect(hotel.covered).toBe(3);
    await compareAll();

    // A participant cancelled: out of the counts and of the gaps at once.
    const rows = await ok(await agent.browser.get(`/api/admin/trip/${trip.id}/participants`));
    const row = (rows.data ?? rows).find((p: { id: number }) => p.id === c);
    await ok(
      await agent.browser.put(`/api/admin/trip/${trip.id}/participant/${c}`, {
        price: row.price,
        discount: row.discount,
        status: 'cancelled',
      }),
    );
    const list = await ok(
      await agent.browser.get(`/api/admin/bookings?kind=hotel&month=09-2027&trip_id=${trip.id}`),
    );
    expect(list.data.map((item: { covered: number }) => item.covered)).toEqual([1 + 1]);
    await compareAll();

    // A flight out, its route corrected, and the trip marked one way then back to round trip.
    const flightOut = {
      kind: 'air_ticket',
      trip_id: trip.id,
      supplier_id: airline,
      starts_on: '2027-09-01',
      ends_on: '2027-09-01',
      currency: 'usd',
      status: 'confirmed',
      details: {
        carrier: 'TK',
        flight_number: '347',
        from_airport: 'FRU',
        to_airport: 'IST',
        departs_at: '06:00',
        arrives_at: '09:00',
        flight_class: 'economy',
      },
      participants: [{ participant_id: a, ticket_cost: 300 }],
    };
    const out = await ok(await create(flightOut));
    await compareAll();
    const back = await ok(
      await create({
        ...flightOut,
        starts_on: '2027-09-05',
        ends_on: '2027-09-05',
        details: { ...flightOut.details, from_airport: 'IST', to_airport: 'ALA' },
      }),
    );
    await compareAll();
    await ok(
      await agent.browser.put(`/api/admin/booking/${back.id}`, {
        ...flightOut,
        starts_on: '2027-09-05',
        ends_on: '2027-09-05',
        details: { ...flightOut.details, from_airport: 'IST', to_airport: 'FRU' },
      }),
    );
    await compareAll();
    const tripNow = await ok(await agent.browser.get(`/api/admin/trip/${trip.id}`));
    const tripBody = (flights: string) => ({
      ...Object.fromEntries(
        ['title', 'country', 'starts_on', 'ends_on', 'price', 'currency', 'seats']
          .concat(['manager_id', 'itinerary', 'notes'])
          .map((field) => [field, tripNow[field]]),
      ),
      flights,
    });
    await ok(await agent.browser.put(`/api/admin/trip/${trip.id}`, tripBody('one_way')));
    await compareAll();
    await ok(await agent.browser.put(`/api/admin/trip/${trip.id}`, tripBody('round_trip')));
    expect(out.id).toBeLessThan(back.id);
    await compareAll();

    // The stay shortened, then cancelled.
    await ok(
      await agent.browser.put(`/api/admin/booking/${hotel.id}`, {
        ...hotelBody(trip.id, [
          { participant_id: a, room: 1 },
          { participant_id: b, room: 1 },
          { participant_id: c, room: 2 },
        ]),
        starts_on: '2027-09-02',
        ends_on: '2027-09-05',
      }),
    );
    await compareAll();
    await ok(
      await agent.browser.put(`/api/admin/booking/${hotel.id}`, {
        ...hotelBody(trip.id, [
          { participant_id: a, room: 1 },
          { participant_id: b, room: 1 },
          { participant_id: c, room: 2 },
        ]),
        starts_on: '2027-09-02',
        ends_on: '2027-09-05',
        status: 'cancelled',
      }),
    );
    await compareAll();
    const nights = (await dashboard()).items
      .find((t: { trip_id: number }) => t.trip_id === trip.id)
      .participants.map((p: { full_name: string; nights_missing: number }) => [
        p.full_name,
        p.nights_missing,
      ]);
    expect(nights).toEqual([
      ['Динара', 4],
      ['Эрмек', 4],
    ]);
  });
});

describe('remembered lists', () => {
  it('show every change of what they show at once: a booking, a supplier’s and a tourist’s name', async () => {
    const trip = await tripWith(['Жаныл'], { starts_on: '2027-10-01', ends_on: '2027-10-04' });
    const list = async () =>
      (
        await ok(
          await agent.browser.get(
            `/api/admin/bookings?kind=hotel&month=10-2027&trip_id=${trip.id}`,
          ),
        )
      ).data.map((b: { supplier: { name: string }; status: string }) => [
        b.supplier.name,
        b.status,
      ]);
    const gapsOf = async () =>
      (
        await ok(await agent.browser.get('/api/admin/bookings/dashboard?month=10-2027'))
      ).missing.items
        .find((t: { trip_id: number }) => t.trip_id === trip.id)
        .participants.map((p: { full_name: string }) => p.full_name);
    expect(await list()).toEqual([]);
    expect(await gapsOf()).toEqual(['Жаныл']);

    const agency = await supplier('Агентство «Ала-Арча»', ['hotel']);
    const body = {
      ...hotelBody(trip.id, [{ participant_id: trip.participants[0]!, room: 1 }]),
      supplier_id: agency,
      starts_on: '2027-10-01',
      ends_on: '2027-10-02',
    };
    const booking = await ok(await create(body));
    expect(await list()).toEqual([['Агентство «Ала-Арча»', 'requested']]);

    await ok(
      await agent.browser.put(`/api/admin/supplier/${agency}`, {
        name: 'Агентство «Ала-Арча Тур»',
        kinds: ['hotel'],
      }),
    );
    expect(await list()).toEqual([['Агентство «Ала-Арча Тур»', 'requested']]);
    await ok(
      await agent.browser.put(`/api/admin/booking/${booking.id}`, { ...body, status: 'confirmed' }),
    );
    expect(await list()).toEqual([['Агентство «Ала-Арча Тур»', 'confirmed']]);

    const { user_id: userId } = await db()
      .selectFrom('trip_participants')
      .select('user_id')
      .where('id', '=', trip.participants[0]!)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('users')
      .set({ full_name: 'Жаныл Осмонова' })
      .where('id', '=', userId)
      .execute();
    expect(await gapsOf()).toEqual(['Жаныл Осмонова']);

    // Without its row nothing is remembered, and every answer is computed afresh.
    await sql`delete from booking_generation`.execute(db());
    await db()
      .updateTable('suppliers')
      .set({ name: 'Агентство «Новое»' })
      .where('id', '=', agency)
      .execute();
    expect(await list()).toEqual([['Агентство «Новое»', 'confirmed']]);
    await sql`insert into booking_generation default values`.execute(db());
  });
});

describe('writers racing on one trip', () => {
  it('never deadlock: bookings saved, participants cancelled and back, supplier payments made', async () => {
    const admin = await signedIn(app, db(), ['admin'], { full_name: 'Админ гонок' });
    const { id: cash } = await db()
      .insertInto('wallets')
      .values({ type: 'site', user_id: null, name: 'Касса гонок', currency: 'usd', balance: 1e8 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trip = await tripWith(['Гонка Один', 'Гонка Два'], {
      starts_on: '2027-11-01',
      ends_on: '2027-11-05',
    });
    const [a, b] = trip.participants as [number, number];
    const body = {
      ...hotelBody(trip.id, [
        { participant_id: a, room: 1 },
        { participant_id: b, room: 1 },
      ]),
      starts_on: '2027-11-01',
      ends_on: '2027-11-05',
      cost: 100000,
    };
    const booking = await ok(await create(body));
    const participant =
      (await ok(await agent.browser.get(`/api/admin/trip/${trip.id}/participants`))).data ?? [];
    const price =
      (participant as { id: number; price: number }[]).find((p) => p.id === b)?.price ?? 1000;
    let key = 0;
    const statuses: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const payment = await ok(
        await admin.browser.post(
          `/api/admin/booking/${booking.id}/payments`,
          { wallet_id: cash, amount: 10 },
          { headers: { 'idempotency-key': `race-${process.pid}-${++key}` } },
        ),
      );
      const answers = await Promise.all([
        accountant.browser.post(`/api/admin/balance/operations/${payment.id}/confirm`),
        agent.browser.put(`/api/admin/trip/${trip.id}/participant/${b}`, {
          price,
          discount: 0,
          status: round % 2 === 0 ? 'cancelled' : 'booked',
        }),
        agent.browser.put(`/api/admin/booking/${booking.id}`, {
          ...body,
          notes: `Раунд ${round}`,
        }),
        admin.browser.post(
          `/api/admin/booking/${booking.id}/payments`,
          { wallet_id: cash, amount: 1 },
          { headers: { 'idempotency-key': `race-${process.pid}-${++key}` } },
        ),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const after = await ok(await agent.browser.get(`/api/admin/booking/${booking.id}`));
    // Eight confirmed payments of $10; the $1 ones wait; the last round brought Два back.
    expect([after.paid, after.covered]).toEqual([80, 2]);
  });
});
