import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { permissionsOfRoles, ROLES, type Role } from '@tour/core';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/database';
import { accessAllows, type Access } from '../../src/plugins/access';
import { securityHeaders } from '../../src/plugins/security-headers';
import { isDate } from '../../src/plugins/validation';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/seed/demo';
import { useTestDatabase } from '../database';
import { buildTestApp } from '../http';
import { browserWithSession } from '../sessions';
import { recordFigures } from './figures';
import {
  bodyMutations,
  createRng,
  dotted,
  fieldMutations,
  fieldPaths,
  fuzzLevel,
  fuzzPart,
  fuzzSeed,
  headerMutations,
  mainBranch,
  partOf,
  pathMutations,
  queryMutations,
  sample,
  toJson,
  transportMutations,
  wholeQueryMutations,
  withValue,
  xmlBodyMutations,
  type BodyMutation,
  type FuzzLevel,
  type JsonSchema,
  type Known,
  type Rng,
  type TransportMutation,
} from './fuzz-inputs';

// Schema fuzzing (OWASP ASVS 5.0 V2): every operation of the OpenAPI document the app serves,
// called as anonymous and as each of the seven roles with hostile values in each body field,
// query parameter, path parameter and header it declares, and with hostile bodies as a whole.
// Whatever the answer, it is never a 5xx, never carries a stack trace or a source path, and
// always carries the security headers. A state-changing request without the CSRF header is a 419.
//
// Deterministic: the values come from a seeded generator (FUZZ_SEED to change it) over the demo
// data of a fixed seed, so a failure replays; each failure prints its request. By default (npm
// test, CI) each list's most hostile values go out and a quarter of the others, the quarter of
// the day (the summary names it: FUZZ_PART=n replays it); FUZZ_LEVEL=values sends every value,
// FUZZ_LEVEL=full every value as every role, FUZZ_LEVEL=quick a budget (fuzz-inputs.ts, FuzzLevel).

const level: FuzzLevel = fuzzLevel();
const seed = fuzzSeed();
const part = fuzzPart();
/** The next list's offset in its route (the part level; requestsFor sets it per route). */
let listOffset = 0;

// The quick run's budget: this many values of each field's list (most hostile first) per route,
// dealt out among the callers the route lets through (each gets at least one, a different slice
// each, so together they send the whole budget); a refused caller sends `refused` of each kind.
const BUDGET = {
  body: 12,
  nested: 6,
  query: 5,
  path: 10,
  header: 4,
  whole: 10,
  refused: 1,
  transport: 11,
};
/** The routes the quick run sends hostile cookies and transport headers to (all of them in full). */
const TRANSPORT_ROUTES = [
  'GET /api/get-laravel-permission-to-vuejs',
  'GET /api/user',
  'POST /api/admin/users',
  'POST /api/client-errors',
  'POST /api/admin/currency-rates/import',
];
// Requests in flight at once (the pool of the test database has 10 connections).
const CONCURRENCY = 6;
const REQUEST_TIMEOUT_MS = 20_000;

/** Routes not fuzzed for some callers, and why (listed, never skipped silently). */
const SKIPPED: { route: string; callers: 'allowed' | 'all'; reason: string }[] = [
  {
    route: 'GET /api/events',
    callers: 'allowed',
    reason:
      'an endless server-sent events stream (inject would wait for its end); it takes no ' +
      'input, and the callers refused (anonymous, counterparty, client) are fuzzed',
  },
];

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', ...ROLES];

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;

interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

interface Operation {
  method: string;
  path: string;
  key: string;
  access: Access | undefined;
  pathParams: Param[];
  query: Param[];
  headers: Param[];
  body?: { schema: JsonSchema; contentTypes: string[] };
}

interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface FuzzRequest {
  caller: Caller;
  op: Operation;
  method: string;
  url: string;
  label: string;
  /** What is mutated, for the counts: a body field, the whole body, the query, the path... */
  kind: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** 'none': no X-XSRF-TOKEN; 'wrong': another session's token. */
  csrf: 'valid' | 'none' | 'wrong';
  /** The statuses this request may answer; any below 500 when not given. */
  expect?: number[];
  /** A caller the route's rule refuses: whatever it sends, never a success. */
  refused?: boolean;
  /** A new session for this request alone (the route ends the one it is called with). */
  ownSession?: boolean;
  /** Hostile cookies or transport headers in place of the caller's own. */
  transport?: TransportMutation;
}

interface Problem {
  /** What the request was, whoever sent it: problems of the same kind are printed once. */
  kind: string;
  request: string;
  status: number;
  problem: string;
}

let openApi: OpenApi;
let operations: Operation[];
let known: Known;
/** Path parameter values of real rows, by route prefix and name. */
let pathIds: (path: string, name: string) => string;
let userIds: Record<Role, number>;
let guestCookie: string;
let guestCsrf: string;
let rateFile: Buffer;
/** Valid bodies per operation, so that a mutated field gets past the other fields' checks. */
let baselines: Map<string, unknown>;
const expectedHeaders = securityHeaders();

beforeAll(async () => {
  // Demo data: real trips, participants, bookings, wallets for the mutations to reach.
  await seedDemoData(db(), { now: new Date(), seed: 42 });
  app = await buildTestApp(db());
  const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
  openApi = docs.json() as OpenApi;
  operations = readOperations(openApi);
  userIds = await demoUsers();
  known = await knownIds();
  pathIds = await pathIdsOf();
  baselines = await validBodies();
  const guest = await app.inject({ method: 'GET', url: '/api/get-laravel-permission-to-vuejs' });
  const cookies = guest.cookies as { name: string; value: string }[];
  guestCookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  guestCsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  rateFile = fs.readFileSync(path.join(__dirname, '../fixtures/nbkr/daily.xml'));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** The operations of the document, with the access rule the route declares. */
function readOperations(document: OpenApi): Operation[] {
  const rules = new Map(
    app.registeredRoutes.map((route) => [`${route.method} ${route.url}`, route]),
  );
  const found: Operation[] = [];
  for (const [openPath, methods] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const fastifyPath = openPath.replace(/\{(\w+)\}/g, ':$1');
      const params = operation.parameters ?? [];
      const of = (where: string) =>
        params
          .filter((param) => param.in === where)
          .map((param) => ({
            name: param.name,
            schema: param.schema,
            required: param.required ?? where === 'path',
          }));
      const content = operation.requestBody?.content;
      found.push({
        method,
        path: openPath,
        key: `${method} ${openPath}`,
        access: rules.get(`${method} ${fastifyPath}`)?.access,
        pathParams: of('path'),
        query: of('query'),
        headers: of('header'),
        ...(content
          ? {
              body: {
                schema: Object.values(content)[0]!.schema,
                contentTypes: Object.keys(content),
              },
            }
          : {}),
      });
    }
  }
  // Reads first, then writes, deletions last: a deleted tour would turn later routes into 404s.
  const order = (op: Operation) => (op.method === 'GET' ? 0 : op.method === 'DELETE' ? 2 : 1);
  return found.sort((a, b) => order(a) - order(b));
}

async function demoUsers(): Promise<Record<Role, number>> {
  const ids = {} as Record<Role, number>;
  for (const role of ROLES) {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
    const row = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    ids[role] = row.id;
  }
  return ids;
}

async function firstId(query: { executeTakeFirstOrThrow(): Promise<{ id: number }> }) {
  return (await query.executeTakeFirstOrThrow()).id;
}

/** Ids of real rows under the names body fields and query parameters give them. */
async function knownIds(): Promise<Known> {
  const trip = await db()
    .selectFrom('trips')
    .select(['id', 'prepared_tour_id'])
    .where('status', 'in', ['planned', 'confirmed'])
    .where('seats_taken', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const participant = await firstId(
    db().selectFrom('trip_participants').select('id').where('trip_id', '=', trip.id).orderBy('id'),
  );
  const tourist = await firstId(
    db()
      .selectFrom('users')
      .select('id')
      .where('manager_id', '=', userIds.sales_manager)
      .orderBy('id'),
  );
  const wallet = await firstId(
    db().selectFrom('wallets').select('id').where('type', '=', 'user').orderBy('id'),
  );
  const siteWallet = await firstId(
    db().selectFrom('wallets').select('id').where('type', '=', 'site').orderBy('id'),
  );
  const supplier = await firstId(db().selectFrom('suppliers').select('id').orderBy('id'));
  const ticket = await firstId(db().selectFrom('requests').select('id').orderBy('id'));
  const pending = await firstId(
    db().selectFrom('transactions').select('id').where('status', '=', 'pending').orderBy('id'),
  );
  const tour = await db()
    .selectFrom('prepared_tours')
    .select(['id', 'key'])
    .where('published', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const operation = (status: 'pending' | 'confirmed', offset: number) =>
    firstId(
      db()
        .selectFrom('transactions')
        .select('id')
        .where('status', '=', status)
        .where('type', '!=', 'transfer')
        .orderBy('id')
        .offset(offset),
    );
  // An upcoming departure of a tour published for agents, with free seats.
  const departure = await db()
    .selectFrom('trips as t')
    .innerJoin('prepared_tours as p', 'p.id', 't.prepared_tour_id')
    .select(['t.id', 'p.key'])
    .where('p.published', '=', true)
    .where('p.archived_at', 'is', null)
    .where('t.status', 'in', ['planned', 'confirmed'])
    .where('t.starts_on', '>', sql<string>`current_date + 1`)
    .whereRef('t.seats_taken', '<', 't.seats')
    .orderBy('t.id')
    .executeTakeFirstOrThrow();
  const booking = await db()
    .selectFrom('bookings')
    .select(['id', 'trip_id', 'supplier_id'])
    .where('status', '!=', 'cancelled')
    .where('kind', '=', 'hotel')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // A booking still owed to its supplier, and a company wallet in its currency.
  const unpaid = await db()
    .selectFrom('bookings')
    .select(['id', 'currency'])
    .where('status', '!=', 'cancelled')
    .where('cost', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('transactions')
            .select('transactions.id')
            .whereRef('transactions.booking_id', '=', 'bookings.id')
            .where('transactions.status', '!=', 'rejected'),
        ),
      ),
    )
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const insurance = await firstId(
    db()
      .selectFrom('bookings')
      .select('id')
      .where('kind', '=', 'health_insurance')
      .where('status', '!=', 'cancelled')
      .orderBy('id'),
  );
  const bookingWallet = await firstId(
    db()
      .selectFrom('wallets')
      .select('id')
      .where('type', '=', 'site')
      .where('currency', '=', unpaid.currency)
      .orderBy('id'),
  );
  // The whole trip's packs are a DOCX per paper of each participant (a quarter of a second for
  // the first trip): that route's hostile inputs go to the trip with the fewest confirmed
  // bookings that still prints a voucher, so every request still builds every kind of paper.
  const packTrip = await firstId(
    db()
      .selectFrom('trips as t')
      .select('t.id')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.trip_id', '=', 't.id')
            .where('b.status', '=', 'confirmed')
            .where('b.kind', 'in', ['hotel', 'transfer']),
        ),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('trip_participants as p')
            .select('p.id')
            .whereRef('p.trip_id', '=', 't.id')
            .where('p.status', '<>', 'cancelled'),
        ),
      )
      .orderBy(
        sql`(select count(*) from bookings b where b.trip_id = t.id and b.status = 'confirmed')`,
      )
      .orderBy('t.id'),
  );
  const agentTourist = await firstId(
    db()
      .selectFrom('users')
      .select('id')
      .where('counterparty_id', '=', userIds.counterparty)
      .orderBy('id'),
  );
  return {
    trip_id: trip.id,
    trip: trip.id,
    participant_id: participant,
    participantId: participant,
    user_id: tourist,
    userId: tourist,
    wallet_id: wallet,
    walletId: wallet,
    wallet,
    target_wallet_id: siteWallet,
    supplier_id: supplier,
    prepared_tour_id: tour.id,
    manager_id: userIds.sales_manager,
    assignee_id: userIds.sales_manager,
    counterparty_id: userIds.counterparty,
    owner: tourist,
    // Internal: the path parameters and the valid bodies below read them.
    $booking: booking.id,
    $bookingTrip: booking.trip_id,
    $bookingSupplier: booking.supplier_id,
    $unpaidBooking: unpaid.id,
    $insurance: insurance,
    $bookingWallet: bookingWallet,
    $pending2: await operation('pending', 1),
    $pending3: await operation('pending', 2),
    $pending4: await operation('pending', 3),
    $confirmed: await operation('confirmed', 0),
    $departure: departure.id,
    $departureKey: departure.key,
    $ticket: ticket,
    $pending: pending,
    $tour: tour.id,
    $tourKey: tour.key,
    $packTrip: packTrip,
    $agentTourist: agentTourist,
  };
}

/** A real row for each path parameter, by the segment before it. */
async function pathIdsOf() {
  const byPrefix: [RegExp, string, unknown][] = [
    [/\/admin\/users\/\{id\}/, 'id', userIds.counterparty],
    [/\/admin\/user\/\{/, '*', known.user_id],
    [/\/admin\/(wallet|transactions)\/\{/, '*', known.wallet_id],
    [/\/admin\/tour\/\{/, 'id', known.$tour],
    [/\/admin\/trip\/\{id\}\/travel-packs$/, 'id', known.$packTrip],
    [/\/admin\/trip\/\{/, 'id', known.trip_id],
    [/\/participant\/\{participantId\}/, 'participantId', known.participant_id],
    [/\/admin\/ticket\/\{/, 'id', known.$ticket],
    [/\/balance\/operations\/\{id\}\/reject/, 'id', known.$pending2],
    [/\/balance\/operations\/\{id\}\/reverse/, 'id', known.$confirmed],
    [/\/balance\/operations\/\{/, 'id', known.$pending],
    [/\/admin\/supplier\/\{/, 'id', known.supplier_id],
    [/\/admin\/booking\/\{id\}\/payments/, 'id', known.$unpaidBooking],
    [/\/admin\/booking\/\{id\}\/insured-list/, 'id', known.$insurance],
    [/\/admin\/booking\/\{/, 'id', known.$booking],
    [/\/reports\/general\/\{trip\}/, 'trip', known.trip_id],
    [/\/agent\/tours\/\{key\}/, 'key', known.$departureKey],
    [/\/agent\/tourists\/\{/, 'id', known.$agentTourist],
  ];
  return (route: string, name: string): string => {
    for (const [pattern, param, value] of byPrefix) {
      if ((param === '*' || param === name) && pattern.test(route)) return String(value);
    }
    return '1';
  };
}

/** Replaced by a new number in every request: a name, key or email that must be unique. */
const UNIQUE = 'fuzz-uniq-0';
let unique = 0;

/** `value` cut to what `schema` takes: unknown keys out, nulls out where null is not allowed. */
function fitToSchema(value: unknown, schema: JsonSchema): unknown {
  const branch = mainBranch(schema);
  if (Array.isArray(value)) {
    return branch.items ? value.map((item) => fitToSchema(item, branch.items!)) : value;
  }
  if (value === null || typeof value !== 'object' || !branch.properties) return value;
  const fitted: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = branch.properties[key];
    if (!property) continue;
    const nullable = branch.required?.includes(key) || JSON.stringify(property).includes('null');
    if (item === null && !nullable) continue;
    fitted[key] = fitToSchema(item, property);
  }
  return fitted;
}

/**
 * A valid body for each write whose sampled body would stop at a business rule: read from the
 * row it changes (GET), or written out. A mutated field then meets the database, not a 422 on
 * another field. An operation missing here takes the body sampled from its schema.
 */
async function validBodies(): Promise<Map<string, unknown>> {
  const admin = await sessionOf('admin');
  const read = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    return (response.json() as { data: Record<string, unknown> }).data;
  };
  const schemaOf = (key: string) => operations.find((op) => op.key === key)!.body!.schema;
  const from = async (key: string, url: string, extra: Record<string, unknown> = {}) => {
    bodies.set(key, { ...(fitToSchema(await read(url), schemaOf(key)) as object), ...extra });
  };
  const bodies = new Map<string, unknown>();
  const booking = `/api/admin/booking/${String(known.$booking)}`;
  const tour = `/api/admin/tour/${String(known.$tour)}`;
  const trip = `/api/admin/trip/${String(known.trip_id)}`;
  const supplier = `/api/admin/supplier/${String(known.supplier_id)}`;
  const bookingRow = { trip_id: known.$bookingTrip, supplier_id: known.$bookingSupplier };
  await from('POST /api/admin/bookings', booking, bookingRow);
  await from('PUT /api/admin/booking/{id}', booking, bookingRow);
  await from('POST /api/admin/tours', tour, { key: UNIQUE, published: false });
  await from('PUT /api/admin/tour/{id}', tour);
  await from('POST /api/admin/trips', trip, { seats: 30 });
  await from('PUT /api/admin/trip/{id}', trip);
  await from('PUT /api/admin/ticket/{id}', `/api/admin/ticket/${String(known.$ticket)}`);
  await from('POST /api/admin/suppliers', supplier, { name: `Поставщик ${UNIQUE}` });
  await from('PUT /api/admin/supplier/{id}', supplier);
  await from('PUT /api/admin/wallet/{id}', `/api/admin/wallet/${String(known.wallet_id)}`);
  const agent = await sessionOf('counterparty');
  const tourist = await app.inject({
    method: 'GET',
    url: `/api/agent/tourists/${String(known.$agentTourist)}`,
    headers: { cookie: agent.cookie },
  });
  const touristBody = fitToSchema(
    (tourist.json() as { data: unknown }).data,
    schemaOf('PUT /api/agent/tourists/{id}'),
  ) as Record<string, unknown>;
  bodies.set('PUT /api/agent/tourists/{id}', touristBody);
  bodies.set('POST /api/agent/tourists', {
    ...touristBody,
    email: `${UNIQUE}@example.com`,
    phone: null,
    passport_number: null,
  });
  const today = new Date().toISOString().slice(0, 10);
  bodies.set('POST /api/admin/currency-rates', {
    date: today,
    rates: [{ from: 'usd', to: 'kgs', rate: 87.5 }],
  });
  bodies.set('POST /api/admin/wallets', {
    type: 'user',
    user_id: known.user_id,
    name: 'Фаззинг',
    currency: 'usd',
  });
  const payment = { currency: 'kgs', amount: 100, comment: 'Фаззинг' };
  bodies.set('POST /api/admin/user/{userId}/payments', payment);
  bodies.set('POST /api/admin/trip/{id}/participant/{participantId}/payments', payment);
  bodies.set('POST /api/admin/booking/{id}/payments', {
    wallet_id: known.$bookingWallet,
    amount: 1,
    comment: 'Фаззинг',
  });
  bodies.set('POST /api/admin/balance/categories', { name: `Категория ${UNIQUE}` });
  bodies.set('POST /api/admin/balance/operations/confirm', { ids: [known.$pending3] });
  bodies.set('POST /api/admin/balance/operations/reject', {
    ids: [known.$pending4],
    reason: 'Фаззинг',
  });
  bodies.set('POST /api/agent/tours/{key}/requests', {
    trip_id: known.$departure,
    tourists: [{ full_name: 'Фаззинг Турист', phone: '+996555000111' }],
    comment: 'Фаззинг',
  });
  return bodies;
}

// ---------------------------------------------------------------------------------------------
// Building the requests.

let idempotency = 0;

function viewerOf(caller: Caller) {
  return caller === 'anonymous'
    ? null
    : { roles: [caller], permissions: permissionsOfRoles([caller]) };
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Where a caller stands among the callers of its kind (let through or refused) of a route. */
interface Seat {
  index: number;
  count: number;
}

/**
 * This caller's slice of a list: all of it for each caller at FUZZ_LEVEL=full; by default every
 * `seat.count`-th value from the caller's seat, so the callers together send each value once
 * (each sends at least one); in the quick run `budget` values shared among the callers, rotating
 * with the caller.
 */
function share<T>(list: readonly T[], seat: Seat, budget: number): T[] {
  if (level === 'full') return [...list];
  if (level === 'values' || level === 'part') {
    // Each caller of a route cuts the same part of the list (the offset counts the route's lists).
    const sent = level === 'part' ? partOf(list, budget, part, listOffset++) : list;
    if (sent.length === 0) return [];
    if (sent.length <= seat.count) return [sent[seat.index % sent.length]!];
    return sent.filter((_, i) => i % seat.count === seat.index);
  }
  const perCaller = Math.max(1, Math.floor(Math.min(budget, list.length) / seat.count));
  if (list.length <= perCaller) return [...list];
  const start = (seat.index * perCaller) % list.length;
  return Array.from({ length: perCaller }, (_, i) => list[(start + i) % list.length]!);
}

function urlOf(op: Operation, pathValues: Record<string, string>, query: string): string {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name]!);
  return query ? `${filled}?${query}` : filled;
}

function baselineQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const param of op.query) {
    if (param.required) query[param.name] = String(sample(param.schema, param.name, known));
  }
  return query;
}

function queryText(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
}

function baselineHeaders(op: Operation): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of op.headers) {
    if (param.name.toLowerCase() === 'idempotency-key') {
      idempotency += 1;
      headers[param.name.toLowerCase()] = `fuzz-${seed}-${idempotency}`;
    }
  }
  return headers;
}

/** The requests one caller sends to one operation. */
function requestsFor(op: Operation, caller: Caller, seat: Seat, rng: Rng): FuzzRequest[] {
  // The part level's lists of this route start from the route's own offset: every caller of the
  // route cuts each list the same way, routes differently.
  listOffset = [...op.key].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const allowed = accessAllows(op.access, viewerOf(caller)) === 'ok';
  const index = seat.index;
  const requests: FuzzRequest[] = [];
  const pathBase = Object.fromEntries(op.pathParams.map((p) => [p.name, pathIds(op.path, p.name)]));
  const queryBase = baselineQuery(op);
  const xml = op.body?.contentTypes.some((type) => type.includes('xml')) ?? false;
  const bodyBase =
    op.body && !xml ? (baselines.get(op.key) ?? sample(op.body.schema, '', known)) : undefined;
  const jsonBody = (value: unknown) => ({
    headers: { 'content-type': 'application/json' },
    payload: toJson(value).replaceAll(UNIQUE, () => `fuzz-uniq-${(unique += 1)}`),
  });
  const basePayload = () =>
    xml
      ? { headers: { 'content-type': 'application/xml' }, payload: rateFile as string | Buffer }
      : bodyBase !== undefined
        ? jsonBody(bodyBase)
        : isWrite(op.method)
          ? jsonBody({})
          : { headers: {} as Record<string, string>, payload: undefined };
  const make = (
    label: string,
    parts: {
      path?: Record<string, string>;
      query?: string;
      headers?: Record<string, string>;
      payload?: string | Buffer;
      csrf?: FuzzRequest['csrf'];
      expect?: number[];
    },
  ): FuzzRequest => {
    const hasPayload = 'payload' in parts || 'headers' in parts;
    // The valid body is serialized only for a request that sends it (most bring their own).
    const base = hasPayload ? null : basePayload();
    const kind = !allowed
      ? 'refused caller'
      : parts.csrf
        ? 'CSRF'
        : /^body[: ]/.test(label)
          ? label.startsWith('body ') && !label.startsWith('body on')
            ? 'body field'
            : 'whole body'
          : label.replace(/^(\w+).*$/, '$1');
    return {
      caller,
      op,
      method: op.method,
      url: urlOf(op, { ...pathBase, ...parts.path }, parts.query ?? queryText(queryBase)),
      label,
      kind: parts.csrf && !allowed ? 'CSRF' : kind,
      headers: {
        ...baselineHeaders(op),
        ...base?.headers,
        ...parts.headers,
      },
      ...(hasPayload
        ? parts.payload !== undefined
          ? { payload: parts.payload }
          : {}
        : base?.payload !== undefined
          ? { payload: base.payload }
          : {}),
      csrf: parts.csrf ?? 'valid',
      ...(parts.expect ? { expect: parts.expect } : {}),
      ...(allowed ? {} : { refused: true }),
      ...(op.path === '/api/logout' ? { ownSession: true } : {}),
    };
  };
  // Hostile cookies and transport headers: a few routes in the quick run, every route otherwise.
  const transportRequests = () =>
    level !== 'quick' || TRANSPORT_ROUTES.includes(op.key)
      ? share(transportMutations(level), seat, BUDGET.transport).map((mutation) => {
          const request = make(`transport: ${mutation.label}`, {
            ...(mutation.forged && isWrite(op.method) ? { expect: [419] } : {}),
          });
          request.transport = mutation;
          return request;
        })
      : [];

  const refusal = caller === 'anonymous' ? 401 : 403;

  // CSRF: a state-changing request without the header (or with another session's) is a 419,
  // whoever calls and whatever the route.
  if (isWrite(op.method)) {
    requests.push(make('without X-XSRF-TOKEN', { csrf: 'none', expect: [419] }));
    if (level !== 'quick' || index % 3 === 0) {
      requests.push(make("another session's X-XSRF-TOKEN", { csrf: 'wrong', expect: [419] }));
    }
  }

  const bodies: BodyMutation[] = op.body
    ? xml
      ? xmlBodyMutations(rateFile, level)
      : bodyMutations(bodyBase, level)
    : isWrite(op.method)
      ? bodyMutations({}, level)
      : [];
  const bodyRequest = (mutation: BodyMutation, expect?: number[]) =>
    make(`body: ${mutation.label}`, {
      headers: mutation.contentType ? { 'content-type': mutation.contentType } : {},
      payload: mutation.payload,
      ...(expect && mutation.parses ? { expect } : {}),
    });

  if (!allowed) {
    // Refused by the access rule before validation: what it sends never matters, and nothing
    // it sends may get further than the refusal (or the body parser's own 4xx).
    requests.push(make('refused caller, valid request', { expect: [refusal] }));
    for (const mutation of share(bodies, seat, BUDGET.refused)) {
      requests.push(bodyRequest(mutation, [refusal]));
    }
    const param = op.pathParams[0];
    if (param) {
      const list = pathMutations(param.schema.type === 'integer', level);
      for (const mutation of share(list, seat, BUDGET.refused)) {
        requests.push(
          make(`path ${param.name}: ${mutation.label}`, {
            path: { [param.name]: String(mutation.value) },
          }),
        );
      }
    }
    const query = op.query[0];
    if (query) {
      const list = queryMutations(query.schema, level, rng);
      for (const mutation of share(list, seat, BUDGET.refused)) {
        const values = { ...queryBase, [query.name]: String(mutation.value) };
        requests.push(make(`query ${query.name}: ${mutation.label}`, { query: queryText(values) }));
      }
    }
    requests.push(...transportRequests());
    return requests;
  }

  // Body fields, one at a time, the others valid.
  if (op.body && !xml && bodyBase !== undefined) {
    for (const field of fieldPaths(op.body.schema)) {
      const nested = field.path.length > 1;
      const item = field.schema.items
        ? sample(field.schema.items, String(field.path.at(-1)), known)
        : undefined;
      const budget = nested ? BUDGET.nested : BUDGET.body;
      const list = fieldMutations(field.schema, {
        level,
        rng,
        sampleItem: item,
        ...(level === 'quick' ? { budget } : {}),
      });
      for (const mutation of share(list, seat, budget)) {
        const body = withValue(bodyBase, op.body.schema, field.path, mutation.value, known);
        requests.push(make(`body ${dotted(field.path)}: ${mutation.label}`, jsonBody(body)));
      }
    }
  }
  // Whole bodies.
  for (const mutation of share(bodies, seat, BUDGET.whole)) requests.push(bodyRequest(mutation));
  // Query parameters, one at a time, and the query string as a whole.
  for (const param of op.query) {
    for (const mutation of share(queryMutations(param.schema, level, rng), seat, BUDGET.query)) {
      const values = { ...queryBase, [param.name]: String(mutation.value) };
      requests.push(make(`query ${param.name}: ${mutation.label}`, { query: queryText(values) }));
    }
  }
  for (const mutation of share(wholeQueryMutations(op.query[0]?.name), seat, 6)) {
    const base = queryText(queryBase);
    const text = base ? `${base}&${String(mutation.value)}` : String(mutation.value);
    requests.push(make(`query: ${mutation.label}`, { query: text }));
  }
  // Path parameters.
  for (const param of op.pathParams) {
    const list = pathMutations(param.schema.type === 'integer', level);
    for (const mutation of share(list, seat, BUDGET.path)) {
      requests.push(
        make(`path ${param.name}: ${mutation.label}`, {
          path: { [param.name]: String(mutation.value) },
        }),
      );
    }
  }
  // Headers the operation declares (Idempotency-Key).
  for (const param of op.headers) {
    for (const mutation of share(headerMutations(level), seat, BUDGET.header)) {
      requests.push(
        make(`header ${param.name}: ${mutation.label}`, {
          headers: { ...basePayload().headers, [param.name.toLowerCase()]: String(mutation.value) },
          ...(basePayload().payload !== undefined ? { payload: basePayload().payload } : {}),
        }),
      );
    }
    if (param.required && (level !== 'quick' || index % 2 === 0)) {
      const request = make(`header ${param.name}: missing`, {});
      delete request.headers[param.name.toLowerCase()];
      requests.push(request);
    }
  }
  requests.push(...transportRequests());
  // A body on a read.
  if (!isWrite(op.method) && (level !== 'quick' || index % 4 === 0)) {
    requests.push(
      make('body on a GET', {
        headers: { 'content-type': 'application/json' },
        payload: '{"fuzz":',
      }),
    );
  }
  return requests;
}

// ---------------------------------------------------------------------------------------------
// Sending and checking.

const STACK_TRACE = [
  /(?:^|\n|\\n)\s*at (?:async )?\S.*?:\d+:\d+\)?/m,
  /\/apps\/api\/src\//,
  /node_modules\//,
  /node:internal/,
  /(?:^|\n|\\n|")\s*(?:[A-Z]\w*)?Error: /,
];
const BINARY = /spreadsheetml|wordprocessingml|octet-stream|zip|pdf|image\//;

/** The request without its caller. */
const kindOf = (request: FuzzRequest) => `${request.op.key} — ${request.label}/${request.csrf}`;

function describeRequest(request: FuzzRequest): string {
  const body =
    request.payload === undefined
      ? ''
      : ` body(${request.payload.length}): ${JSON.stringify(
          (Buffer.isBuffer(request.payload)
            ? request.payload.toString('latin1')
            : request.payload
          ).slice(0, 160),
        )}`;
  const url =
    request.url.length > 200 ? `${request.url.slice(0, 200)}…(${request.url.length})` : request.url;
  const csrf = request.csrf === 'valid' ? '' : ` [csrf: ${request.csrf}]`;
  return `${request.caller} ${request.method} ${url} — ${request.label}${csrf}${body}`;
}

interface Tally {
  sent: number;
  /** Requests per kind of mutation (body field, whole body, query, path, header, CSRF, refused). */
  kinds: Map<string, number>;
  serverErrors: number;
  stackTraces: number;
  headerGaps: number;
  statuses: Map<number, number>;
  problems: Problem[];
}

const newTally = (): Tally => ({
  sent: 0,
  kinds: new Map(),
  serverErrors: 0,
  stackTraces: 0,
  headerGaps: 0,
  statuses: new Map(),
  problems: [],
});

function check(request: FuzzRequest | string, response: LightMyRequestResponse, tally: Tally) {
  const status = response.statusCode;
  const text = typeof request === 'string' ? request : describeRequest(request);
  const kind = typeof request === 'string' ? request : kindOf(request);
  const problem = (words: string) =>
    tally.problems.push({ kind, request: text, status, problem: words });
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  if (status >= 500) {
    tally.serverErrors += 1;
    problem(`answered ${status}: ${response.body.slice(0, 300)}`);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (!BINARY.test(type)) {
    const trace = STACK_TRACE.find((pattern) => pattern.test(response.body));
    if (trace) {
      tally.stackTraces += 1;
      problem(`a stack trace or source path (${trace}) in: ${response.body.slice(0, 300)}`);
    }
  }
  const missing = Object.entries(expectedHeaders)
    .filter(([name, value]) => response.headers[name] !== value)
    .map(([name]) => name);
  if (typeof response.headers['x-request-id'] !== 'string') missing.push('x-request-id');
  if (missing.length > 0) {
    tally.headerGaps += 1;
    problem(`missing or changed security headers: ${missing.join(', ')}`);
  }
  const givenId =
    typeof request === 'string' ? undefined : request.transport?.headers?.['x-request-id'];
  if (givenId !== undefined && response.headers['x-request-id'] === givenId) {
    problem('echoed a malformed x-request-id');
  }
  if (typeof request !== 'string' && request.refused && status < 400) {
    problem(`a caller the route refuses got ${status}: ${response.body.slice(0, 200)}`);
  }
  if (typeof request !== 'string' && request.expect && !request.expect.includes(status)) {
    problem(
      `expected ${request.expect.join(' or ')}, got ${status}: ${response.body.slice(0, 200)}`,
    );
  }
  if (status >= 400 && type.includes('json')) {
    let envelope: unknown = null;
    try {
      envelope = JSON.parse(response.body);
    } catch {
      // reported below
    }
    const { code, message } = (envelope ?? {}) as { code?: unknown; message?: unknown };
    if (code !== 0 || typeof message !== 'string') {
      problem(`not the error envelope { code: 0, message }: ${response.body.slice(0, 200)}`);
    }
  }
}

interface Session {
  cookie: string;
  csrf: string;
}

async function sessionOf(caller: Caller): Promise<Session> {
  if (caller === 'anonymous') return { cookie: guestCookie, csrf: guestCsrf };
  const browser = await browserWithSession(app, db(), userIds[caller]);
  return {
    cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    csrf: browser.cookies.get('XSRF-TOKEN')!,
  };
}

async function send(request: FuzzRequest, session: Session, other: Session, tally: Tally) {
  const own = request.ownSession ? await sessionOf(request.caller) : session;
  const transport = request.transport;
  const headers: Record<string, string> = {
    ...request.headers,
    cookie: transport?.cookie ? transport.cookie(own.cookie) : own.cookie,
    ...transport?.headers,
  };
  if (request.csrf === 'valid') {
    headers['x-xsrf-token'] = transport?.xsrf ? transport.xsrf(own.csrf) : own.csrf;
  }
  if (request.csrf === 'wrong') headers['x-xsrf-token'] = other.csrf;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REQUEST_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([
      app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      }),
      timeout,
    ]);
    tally.sent += 1;
    tally.kinds.set(request.kind, (tally.kinds.get(request.kind) ?? 0) + 1);
    if (response === null) {
      tally.problems.push({
        kind: kindOf(request),
        request: describeRequest(request),
        status: 0,
        problem: `no answer in ${REQUEST_TIMEOUT_MS} ms`,
      });
    } else {
      check(request, response, tally);
    }
  } catch (error) {
    tally.problems.push({
      kind: kindOf(request),
      request: describeRequest(request),
      status: 0,
      problem: `inject threw: ${String(error)}`,
    });
  } finally {
    clearTimeout(timer);
  }
}

async function pool<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** The problems, one line per kind (the same request and problem from several callers). */
function printProblems(problems: Problem[], limit = 40): string {
  const groups = new Map<string, { first: Problem; callers: number }>();
  for (const problem of problems) {
    const key = `${problem.kind}\n${problem.problem.slice(0, 60)}`;
    const group = groups.get(key);
    if (group) group.callers += 1;
    else groups.set(key, { first: problem, callers: 1 });
  }
  const lines = [...groups.values()].slice(0, limit).map(({ first, callers }, i) => {
    const times = callers > 1 ? ` (×${callers})` : '';
    return `${i + 1}. ${first.request}${times}\n   → ${first.problem}`;
  });
  if (groups.size > limit) lines.push(`… и ещё ${groups.size - limit} видов`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

describe('schema fuzzing', () => {
  it('knows every /api route: each is in the OpenAPI document (the docs pages aside)', () => {
    const documented = new Set(
      operations.map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const missing = app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
    for (const skipped of SKIPPED) {
      expect(operations.map((op) => op.key)).toContain(skipped.route);
    }
  });

  it(
    `sends hostile requests to every route as every caller (${level}): no 5xx, no stack trace, every security header`,
    async () => {
      const started = Date.now();
      const rng = createRng(seed);
      const tally = newTally();
      const skippedCalls: string[] = [];
      for (const op of operations) {
        const skip = SKIPPED.find((entry) => entry.route === op.key);
        const requests: FuzzRequest[] = [];
        const allowed = (caller: Caller) => accessAllows(op.access, viewerOf(caller)) === 'ok';
        const through = CALLERS.filter(allowed);
        const refused = CALLERS.filter((caller) => !allowed(caller));
        for (const caller of CALLERS) {
          if (skip && (skip.callers === 'all' || allowed(caller))) {
            skippedCalls.push(`${op.key} as ${caller}: ${skip.reason}`);
            continue;
          }
          const peers = allowed(caller) ? through : refused;
          const seat = { index: peers.indexOf(caller), count: peers.length };
          requests.push(...requestsFor(op, caller, seat, rng));
        }
        const sessions = new Map<Caller, Session>();
        for (const caller of CALLERS) sessions.set(caller, await sessionOf(caller));
        const other = await sessionOf('admin');
        await pool(requests, (request) =>
          send(request, sessions.get(request.caller)!, other, tally),
        );
      }

      // Second order: every read again, now that the writes stored what they let through (the
      // trip, tour, booking and tourist they changed, the rows they created), and the documents
      // of the tourist whose card the agent's writes changed.
      for (const op of operations) {
        const documents = /\/(application-embassy|agreement)$/.test(op.path);
        if (
          (op.method !== 'GET' && !documents) ||
          SKIPPED.some((entry) => entry.route === op.key)
        ) {
          continue;
        }
        const through = CALLERS.filter(
          (caller) => accessAllows(op.access, viewerOf(caller)) === 'ok',
        );
        const requests = (level === 'quick' ? through.slice(0, 1) : through).map((caller) => {
          const body =
            baselines.get(op.key) ?? (op.body ? sample(op.body.schema, '', known) : undefined);
          const url = urlOf(
            op,
            Object.fromEntries(
              op.pathParams.map((p) => [
                p.name,
                documents
                  ? String(known.$agentTourist)
                  : // The trip the writes changed, whose packs now carry what they stored.
                    op.path.endsWith('/travel-packs')
                    ? String(known.trip_id)
                    : pathIds(op.path, p.name),
              ]),
            ),
            queryText(baselineQuery(op)),
          );
          const request: FuzzRequest = {
            caller,
            op,
            method: op.method,
            url,
            label: 'read after the writes',
            kind: 'second order',
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            ...(body === undefined ? {} : { payload: toJson(body) }),
            csrf: 'valid',
          };
          return request;
        });
        const sessions = new Map<Caller, Session>();
        for (const caller of through) sessions.set(caller, await sessionOf(caller));
        const other = await sessionOf('admin');
        await pool(requests, (request) =>
          send(request, sessions.get(request.caller)!, other, tally),
        );
      }

      // The docs pages are static files: traversal out of their folder answers no file.
      for (const url of [
        '/api/docs/static/..%2f..%2f..%2fpackage.json',
        '/api/docs/static/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/api/docs/static/....//....//etc/passwd',
        '/api/docs/static/%00',
        '/api/docs/%ED%A0%80',
        '/api/docs/json?%zz',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        tally.sent += 1;
        check(`anonymous GET ${url}`, response, tally);
        expect(
          `${url}: ${response.body.includes('"dependencies"') || response.body.includes('root:x:0:0')}`,
        ).toBe(`${url}: false`);
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        [
          `Фаззинг схем (FUZZ_LEVEL=${level}${level === 'part' ? `, FUZZ_PART=${part}` : ''}, ` +
            `FUZZ_SEED=${seed}): ${tally.sent} запросов к ` +
            `${operations.length} операциям от ${CALLERS.length} вызывающих за ${seconds} с`,
          `ответов 5xx: ${tally.serverErrors}, трассировок стека: ${tally.stackTraces}, ` +
            `без заголовков безопасности: ${tally.headerGaps}`,
          `статусы: ${statuses.join(' ')}`,
          `виды: ${[...tally.kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
          `пропущено (${skippedCalls.length}):`,
          ...skippedCalls.map((line) => `  ${line}`),
          ...(tally.problems.length > 0
            ? [`проблемы (${tally.problems.length}):`, printProblems(tally.problems, 200)]
            : []),
        ].join('\n'),
      );
      recordFigures('Фаззинг схем', [
        { name: 'запросов', value: tally.sent },
        { name: 'ответов 5xx', value: tally.serverErrors, safe: 0 },
        { name: 'трассировок стека', value: tally.stackTraces, safe: 0 },
        { name: 'без заголовков безопасности', value: tally.headerGaps, safe: 0 },
      ]);
      expect(printProblems(tally.problems)).toBe('');
    },
    level === 'quick' ? 180_000 : 1_800_000,
  );
});

// What the fuzzing found, each answered a 500 before its fix.
describe('the inputs the fuzzing found', () => {
  async function as(caller: Caller, method: 'GET' | 'POST', url: string, payload?: string) {
    const session = await sessionOf(caller);
    const response = await app.inject({
      method,
      url,
      headers: {
        cookie: session.cookie,
        'x-xsrf-token': session.csrf,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const tally = newTally();
    check(`${caller} ${method} ${url}`, response, tally);
    expect(printProblems(tally.problems)).toBe('');
    return response;
  }

  async function jsonHeaders(caller: Caller) {
    const session = await sessionOf(caller);
    return {
      cookie: session.cookie,
      'x-xsrf-token': session.csrf,
      'content-type': 'application/json',
    };
  }

  it('an unknown field named like what every object inherits is an unknown field', async () => {
    // The field errors were an object: `__proto__`, `constructor` or `toString` named its
    // prototype or an inherited function, and building the 422 failed (a 500 without envelope).
    const query = await as('admin', 'GET', '/api/admin/users?__proto__=1&constructor=1');
    expect(query.statusCode).toBe(422);
    expect(query.json()).toEqual({
      code: 0,
      message: 'Проверьте правильность заполнения полей',
      errors: { ['__proto__']: ['Неизвестное поле'], constructor: ['Неизвестное поле'] },
    });
    const body = await as(
      'admin',
      'POST',
      '/api/admin/users',
      '{"full_name":"Фаззинг","toString":1,"hasOwnProperty":1}',
    );
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({
      toString: ['Неизвестное поле'],
      hasOwnProperty: ['Неизвестное поле'],
    });
  });

  it('a date of the year 0000 is no date (PostgreSQL reads none), in a query and in a body', async () => {
    const query = await as('admin', 'GET', '/api/admin/trips?from=0000-01-01');
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ from: ['Неверная дата'] });
    const before = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const body = await as(
      'sales_manager',
      'POST',
      '/api/admin/users',
      '{"full_name":"Фаззинг","passport_issued_at":"0000-01-01"}',
    );
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ passport_issued_at: ['Неверная дата'] });
    const after = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // The year 1 and the year 9999 are days PostgreSQL keeps.
    const first = await as('admin', 'GET', '/api/admin/trips?from=0001-01-01&to=9999-12-31');
    expect(first.statusCode).toBe(200);
  });

  it('a lone surrogate is refused in every text like U+0000, a surrogate pair is kept', async () => {
    // "\ud800" is valid JSON but no character: PostgreSQL's json refused it, so every write
    // that records a change (audit_log) or keeps a list (itinerary, booking details) was a 500.
    const lone = 'Недопустимый символ (непарный суррогат UTF-16)';
    const guest = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: {
        cookie: guestCookie,
        'x-xsrf-token': guestCsrf,
        'content-type': 'application/json',
      },
      payload: '{"login":"a\\ud800b@test.example","password":"whatever-password"}',
    });
    expect(guest.statusCode).toBe(422);
    expect(guest.json().errors).toEqual({ login: [lone] });
    const tour = (baselines.get('PUT /api/admin/tour/{id}') ?? {}) as Record<string, unknown>;
    const itinerary = [{ title: 'День \udfff', description: '' }];
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/tour/${String(known.$tour)}`,
      headers: await jsonHeaders('admin'),
      payload: JSON.stringify({ ...tour, itinerary }),
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ 'itinerary.0.title': [lone] });
    // A key holding one is reported on its object, the key itself never echoed.
    const key = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: await jsonHeaders('admin'),
      payload: '{"full_name":"Фаззинг","extra":{"\\udc00":1}}',
    });
    expect(key.json().errors).toEqual({ extra: [lone] });
    // A pair is a character (an emoji), kept as sent.
    const emoji = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: await jsonHeaders('admin'),
      payload: JSON.stringify({ full_name: 'Фаззинг 😀 𝕏' }),
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().data.full_name).toBe('Фаззинг 😀 𝕏');
  });

  it('format date: a real day of the years 1 to 9999', () => {
    expect(['0001-01-01', '2024-02-29', '2000-02-29', '9999-12-31'].filter(isDate)).toEqual([
      '0001-01-01',
      '2024-02-29',
      '2000-02-29',
      '9999-12-31',
    ]);
    const refused = ['0000-01-01', '2023-02-29', '1900-02-29', '2024-13-01', '2024-04-31'];
    expect(refused.filter(isDate)).toEqual([]);
    expect(
      ['2024-1-1', '2024-01-01T00:00:00Z', '+02024-01-01', ' 2024-01-01'].filter(isDate),
    ).toEqual([]);
  });

  it('a rates file dated 01.01.0000 is a bad date, not a 500', async () => {
    const session = await sessionOf('accountant');
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/currency-rates/import',
      headers: {
        cookie: session.cookie,
        'x-xsrf-token': session.csrf,
        'content-type': 'application/xml',
      },
      payload:
        '<CurrencyRates Date="01.01.0000"><Currency ISOCode="USD"><Nominal>1</Nominal>' +
        '<Value>87,45</Value></Currency></CurrencyRates>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      file: ['Дата курсов в файле должна быть настоящей датой в виде ДД.ММ.ГГГГ'],
    });
  });
});
