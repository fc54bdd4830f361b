import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { RequestQuotesTable } from '../../db/schema';

// A request's quotes (migration request-quotes). Every function takes `db` or a transaction
// first: the route handler decides which.

/** The id the next quote will have: its paper's subject names it before the row is written. */
export async function nextQuoteId(trx: Db): Promise<number> {
  const { rows } = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence('request_quotes', 'id')) as id`.execute(trx);
  return Number(rows[0]!.id);
}

export async function insertQuote(trx: Db, values: Insertable<RequestQuotesTable>) {
  await trx.insertInto('request_quotes').values(values).execute();
}

const QUOTE_COLUMNS = [
  'q.id',
  'q.request_id',
  'q.costing_id',
  'q.version',
  'q.group_size',
  'q.occupancy',
  'q.price',
  'q.currency',
  'q.included',
  'q.not_included',
  sql<string | null>`q.valid_until::text`.as('valid_until'),
  'q.paper_number',
  sql<string>`q.issued_on::text`.as('issued_on'),
  'q.sent_at',
  'q.created_at',
  'q.created_by',
  'c.title as costing_title',
  'c.rows as costing_rows',
  'c.lines as costing_lines',
  'c.body as costing_body',
  'u.full_name as created_by_name',
  'u.email as created_by_email',
  'u.phone as created_by_phone',
] as const;

function quotes(db: Db) {
  return db
    .selectFrom('request_quotes as q')
    .innerJoin('costings as c', 'c.id', 'q.costing_id')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .select(QUOTE_COLUMNS);
}

/** The request's current quote: its latest. */
export function latestQuote(db: Db, requestId: number) {
  return quotes(db)
    .where('q.request_id', '=', requestId)
    .orderBy('q.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findQuote(db: Db, id: number) {
  return quotes(db).where('q.id', '=', id).executeTakeFirst();
}

export type QuoteRow = NonNullable<Awaited<ReturnType<typeof findQuote>>>;

export async function markSent(trx: Db, id: number, at: Date) {
  await trx.updateTable('request_quotes').set({ sent_at: at }).where('id', '=', id).execute();
}

/** The currency of a trip, or undefined without one. */
export async function tripCurrency(trx: Db, id: number): Promise<string | undefined> {
  const row = await trx
    .selectFrom('trips')
    .select('currency')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.currency;
}

/** What the quote's paper says of the request (its contact, dates, people, wishes). */
export function requestForPaper(db: Db, id: number) {
  return db
    .selectFrom('requests')
    .select([
      'id',
      'contact_name',
      'email',
      'phone',
      sql<string | null>`date_from::text`.as('date_from'),
      sql<string | null>`date_to::text`.as('date_to'),
      'adults',
      'children',
      'comment',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
