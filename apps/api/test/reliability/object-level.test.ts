import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/database';
import { useTestDatabase } from '../database';
import { Browser, buildTestApp, createTestUser } from '../http';
import { browserWithSession } from '../sessions';
import { recordFigures } from './figures';

// OWASP ASVS 5.0 V8 (authorization), object level: every route that names an object — a path
// parameter, or an id in its query or body that names another object — replayed by a caller
// with an id it must not reach. What "reach" is, written by hand from DESIGN.md 4 and
// apps/api/README.md (never read from the code under test):
// - users: with see_all_users every user; a staff member without it (a sales manager) the users
//   it manages and itself; an agent the tourists it brought (its own area only);
// - requests: without see_all_users the ones assigned to the caller and the unassigned ones;
// - wallets: a company wallet with accounting_section and allow_site_wallets; a user's wallet its
//   owner, accounting_section, or add_payment when the owner is within reach (an agent does not
//   read its tourists' wallets);
// - the agent area: the agent's own tourists, and the tours published for agents, not archived;
// - sessions (DELETE /api/sessions/{handle}): the caller's own only, whoever the caller is;
// - trips, prepared tours, suppliers, bookings, ledger operations, reports: every caller of the
//   route (the role check of access-table.ts) reaches every one, so the callers that must not
//   reach them are the roles the route refuses: an agent or a client reading a staff object, an
//   accountant a booking (no booking_section), a sales manager a report or an operation.
// Expected: 403 or 404 (a missing and a forbidden object read alike); for an id in a body, also
// a 422 naming that field (the product's "not found" for a field); for a list filter, also 200
// without the object. Never the object in the answer, and never a change: the watched tables are
// compared before and after every probe. A read probe has a control where it matters: a caller
// who reaches the object gets it with the same request, so a probe never passes by accident.

type Who =
  | 'admin'
  | 'salesA'
  | 'salesB'
  | 'resv'
  | 'acct'
  | 'agentA'
  | 'agentB'
  | 'clientMe'
  | 'clientOther'
  | 'clientOfA'
  | 'clientOfB'
  | 'touristOfA'
  | 'touristOfB';

/** The people of the fixture and who of them calls (the rest are objects). */
const PEOPLE: Record<Who, { roles: string[]; marker: string; calls: boolean }> = {
  admin: { roles: ['admin'], marker: 'mark-admin', calls: true },
  salesA: { roles: ['sales_manager'], marker: 'mark-sales-a', calls: true },
  salesB: { roles: ['sales_manager'], marker: 'mark-sales-b', calls: true },
  resv: { roles: ['reservation_agent'], marker: 'mark-resv', calls: true },
  acct: { roles: ['accountant'], marker: 'mark-acct', calls: true },
  agentA: { roles: ['counterparty'], marker: 'mark-agent-a', calls: true },
  agentB: { roles: ['counterparty'], marker: 'mark-agent-b', calls: true },
  clientMe: { roles: ['client'], marker: 'mark-client-me', calls: true },
  clientOther: { roles: ['client'], marker: 'mark-client-other', calls: false },
  clientOfA: { roles: ['client'], marker: 'mark-client-of-a', calls: false },
  clientOfB: { roles: ['client'], marker: 'mark-client-of-b', calls: false },
  touristOfA: { roles: ['client'], marker: 'mark-tourist-of-a', calls: false },
  touristOfB: { roles: ['client'], marker: 'mark-tourist-of-b', calls: false },
};

const WALLETS = {
  ofA: { owner: 'clientOfA', marker: 'mark-wallet-of-a' },
  ofB: { owner: 'clientOfB', marker: 'mark-wallet-of-b' },
  site: { owner: null, marker: 'mark-wallet-site' },
  clientMe: { owner: 'clientMe', marker: 'mark-wallet-client-me' },
  clientOther: { owner: 'clientOther', marker: 'mark-wallet-client-other' },
  agentB: { owner: 'agentB', marker: 'mark-wallet-agent-b' },
  touristOfA: { owner: 'touristOfA', marker: 'mark-wallet-tourist-of-a' },
} as const satisfies Record<string, { owner: Who | null; marker: string }>;
type WalletName = keyof typeof WALLETS;

const M = {
  tourPublished: 'mark-tour-published',
  tourHidden: 'mark-tour-hidden',
  tourArchived: 'mark-tour-archived',
  tripOther: 'mark-trip-other',
  requestOfB: 'mark-request-of-b',
  agentRequestOfB: 'mark-agent-request-of-b',
  requestFree: 'mark-request-free',
  supplier: 'mark-supplier',
  price: 'mark-price',
  costing: 'mark-costing',
  quote: 'mark-quote',
  booking: 'mark-booking',
  pending: 'mark-operation-pending',
  message: 'mark-outbox-message',
} as const;

/** Tables a refused call must leave as they were. */
const WATCHED = [
  'users',
  'user_roles',
  'wallets',
  'transactions',
  'prepared_tours',
  'trips',
  'trip_participants',
  'requests',
  'suppliers',
  'bookings',
  'booking_participants',
  'operation_categories',
  'ledger_settings',
  'audit_log',
  'sessions',
  'outbox_messages',
  'request_quotes',
] as const;

interface Fixture {
  user: Record<Who, number>;
  wallet: Record<WalletName, number>;
  tour: Record<'published' | 'hidden' | 'archived', { id: number; key: string }>;
  trip: Record<'published' | 'hidden' | 'other', number>;
  /** Participants: the first agent's tourist on the published departure, the second manager's
   * client on the hidden one, the first manager's client on the other trip. */
  participant: Record<'touristOfA' | 'ofB' | 'ofA', number>;
  request: Record<'ofB' | 'agentOfB' | 'free', number>;
  supplier: number;
  /** A price of the supplier's price list, and a costing of the hidden departure. */
  price: number;
  costing: number;
  /** A costing of the second manager's request, and that request's quote made of it. */
  requestCosting: number;
  booking: number;
  /** A hotel on the hidden departure whose one room holds the second manager's client. */
  hotel: number;
  operation: Record<'pending' | 'confirmed', number>;
  /** Handles of the second manager's sessions: the one its browser holds, and a spare one. */
  session: Record<'ofB' | 'spareOfB', string>;
  /** A message of the outbox to be retried (create_admin sends it now). */
  message: number;
}

/** What the probe must get: refused (403/404), or also a 422 naming `field`, or a list without it. */
type Expectation = { refused: true } | { field: string } | { filtered: true };

interface Probe {
  /** The route as registered: `METHOD /api/path/:param`. */
  route: string;
  /** The id it replays: `path:id`, `query:owner`, `body:participants[].participant_id`. */
  field: string;
  caller: Who;
  /** What the caller reaches for, in words (the report's line). */
  target: string;
  url: string;
  body?: unknown;
  expect: Expectation;
  /** Whether an answer shows the object: by default, whether it carries `marker`. */
  marker?: string;
  reveals?: (response: LightMyRequestResponse) => boolean;
  /** A caller who reaches it: the same request (or `url`) answers it 200, showing the object. */
  control?: { caller: Who; url?: string };
}

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
const browsers = new Map<Who, Browser>();
let f: Fixture;

type Reply = LightMyRequestResponse;

/**
 * A hotel on `tripId` covering `covered`, with one room of `roomType` holding `inRoom` (the
 * fixture's own hotel, and the probes that name another trip's participant in a room).
 */
function hotelBody(
  tripId: number,
  supplierId: number,
  covered: number,
  roomType: 'SGL' | 'DBL',
  inRoom: number[],
) {
  return {
    kind: 'hotel',
    trip_id: tripId,
    supplier_id: supplierId,
    starts_on: '2031-06-01',
    ends_on: '2031-06-02',
    cost: 10,
    currency: 'usd',
    status: 'confirmed',
    details: {
      hotel_name: M.booking,
      city: 'Бишкек',
      meal_plan: 'BB',
      room_plan: [{ room_type: roomType, participant_ids: inRoom }],
    },
    participants: [{ participant_id: covered }],
  };
}

function ok(response: Reply) {
  if (response.statusCode !== 200) {
    throw new Error(`Фикстура: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { data: Record<string, unknown> & { id: number } }).data;
}

const as = (who: Who) => browsers.get(who)!;

async function wallet(name: WalletName, userIds: Record<Who, number>): Promise<number> {
  const { owner, marker } = WALLETS[name];
  const { id } = await db()
    .insertInto('wallets')
    .values({
      type: owner ? 'user' : 'site',
      user_id: owner ? userIds[owner] : null,
      name: marker,
      currency: 'kgs',
      balance: 500,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date();
  await db()
    .insertInto('transactions')
    .values({
      wallet_id: id,
      type: 'income',
      amount: 500,
      currency: 'kgs',
      status: 'confirmed',
      comment: `${marker} operation`,
      created_at: now,
      confirmed_at: now,
    })
    .execute();
  return id;
}

function tourBody(title: string, key: string, published: boolean) {
  return {
    title,
    key,
    country: 'Япония',
    cities: ['Токио'],
    days: 2,
    itinerary: [
      { title: 'Токио', description: 'Прилёт' },
      { title: 'Токио', description: 'Отлёт' },
    ],
    included: [],
    not_included: [],
    base_price: 1000,
    currency: 'usd',
    published,
  };
}

async function buildFixture(): Promise<Fixture> {
  const user = {} as Record<Who, number>;
  for (const [who, person] of Object.entries(PEOPLE) as [Who, (typeof PEOPLE)[Who]][]) {
    user[who] = await createTestUser(db(), {
      roles: person.roles,
      full_name: person.marker,
      password: null,
      phone: null,
    });
  }
  // Who manages whom, who brought whom (DESIGN.md 3 "People").
  const link = (who: Who, values: { manager_id?: number; counterparty_id?: number }) =>
    db().updateTable('users').set(values).where('id', '=', user[who]).execute();
  await link('clientOfA', { manager_id: user.salesA });
  await link('clientOfB', { manager_id: user.salesB });
  await link('touristOfA', { counterparty_id: user.agentA });
  await link('touristOfB', { counterparty_id: user.agentB });
  for (const who of Object.keys(PEOPLE) as Who[]) {
    if (PEOPLE[who].calls) browsers.set(who, await browserWithSession(app, db(), user[who]));
  }
  const admin = as('admin');
  // The second manager signed in twice: its browser, and a spare session only its owner ends.
  await browserWithSession(app, db(), user.salesB);
  const sessionsOfB = (await as('salesB').get('/api/sessions')).json() as {
    data: { handle: string; current: boolean }[];
  };
  const handleOfB = (current: boolean) =>
    sessionsOfB.data.find((session) => session.current === current)!.handle;

  const walletIds = {} as Record<WalletName, number>;
  for (const name of Object.keys(WALLETS) as WalletName[]) {
    walletIds[name] = await wallet(name, user);
  }
  const pending = await db()
    .insertInto('transactions')
    .values({
      wallet_id: walletIds.ofB,
      type: 'income',
      amount: 100,
      currency: 'kgs',
      status: 'pending',
      comment: M.pending,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const confirmed = await db()
    .selectFrom('transactions')
    .select('id')
    .where('wallet_id', '=', walletIds.ofB)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();

  const key = (name: string) => `${name}-${process.pid}`;
  const tour = {
    published: ok(
      await admin.post('/api/admin/tours', tourBody(M.tourPublished, key('published'), true)),
    ),
    hidden: ok(await admin.post('/api/admin/tours', tourBody(M.tourHidden, key('hidden'), false))),
    archived: ok(
      await admin.post('/api/admin/tours', tourBody(M.tourArchived, key('archived'), true)),
    ),
  };
  ok(await admin.post(`/api/admin/tour/${tour.archived.id}/archive`, {}));
  const departure = async (tourId: number) =>
    ok(
      await admin.post('/api/admin/trips', {
        prepared_tour_id: tourId,
        starts_on: '2031-06-01',
        seats: 10,
      }),
    ).id;
  const trip = {
    published: await departure(tour.published.id),
    hidden: await departure(tour.hidden.id),
    other: ok(
      await admin.post('/api/admin/trips', {
        title: M.tripOther,
        country: null,
        starts_on: '2031-07-01',
        ends_on: '2031-07-05',
        price: 1000,
        currency: 'usd',
        seats: 10,
      }),
    ).id,
  };
  const participant = async (tripId: number, who: Who) =>
    ok(await admin.post(`/api/admin/trip/${tripId}/participants`, { user_id: user[who] })).id;

  const ticket = async (contact: string) =>
    ok(
      await admin.post('/api/admin/tickets', {
        source: 'phone',
        contact_name: contact,
        phone: null,
        email: null,
        prepared_tour_id: null,
        trip_id: null,
        date_from: null,
        date_to: null,
        adults: 1,
        children: 0,
        comment: null,
      }),
    ).id;
  const requestOfB = await ticket(M.requestOfB);
  const agentRequest = ok(
    await as('agentB').post(`/api/agent/tours/${tour.published.key}/requests`, {
      trip_id: trip.published,
      tourists: [{ full_name: M.agentRequestOfB, phone: null }],
      comment: null,
    }),
  ).id;
  for (const id of [requestOfB, agentRequest]) {
    ok(await admin.post(`/api/admin/ticket/${id}/assign`, { assignee_id: user.salesB }));
  }

  const supplier = ok(
    await admin.post('/api/admin/suppliers', {
      name: M.supplier,
      kinds: ['hotel', 'tour_expense'],
    }),
  ).id;
  const price = ok(
    await admin.post(`/api/admin/supplier/${supplier}/prices`, {
      kind: 'tour_expense',
      service: M.price,
      unit: 'person',
      currency: 'usd',
      price: 10,
      valid_from: '2031-01-01',
      valid_to: '2031-12-31',
    }),
  ).id;
  const costing = ok(
    await admin.post('/api/admin/costings', {
      ...COSTING,
      title: M.costing,
      trip_id: trip.hidden,
      lines: [{ type: 'price', price_id: price, date: '2031-06-01' }],
    }),
  ).id;
  const requestCosting = ok(
    await admin.post('/api/admin/costings', {
      ...COSTING,
      title: M.costing,
      request_id: requestOfB,
      lines: [{ type: 'price', price_id: price, date: '2031-06-01' }],
    }),
  ).id;
  ok(
    await admin.post(`/api/admin/ticket/${requestOfB}/quote`, {
      costing_id: requestCosting,
      occupancy: 'double',
      group_size: 2,
      included: M.quote,
      not_included: '',
    }),
  );
  const booking = ok(
    await admin.post('/api/admin/bookings', {
      kind: 'tour_expense',
      trip_id: trip.hidden,
      supplier_id: supplier,
      starts_on: '2031-06-01',
      cost: 10,
      currency: 'usd',
      status: 'confirmed',
      details: { category: M.booking },
      participants: [],
    }),
  ).id;

  const ofB = await participant(trip.hidden, 'clientOfB');
  const hotel = ok(
    await admin.post('/api/admin/bookings', hotelBody(trip.hidden, supplier, ofB, 'SGL', [ofB])),
  ).id;
  const message = (
    await db()
      .insertInto('outbox_messages')
      .values({
        kind: 'request_received',
        recipient: 'mark-agent-b@example.kg',
        subject: M.message,
        body_text: M.message,
        status: 'retry',
        attempts: 1,
        next_attempt_at: new Date(Date.now() + 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  return {
    user,
    wallet: walletIds,
    tour: {
      published: { id: tour.published.id, key: key('published') },
      hidden: { id: tour.hidden.id, key: key('hidden') },
      archived: { id: tour.archived.id, key: key('archived') },
    },
    trip,
    participant: {
      touristOfA: await participant(trip.published, 'touristOfA'),
      ofB,
      ofA: await participant(trip.other, 'clientOfA'),
    },
    request: { ofB: requestOfB, agentOfB: agentRequest, free: await ticket(M.requestFree) },
    supplier,
    price,
    costing,
    requestCosting,
    booking,
    hotel,
    operation: { pending: pending.id, confirmed: confirmed.id },
    session: { ofB: handleOfB(true), spareOfB: handleOfB(false) },
    message,
  };
}

// ---------------------------------------------------------------------------------------------
// The probes, route by route. Bodies are valid, so that the answer is the object's rule and not
// the schema's; a refusal by role comes before validation anyway.

/** A costing's settings: sold in dollars, no markup nor commission. */
const COSTING = {
  currency: 'usd',
  rate_date: '2031-06-01',
  markup_type: 'percent',
  markup: 0,
  commission: 0,
};

const REFUSED = { refused: true } as const;
const FILTERED = { filtered: true } as const;

function probesOf(x: Fixture): Probe[] {
  const u = x.user;
  const w = x.wallet;
  const pm = (who: Who) => PEOPLE[who].marker;
  const wm = (name: WalletName) => WALLETS[name].marker;
  const period = 'from=2020-01-01&to=2035-12-31';
  const payment = { currency: 'kgs', amount: 100 };
  const request = (contact: string) => ({
    source: 'phone',
    contact_name: contact,
    phone: null,
    email: null,
    prepared_tour_id: x.tour.hidden.id,
    trip_id: x.trip.hidden,
    date_from: null,
    date_to: null,
    adults: 2,
    children: 0,
    comment: 'изменено',
  });
  const tourist = {
    full_name: 'Изменённый Турист',
    email: null,
    phone: null,
    birth_date: null,
    citizenship: null,
    passport_number: null,
    passport_issued_at: null,
    passport_expires_at: null,
    notes: null,
  };
  const booking = (values: Record<string, unknown>) => ({
    kind: 'tour_expense',
    trip_id: x.trip.hidden,
    supplier_id: x.supplier,
    starts_on: '2031-06-01',
    cost: 10,
    currency: 'usd',
    status: 'confirmed',
    details: { category: M.booking },
    participants: [],
    ...values,
  });
  /** A hotel on `tripId` covering `member`, whose one room also names `stranger`. */
  const hotel = (tripId: number, member: number, stranger: number) =>
    hotelBody(tripId, x.supplier, member, 'DBL', [member, stranger]);
  const transfer = {
    kind: 'transfer',
    trip_id: x.trip.published,
    supplier_id: x.supplier,
    starts_on: '2031-06-01',
    cost: 10,
    currency: 'usd',
    status: 'requested',
    details: {
      time: '10:00',
      direction: 'arrival',
      from_place: 'Аэропорт',
      to_place: 'Отель',
      flight_booking_id: x.booking,
    },
    participants: [],
  };
  const trip = {
    title: 'Изменённый тур',
    country: null,
    starts_on: '2031-06-01',
    ends_on: '2031-06-02',
    price: 1,
    seats: 1,
    manager_id: u.agentA,
    itinerary: [],
    notes: null,
  };
  const opsQuery = (name: string, value: number) =>
    `/api/admin/balance/operations?${name}=${value}`;

  return [
    // --- One's own sessions (reach: the caller's own only) --------------------------------------
    {
      route: 'DELETE /api/sessions/:handle',
      field: 'path:handle',
      caller: 'salesA',
      target: 'сеанс другого менеджера',
      url: `/api/sessions/${x.session.ofB}`,
      expect: REFUSED,
      // Its owner ends its spare session with the same call.
      control: { caller: 'salesB', url: `/api/sessions/${x.session.spareOfB}` },
    },
    // --- Users (reach: the users a sales manager manages, and itself) -------------------------
    {
      route: 'GET /api/admin/user/:id',
      field: 'path:id',
      caller: 'salesA',
      target: 'клиент другого менеджера',
      url: `/api/admin/user/${u.clientOfB}`,
      expect: REFUSED,
      marker: pm('clientOfB'),
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/user/:id',
      field: 'path:id',
      caller: 'salesA',
      target: 'другой менеджер',
      url: `/api/admin/user/${u.salesB}`,
      expect: REFUSED,
      marker: pm('salesB'),
      control: { caller: 'admin' },
    },
    {
      route: 'GET /api/admin/user/:id',
      field: 'path:id',
      caller: 'agentA',
      target: 'свой турист через экран сотрудников',
      url: `/api/admin/user/${u.touristOfA}`,
      expect: REFUSED,
      marker: pm('touristOfA'),
      control: { caller: 'admin' },
    },
    {
      route: 'GET /api/admin/user/:id/trips',
      field: 'path:id',
      caller: 'salesA',
      target: 'туры клиента другого менеджера',
      url: `/api/admin/user/${u.clientOfB}/trips`,
      expect: REFUSED,
      marker: M.tourHidden,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/user/:id/trips',
      field: 'path:id',
      caller: 'agentA',
      target: 'туры своего туриста через экран сотрудников',
      url: `/api/admin/user/${u.touristOfA}/trips`,
      expect: REFUSED,
      marker: M.tourPublished,
      control: { caller: 'admin' },
    },
    // A client's История: who put it on which trip (issue 29), within reach as its card.
    ...(
      [
        ['salesA', 'История клиента другого менеджера', 'salesB'],
        ['agentA', 'История клиента через экран сотрудников', 'admin'],
      ] as const
    ).map(([caller, target, control]): Probe => ({
      route: 'GET /api/admin/user/:id/history',
      field: 'path:id',
      caller,
      target,
      url: `/api/admin/user/${u.clientOfB}/history`,
      expect: REFUSED,
      // Shown: a page with its rows (the admin put it on a trip above).
      reveals: (response) =>
        response.statusCode === 200 &&
        (response.json() as { data: { total: number } }).data.total > 0,
      control: { caller: control },
    })),
    // The outbox is create_admin's: another agent's message (or anyone's) is sent by no one else.
    ...(['agentA', 'salesA', 'resv', 'acct'] as const).map((caller): Probe => ({
      route: 'POST /api/admin/outbox/:id/send-now',
      field: 'path:id',
      caller,
      target: 'отправить сейчас чужое сообщение без create_admin',
      url: `/api/admin/outbox/${x.message}/send-now`,
      body: {},
      expect: REFUSED,
      marker: M.message,
      control: { caller: 'admin' },
    })),
    {
      route: 'GET /api/admin/audit',
      field: 'query:user_id',
      caller: 'salesA',
      target: 'журнал аудита фильтром по чужому пользователю',
      url: `/api/admin/audit?user_id=${u.salesB}`,
      expect: REFUSED,
      control: { caller: 'admin' },
    },
    {
      route: 'GET /api/admin/users',
      field: 'query:id',
      caller: 'salesA',
      target: 'клиент другого менеджера фильтром id',
      url: `/api/admin/users?id=${u.clientOfB}`,
      expect: FILTERED,
      marker: pm('clientOfB'),
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/users',
      field: 'query:counterparty_id',
      caller: 'salesA',
      target: 'туристы чужого агента фильтром counterparty_id',
      url: `/api/admin/users?counterparty_id=${u.agentB}`,
      expect: FILTERED,
      marker: pm('touristOfB'),
      control: { caller: 'admin' },
    },
    {
      route: 'POST /api/admin/users',
      field: 'body:id',
      caller: 'salesA',
      target: 'изменить клиента другого менеджера',
      url: '/api/admin/users',
      body: { id: u.clientOfB, full_name: 'Взломанный Клиент' },
      expect: { field: 'id' },
    },
    {
      route: 'POST /api/admin/users',
      field: 'body:manager_id',
      caller: 'salesA',
      target: 'забрать себе клиента другого менеджера',
      url: '/api/admin/users',
      body: { id: u.clientOfB, full_name: pm('clientOfB'), manager_id: u.salesA },
      expect: { field: 'id' },
    },
    {
      route: 'POST /api/admin/users',
      field: 'body:counterparty_id',
      caller: 'salesA',
      target: 'переписать чужого туриста на другого агента',
      url: '/api/admin/users',
      body: { id: u.touristOfB, full_name: pm('touristOfB'), counterparty_id: u.agentA },
      expect: { field: 'id' },
    },
    {
      route: 'POST /api/admin/users',
      field: 'body:id',
      caller: 'agentA',
      target: 'турист другого агента через форму сотрудников',
      url: '/api/admin/users',
      body: { id: u.touristOfB, full_name: 'Взломанный Турист' },
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/users/:id/agent',
      field: 'path:id',
      caller: 'salesA',
      target: 'агент вне досягаемости менеджера',
      url: `/api/admin/users/${u.agentB}/agent`,
      expect: REFUSED,
      control: { caller: 'admin' },
    },
    {
      route: 'GET /api/admin/users/:id/agent',
      field: 'path:id',
      caller: 'agentA',
      target: 'сводка другого агента',
      url: `/api/admin/users/${u.agentB}/agent`,
      expect: REFUSED,
    },
    // An agent's act and report (issue 32): staff within reach of the agent; an agent never
    // another's (its own area's /api/agent/act and /report name no one: reconciliation.test.ts).
    ...(
      [
        ['act', '?from=2026-01-01&to=2026-12-31&currency=usd&format=xlsx'],
        ['report', '?month=2026-11&format=xlsx'],
      ] as const
    ).flatMap(([paper, query]): Probe[] => [
      {
        route: `GET /api/admin/users/:id/agent/${paper}`,
        field: 'path:id',
        caller: 'salesA',
        target: `${paper === 'act' ? 'акт сверки' : 'отчёт'} агента вне досягаемости менеджера`,
        url: `/api/admin/users/${u.agentB}/agent/${paper}${query}`,
        expect: REFUSED,
        control: { caller: 'admin' },
      },
      {
        route: `GET /api/admin/users/:id/agent/${paper}`,
        field: 'path:id',
        caller: 'agentA',
        target: `${paper === 'act' ? 'акт сверки' : 'отчёт'} другого агента`,
        url: `/api/admin/users/${u.agentB}/agent/${paper}${query}`,
        expect: REFUSED,
      },
    ]),
    // --- A user's money and documents -----------------------------------------------------------
    {
      route: 'GET /api/admin/user/:userId/wallets',
      field: 'path:userId',
      caller: 'salesA',
      target: 'кошельки клиента другого менеджера',
      url: `/api/admin/user/${u.clientOfB}/wallets`,
      expect: REFUSED,
      marker: wm('ofB'),
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/user/:userId/wallets',
      field: 'path:userId',
      caller: 'resv',
      target: 'кошельки пользователя (без бухгалтерии и add_payment)',
      url: `/api/admin/user/${u.clientOfB}/wallets`,
      expect: REFUSED,
      marker: wm('ofB'),
      control: { caller: 'acct' },
    },
    {
      route: 'GET /api/admin/user/:userId/wallets',
      field: 'path:userId',
      caller: 'clientMe',
      target: 'кошельки другого клиента',
      url: `/api/admin/user/${u.clientOther}/wallets`,
      expect: REFUSED,
      marker: wm('clientOther'),
      control: { caller: 'acct' },
    },
    {
      route: 'POST /api/admin/user/:userId/payments',
      field: 'path:userId',
      caller: 'salesA',
      target: 'оплата клиента другого менеджера',
      url: `/api/admin/user/${u.clientOfB}/payments`,
      body: payment,
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/user/:userId/payments',
      field: 'body:wallet_id',
      caller: 'salesA',
      target: 'свой клиент, кошелёк чужого клиента',
      url: `/api/admin/user/${u.clientOfA}/payments`,
      body: { wallet_id: w.ofB, amount: 100 },
      expect: { field: 'wallet_id' },
    },
    {
      route: 'POST /api/admin/user/:userId/application-embassy',
      field: 'path:userId',
      caller: 'salesA',
      target: 'документ для посольства на клиента другого менеджера',
      url: `/api/admin/user/${u.clientOfB}/application-embassy`,
      body: { type: 'application', visaType: 'tourist' },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/user/:userId/agreement',
      field: 'path:userId',
      caller: 'salesA',
      target: 'договор на клиента другого менеджера',
      url: `/api/admin/user/${u.clientOfB}/agreement`,
      body: { fileName: 'договор' },
      expect: REFUSED,
    },
    // --- Wallets (the wallet read rule) ---------------------------------------------------------
    ...(
      [
        ['clientMe', 'clientOther', 'кошелёк другого клиента', 'acct'],
        ['agentA', 'agentB', 'кошелёк другого агента', 'acct'],
        ['agentA', 'touristOfA', 'кошелёк своего туриста', 'acct'],
        ['salesA', 'ofB', 'кошелёк клиента другого менеджера', 'salesB'],
        ['salesA', 'site', 'кошелёк компании', 'acct'],
        ['resv', 'ofB', 'кошелёк пользователя (без бухгалтерии и add_payment)', 'salesB'],
      ] as const
    ).map(([caller, name, target, control]): Probe => ({
      route: 'GET /api/admin/wallet/:id',
      field: 'path:id',
      caller,
      target,
      url: `/api/admin/wallet/${w[name]}`,
      expect: REFUSED,
      marker: wm(name),
      control: { caller: control },
    })),
    ...(
      [
        ['clientMe', 'clientOther', 'операции кошелька другого клиента', 'acct'],
        ['agentA', 'agentB', 'операции кошелька другого агента', 'acct'],
        ['salesA', 'ofB', 'операции кошелька клиента другого менеджера', 'salesB'],
        ['resv', 'site', 'операции кошелька компании', 'acct'],
      ] as const
    ).map(([caller, name, target, control]): Probe => ({
      route: 'GET /api/admin/transactions/:walletId',
      field: 'path:walletId',
      caller,
      target,
      url: `/api/admin/transactions/${w[name]}`,
      expect: REFUSED,
      marker: wm(name),
      control: { caller: control },
    })),
    ...(
      [
        ['clientMe', 'clientOther', 'выписка кошелька другого клиента', 'acct'],
        ['agentB', 'touristOfA', 'выписка кошелька туриста другого агента', 'acct'],
        ['salesA', 'site', 'выписка кошелька компании', 'acct'],
      ] as const
    ).map(([caller, name, target, control]): Probe => ({
      route: 'GET /api/admin/wallet/:id/statement',
      field: 'path:id',
      caller,
      target,
      url: `/api/admin/wallet/${w[name]}/statement?${period}`,
      expect: REFUSED,
      marker: wm(name),
      control: { caller: control },
    })),
    ...(
      [
        ['clientMe', 'clientOther', 'выписка в XLSX другого клиента'],
        ['agentA', 'touristOfA', 'выписка в XLSX своего туриста'],
        ['salesA', 'ofB', 'выписка в XLSX клиента другого менеджера'],
      ] as const
    ).map(([caller, name, target]): Probe => ({
      route: 'GET /api/admin/wallet/:id/statement/export',
      field: 'path:id',
      caller,
      target,
      url: `/api/admin/wallet/${w[name]}/statement/export?${period}`,
      expect: REFUSED,
      control: { caller: 'acct' },
    })),
    ...(
      [
        ['salesA', 'ofB', 'история кошелька клиента другого менеджера', 'salesB'],
        ['resv', 'ofB', 'история кошелька пользователя (без прав на кошельки)', 'salesB'],
        ['salesA', 'site', 'история кошелька компании', 'acct'],
        ['clientMe', 'clientOther', 'история кошелька другого клиента', 'acct'],
      ] as const
    ).map(([caller, name, target, control]): Probe => ({
      route: 'GET /api/admin/wallet/:id/history',
      field: 'path:id',
      caller,
      target,
      url: `/api/admin/wallet/${w[name]}/history`,
      expect: REFUSED,
      control: { caller: control },
    })),
    {
      route: 'PUT /api/admin/wallet/:id',
      field: 'path:id',
      caller: 'salesA',
      target: 'переименовать кошелёк клиента другого менеджера',
      url: `/api/admin/wallet/${w.ofB}`,
      body: { name: 'Взломанный', currency: 'kgs' },
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/wallet/:id',
      field: 'path:id',
      caller: 'clientMe',
      target: 'переименовать кошелёк другого клиента',
      url: `/api/admin/wallet/${w.clientOther}`,
      body: { name: 'Взломанный', currency: 'kgs' },
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/wallet/:id',
      field: 'body:user_id',
      caller: 'resv',
      target: 'переписать чужой кошелёк на себя',
      url: `/api/admin/wallet/${w.ofB}`,
      body: { name: wm('ofB'), currency: 'kgs', user_id: u.resv },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/wallets',
      field: 'body:user_id',
      caller: 'salesA',
      target: 'кошелёк клиенту другого менеджера',
      url: '/api/admin/wallets',
      body: { type: 'user', user_id: u.clientOfB, name: 'Новый', currency: 'kgs' },
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/wallets-pagination',
      field: 'query:user',
      caller: 'salesA',
      target: 'кошельки клиента другого менеджера фильтром user',
      url: `/api/admin/wallets-pagination?user=${u.clientOfB}`,
      expect: REFUSED,
      marker: wm('ofB'),
      control: { caller: 'acct' },
    },
    {
      route: 'GET /api/admin/wallets-pagination',
      field: 'query:wallet',
      caller: 'agentA',
      target: 'кошелёк своего туриста фильтром wallet',
      url: `/api/admin/wallets-pagination?wallet=${w.touristOfA}`,
      expect: REFUSED,
      marker: wm('touristOfA'),
      control: { caller: 'acct' },
    },
    // --- The ledger ---------------------------------------------------------------------------
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:wallet_id',
      caller: 'salesA',
      target: 'пополнение кошелька клиента другого менеджера',
      url: '/api/admin/balance/movements',
      body: { type: 'income', wallet_id: w.ofB, amount: 100 },
      expect: { field: 'wallet_id' },
    },
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:wallet_id',
      caller: 'salesA',
      target: 'снятие с кошелька компании (без allow_site_wallets)',
      url: '/api/admin/balance/movements',
      body: { type: 'outcome', wallet_id: w.site, amount: 100 },
      expect: { field: 'wallet_id' },
    },
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:wallet_id',
      caller: 'agentA',
      target: 'снятие с кошелька своего туриста',
      url: '/api/admin/balance/movements',
      body: { type: 'outcome', wallet_id: w.touristOfA, amount: 100 },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:target_wallet_id',
      caller: 'salesA',
      target: 'перевод со своего клиента на клиента другого менеджера',
      url: '/api/admin/balance/movements',
      body: { type: 'transfer', wallet_id: w.ofA, target_wallet_id: w.ofB, amount: 100 },
      expect: { field: 'target_wallet_id' },
    },
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:target_wallet_id',
      caller: 'salesA',
      target: 'перевод со своего клиента в кассу компании',
      url: '/api/admin/balance/movements',
      body: { type: 'transfer', wallet_id: w.ofA, target_wallet_id: w.site, amount: 100 },
      expect: { field: 'target_wallet_id' },
    },
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:trip_id',
      caller: 'resv',
      target: 'движение по туру без add_payment',
      url: '/api/admin/balance/movements',
      body: { type: 'income', wallet_id: w.ofB, amount: 100, trip_id: x.trip.hidden },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/balance/movements',
      field: 'body:participant_id',
      caller: 'salesA',
      target: 'участник чужого тура',
      url: '/api/admin/balance/movements',
      body: {
        type: 'income',
        wallet_id: w.ofA,
        amount: 100,
        trip_id: x.trip.other,
        participant_id: x.participant.ofB,
      },
      expect: { field: 'participant_id' },
    },
    ...(['salesA', 'resv', 'clientMe'] as const).map((caller): Probe => ({
      route: 'POST /api/admin/balance/operations/:id/confirm',
      field: 'path:id',
      caller,
      target: 'подтвердить операцию без confirm_payment',
      url: `/api/admin/balance/operations/${x.operation.pending}/confirm`,
      body: {},
      expect: REFUSED,
    })),
    {
      route: 'POST /api/admin/balance/operations/:id/reject',
      field: 'path:id',
      caller: 'salesA',
      target: 'отклонить операцию без confirm_payment',
      url: `/api/admin/balance/operations/${x.operation.pending}/reject`,
      body: { reason: 'Ошибка' },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/balance/operations/:id/reverse',
      field: 'path:id',
      caller: 'salesA',
      target: 'сторнировать операцию без confirm_payment',
      url: `/api/admin/balance/operations/${x.operation.confirmed}/reverse`,
      body: { reason: 'Ошибка' },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/balance/operations/confirm',
      field: 'body:ids',
      caller: 'salesA',
      target: 'подтвердить пачкой без confirm_payment',
      url: '/api/admin/balance/operations/confirm',
      body: { ids: [x.operation.pending] },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/balance/operations/reject',
      field: 'body:ids',
      caller: 'agentA',
      target: 'отклонить пачкой без confirm_payment',
      url: '/api/admin/balance/operations/reject',
      body: { ids: [x.operation.pending], reason: 'Ошибка' },
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/balance/waitings',
      field: 'query:wallet',
      caller: 'salesA',
      target: 'ожидающие по кошельку клиента другого менеджера',
      url: `/api/admin/balance/waitings?wallet=${w.ofB}`,
      expect: REFUSED,
      marker: M.pending,
      control: { caller: 'acct' },
    },
    {
      route: 'GET /api/admin/balance/waitings',
      field: 'query:trip',
      caller: 'salesA',
      target: 'ожидающие по туру без бухгалтерии',
      url: `/api/admin/balance/waitings?trip=${x.trip.hidden}`,
      expect: REFUSED,
    },
    ...(
      [
        ['wallet', w.ofB],
        ['trip', x.trip.hidden],
      ] as const
    ).map(([name, value]): Probe => ({
      route: 'POST /api/admin/balance/waitings/confirm',
      field: `body:${name}`,
      caller: 'salesA',
      target: `подтвердить всё по фильтру ${name} без confirm_payment`,
      url: '/api/admin/balance/waitings/confirm',
      body: { [name]: value, expected: 1 },
      expect: REFUSED,
    })),
    ...(
      [
        ['wallet', w.ofB],
        ['owner', u.clientOfB],
        ['trip', x.trip.hidden],
      ] as const
    ).flatMap(([name, value]): Probe[] => [
      {
        route: 'GET /api/admin/balance/operations',
        field: `query:${name}`,
        caller: 'salesA',
        target: `операции фильтром ${name} без бухгалтерии`,
        url: opsQuery(name, value),
        expect: REFUSED,
        ...(name === 'trip' ? {} : { marker: wm('ofB'), control: { caller: 'acct' } }),
      },
      {
        route: 'GET /api/admin/balance/operations/export',
        field: `query:${name}`,
        caller: 'agentA',
        target: `экспорт операций фильтром ${name}`,
        url: `/api/admin/balance/operations/export?${name}=${value}`,
        expect: REFUSED,
      },
    ]),
    ...(['salesA', 'clientMe'] as const).map((caller): Probe => ({
      route: 'GET /api/admin/balance/operations/:id',
      field: 'path:id',
      caller,
      target: 'операция без бухгалтерии',
      url: `/api/admin/balance/operations/${x.operation.pending}`,
      expect: REFUSED,
      marker: M.pending,
      control: { caller: 'acct' },
    })),
    // --- Trips: every staff member's; the agent's tourist's trip is not the agent's to open -----
    ...(['agentA', 'clientMe'] as const).flatMap((caller): Probe[] => [
      {
        route: 'GET /api/admin/trip/:id',
        field: 'path:id',
        caller,
        target: 'тур (экран сотрудников)',
        url: `/api/admin/trip/${x.trip.published}`,
        expect: REFUSED,
        marker: M.tourPublished,
        control: { caller: 'salesA' },
      },
      {
        route: 'GET /api/admin/trip/:id/participants',
        field: 'path:id',
        caller,
        target: 'участники тура',
        url: `/api/admin/trip/${x.trip.published}/participants`,
        expect: REFUSED,
        marker: pm('touristOfA'),
        control: { caller: 'salesA' },
      },
    ]),
    {
      route: 'PUT /api/admin/trip/:id',
      field: 'path:id',
      caller: 'agentA',
      target: 'изменить тур своего туриста',
      url: `/api/admin/trip/${x.trip.published}`,
      body: trip,
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/trip/:id',
      field: 'body:manager_id',
      caller: 'clientMe',
      target: 'назначить менеджера тура',
      url: `/api/admin/trip/${x.trip.published}`,
      body: { ...trip, manager_id: u.salesB },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trip/:id/status',
      field: 'path:id',
      caller: 'agentA',
      target: 'отменить тур',
      url: `/api/admin/trip/${x.trip.published}/status`,
      body: { status: 'cancelled' },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trip/:id/participants',
      field: 'path:id',
      caller: 'agentA',
      target: 'добавить своего туриста в тур',
      url: `/api/admin/trip/${x.trip.hidden}/participants`,
      body: { user_id: u.touristOfA },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trip/:id/participants',
      field: 'body:user_id',
      caller: 'salesA',
      target: 'добавить в тур клиента другого менеджера',
      url: `/api/admin/trip/${x.trip.other}/participants`,
      body: { user_id: u.clientOfB },
      expect: { field: 'user_id' },
    },
    {
      route: 'PUT /api/admin/trip/:id/participant/:participantId',
      field: 'path:participantId',
      caller: 'salesA',
      target: 'участник другого тура через этот тур',
      url: `/api/admin/trip/${x.trip.other}/participant/${x.participant.ofB}`,
      body: { price: 1000, discount: 0, status: 'cancelled' },
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/trip/:id/participant/:participantId',
      field: 'path:id',
      caller: 'agentA',
      target: 'отменить участие своего туриста',
      url: `/api/admin/trip/${x.trip.published}/participant/${x.participant.touristOfA}`,
      body: { price: 1000, discount: 0, status: 'cancelled' },
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/trip/:id/summary',
      field: 'path:id',
      caller: 'agentA',
      target: 'сводка по туру (себестоимость, прибыль)',
      url: `/api/admin/trip/${x.trip.hidden}/summary`,
      expect: REFUSED,
      control: { caller: 'resv' },
    },
    // «Счёт на оплату» and receipts (issue 32): staff print any trip's invoices; a receipt only
    // of a confirmed participant payment; an agent only its own invoice (invoices.test.ts).
    {
      route: 'GET /api/admin/trip/:id/papers',
      field: 'path:id',
      caller: 'agentA',
      target: 'счета и квитанции тура своего туриста',
      url: `/api/admin/trip/${x.trip.published}/papers`,
      expect: REFUSED,
      control: { caller: 'resv' },
    },
    {
      route: 'GET /api/admin/trip/:id/participant/:participantId/invoice',
      field: 'path:participantId',
      caller: 'admin',
      target: 'счёт участнику другого тура через этот тур',
      url: `/api/admin/trip/${x.trip.published}/participant/${x.participant.ofB}/invoice`,
      expect: REFUSED,
      control: {
        caller: 'admin',
        url: `/api/admin/trip/${x.trip.hidden}/participant/${x.participant.ofB}/invoice`,
      },
    },
    {
      route: 'GET /api/admin/trip/:id/participant/:participantId/invoice',
      field: 'path:id',
      caller: 'agentA',
      target: 'счёт своему туристу через раздел сотрудников',
      url: `/api/admin/trip/${x.trip.published}/participant/${x.participant.touristOfA}/invoice`,
      expect: REFUSED,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/trip/:id/agent/:agentId/invoice',
      field: 'path:agentId',
      caller: 'salesA',
      target: 'счёт агенту без туристов в этом туре',
      url: `/api/admin/trip/${x.trip.published}/agent/${u.agentB}/invoice`,
      expect: REFUSED,
      control: {
        caller: 'salesA',
        url: `/api/admin/trip/${x.trip.published}/agent/${u.agentA}/invoice`,
      },
    },
    {
      route: 'GET /api/admin/trip/:id/agent/:agentId/invoice',
      field: 'path:id',
      caller: 'agentB',
      target: 'счёт другого агента через раздел сотрудников',
      url: `/api/admin/trip/${x.trip.published}/agent/${u.agentA}/invoice`,
      expect: REFUSED,
    },
    ...(['admin', 'resv', 'agentA'] as const).map((caller): Probe => ({
      route: 'GET /api/admin/transaction/:id/receipt',
      field: 'path:id',
      caller,
      target: 'квитанция операции, не являющейся платежом участника тура',
      url: `/api/admin/transaction/${x.operation.confirmed}/receipt`,
      expect: REFUSED,
    })),
    {
      route: 'GET /api/agent/trip/:id/invoice',
      field: 'path:id',
      caller: 'agentB',
      target: 'счёт по туру, где только туристы другого агента',
      url: `/api/agent/trip/${x.trip.published}/invoice`,
      expect: REFUSED,
      control: { caller: 'agentA' },
    },
    {
      route: 'POST /api/admin/trip/:id/participant/:participantId/payments',
      field: 'path:participantId',
      caller: 'salesA',
      target: 'оплата участника другого тура через этот тур',
      url: `/api/admin/trip/${x.trip.other}/participant/${x.participant.ofB}/payments`,
      body: { currency: 'usd', amount: 10 },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trip/:id/participant/:participantId/payments',
      field: 'path:id',
      caller: 'agentA',
      target: 'оплата за своего туриста',
      url: `/api/admin/trip/${x.trip.published}/participant/${x.participant.touristOfA}/payments`,
      body: { currency: 'usd', amount: 10 },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trip/:id/participant/:participantId/payments',
      field: 'body:wallet_id',
      caller: 'salesA',
      target: 'оплата участника в кошелёк другого пользователя',
      url: `/api/admin/trip/${x.trip.hidden}/participant/${x.participant.ofB}/payments`,
      body: { wallet_id: w.ofA, amount: 10 },
      expect: { field: 'wallet_id' },
    },
    {
      route: 'GET /api/admin/trip/:id/history',
      field: 'path:id',
      caller: 'agentA',
      target: 'история тура',
      url: `/api/admin/trip/${x.trip.published}/history`,
      expect: REFUSED,
      control: { caller: 'salesA' },
    },
    // --- The tourist's travel pack (a ZIP with its passport): the tourist's reach or the trip's
    // manager; an agent its own tourist's only. Any ZIP in the answer is the papers leaked. ------
    {
      route: 'GET /api/admin/trip/:id/participant/:participantId/travel-pack',
      field: 'path:participantId',
      caller: 'salesA',
      target: 'пакет документов клиента другого менеджера',
      url: `/api/admin/trip/${x.trip.hidden}/participant/${x.participant.ofB}/travel-pack`,
      expect: REFUSED,
      reveals: isZip,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/trip/:id/participant/:participantId/travel-pack',
      field: 'path:participantId',
      caller: 'admin',
      target: 'пакет участника другого тура через этот тур',
      url: `/api/admin/trip/${x.trip.other}/participant/${x.participant.ofB}/travel-pack`,
      expect: REFUSED,
      reveals: isZip,
    },
    {
      route: 'GET /api/admin/trip/:id/participant/:participantId/travel-pack',
      field: 'path:id',
      caller: 'agentA',
      target: 'пакет своего туриста через маршрут сотрудников',
      url: `/api/admin/trip/${x.trip.published}/participant/${x.participant.touristOfA}/travel-pack`,
      expect: REFUSED,
      reveals: isZip,
      control: { caller: 'admin' },
    },
    {
      route: 'GET /api/admin/trip/:id/travel-packs',
      field: 'path:id',
      caller: 'agentA',
      target: 'пакеты всех туристов тура своего туриста',
      url: `/api/admin/trip/${x.trip.published}/travel-packs`,
      expect: REFUSED,
      reveals: isZip,
      control: { caller: 'admin' },
    },
    {
      route: 'GET /api/admin/trip/:id/travel-packs',
      field: 'path:id',
      caller: 'salesA',
      target: 'пакеты тура, где все участники — клиенты другого менеджера',
      url: `/api/admin/trip/${x.trip.hidden}/travel-packs`,
      expect: { field: 'id' },
      reveals: isZip,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/agent/tourists/:id/trip/:tripId/travel-pack',
      field: 'path:id',
      caller: 'agentB',
      target: 'пакет документов туриста другого агента',
      url: `/api/agent/tourists/${u.touristOfA}/trip/${x.trip.published}/travel-pack`,
      expect: REFUSED,
      reveals: isZip,
      control: { caller: 'agentA' },
    },
    {
      route: 'GET /api/agent/tourists/:id/trip/:tripId/travel-pack',
      field: 'path:tripId',
      caller: 'agentA',
      target: 'пакет своего туриста по туру, где его нет',
      url: `/api/agent/tourists/${u.touristOfA}/trip/${x.trip.hidden}/travel-pack`,
      expect: REFUSED,
      reveals: isZip,
      control: {
        caller: 'agentA',
        url: `/api/agent/tourists/${u.touristOfA}/trip/${x.trip.published}/travel-pack`,
      },
    },
    {
      route: 'GET /api/admin/trips',
      field: 'query:manager_id',
      caller: 'agentA',
      target: 'туры фильтром менеджера',
      url: `/api/admin/trips?manager_id=${u.salesB}`,
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/trips/export',
      field: 'query:manager_id',
      caller: 'clientMe',
      target: 'экспорт туров фильтром менеджера',
      url: `/api/admin/trips/export?manager_id=${u.salesB}`,
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trips',
      field: 'body:prepared_tour_id',
      caller: 'agentA',
      target: 'выезд по неопубликованному туру',
      url: '/api/admin/trips',
      body: { prepared_tour_id: x.tour.hidden.id, starts_on: '2031-08-01', seats: 5 },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/trips',
      field: 'body:manager_id',
      caller: 'clientMe',
      target: 'тур с менеджером',
      url: '/api/admin/trips',
      body: { title: 'Новый', starts_on: '2031-08-01', seats: 5, manager_id: u.salesB },
      expect: REFUSED,
    },
    // --- Prepared tours: staff; an agent sees only the published ones, by key ------------------
    {
      route: 'GET /api/admin/tour/:id',
      field: 'path:id',
      caller: 'agentA',
      target: 'неопубликованный тур через экран сотрудников',
      url: `/api/admin/tour/${x.tour.hidden.id}`,
      expect: REFUSED,
      marker: M.tourHidden,
      control: { caller: 'resv' },
    },
    {
      route: 'PUT /api/admin/tour/:id',
      field: 'path:id',
      caller: 'agentA',
      target: 'опубликовать скрытый тур',
      url: `/api/admin/tour/${x.tour.hidden.id}`,
      body: tourBody('Взломанный', x.tour.hidden.key, true),
      expect: REFUSED,
    },
    {
      route: 'DELETE /api/admin/tour/:id',
      field: 'path:id',
      caller: 'clientMe',
      target: 'удалить тур',
      url: `/api/admin/tour/${x.tour.hidden.id}`,
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/tour/:id/archive',
      field: 'path:id',
      caller: 'agentA',
      target: 'убрать в архив',
      url: `/api/admin/tour/${x.tour.published.id}/archive`,
      body: {},
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/tour/:id/restore',
      field: 'path:id',
      caller: 'agentA',
      target: 'вернуть из архива',
      url: `/api/admin/tour/${x.tour.archived.id}/restore`,
      body: {},
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/tour/:id/history',
      field: 'path:id',
      caller: 'agentB',
      target: 'история тура',
      url: `/api/admin/tour/${x.tour.hidden.id}/history`,
      expect: REFUSED,
      control: { caller: 'salesA' },
    },
    // --- Requests (reach: assigned to the caller, or unassigned) ------------------------------
    ...(
      [
        ['ofB', M.requestOfB, 'заявка другого менеджера'],
        ['agentOfB', M.agentRequestOfB, 'заявка агента, назначенная другому менеджеру'],
      ] as const
    ).map(([name, marker, target]): Probe => ({
      route: 'GET /api/admin/ticket/:id',
      field: 'path:id',
      caller: 'salesA',
      target,
      url: `/api/admin/ticket/${x.request[name]}`,
      expect: REFUSED,
      marker,
      control: { caller: 'salesB' },
    })),
    {
      route: 'GET /api/admin/ticket/:id',
      field: 'path:id',
      caller: 'agentA',
      target: 'заявка другого агента через экран сотрудников',
      url: `/api/admin/ticket/${x.request.agentOfB}`,
      expect: REFUSED,
      marker: M.agentRequestOfB,
      control: { caller: 'resv' },
    },
    {
      route: 'PUT /api/admin/ticket/:id',
      field: 'path:id',
      caller: 'salesA',
      target: 'изменить заявку другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}`,
      body: request('Взломанная заявка'),
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/ticket/:id',
      field: 'body:trip_id',
      caller: 'agentA',
      target: 'привязать заявку к туру',
      url: `/api/admin/ticket/${x.request.free}`,
      body: request(M.requestFree),
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/ticket/:id',
      field: 'body:prepared_tour_id',
      caller: 'clientMe',
      target: 'привязать заявку к скрытому туру',
      url: `/api/admin/ticket/${x.request.free}`,
      body: request(M.requestFree),
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/ticket/:id/assign',
      field: 'path:id',
      caller: 'salesA',
      target: 'забрать себе заявку другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/assign`,
      body: { assignee_id: u.salesA },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/ticket/:id/assign',
      field: 'body:assignee_id',
      caller: 'salesA',
      target: 'назначить заявку клиенту',
      url: `/api/admin/ticket/${x.request.free}/assign`,
      body: { assignee_id: u.clientOfB },
      expect: { field: 'assignee_id' },
    },
    {
      route: 'POST /api/admin/ticket/:id/status',
      field: 'path:id',
      caller: 'salesA',
      target: 'отклонить заявку другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/status`,
      body: { status: 'rejected', reason: 'Чужая' },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/ticket/:id/convert',
      field: 'path:id',
      caller: 'salesA',
      target: 'оформить заявку другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/convert`,
      body: { trip_id: x.trip.other },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/ticket/:id/convert',
      field: 'body:trip_id',
      caller: 'agentA',
      target: 'оформить заявку в тур',
      url: `/api/admin/ticket/${x.request.free}/convert`,
      body: { trip_id: x.trip.published },
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/ticket/:id/history',
      field: 'path:id',
      caller: 'salesA',
      target: 'история заявки другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/history`,
      expect: REFUSED,
      control: { caller: 'salesB' },
    },
    // --- A request's quote (reach: the request's) ---------------------------------------------
    {
      route: 'GET /api/admin/ticket/:id/quote',
      field: 'path:id',
      caller: 'salesA',
      target: 'коммерческое предложение по заявке другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/quote`,
      expect: REFUSED,
      marker: M.quote,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/ticket/:id/quote/docx',
      field: 'path:id',
      caller: 'salesA',
      target: 'DOCX предложения по заявке другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/quote/docx`,
      expect: REFUSED,
      reveals: (response) => response.statusCode === 200,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/ticket/:id/quote/docx',
      field: 'path:id',
      caller: 'agentA',
      target: 'DOCX предложения через экран сотрудников',
      url: `/api/admin/ticket/${x.request.ofB}/quote/docx`,
      expect: REFUSED,
      reveals: (response) => response.statusCode === 200,
    },
    {
      route: 'POST /api/admin/ticket/:id/quote',
      field: 'path:id',
      caller: 'salesA',
      target: 'предложение по заявке другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/quote`,
      body: {
        costing_id: x.requestCosting,
        occupancy: 'double',
        group_size: 2,
        included: 'Взломанное',
        not_included: '',
      },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/ticket/:id/quote',
      field: 'body:costing_id',
      caller: 'salesA',
      target: 'предложение по своей заявке из калькуляции чужой заявки',
      url: `/api/admin/ticket/${x.request.free}/quote`,
      body: {
        costing_id: x.requestCosting,
        occupancy: 'double',
        group_size: 2,
        included: 'Взломанное',
        not_included: '',
      },
      expect: { field: 'costing_id' },
    },
    {
      route: 'POST /api/admin/ticket/:id/quote/send',
      field: 'path:id',
      caller: 'salesA',
      target: 'отправить предложение по заявке другого менеджера',
      url: `/api/admin/ticket/${x.request.ofB}/quote/send`,
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/tickets',
      field: 'query:assignee_id',
      caller: 'salesA',
      target: 'заявки другого менеджера фильтром assignee_id',
      url: `/api/admin/tickets?assignee_id=${u.salesB}`,
      expect: FILTERED,
      marker: M.requestOfB,
      control: { caller: 'salesB' },
    },
    {
      route: 'GET /api/admin/tickets',
      field: 'query:counterparty_id',
      caller: 'salesA',
      target: 'заявки агента, назначенные другому менеджеру, фильтром counterparty_id',
      url: `/api/admin/tickets?counterparty_id=${u.agentB}`,
      expect: FILTERED,
      marker: M.agentRequestOfB,
      control: { caller: 'salesB' },
    },
    ...(
      [
        ['assignee_id', u.salesB],
        ['counterparty_id', u.agentB],
      ] as const
    ).map(([name, value]): Probe => ({
      route: 'GET /api/admin/tickets/counts',
      field: `query:${name}`,
      caller: 'salesA',
      target: `счётчики заявок другого менеджера фильтром ${name}`,
      url: `/api/admin/tickets/counts?${name}=${value}`,
      expect: FILTERED,
      // Counts show a request by counting it: any count above zero shows one.
      reveals: (response) =>
        Object.values((response.json() as { data: Record<string, number> }).data).some(
          (count) => count > 0,
        ),
      control: { caller: 'salesB' },
    })),
    {
      route: 'POST /api/admin/tickets',
      field: 'body:trip_id',
      caller: 'agentA',
      target: 'заявка сотрудника на тур',
      url: '/api/admin/tickets',
      body: request('Новая'),
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/tickets',
      field: 'body:prepared_tour_id',
      caller: 'clientMe',
      target: 'заявка на скрытый тур',
      url: '/api/admin/tickets',
      body: request('Новая'),
      expect: REFUSED,
    },
    // --- Suppliers and bookings: booking_section ----------------------------------------------
    ...(['agentA', 'clientMe'] as const).map((caller): Probe => ({
      route: 'GET /api/admin/supplier/:id/act',
      field: 'path:id',
      caller,
      target: 'акт сверки с поставщиком без booking_section и accounting_section',
      url: `/api/admin/supplier/${x.supplier}/act?from=2026-01-01&to=2026-12-31&currency=usd&format=docx`,
      expect: REFUSED,
      control: { caller: 'acct' },
    })),
    ...(['acct', 'agentA'] as const).flatMap((caller): Probe[] => [
      {
        route: 'GET /api/admin/supplier/:id',
        field: 'path:id',
        caller,
        target: 'поставщик без booking_section',
        url: `/api/admin/supplier/${x.supplier}`,
        expect: REFUSED,
        marker: M.supplier,
        control: { caller: 'resv' },
      },
      {
        route: 'GET /api/admin/supplier/:id/history',
        field: 'path:id',
        caller,
        target: 'история поставщика без booking_section',
        url: `/api/admin/supplier/${x.supplier}/history`,
        expect: REFUSED,
        control: { caller: 'resv' },
      },
      {
        route: 'GET /api/admin/booking/:id',
        field: 'path:id',
        caller,
        target: 'бронирование тура без booking_section',
        url: `/api/admin/booking/${x.booking}`,
        expect: REFUSED,
        marker: M.booking,
        control: { caller: 'salesA' },
      },
      ...(['payments', 'rooming-list', 'insured-list', 'voucher', 'history'] as const).map(
        (part): Probe => ({
          route: `GET /api/admin/booking/:id/${part}`,
          field: 'path:id',
          caller,
          target: `бронирование (${part}) без booking_section`,
          url: `/api/admin/booking/${x.booking}/${part}`,
          expect: REFUSED,
        }),
      ),
    ]),
    {
      route: 'PUT /api/admin/supplier/:id',
      field: 'path:id',
      caller: 'acct',
      target: 'изменить поставщика без booking_section',
      url: `/api/admin/supplier/${x.supplier}`,
      body: { name: 'Взломанный', kinds: [] },
      expect: REFUSED,
    },
    // Price lists and costings: booking_section, as the suppliers.
    ...(['acct', 'agentA'] as const).flatMap((caller): Probe[] => {
      const priceBody = {
        kind: 'tour_expense',
        service: 'Взломанная цена',
        unit: 'person',
        currency: 'usd',
        price: 1,
        valid_from: '2032-01-01',
        valid_to: '2032-12-31',
      };
      return [
        {
          route: 'GET /api/admin/supplier/:id/prices',
          field: 'path:id',
          caller,
          target: 'прайс-лист без booking_section',
          url: `/api/admin/supplier/${x.supplier}/prices`,
          expect: REFUSED,
          marker: M.price,
          control: { caller: 'resv' },
        },
        {
          route: 'POST /api/admin/supplier/:id/prices',
          field: 'path:id',
          caller,
          target: 'цена в прайс-лист без booking_section',
          url: `/api/admin/supplier/${x.supplier}/prices`,
          body: priceBody,
          expect: REFUSED,
        },
        {
          route: 'GET /api/admin/supplier/:id/prices/xlsx',
          field: 'path:id',
          caller,
          target: 'прайс-лист в XLSX без booking_section',
          url: `/api/admin/supplier/${x.supplier}/prices/xlsx`,
          expect: REFUSED,
          reveals: (response) => String(response.headers['content-type']).includes('spreadsheet'),
          control: { caller: 'resv' },
        },
        {
          route: 'POST /api/admin/supplier/:id/prices/import',
          field: 'path:id',
          caller,
          target: 'загрузить прайс-лист из XLSX без booking_section',
          url: `/api/admin/supplier/${x.supplier}/prices/import?mode=replace`,
          body: 'не файл',
          expect: REFUSED,
        },
        {
          route: 'PUT /api/admin/supplier-price/:id',
          field: 'path:id',
          caller,
          target: 'изменить цену без booking_section',
          url: `/api/admin/supplier-price/${x.price}`,
          body: priceBody,
          expect: REFUSED,
        },
        {
          route: 'DELETE /api/admin/supplier-price/:id',
          field: 'path:id',
          caller,
          target: 'удалить цену без booking_section',
          url: `/api/admin/supplier-price/${x.price}`,
          expect: REFUSED,
        },
        {
          route: 'GET /api/admin/costing/:id',
          field: 'path:id',
          caller,
          target: 'калькуляция тура без booking_section',
          url: `/api/admin/costing/${x.costing}`,
          expect: REFUSED,
          marker: M.costing,
          control: { caller: 'salesA' },
        },
        {
          route: 'GET /api/admin/trip/:id/costing-lines',
          field: 'path:id',
          caller,
          target: 'строки калькуляции тура без booking_section',
          url: `/api/admin/trip/${x.trip.hidden}/costing-lines`,
          expect: REFUSED,
          marker: M.price,
          control: { caller: 'salesA' },
        },
        {
          route: 'POST /api/admin/costing/:id/apply',
          field: 'path:id',
          caller,
          target: 'применить цену калькуляции без booking_section',
          url: `/api/admin/costing/${x.costing}/apply`,
          body: { group_size: 2, occupancy: 'double' },
          expect: REFUSED,
        },
        ...(['prepared_tour_id', 'trip_id', 'request_id'] as const).map((field): Probe => ({
          route: 'GET /api/admin/costings',
          field: `query:${field}`,
          caller,
          target: 'версии калькуляции без booking_section',
          url: `/api/admin/costings?${field}=${field === 'trip_id' ? x.trip.hidden : field === 'request_id' ? x.request.ofB : x.tour.hidden.id}`,
          expect: REFUSED,
        })),
        ...(['/api/admin/costings/preview', '/api/admin/costings'] as const).flatMap(
          (url): Probe[] =>
            (['supplier_id', 'price_id'] as const).map((field) => ({
              route: `POST ${url}`,
              field: `body:lines[].${field}`,
              caller,
              target: 'цены поставщика в калькуляции без booking_section',
              url,
              body: {
                ...COSTING,
                title: 'Взломанная',
                trip_id: x.trip.hidden,
                lines:
                  field === 'price_id'
                    ? [{ type: 'price', price_id: x.price, date: '2031-06-01' }]
                    : [
                        {
                          type: 'transfer',
                          supplier_id: x.supplier,
                          service: M.price,
                          date: '2031-06-01',
                        },
                      ],
              },
              expect: REFUSED,
            })),
        ),
        ...(['prepared_tour_id', 'trip_id', 'request_id'] as const).map((field): Probe => ({
          route: 'POST /api/admin/costings',
          field: `body:${field}`,
          caller,
          target: 'калькуляция чужого без booking_section',
          url: '/api/admin/costings',
          body: {
            ...COSTING,
            title: 'Взломанная',
            [field]:
              field === 'trip_id'
                ? x.trip.hidden
                : field === 'request_id'
                  ? x.request.ofB
                  : x.tour.hidden.id,
            lines: [{ type: 'typed', label: 'x', currency: 'usd', per: 'person', amount: 1 }],
          },
          expect: REFUSED,
        })),
      ];
    }),
    {
      route: 'PUT /api/admin/booking/:id',
      field: 'path:id',
      caller: 'acct',
      target: 'изменить бронирование без booking_section',
      url: `/api/admin/booking/${x.booking}`,
      body: booking({ cost: 1 }),
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/booking/:id',
      field: 'body:trip_id',
      caller: 'resv',
      target: 'перенести бронирование в другой тур',
      url: `/api/admin/booking/${x.booking}`,
      body: booking({ trip_id: x.trip.published }),
      expect: { field: 'trip_id' },
    },
    {
      route: 'PUT /api/admin/booking/:id',
      field: 'body:supplier_id',
      caller: 'agentA',
      target: 'сменить поставщика бронирования',
      url: `/api/admin/booking/${x.booking}`,
      body: booking({}),
      expect: REFUSED,
    },
    {
      route: 'PUT /api/admin/booking/:id',
      field: 'body:participants[].participant_id',
      caller: 'resv',
      target: 'участник другого тура в бронировании',
      url: `/api/admin/booking/${x.booking}`,
      body: booking({ participants: [{ participant_id: x.participant.touristOfA }] }),
      expect: { field: 'participants.0.participant_id' },
    },
    {
      route: 'PUT /api/admin/booking/:id',
      field: 'body:details.room_plan[].participant_ids',
      caller: 'resv',
      target: 'участник другого тура в номере отеля',
      url: `/api/admin/booking/${x.hotel}`,
      body: hotel(x.trip.hidden, x.participant.ofB, x.participant.touristOfA),
      expect: { field: 'details.room_plan.0.participant_ids' },
    },
    {
      route: 'PUT /api/admin/booking/:id',
      field: 'body:details.flight_booking_id',
      caller: 'acct',
      target: 'рейс в бронировании без booking_section',
      url: `/api/admin/booking/${x.booking}`,
      body: { ...transfer, trip_id: x.trip.hidden },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/bookings',
      field: 'body:trip_id',
      caller: 'acct',
      target: 'бронирование без booking_section',
      url: '/api/admin/bookings',
      body: booking({}),
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/bookings',
      field: 'body:supplier_id',
      caller: 'agentA',
      target: 'бронирование у поставщика',
      url: '/api/admin/bookings',
      body: booking({ trip_id: x.trip.published }),
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/bookings',
      field: 'body:participants[].participant_id',
      caller: 'resv',
      target: 'участник другого тура в новом бронировании',
      url: '/api/admin/bookings',
      body: booking({
        trip_id: x.trip.published,
        participants: [{ participant_id: x.participant.ofB }],
      }),
      expect: { field: 'participants.0.participant_id' },
    },
    {
      route: 'POST /api/admin/bookings',
      field: 'body:details.room_plan[].participant_ids',
      caller: 'resv',
      target: 'участник другого тура в номере нового отеля',
      url: '/api/admin/bookings',
      body: hotel(x.trip.published, x.participant.touristOfA, x.participant.ofA),
      expect: { field: 'details.room_plan.0.participant_ids' },
    },
    {
      route: 'POST /api/admin/bookings',
      field: 'body:details.flight_booking_id',
      caller: 'resv',
      target: 'трансфер к рейсу другого тура',
      url: '/api/admin/bookings',
      body: transfer,
      expect: { field: 'details.flight_booking_id' },
    },
    {
      route: 'POST /api/admin/booking/:id/payments',
      field: 'path:id',
      caller: 'resv',
      target: 'оплата поставщику без add_payment',
      url: `/api/admin/booking/${x.booking}/payments`,
      body: { wallet_id: w.site, amount: 1 },
      expect: REFUSED,
    },
    {
      route: 'POST /api/admin/booking/:id/payments',
      field: 'body:wallet_id',
      caller: 'salesA',
      target: 'оплата поставщику из кассы компании (без allow_site_wallets)',
      url: `/api/admin/booking/${x.booking}/payments`,
      body: { wallet_id: w.site, amount: 1 },
      expect: { field: 'wallet_id' },
    },
    {
      route: 'POST /api/admin/booking/:id/payments',
      field: 'body:wallet_id',
      caller: 'salesA',
      target: 'оплата поставщику с кошелька клиента другого менеджера',
      url: `/api/admin/booking/${x.booking}/payments`,
      body: { wallet_id: w.ofB, amount: 1 },
      expect: { field: 'wallet_id' },
    },
    ...(['trip_id', 'supplier_id'] as const).flatMap((name): Probe[] => [
      {
        route: 'GET /api/admin/bookings',
        field: `query:${name}`,
        caller: 'acct',
        target: `бронирования фильтром ${name} без booking_section`,
        url: `/api/admin/bookings?kind=tour_expense&month=06-2031&${name}=${
          name === 'trip_id' ? x.trip.hidden : x.supplier
        }`,
        expect: REFUSED,
        marker: M.booking,
        control: { caller: 'resv' },
      },
      {
        route: 'GET /api/admin/bookings/export',
        field: `query:${name}`,
        caller: 'agentA',
        target: `экспорт бронирований фильтром ${name}`,
        url: `/api/admin/bookings/export?kind=tour_expense&${name}=${
          name === 'trip_id' ? x.trip.hidden : x.supplier
        }`,
        expect: REFUSED,
      },
    ]),
    // --- Reports: report_section ----------------------------------------------------------------
    ...(['salesA', 'agentA'] as const).flatMap((caller): Probe[] => [
      {
        route: 'GET /api/admin/reports/general/:trip/users',
        field: 'path:trip',
        caller,
        target: 'участники тура в отчёте без report_section',
        url: `/api/admin/reports/general/${x.trip.hidden}/users`,
        expect: REFUSED,
        marker: pm('clientOfB'),
        control: { caller: 'acct' },
      },
      {
        route: 'GET /api/admin/reports/tour',
        field: 'query:trip_id',
        caller,
        target: 'отчёт по туру без report_section',
        url: `/api/admin/reports/tour?trip_id=${x.trip.hidden}`,
        expect: REFUSED,
        marker: M.booking,
        control: { caller: 'acct' },
      },
    ]),
    {
      route: 'GET /api/admin/reports/tour/export',
      field: 'query:trip_id',
      caller: 'salesA',
      target: 'отчёт по туру в XLSX без report_section',
      url: `/api/admin/reports/tour/export?trip_id=${x.trip.hidden}`,
      expect: REFUSED,
      control: { caller: 'acct' },
    },
    {
      route: 'GET /api/admin/reports/general',
      field: 'query:manager_id',
      caller: 'salesA',
      target: 'общий отчёт по менеджеру без report_section',
      url: `/api/admin/reports/general?manager_id=${u.salesB}`,
      expect: REFUSED,
    },
    {
      route: 'GET /api/admin/reports/general/export',
      field: 'query:manager_id',
      caller: 'agentA',
      target: 'общий отчёт в XLSX по менеджеру',
      url: `/api/admin/reports/general/export?manager_id=${u.salesB}`,
      expect: REFUSED,
    },
    // --- The agent area (reach: its own tourists; tours published for agents, not archived) ---
    ...(
      [
        ['agentA', 'touristOfB', 'турист другого агента', 'agentB'],
        ['agentB', 'touristOfA', 'турист другого агента (второй агент)', 'agentA'],
        ['agentA', 'clientOfB', 'клиент сотрудников, не агента', null],
        ['agentA', 'salesA', 'сотрудник', null],
      ] as const
    ).map(([caller, whom, target, control]): Probe => ({
      route: 'GET /api/agent/tourists/:id',
      field: 'path:id',
      caller,
      target,
      url: `/api/agent/tourists/${u[whom]}`,
      expect: REFUSED,
      marker: pm(whom),
      ...(control ? { control: { caller: control } } : {}),
    })),
    ...(
      [
        ['agentA', 'touristOfB', 'изменить туриста другого агента'],
        ['agentA', 'clientOfA', 'изменить клиента сотрудников'],
      ] as const
    ).map(([caller, whom, target]): Probe => ({
      route: 'PUT /api/agent/tourists/:id',
      field: 'path:id',
      caller,
      target,
      url: `/api/agent/tourists/${u[whom]}`,
      body: tourist,
      expect: REFUSED,
    })),
    ...(
      [
        ['hidden', M.tourHidden, 'неопубликованный тур'],
        ['archived', M.tourArchived, 'тур в архиве'],
      ] as const
    ).map(([name, marker, target]): Probe => ({
      route: 'GET /api/agent/tours/:key',
      field: 'path:key',
      caller: 'agentA',
      target,
      url: `/api/agent/tours/${x.tour[name].key}`,
      expect: REFUSED,
      marker,
      // The same agent opens a published one: the call itself works.
      control: { caller: 'agentA', url: `/api/agent/tours/${x.tour.published.key}` },
    })),
    {
      route: 'POST /api/agent/tours/:key/requests',
      field: 'path:key',
      caller: 'agentA',
      target: 'заявка на неопубликованный тур',
      url: `/api/agent/tours/${x.tour.hidden.key}/requests`,
      body: { trip_id: x.trip.hidden, tourists: [{ full_name: 'Турист', phone: null }] },
      expect: REFUSED,
    },
    {
      route: 'POST /api/agent/tours/:key/requests',
      field: 'body:trip_id',
      caller: 'agentB',
      target: 'выезд неопубликованного тура под ключом опубликованного',
      url: `/api/agent/tours/${x.tour.published.key}/requests`,
      body: { trip_id: x.trip.hidden, tourists: [{ full_name: 'Турист', phone: null }] },
      expect: { field: 'trip_id' },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// What the routes take: path parameters from the registered routes, ids in query strings and
// JSON bodies from the OpenAPI document (authorization-matrix.test.ts holds the two equal).

/** A query or body property that names an object; `key` is a tour's own slug in a body. */
const ID_NAME = /^(id|ids|user|wallet|owner|trip)$|_ids?$/;

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

function bodyIds(document: OpenApi, schema: JsonSchema | undefined, path: string): string[] {
  if (!schema) return [];
  const resolved = schema.$ref
    ? document.components?.schemas?.[schema.$ref.split('/').pop()!]
    : schema;
  if (!resolved) return [];
  const found: string[] = [];
  for (const [name, inner] of Object.entries(resolved.properties ?? {})) {
    const at = path ? `${path}.${name}` : name;
    if (ID_NAME.test(name)) found.push(at);
    found.push(...bodyIds(document, inner, at));
  }
  if (resolved.items) found.push(...bodyIds(document, resolved.items, `${path}[]`));
  for (const part of [resolved.anyOf, resolved.oneOf, resolved.allOf]) {
    for (const inner of part ?? []) found.push(...bodyIds(document, inner, path));
  }
  return found;
}

/** Every route that names an object, with the names: `path:id`, `query:owner`, `body:...`. */
async function idSurface(): Promise<Map<string, Set<string>>> {
  const surface = new Map<string, Set<string>>();
  const add = (route: string, field: string) => {
    if (!surface.has(route)) surface.set(route, new Set());
    surface.get(route)!.add(field);
  };
  for (const route of app.registeredRoutes) {
    if (route.url.startsWith('/api/docs')) continue;
    for (const [, name] of route.url.matchAll(/:([A-Za-z]+)/g)) {
      add(`${route.method} ${route.url}`, `path:${name}`);
    }
  }
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && ID_NAME.test(parameter.name)) {
          add(route, `query:${parameter.name}`);
        }
      }
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      for (const field of bodyIds(document, schema, '')) add(route, `body:${field}`);
    }
  }
  return surface;
}

// ---------------------------------------------------------------------------------------------

/**
 * A watched table as compared: the audit log without its refusals and exports, which are written
 * on purpose whatever the answer (a refused probe must leave a row; it changes no object).
 */
function source(table: (typeof WATCHED)[number]): string {
  if (table === 'audit_log') {
    return `(select * from audit_log where action not in ('refused', 'refused_repeated', 'exported'))`;
  }
  // Which sessions exist, not when each was last seen (every probe's caller touches its own).
  return table === 'sessions' ? '(select id, user_id from sessions)' : table;
}

/** One text per watched table, to tell whether a call changed anything. */
async function snapshot(): Promise<Record<string, string>> {
  const columns = WATCHED.map(
    (table) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${source(table)} t) as ${table}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.raw(columns.join(', '))}`.execute(
    db(),
  );
  return rows[0]!;
}

let keys = 0;

async function send(who: Who, probe: Probe, url = probe.url): Promise<Reply> {
  const method = probe.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
  // Money routes need an Idempotency-Key; a new one each time, so no answer is a replay.
  keys += 1;
  return as(who).request(method, url, probe.body, {
    headers: { 'idempotency-key': `object-level-${process.pid}-${keys}` },
  });
}

/** A ZIP answer: a travel pack, whatever it holds. */
const isZip = (response: Reply) => response.headers['content-type'] === 'application/zip';

function reveals(probe: Probe, response: Reply): boolean {
  if (probe.reveals) return response.statusCode === 200 && probe.reveals(response);
  return probe.marker !== undefined && response.body.includes(probe.marker);
}

/** Why the answer is a leak, or null when it is the refusal expected. */
function leakOf(probe: Probe, response: Reply, changed: string[]): string | null {
  const status = response.statusCode;
  if (changed.length > 0) return `${status}, изменились: ${changed.join(', ')}`;
  if (reveals(probe, response)) return `${status}, в ответе объект`;
  if (status === 403 || status === 404) return null;
  if ('field' in probe.expect && status === 422) {
    const errors = (response.json() as { errors?: Record<string, unknown> }).errors ?? {};
    return probe.expect.field in errors
      ? null
      : `422 без ошибки поля ${probe.expect.field}: ${response.body}`;
  }
  if ('filtered' in probe.expect && status === 200) return null;
  return `${status}: ${shown(response)}`;
}

/** The start of a JSON answer; a file only by its type and size. */
function shown(response: Reply): string {
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('json')) return response.body.slice(0, 200);
  return `${type || 'без типа'}, ${response.rawPayload.length} байт`;
}

function routePattern(route: string): RegExp {
  const path = route.split(' ')[1]!.replace(/:[A-Za-z]+/g, '[^/?]+');
  return new RegExp(`^${path}(\\?.*)?$`);
}

beforeAll(async () => {
  app = await buildTestApp(db());
  f = await buildFixture();
});
afterAll(async () => {
  await app.close();
});

describe('object-level access (ASVS V8)', () => {
  it('probes every id of every route that takes one, and only routes that exist', async () => {
    const surface = await idSurface();
    const probes = probesOf(f);
    const covered = new Set(probes.map((probe) => `${probe.route} ${probe.field}`));
    const missing = [...surface].flatMap(([route, fields]) =>
      [...fields].filter((field) => !covered.has(`${route} ${field}`)).map((x) => `${route} ${x}`),
    );
    const unknown = probes
      .filter((probe) => !surface.get(probe.route)?.has(probe.field))
      .map((probe) => `${probe.route} ${probe.field}`);
    const misaddressed = probes
      .filter((probe) => !routePattern(probe.route).test(probe.url))
      .map((probe) => `${probe.route}: ${probe.url}`);
    expect({ missing, unknown, misaddressed }).toEqual({
      missing: [],
      unknown: [],
      misaddressed: [],
    });
  });

  it('answers every probe 403/404 (or its field’s 422, or a list without it), changing nothing', async () => {
    const probes = probesOf(f);
    const leaks: string[] = [];
    const controls: string[] = [];
    for (const probe of probes) {
      const before = await snapshot();
      const response = await send(probe.caller, probe);
      const after = await snapshot();
      const changed = WATCHED.filter((table) => before[table] !== after[table]);
      const leak = leakOf(probe, response, changed);
      const line = `${probe.route} [${probe.field}] ${probe.caller} → ${probe.target}`;
      if (leak) leaks.push(`${line}: ${leak}`);
      if (probe.control) {
        const seen = await send(probe.control.caller, probe, probe.control.url);
        // Another URL (a published tour for a hidden one) shows the call works, not the object.
        const shows =
          !probe.control.url && (probe.marker !== undefined || probe.reveals !== undefined);
        if (seen.statusCode !== 200 || (shows && !reveals(probe, seen))) {
          controls.push(`${line}: контроль ${probe.control.caller} ${seen.statusCode}`);
        }
      }
    }
    recordFigures('Объектный доступ', [
      { name: 'маршруты с id', value: (await idSurface()).size },
      { name: 'проверок', value: probes.length },
      { name: 'утечки', value: leaks.length, safe: 0 },
    ]);
    console.log(
      `Объектный доступ: ${probes.length} проверок на ${new Set(probes.map((p) => p.route)).size} ` +
        `маршрутах, утечек: ${leaks.length}`,
    );
    // A control that fails means the probe proved nothing (a broken fixture or request).
    expect({ leaks, controls }).toEqual({ leaks: [], controls: [] });
  });
});
