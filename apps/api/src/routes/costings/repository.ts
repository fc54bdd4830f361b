import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { executePrepared } from '../../db/prepared';

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

/**
 * Every price a costing's lines may need, in one statement: the room prices (SGL, DBL, TWN) and
 * the cars of their suppliers and services whose seasons meet the costing's days, and the
 * prices picked by id. The lines then pick theirs in memory (a 60-line costing is one round trip).
 */
export function pricesFor(
  db: Db,
  wanted: {
    /** supplier id, service (lower case), kind. */
    services: { supplier_id: number; service: string; kind: 'hotel' | 'transfer' }[];
    ids: number[];
    from: string;
    to: string;
  },
) {
  // One SQL text whatever the lines (arrays as parameters): a prepared statement, planned once
  // per connection; each half found by its index (the prices by id, the services by supplier).
  const prices = () =>
    db
      .selectFrom('supplier_prices as p')
      .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
      .select([...PRICE_COLUMNS, 'p.supplier_id', 'p.meal_plan']);
  return executePrepared(
    db,
    prices()
      .where('p.id', '=', sql<number>`any(${wanted.ids}::bigint[])`)
      .union(
        prices()
          .where(
            sql`(p.supplier_id, p.kind, lower(p.service))`,
            'in',
            sql`(select * from unnest(${wanted.services.map((row) => row.supplier_id)}::bigint[], ${wanted.services.map((row) => row.kind)}::text[], ${wanted.services.map((row) => row.service)}::text[]))`,
          )
          .where('p.valid_from', '<=', wanted.to)
          .where('p.valid_to', '>=', wanted.from),
      )
      .orderBy('valid_from')
      .orderBy('capacity')
      .orderBy('id'),
  );
}

export type PriceRow = Awaited<ReturnType<typeof pricesFor>>[number];

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
      created_by: values.created_by,
    })
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
