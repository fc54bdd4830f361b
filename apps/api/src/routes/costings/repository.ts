import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { latestDayRates, type RateRow } from '../rates/service';

// Every function takes `db` or a transaction first: the route handler decides which.

const PRICE_COLUMNS = [
  'p.id',
  'p.kind',
  'p.service',
  'p.variant',
  'p.capacity',
  'p.unit',
  'p.currency',
  'p.price',
  sql<string>`p.valid_from::text`.as('valid_from'),
  sql<string>`p.valid_to::text`.as('valid_to'),
  's.name as supplier_name',
] as const;

/** What a costing's lines point at: hotel and transfer services, prices by id, and their days. */
export interface WantedPrices {
  /** supplier id, service (lower case), kind. */
  services: { supplier_id: number; service: string; kind: 'hotel' | 'transfer' }[];
  ids: number[];
  from: string;
  to: string;
}

/** A price as the costing reads it (`price` in minor units, seasons as YYYY-MM-DD). */
export interface PriceRow {
  id: number;
  kind: string;
  service: string;
  variant: string | null;
  capacity: number | null;
  unit: string;
  currency: string;
  price: number;
  valid_from: string;
  valid_to: string;
  supplier_name: string;
  supplier_id: number;
  meal_plan: string | null;
}

/**
 * Every price a costing's lines may need, and (given a rate date) the rates of the latest day on
 * or before it, in one statement: the room prices (SGL, DBL, TWN) and the cars of their suppliers
 * and services whose seasons meet the costing's days, and the prices picked by id. Each half comes
 * back as one JSON array (a row of thirteen fields a price cost Node as much as the rest of the
 * query); the lines then pick theirs in memory (a 60-line costing is one round trip).
 */
export async function pricesFor(
  db: Db,
  wanted: WantedPrices,
  rateDate: string | null = null,
): Promise<{ prices: PriceRow[]; rates: RateRow[] }> {
  const [row] = await pricesQuery(
    db,
    wanted.ids,
    wanted.services.map((service) => service.supplier_id),
    wanted.services.map((service) => service.kind),
    wanted.services.map((service) => service.service),
    wanted.from,
    wanted.to,
    rateDate,
  );
  return { prices: row?.prices ?? [], rates: row?.rates ?? [] };
}

// One SQL text whatever the lines (arrays as parameters), built and compiled once: a prepared
// statement, planned once per connection; each half of the prices found by its index (the
// prices by id, the services by supplier), the rates by the primary key.
const pricesQuery = preparedQuery(
  (
    db: Db,
    ids: number[],
    supplierIds: number[],
    kinds: string[],
    services: string[],
    from: string,
    to: string,
    rateDate: string | null,
  ) => {
    const prices = () =>
      db
        .selectFrom('supplier_prices as p')
        .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
        .select([...PRICE_COLUMNS, 'p.supplier_id', 'p.meal_plan']);
    const wanted = prices()
      .where('p.id', '=', sql<number>`any(${ids}::bigint[])`)
      .union(
        prices()
          .where(
            sql`(p.supplier_id, p.kind, lower(p.service))`,
            'in',
            sql`(select * from unnest(${supplierIds}::bigint[], ${kinds}::text[], ${services}::text[]))`,
          )
          .where('p.valid_from', '<=', to)
          .where('p.valid_to', '>=', from),
      );
    // A rate as its exact decimal text (a JSON number would be read as a float).
    const rates = latestDayRates(db, sql<string>`${rateDate}::date`);
    return db.selectNoFrom([
      sql<PriceRow[]>`(select coalesce(json_agg(w order by w.valid_from, w.capacity, w.id), '[]')
        from (${wanted}) w)`.as('prices'),
      sql<RateRow[]>`(select coalesce(json_agg(json_build_object('date', r.date::text,
        'from_currency', r.from_currency, 'to_currency', r.to_currency, 'rate', r.rate::text)
        order by r.from_currency, r.to_currency), '[]') from (${rates}) r)`.as('rates'),
    ]);
  },
  [[], [], [], [], '\u0000from', '\u0000to', '\u0000rateDate'],
);

export type Subject = 'prepared_tour_id' | 'trip_id' | 'request_id';

const TABLES = {
  prepared_tour_id: 'prepared_tours',
  trip_id: 'trips',
  request_id: 'requests',
} as const;

/** The subject's row locked (its versions are numbered one save at a time), or undefined. */
export function lockSubject(db: Db, subject: Subject, id: number) {
  return db
    .selectFrom(TABLES[subject])
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function nextVersion(db: Db, subject: Subject, id: number): Promise<number> {
  const row = await db
    .selectFrom('costings')
    .select((eb) => eb.fn.max('version').as('version'))
    .where(subject, '=', id)
    .executeTakeFirst();
  return Number(row?.version ?? 0) + 1;
}

export async function insertCosting(
  db: Db,
  values: {
    subject: Subject;
    subjectId: number;
    version: number;
    title: string;
    currency: string;
    rate_date: string;
    body: unknown;
    lines: unknown;
    rows: unknown;
    plan_lines: unknown;
    created_by: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('costings')
    .values({
      [values.subject]: values.subjectId,
      version: values.version,
      title: values.title,
      currency: values.currency,
      rate_date: values.rate_date,
      body: JSON.stringify(values.body),
      lines: JSON.stringify(values.lines),
      rows: JSON.stringify(values.rows),
      plan_lines: JSON.stringify(values.plan_lines),
      created_by: values.created_by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A saved version copied, as it was priced, as a trip's version; the copy's id. */
export async function copyCostingToTrip(
  db: Db,
  values: { id: number; trip_id: number; version: number; title: string; created_by: number },
): Promise<number> {
  const { id } = await db
    .insertInto('costings')
    .columns([
      'trip_id',
      'version',
      'title',
      'currency',
      'rate_date',
      'body',
      'lines',
      'rows',
      'plan_lines',
      'created_by',
    ])
    .expression((eb) =>
      eb
        .selectFrom('costings')
        .select([
          sql.lit(values.trip_id).as('trip_id'),
          sql.lit(values.version).as('version'),
          sql<string>`${values.title}::text`.as('title'),
          'currency',
          'rate_date',
          'body',
          'lines',
          'rows',
          'plan_lines',
          sql.lit(values.created_by).as('created_by'),
        ])
        .where('id', '=', values.id),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const COSTING_COLUMNS = [
  'c.id',
  'c.prepared_tour_id',
  'c.trip_id',
  'c.request_id',
  'c.version',
  'c.title',
  'c.currency',
  sql<string>`c.rate_date::text`.as('rate_date'),
  'c.body',
  'c.lines',
  'c.rows',
  'c.created_at',
  'u.full_name as created_by_name',
] as const;

export function findCosting(db: Db, id: number) {
  return db
    .selectFrom('costings as c')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .select(COSTING_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** A subject's versions, newest first. */
export function costingsOf(db: Db, subject: Subject, id: number) {
  return db
    .selectFrom('costings as c')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .select(COSTING_COLUMNS)
    .where(`c.${subject}`, '=', id)
    .orderBy('c.version', 'desc')
    .limit(100)
    .execute();
}

/** The version and cell a trip's price was applied from, with the version's number and title. */
export function appliedCosting(db: Db, tripId: number) {
  return db
    .selectFrom('trip_costings as t')
    .innerJoin('costings as c', 'c.id', 't.costing_id')
    .select(['t.costing_id', 't.group_size', 't.occupancy', 'c.version', 'c.title'])
    .where('t.trip_id', '=', tripId)
    .executeTakeFirst();
}

export async function setAppliedCosting(
  db: Db,
  values: {
    trip_id: number;
    costing_id: number;
    group_size: number;
    occupancy: 'single' | 'double';
    applied_by: number;
  },
): Promise<void> {
  await db
    .insertInto('trip_costings')
    .values({ ...values, applied_at: new Date() })
    .onConflict((oc) =>
      oc.column('trip_id').doUpdateSet({
        costing_id: values.costing_id,
        group_size: values.group_size,
        occupancy: values.occupancy,
        applied_by: values.applied_by,
        applied_at: new Date(),
      }),
    )
    .execute();
}

/**
 * For each trip: its currency, its active participants, and the version its plan follows (the
 * applied one with its cell; none applied, its latest version); a trip without a version is left
 * out.
 */
export function planRowsOf(db: Db, tripIds: number[]) {
  if (tripIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('trips as tr')
    .leftJoin('trip_costings as tc', 'tc.trip_id', 'tr.id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('costings as c')
          .select([
            'c.id',
            'c.version',
            'c.title',
            'c.currency',
            sql<string>`c.rate_date::text`.as('rate_date'),
            'c.body',
            'c.rows',
            'c.plan_lines',
          ])
          .where((w) =>
            w.or([
              w.and([w('tc.costing_id', 'is not', null), w('c.id', '=', w.ref('tc.costing_id'))]),
              w.and([w('tc.costing_id', 'is', null), w('c.trip_id', '=', w.ref('tr.id'))]),
            ]),
          )
          .orderBy('c.version', 'desc')
          .limit(1)
          .as('c'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'tr.id as trip_id',
      'tr.currency as trip_currency',
      eb
        .selectFrom('trip_participants as p')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('p.trip_id', '=', 'tr.id')
        .where('p.status', '<>', 'cancelled')
        .as('active'),
      'tc.group_size as applied_group_size',
      'tc.occupancy as applied_occupancy',
      'c.id as costing_id',
      'c.version',
      'c.title',
      'c.currency',
      'c.rate_date',
      'c.body',
      'c.rows',
      'c.plan_lines',
    ])
    .where('tr.id', 'in', tripIds)
    .execute();
}

export type PlanRow = Awaited<ReturnType<typeof planRowsOf>>[number];

/** The kinds and suppliers of a trip's bookings not cancelled: «уже забронировано». */
export function bookedOf(db: Db, tripId: number) {
  return db
    .selectFrom('bookings')
    .select(['kind', 'supplier_id'])
    .distinct()
    .where('trip_id', '=', tripId)
    .where('status', '<>', 'cancelled')
    .execute();
}
