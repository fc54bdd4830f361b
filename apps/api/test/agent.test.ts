import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The agent area (DESIGN.md 4): an agent reaches only the prepared tours published for agents,
// its own tourists, its own requests and the trips they are in; never another agent's data,
// never a cost, a supplier or a profit. Every figure below is worked out by hand.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let agentA: { browser: Browser; id: number };
let agentB: { browser: Browser; id: number };

type Reply = Awaited<ReturnType<Browser['get']>>;

async function ok(response: Reply) {
  expect([response.statusCode, response.json()]).toEqual([
    200,
    expect.objectContaining({ code: 1 }),
  ]);
  return response.json().data;
}

function expectErrors(response: Reply, errors: Record<string, string[]>) {
  expect(response.statusCode).toBe(422);
  expect(response.json().errors).toEqual(errors);
}

// Fields no agent response may carry anywhere (costs, suppliers, profit, staff, money records).
const FORBIDDEN_KEYS = [
  'cost',
  'costs',
  'supplier',
  'supplier_id',
  'supplier_name',
  'profit',
  'margin',
  'income',
  'expenses',
  'manager_id',
  'manager_name',
  'assignee_id',
  'assignee_name',
  'created_by',
  'counterparty_id',
  'bookings',
  'published',
  'archived_at',
  'trips_count',
  'password_hash',
  'roles',
];

function expectNoForbiddenKeys(value: unknown, path = '$'): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => expectNoForbiddenKeys(item, `${path}[${index}]`));
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      expect({ path: `${path}.${key}`, forbidden: FORBIDDEN_KEYS.includes(key) }).toEqual({
        path: `${path}.${key}`,
        forbidden: false,
      });
      expectNoForbiddenKeys(inner, `${path}.${key}`);
    }
  }
}

/** An agent call: 200, and nothing in it an agent must not see. */
async function agentOk(response: Reply) {
  const data = await ok(response);
  expectNoForbiddenKeys(data);
  return data;
}

let tourCounter = 0;
async function tour(values: Record<string, unknown>) {
  tourCounter += 1;
  return ok(
    await admin.post('/api/admin/tours', {
      title: `Тур ${tourCounter}`,
      key: `tour-${tourCounter}-${process.pid}`,
      country: 'Япония',
      cities: ['Токио', 'Киото'],
      days: 2,
      itinerary: [
        { title: 'Токио', description: 'Прилёт, прогулка по Асакусе' },
        { title: 'Киото', description: 'Храмы и сады' },
      ],
      included: ['Отели', 'Завтраки'],
      not_included: ['Авиаперелёт'],
      base_price: 1000,
      currency: 'usd',
      published: true,
      ...values,
    }),
  ) as Promise<{ id: number; key: string; title: string }>;
}

async function departure(tourId: number, startsOn: string, values: Record<string, unknown> = {}) {
  return ok(
    await admin.post('/api/admin/trips', {
      prepared_tour_id: tourId,
      starts_on: startsOn,
      seats: 10,
      ...values,
    }),
  ) as Promise<{ id: number; ends_on: string }>;
}

async function addParticipant(tripId: number, userId: number, status = 'booked') {
  return (
    await ok(
      await admin.post(`/api/admin/trip/${tripId}/participants`, { user_id: userId, status }),
    )
  ).id as number;
}

/** A confirmed payment of a participant, at 06:00 UTC of `day` (that business day). */
async function payment(tripId: number, participantId: number, amount: number, currency: string) {
  const { id: walletId } = await db()
    .insertInto('wallets')
    .values({ type: 'site', user_id: null, name: `Касса ${currency}`, currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('transactions')
    .values({
      wallet_id: walletId,
      type: 'income',
      amount,
      currency,
      status: 'confirmed',
      trip_id: tripId,
      participant_id: participantId,
      confirmed_at: new Date('2026-01-10T06:00:00Z'),
      created_at: new Date('2026-01-10T06:00:00Z'),
    })
    .execute();
}

const TOURIST = {
  full_name: 'Абдыкадырова Айгуль',
  email: null,
  phone: null,
  birth_date: '1990-05-04',
  citizenship: 'Кыргызстан',
  passport_number: 'AC1234567',
  passport_issued_at: '2020-01-15',
  passport_expires_at: '2030-01-14',
  notes: null,
};

// The fixture: a published tour with a 10 % commission and one with an agent price, an
// unpublished and an archived one; departures ahead, past and cancelled.
let commissionTour: { id: number; key: string; title: string };
let priceTour: { id: number; key: string; title: string };
let hiddenTour: { id: number; key: string };
let archivedTour: { id: number; key: string };
let ahead: { id: number; ends_on: string };
let aheadOfPriceTour: { id: number; ends_on: string };

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  agentA = await signedIn(app, db(), ['counterparty']);
  agentB = await signedIn(app, db(), ['counterparty']);

  commissionTour = await tour({ agent_commission: 10, country: 'Япония' });
  priceTour = await tour({ agent_price: 800, country: 'Корея', cities: ['Сеул'], title: 'Сеул' });
  hiddenTour = await tour({ published: false });
  archivedTour = await tour({});
  ahead = await departure(commissionTour.id, '2030-06-01', { price: 1200 });
  await departure(commissionTour.id, '2020-06-01');
  const cancelled = await departure(commissionTour.id, '2030-07-01');
  await ok(await admin.post(`/api/admin/trip/${cancelled.id}/status`, { status: 'cancelled' }));
  aheadOfPriceTour = await departure(priceTour.id, '2030-09-01', { price: 1000, seats: 2 });
  await departure(archivedTour.id, '2030-06-01');
  await ok(await admin.post(`/api/admin/tour/${archivedTour.id}/archive`, {}));
});
afterAll(async () => {
  await app.close();
});

describe('the tours an agent sells', () => {
  it('lists only the published tours, each with its upcoming departures and the agent terms', async () => {
    const page = await agentOk(await agentA.browser.get('/api/agent/tours'));
    expect(page.data.map((t: { key: string }) => t.key)).toEqual([
      priceTour.key,
      commissionTour.key,
    ]);
    const japan = page.data.find((t: { key: string }) => t.key === commissionTour.key);
    expect(japan).toMatchObject({
      title: commissionTour.title,
      country: 'Япония',
      cities: ['Токио', 'Киото'],
      days: 2,
      base_price: 1000,
      currency: 'usd',
      agent_price: null,
      agent_commission: 10,
    });
    // The past and the cancelled departures are not offered; 10 % of 1 200 is 120.
    expect(japan.departures).toEqual([
      {
        trip_id: ahead.id,
        starts_on: '2030-06-01',
        ends_on: '2030-06-02',
        status: 'planned',
        seats: 10,
        seats_free: 10,
        price: 1200,
        currency: 'usd',
        agent_price: 1080,
        commission: 120,
      },
    ]);
    const seoul = page.data.find((t: { key: string }) => t.key === priceTour.key);
    expect(seoul.departures).toEqual([
      expect.objectContaining({ price: 1000, agent_price: 800, commission: 200, seats_free: 2 }),
    ]);
  });

  it('filters by country and by a search, and names the countries for the filter', async () => {
    const korea = await agentOk(
      await agentA.browser.get('/api/agent/tours', { query: { country: 'корея' } }),
    );
    expect(korea.data.map((t: { key: string }) => t.key)).toEqual([priceTour.key]);
    const kyoto = await agentOk(
      await agentA.browser.get('/api/agent/tours', { query: { search: 'КИОТО' } }),
    );
    expect(kyoto.data.map((t: { key: string }) => t.key)).toEqual([commissionTour.key]);
    const countries = await agentOk(await agentA.browser.get('/api/agent/tours/countries'));
    expect(countries).toEqual(['Корея', 'Япония']);
  });

  it('opens a published tour by its key whole; any other key is «Тур не найден»', async () => {
    const detail = await agentOk(
      await agentA.browser.get(`/api/agent/tours/${commissionTour.key}`),
    );
    expect(detail).toMatchObject({
      key: commissionTour.key,
      itinerary: [
        { title: 'Токио', description: 'Прилёт, прогулка по Асакусе' },
        { title: 'Киото', description: 'Храмы и сады' },
      ],
      included: ['Отели', 'Завтраки'],
      not_included: ['Авиаперелёт'],
    });
    expect(detail.departures.map((d: { trip_id: number }) => d.trip_id)).toEqual([ahead.id]);
    for (const key of ['no-such-tour', hiddenTour.key, archivedTour.key]) {
      const response = await agentA.browser.get(`/api/agent/tours/${key}`);
      expect([response.statusCode, response.json().message]).toEqual([404, 'Тур не найден']);
    }
  });
});

describe("an agent's requests", () => {
  const countRequests = async () =>
    Number(
      (
        await db()
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends a request for two tourists on a departure: the staff see it with its travellers', async () => {
    const sent = await agentOk(
      await agentA.browser.post(`/api/agent/tours/${commissionTour.key}/requests`, {
        trip_id: ahead.id,
        tourists: [
          { full_name: ' Иманалиев Бакыт ', phone: '+996 (555) 12-34-56' },
          { full_name: 'Иманалиева Жылдыз', phone: null },
        ],
        comment: 'Нужен трансфер из аэропорта',
      }),
    );
    expect(sent).toMatchObject({
      status: 'new',
      tour_key: commissionTour.key,
      tour_title: commissionTour.title,
      trip_id: ahead.id,
      date_from: '2030-06-01',
      date_to: '2030-06-02',
      adults: 2,
      tourists: [
        { full_name: 'Иманалиев Бакыт', phone: '+996555123456' },
        { full_name: 'Иманалиева Жылдыз', phone: null },
      ],
      comment: 'Нужен трансфер из аэропорта',
      reject_reason: null,
    });

    const mine = await agentOk(await agentA.browser.get('/api/agent/requests'));
    expect(mine.data.map((r: { id: number }) => r.id)).toContain(sent.id);
    const theirs = await agentOk(await agentB.browser.get('/api/agent/requests'));
    expect(theirs.data.map((r: { id: number }) => r.id)).not.toContain(sent.id);

    const staff = await ok(
      await admin.get('/api/admin/tickets', { query: { counterparty_id: String(agentA.id) } }),
    );
    expect(staff.data).toEqual([
      expect.objectContaining({
        id: sent.id,
        source: 'agent',
        status: 'new',
        contact_name: 'Иманалиев Бакыт',
        counterparty_id: agentA.id,
        prepared_tour_id: commissionTour.id,
        trip_id: ahead.id,
        adults: 2,
        travellers: [
          { full_name: 'Иманалиев Бакыт', phone: '+996555123456' },
          { full_name: 'Иманалиева Жылдыз', phone: null },
        ],
      }),
    ]);
  });

  it('refuses, under the field and changing nothing: too many tourists, another tour, a blank name, a bad phone', async () => {
    const before = await countRequests();
    const post = (body: Record<string, unknown>, key = priceTour.key) =>
      agentA.browser.post(`/api/agent/tours/${key}/requests`, { comment: null, ...body });
    const three = [1, 2, 3].map((n) => ({ full_name: `Турист ${n}`, phone: null }));
    expectErrors(await post({ trip_id: aheadOfPriceTour.id, tourists: three }), {
      tourists: ['Свободных мест на этот выезд: 2'],
    });
    expectErrors(await post({ trip_id: ahead.id, tourists: three.slice(0, 1) }), {
      trip_id: ['Выберите выезд этого тура'],
    });
    expectErrors(
      await post({
        trip_id: aheadOfPriceTour.id,
        tourists: [
          { full_name: '   ', phone: null },
          { full_name: 'Турист', phone: '12-34' },
        ],
      }),
      {
        'tourists.0.full_name': ['Укажите ФИО туриста'],
        'tourists.1.phone': ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
      },
    );
    const past = await db()
      .selectFrom('trips')
      .select('id')
      .where('prepared_tour_id', '=', commissionTour.id)
      .where('starts_on', '<', '2021-01-01')
      .executeTakeFirstOrThrow();
    expectErrors(
      await post({ trip_id: past.id, tourists: three.slice(0, 1) }, commissionTour.key),
      { trip_id: ['Этот выезд больше нельзя заказать: он уже начался или отменён'] },
    );
    const unknown = await post({ trip_id: ahead.id, tourists: three.slice(0, 1) }, hiddenTour.key);
    expect(unknown.statusCode).toBe(404);
    expect(await countRequests()).toBe(before);
  });
});

describe("an agent's tourists", () => {
  let mine: { id: number };
  let theirs: { id: number };

  beforeAll(async () => {
    mine = await agentOk(await agentA.browser.post('/api/agent/tourists', TOURIST));
    theirs = await agentOk(
      await agentB.browser.post('/api/agent/tourists', {
        ...TOURIST,
        full_name: 'Чужой Турист',
        passport_number: 'AC7654321',
      }),
    );
  });

  it('creates a tourist of its own (a client), with the staff form rules under the fields', async () => {
    const row = await db()
      .selectFrom('users')
      .select(['counterparty_id', 'password_hash'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ counterparty_id: agentA.id, password_hash: null });
    const roles = await db()
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', mine.id)
      .execute();
    expect(roles).toEqual([{ role: 'client' }]);

    expectErrors(
      await agentA.browser.post('/api/agent/tourists', {
        ...TOURIST,
        birth_date: '2999-01-01',
        passport_issued_at: '2024-01-01',
        passport_expires_at: '2023-01-01',
      }),
      {
        birth_date: ['Дата рождения не может быть в будущем'],
        passport_expires_at: ['Срок действия паспорта должен заканчиваться позже даты выдачи'],
      },
    );
  });

  it('lists and opens only its own tourists; another agent’s read and save as not found', async () => {
    const listA = await agentOk(await agentA.browser.get('/api/agent/tourists'));
    expect(listA.data.map((t: { id: number }) => t.id)).toEqual([mine.id]);
    const listB = await agentOk(await agentB.browser.get('/api/agent/tourists'));
    expect(listB.data.map((t: { id: number }) => t.id)).toEqual([theirs.id]);

    const peek = await agentA.browser.get(`/api/agent/tourists/${theirs.id}`);
    expect([peek.statusCode, peek.json().message]).toEqual([404, 'Пользователь не найден']);
    const overwrite = await agentA.browser.put(`/api/agent/tourists/${theirs.id}`, {
      ...TOURIST,
      full_name: 'Перехвачен',
    });
    expect(overwrite.statusCode).toBe(404);
    const untouched = await agentOk(await agentB.browser.get(`/api/agent/tourists/${theirs.id}`));
    expect(untouched.full_name).toBe('Чужой Турист');
    // Staff members and the agent itself are not its tourists either.
    for (const id of [agentA.id, agentB.id]) {
      expect((await agentA.browser.get(`/api/agent/tourists/${id}`)).statusCode).toBe(404);
    }
  });

  it('edits its tourist’s personal data and nothing else', async () => {
    const saved = await agentOk(
      await agentA.browser.put(`/api/agent/tourists/${mine.id}`, {
        ...TOURIST,
        full_name: 'Абдыкадырова Айгуль Маратовна',
        phone: '+996 700 99 88 77',
      }),
    );
    expect(saved).toMatchObject({
      id: mine.id,
      full_name: 'Абдыкадырова Айгуль Маратовна',
      phone: '+996700998877',
    });
    const extra = await agentA.browser.put(`/api/agent/tourists/${mine.id}`, {
      ...TOURIST,
      counterparty_id: agentB.id,
    });
    expect(extra.statusCode).toBe(422);
    const row = await db()
      .selectFrom('users')
      .select('counterparty_id')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row.counterparty_id).toBe(agentA.id);
  });

  it('shows each trip with what is due, paid and owed, and the documents each trip needs', async () => {
    // A tourist the staff registered for the agent, without a birth date, its passport ending
    // 2030-10-01: less than six months after the departure's end (2030-06-02 + 6 months).
    const tourist = await createTestUser(db(), {
      password: null,
      full_name: 'Бекова Нургуль',
      counterparty_id: agentA.id,
      passport_number: 'AC5550001',
    });
    await db()
      .updateTable('users')
      .set({ passport_expires_at: '2030-10-01' })
      .where('id', '=', tourist)
      .execute();
    const participant = await addParticipant(ahead.id, tourist, 'confirmed');
    await payment(ahead.id, participant, 50_000, 'usd');

    const shown = await agentOk(await agentA.browser.get(`/api/agent/tourists/${tourist}`));
    expect(shown.trips).toEqual([
      {
        trip_id: ahead.id,
        title: commissionTour.title,
        starts_on: '2030-06-01',
        ends_on: '2030-06-02',
        trip_status: 'planned',
        participant_status: 'confirmed',
        currency: 'usd',
        due: 1200,
        paid: 500,
        debt: 700,
        problems: ['passport_expires', 'birth_date_missing'],
      },
    ]);
    expect(shown.owes).toEqual([{ currency: 'usd', amount: 700 }]);
    expect(shown.problems).toEqual(['passport_expires', 'birth_date_missing']);

    // The departure's free seats count the confirmed participant.
    const detail = await agentOk(
      await agentA.browser.get(`/api/agent/tours/${commissionTour.key}`),
    );
    expect(detail.departures[0].seats_free).toBe(9);
    // And another agent cannot reach this tourist at all.
    expect((await agentB.browser.get(`/api/agent/tourists/${tourist}`)).statusCode).toBe(404);
  });
});

describe("the staff's view of an agent", () => {
  it('counts its tourists and requests, and the commission for its confirmed tourists', async () => {
    const overview = await ok(await admin.get(`/api/admin/users/${agentA.id}/agent`));
    expect(overview.agent).toEqual({ id: agentA.id, full_name: expect.any(String) });
    // The tourist it created, and the one the staff registered for it.
    expect(overview.tourists).toBe(2);
    expect(overview.requests).toEqual({ new: 1, in_work: 0, converted: 0, rejected: 0 });
    // One confirmed tourist on the 1 200 $ departure of the 10 % tour: 120 $.
    expect(overview.commission).toEqual([
      {
        trip_id: ahead.id,
        title: commissionTour.title,
        starts_on: '2030-06-01',
        currency: 'usd',
        tourists: 1,
        due: 1200,
        commission: 120,
      },
    ]);
    expect(overview.commission_totals).toEqual([{ currency: 'usd', amount: 120 }]);
  });

  it('lists the agent’s tourists in the users list, and only them', async () => {
    const list = await ok(
      await admin.get('/api/admin/users', { query: { counterparty_id: String(agentA.id) } }),
    );
    expect(list.data.map((user: { full_name: string }) => user.full_name).sort()).toEqual([
      'Абдыкадырова Айгуль Маратовна',
      'Бекова Нургуль',
    ]);
    expect(list.total).toBe(2);
  });

  it('counts the agent price tour as what is due less the agent price per tourist', async () => {
    const tourist = await createTestUser(db(), { password: null, counterparty_id: agentB.id });
    await addParticipant(aheadOfPriceTour.id, tourist, 'confirmed');
    // A booked (not confirmed) one does not count yet.
    const booked = await createTestUser(db(), { password: null, counterparty_id: agentB.id });
    await addParticipant(aheadOfPriceTour.id, booked, 'booked');
    const overview = await ok(await admin.get(`/api/admin/users/${agentB.id}/agent`));
    expect(overview.commission).toEqual([
      expect.objectContaining({
        trip_id: aheadOfPriceTour.id,
        tourists: 1,
        due: 1000,
        commission: 200,
      }),
    ]);
  });

  it('rounds each tourist’s percent on its own, as the agent’s invoice and act do', async () => {
    // Two tourists owing $10,05 each on a 10 % tour: 100,5 cents each, half up 101 → $2,02 (once
    // for the trip it would be 201 cents, $2,01: a cent apart from the invoice's lines).
    const agentC = await signedIn(app, db(), ['counterparty']);
    const cheap = await departure(commissionTour.id, '2030-10-01', { price: 10.05 });
    for (const name of ['Турист Один', 'Турист Два']) {
      const tourist = await createTestUser(db(), {
        password: null,
        full_name: name,
        counterparty_id: agentC.id,
      });
      await addParticipant(cheap.id, tourist, 'confirmed');
    }
    const overview = await ok(await admin.get(`/api/admin/users/${agentC.id}/agent`));
    expect(overview.commission).toEqual([
      expect.objectContaining({ trip_id: cheap.id, tourists: 2, due: 20.1, commission: 2.02 }),
    ]);
    expect(overview.commission_totals).toEqual([{ currency: 'usd', amount: 2.02 }]);
  });

  it('is not found for a user who is not an agent, or out of a manager’s reach', async () => {
    const client = await createTestUser(db(), { password: null });
    expect((await admin.get(`/api/admin/users/${client}/agent`)).statusCode).toBe(404);
    const { browser: sales } = await signedIn(app, db(), ['sales_manager']);
    expect((await sales.get(`/api/admin/users/${agentA.id}/agent`)).statusCode).toBe(404);
  });
});

describe("replaying another agent's ids", () => {
  it('answers 404 or 422 for every call naming what belongs to another agent, and changes nothing', async () => {
    // Agent B's tourist, in a trip of a tour that is not published; B's request.
    const tourist = await agentOk(
      await agentB.browser.post('/api/agent/tourists', {
        ...TOURIST,
        full_name: 'Турист агента Б',
        passport_number: 'AC9990001',
      }),
    );
    const hidden = await departure(hiddenTour.id, '2030-08-01');
    await addParticipant(hidden.id, tourist.id, 'confirmed');
    const request = await agentOk(
      await agentB.browser.post(`/api/agent/tours/${commissionTour.key}/requests`, {
        trip_id: ahead.id,
        tourists: [{ full_name: 'Турист агента Б', phone: null }],
        comment: null,
      }),
    );
    const before = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', tourist.id)
      .executeTakeFirstOrThrow();

    const calls: [string, () => Promise<Reply>, number][] = [
      ['GET tourist', () => agentA.browser.get(`/api/agent/tourists/${tourist.id}`), 404],
      ['PUT tourist', () => agentA.browser.put(`/api/agent/tourists/${tourist.id}`, TOURIST), 404],
      [
        'request on the hidden trip under a published key',
        () =>
          agentA.browser.post(`/api/agent/tours/${commissionTour.key}/requests`, {
            trip_id: hidden.id,
            tourists: [{ full_name: 'Кто-то', phone: null }],
            comment: null,
          }),
        422,
      ],
      [
        'the hidden tour by key',
        () => agentA.browser.get(`/api/agent/tours/${hiddenTour.key}`),
        404,
      ],
    ];
    for (const [name, call, status] of calls) {
      const response = await call();
      expect({ name, status: response.statusCode }).toEqual({ name, status });
      expect(JSON.stringify(response.json())).not.toContain('Турист агента Б');
    }
    // Nothing of B's shows in A's lists either.
    const tourists = await agentOk(
      await agentA.browser.get('/api/agent/tourists', { query: { search: 'агента Б' } }),
    );
    expect(tourists.data).toEqual([]);
    const requests = await agentOk(await agentA.browser.get('/api/agent/requests'));
    expect(requests.data.map((r: { id: number }) => r.id)).not.toContain(request.id);
    const after = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', tourist.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe("converting an agent's request", () => {
  it('makes its travellers participants and tourists of that agent, shown in its lists', async () => {
    const request = await agentOk(
      await agentA.browser.post(`/api/agent/tours/${commissionTour.key}/requests`, {
        trip_id: ahead.id,
        tourists: [
          { full_name: 'Осмонова Гульзат', phone: '+996 555 010 203' },
          { full_name: 'Осмонов Тимур', phone: '+996 555 010 204' },
        ],
        comment: null,
      }),
    );
    // The staff's conversion: the contact (the first traveller) and the others as companions.
    await ok(
      await admin.post(`/api/admin/ticket/${request.id}/convert`, {
        trip_id: ahead.id,
        travellers: [{ full_name: 'Осмонов Тимур', phone: '+996 555 010 204' }],
      }),
    );
    const found = await agentOk(
      await agentA.browser.get('/api/agent/tourists', { query: { search: 'осмонов' } }),
    );
    expect(
      found.data.map(
        (t: { full_name: string; trips: { trip_id: number; participant_status: string }[] }) => [
          t.full_name,
          t.trips.map((trip) => [trip.trip_id, trip.participant_status]),
        ],
      ),
    ).toEqual([
      ['Осмонов Тимур', [[ahead.id, 'booked']]],
      ['Осмонова Гульзат', [[ahead.id, 'booked']]],
    ]);
    const requests = await agentOk(
      await agentA.browser.get('/api/agent/requests', { query: { status: 'converted' } }),
    );
    expect(requests.data.map((r: { id: number }) => r.id)).toEqual([request.id]);
    // Agent B sees neither.
    const other = await agentOk(
      await agentB.browser.get('/api/agent/tourists', { query: { search: 'осмонов' } }),
    );
    expect(other.data).toEqual([]);
  });
});

describe("an agent's request that keeps new travellers", () => {
  const touristsOfA = async () =>
    (await agentOk(await agentA.browser.get('/api/agent/tourists'))).data.map(
      (t: { full_name: string; phone: string | null }) => [t.full_name, t.phone],
    );

  it('saves the travellers marked «save» as the agent’s tourists, with the request', async () => {
    const sent = await agentOk(
      await agentA.browser.post(`/api/agent/tours/${commissionTour.key}/requests`, {
        trip_id: ahead.id,
        tourists: [
          { full_name: 'Сохранённая Айпери', phone: '+996 555 77 88 99', save: true },
          { full_name: 'Несохранённый Эрлан', phone: null },
        ],
        comment: null,
      }),
    );
    expect(sent.tourists).toEqual([
      { full_name: 'Сохранённая Айпери', phone: '+996555778899' },
      { full_name: 'Несохранённый Эрлан', phone: null },
    ]);
    const saved = await touristsOfA();
    expect(saved).toContainEqual(['Сохранённая Айпери', '+996555778899']);
    expect(saved.map(([name]: [string]) => name)).not.toContain('Несохранённый Эрлан');
    // Only the agent that brought her has her.
    const ofB = await agentOk(await agentB.browser.get('/api/agent/tourists'));
    expect(ofB.data.map((t: { full_name: string }) => t.full_name)).not.toContain(
      'Сохранённая Айпери',
    );
  });

  it('refuses a traveller to save without a phone, or with a taken one: no request, no tourist', async () => {
    const requestsBefore = Number(
      (
        await db()
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const post = (tourists: Record<string, unknown>[]) =>
      agentA.browser.post(`/api/agent/tours/${commissionTour.key}/requests`, {
        trip_id: ahead.id,
        tourists,
        comment: null,
      });
    expectErrors(await post([{ full_name: 'Без Телефона', phone: null, save: true }]), {
      'tourists.0.phone': ['Укажите телефон, чтобы сохранить туриста'],
    });
    // The phone of the tourist saved above: the second traveller's field says so.
    const taken = await post([
      { full_name: 'Новый Турист', phone: '+996 700 11 22 33', save: true },
      { full_name: 'Двойник Айпери', phone: '+996555778899', save: true },
    ]);
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['tourists.1.phone']);
    const names = (await touristsOfA()).map(([name]: [string]) => name);
    expect(names).not.toContain('Новый Турист');
    expect(names).not.toContain('Без Телефона');
    expect(
      Number(
        (
          await db()
            .selectFrom('requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(requestsBefore);
  });
});
