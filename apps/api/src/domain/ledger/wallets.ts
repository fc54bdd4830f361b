import { sql, type Compilable, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { OperationBookingLink, OperationParticipantLink, OperationTripLink } from '@tour/core';
import type { Db } from '../../db/database';
import { compiledOnce, executePrepared, executePreparedFirst } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** Which wallets a list may show. */
export interface WalletFilter {
  /** Site (company) wallets too; else user wallets only. */
  withSite: boolean;
  userId?: number;
  walletId?: number;
}

function walletFilter(eb: ExpressionBuilder<Database, 'wallets'>, filter: WalletFilter) {
  const conditions = [];
  if (!filter.withSite) conditions.push(eb('wallets.type', '=', 'user'));
  if (filter.userId !== undefined) conditions.push(eb('wallets.user_id', '=', filter.userId));
  if (filter.walletId !== undefined) conditions.push(eb('wallets.id', '=', filter.walletId));
  return eb.and(conditions);
}

const WALLET_COLUMNS = [
  'w.id',
  'w.type',
  'w.user_id',
  'w.name',
  'w.currency',
  'w.balance',
  'w.kind',
  'u.full_name as user_name',
] as const;

function walletsWithOwner(db: Db) {
  return db
    .selectFrom('wallets as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .select(WALLET_COLUMNS);
}

export type WalletRecord = Awaited<ReturnType<typeof listWallets>>[number];

/**
 * One wallet with how many operations its history lists (kept on its row by triggers, migration
 * wallet-transaction-tally), so a page of that history needs no count of its own.
 */
export function findWallet(db: Db, id: number) {
  return executePreparedFirst(
    db,
    walletsWithOwner(db).select('w.listed_transactions').where('w.id', '=', id),
  );
}

export type WalletWithTally = NonNullable<Awaited<ReturnType<typeof findWallet>>>;

/** Every wallet, by id; company wallets only when allowed. */
export function listWallets(db: Db, filter: Pick<WalletFilter, 'withSite'>) {
  return walletsWithOwner(db)
    .$if(!filter.withSite, (qb) => qb.where('w.type', '=', 'user'))
    .orderBy('w.id')
    .execute();
}

export function walletsOfUser(db: Db, userId: number) {
  return walletsWithOwner(db).where('w.user_id', '=', userId).orderBy('w.id').execute();
}

export function siteWallets(db: Db) {
  return walletsWithOwner(db).where('w.type', '=', 'site').orderBy('w.id').execute();
}

/**
 * One page by id. The page's ids come from an index-only scan of wallets_type_idx,
 * wallets_user_idx or the primary key, so only the page's rows are read and joined.
 */
export function walletPage(db: Db, filter: WalletFilter, limit: number, offset: number) {
  const ids = db
    .selectFrom('wallets')
    .select('wallets.id')
    .where((eb) => walletFilter(eb, filter))
    .orderBy('wallets.id')
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('wallets as w', 'w.id', 'page.id')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .select(WALLET_COLUMNS)
    .orderBy('w.id')
    .execute();
}

export async function countWallets(db: Db, filter: WalletFilter): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => walletFilter(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * One page of a wallet's transactions, newest first: its own and the transfers it receives from
 * other wallets (a transfer to itself is one of its own). Two index-only scans
 * (transactions_wallet_idx; transactions_target_idx, which carries the sender) are disjoint, so a
 * Merge Append in id order stops at the page: no de-duplication and no sort. An OR of the two
 * columns would defeat both indexes.
 */
export function transactionPage(db: Db, walletId: number, limit: number, offset: number) {
  const reach = offset + limit;
  const own = db
    .selectFrom('transactions')
    .select('id')
    .where('wallet_id', '=', walletId)
    .orderBy('id', 'desc')
    .limit(reach);
  const incoming = db
    .selectFrom('transactions')
    .select('id')
    .where('target_wallet_id', '=', walletId)
    .where('wallet_id', '<>', walletId)
    .orderBy('id', 'desc')
    .limit(reach);
  const both = db
    .selectFrom(own.as('own'))
    .select('own.id')
    .unionAll(db.selectFrom(incoming.as('incoming')).select('incoming.id'));
  const page = db
    .selectFrom(both.as('both'))
    .select('both.id')
    .orderBy('both.id', 'desc')
    .limit(limit)
    .offset(offset);
  return transactionsWithNames(db, page);
}

// What an operation `t` is for, named (never a bare id): the trip (a supplier payment's through
// its booking), the participant, the booking and its supplier. Scalar subqueries by primary key.
const linkedTrip = sql<OperationTripLink | null>`(select json_build_object('id', tr.id,
    'title', tr.title, 'starts_on', to_char(tr.starts_on, 'YYYY-MM-DD'),
    'ends_on', to_char(tr.ends_on, 'YYYY-MM-DD'))
  from trips tr
  where tr.id = coalesce(t.trip_id, (select b.trip_id from bookings b where b.id = t.booking_id)))`;
const linkedParticipant = sql<OperationParticipantLink | null>`(select json_build_object('id', p.id,
    'user_id', p.user_id, 'full_name', u.full_name)
  from trip_participants p join users u on u.id = p.user_id
  where p.id = t.participant_id)`;
const linkedBooking = sql<OperationBookingLink | null>`(select json_build_object('id', b.id,
    'kind', b.kind, 'title', b.title, 'supplier_id', b.supplier_id, 'supplier_name', s.name)
  from bookings b left join suppliers s on s.id = b.supplier_id
  where b.id = t.booking_id)`;

/**
 * The transactions whose ids a subquery (a column `id`) selects, newest first, with the names a
 * list shows. The one shape every transaction list and the answer of a new movement share; a
 * prepared statement, as its callers' subqueries have fixed shapes.
 */
export function transactionsWithNames(
  db: Db,
  ids: SelectQueryBuilder<Database, never, { id: number }>,
  order: 'asc' | 'desc' = 'desc',
) {
  return executePrepared(db, withNames(db, ids, order, 'parameter'));
}

/**
 * The transactions of these ids with the names a list shows, as transactionsWithNames has them
 * (the same columns and order), for a caller that read its page's ids first. One statement text
 * whatever found the ids, so PostgreSQL plans it a few times per connection and then keeps a
 * generic plan (every join is by primary key), where a page found and named in one statement
 * was planned afresh on every request (0.6 ms of the server's CPU, as much as running it).
 */
export async function transactionsOfIds(db: Db, ids: number[], order: 'asc' | 'desc' = 'desc') {
  if (ids.length === 0) return [];
  let queries = ofIdsQueries.get(db);
  if (!queries) ofIdsQueries.set(db, (queries = new Map()));
  let query = queries.get(order);
  if (!query) {
    // Built and compiled once per database and order (compiledOnce): the ids are its parameter.
    query = compiledOnce(
      (placeholder: number[]) =>
        withNames(
          db,
          db
            .selectFrom(
              sql<{ id: number }>`(select unnest(${placeholder}::bigint[]) as id)`.as('ids'),
            )
            .select('ids.id') as never,
          order,
          'literal',
        ),
      [[] as number[]],
    );
    queries.set(order, query);
  }
  return executePrepared(db, query(ids));
}
const ofIdsQueries = new WeakMap<
  Db,
  Map<'asc' | 'desc', (ids: number[]) => Compilable<TransactionRecord>>
>();

/**
 * The query of transactionsWithNames. `rejected`: how the live reversal's subquery names the
 * rejected status. As a literal, a generic plan can still read it by transactions_reversed_once
 * (a partial index: status <> 'rejected'); as a parameter, a generic plan could not and would
 * read the whole table once per row, so only a statement that is always planned for its values
 * (transactionsWithNames, whose ids' subquery is part of it) keeps its text as it was.
 */
function withNames(
  db: Db,
  ids: SelectQueryBuilder<Database, never, { id: number }>,
  order: 'asc' | 'desc',
  rejected: 'parameter' | 'literal',
) {
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('transactions as t', 't.id', 'page.id')
    .leftJoin('wallets as tw', 'tw.id', 't.target_wallet_id')
    .select([
      't.id',
      't.wallet_id',
      't.type',
      't.amount',
      't.currency',
      't.status',
      't.target_wallet_id',
      't.target_amount',
      't.rate',
      't.trip_id',
      't.participant_id',
      't.booking_id',
      't.category',
      't.comment',
      't.created_by',
      't.confirmed_by',
      't.created_at',
      't.confirmed_at',
      't.reverses_id',
      't.rejection_reason',
      't.rate_date',
      't.overpayment',
      // The live reversal, by the transactions_reversed_once index.
      (eb) =>
        eb
          .selectFrom('transactions as r')
          .select('r.id')
          .whereRef('r.reverses_id', '=', 't.id')
          .where('r.status', '<>', rejected === 'literal' ? sql.lit('rejected') : 'rejected')
          .$asScalar()
          .as('reversed_by_id'),
      // Names as scalar subqueries, not joins: the planner would weigh every order of five
      // joins on each request (planning cost twice the query's own run time here).
      (eb) =>
        eb
          .selectFrom('wallets as w')
          .select('w.name')
          .whereRef('w.id', '=', 't.wallet_id')
          .$asScalar()
          .$notNull()
          .as('wallet_name'),
      // Whose a user's wallet is: every client has a «Депозит (сом)», so its name alone says
      // nothing in a list of operations (null for a company wallet).
      (eb) =>
        eb
          .selectFrom('wallets as ow')
          .innerJoin('users as o', 'o.id', 'ow.user_id')
          .select('o.full_name')
          .whereRef('ow.id', '=', 't.wallet_id')
          .as('wallet_owner_name'),
      'tw.name as target_wallet_name',
      (eb) =>
        eb
          .selectFrom('users as tu')
          .select('tu.full_name')
          .whereRef('tu.id', '=', 'tw.user_id')
          .as('target_wallet_owner_name'),
      'tw.currency as target_currency',
      (eb) =>
        eb
          .selectFrom('users as cb')
          .select('cb.full_name')
          .whereRef('cb.id', '=', 't.created_by')
          .as('created_by_name'),
      (eb) =>
        eb
          .selectFrom('users as cf')
          .select('cf.full_name')
          .whereRef('cf.id', '=', 't.confirmed_by')
          .as('confirmed_by_name'),
      linkedTrip.as('trip'),
      linkedParticipant.as('participant'),
      linkedBooking.as('booking'),
    ])
    .orderBy('t.id', order);
}

export type TransactionRecord = Awaited<ReturnType<typeof transactionsWithNames>>[number];

/** The wallet's row, locked FOR UPDATE until the transaction ends, with its operations' tally. */
export function lockWallet(trx: Db, id: number) {
  return trx
    .selectFrom('wallets')
    .select(['id', 'type', 'user_id', 'name', 'currency', 'listed_transactions'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface WalletValues {
  type: 'user' | 'site';
  kind: 'cash' | 'bank' | null;
  user_id: number | null;
  name: string;
  currency: string;
}

/** A new wallet; its balance is the column's default, 0 (only confirmations change it). */
export async function insertWallet(trx: Db, values: WalletValues): Promise<number> {
  const { id } = await trx
    .insertInto('wallets')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateWallet(
  trx: Db,
  id: number,
  values: Pick<WalletValues, 'user_id' | 'name' | 'currency' | 'kind'>,
): Promise<void> {
  await trx.updateTable('wallets').set(values).where('id', '=', id).execute();
}

/** The moment a business day (YYYY-MM-DD) begins in `timeZone`. */
export const dayStart = (day: string, timeZone: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${timeZone}`;

/** A period of confirmation moments: [start, end). */
export interface StatementPeriod {
  walletId: number;
  /** The first day, YYYY-MM-DD. */
  from: string;
  /** The day after the last one, YYYY-MM-DD. */
  until: string;
  timeZone: string;
}

/**
 * The sum of a wallet's confirmed movements confirmed before `before` began, in minor units: its
 * own (income +, outcome and transfer out −) plus the transfers it received, each one
 * index-only aggregate over the partial indexes of confirmed operations.
 */
export async function balanceBefore(
  db: Db,
  walletId: number,
  before: string,
  timeZone: string,
): Promise<bigint> {
  const start = dayStart(before, timeZone);
  const { rows } = await sql<{ own: string | null; received: string | null }>`
    select
      (select sum(case when type = 'income' then amount else -amount end)
         from transactions
        where wallet_id = ${walletId} and status = 'confirmed' and confirmed_at < ${start}) as own,
      (select sum(target_amount)
         from transactions
        where target_wallet_id = ${walletId} and status = 'confirmed'
          and confirmed_at < ${start}) as received`.execute(db);
  const row = rows[0];
  return BigInt(row?.own ?? 0) + BigInt(row?.received ?? 0);
}

/**
 * The lines of a period: each confirmed operation of the wallet confirmed within it, with its
 * effect on the wallet in minor units (a transfer to itself, were there one, is two lines). Both
 * halves are index-only range scans of the confirmed operations' indexes.
 */
function periodLines(period: StatementPeriod) {
  const start = dayStart(period.from, period.timeZone);
  const end = dayStart(period.until, period.timeZone);
  return sql`
    select id, confirmed_at, type,
           case when type = 'income' then 'in' else 'out' end as direction,
           case when type = 'income' then amount else -amount end as effect,
           target_wallet_id as counterpart
      from transactions
     where wallet_id = ${period.walletId} and status = 'confirmed'
       and confirmed_at >= ${start} and confirmed_at < ${end}
    union all
    select id, confirmed_at, type, 'in', target_amount, wallet_id
      from transactions
     where target_wallet_id = ${period.walletId} and status = 'confirmed'
       and confirmed_at >= ${start} and confirmed_at < ${end}`;
}

/** How many lines a period has and what came in and went out, in minor units. */
export async function periodTotals(db: Db, period: StatementPeriod) {
  const { rows } = await sql<{ count: number; total_in: string; total_out: string }>`
    select count(*) as count,
           coalesce(sum(effect) filter (where effect > 0), 0) as total_in,
           coalesce(-sum(effect) filter (where effect < 0), 0) as total_out
      from (${periodLines(period)}) as lines`.execute(db);
  const row = rows[0]!;
  return {
    count: Number(row.count),
    totalIn: BigInt(row.total_in),
    totalOut: BigInt(row.total_out),
  };
}

export interface StatementLineRow {
  id: number;
  confirmed_at: Date;
  type: 'income' | 'outcome' | 'transfer';
  direction: 'in' | 'out';
  /** Minor units. */
  effect: number | string;
  /** The sum of the period's effects up to and including this line, minor units. */
  running: string;
  counterpart: number | null;
  counterpart_name: string | null;
  category: string | null;
  comment: string | null;
  trip: OperationTripLink | null;
  participant: OperationParticipantLink | null;
  booking: OperationBookingLink | null;
}

/**
 * A page of a period's lines in confirmation order (the moment, then the id), each with the
 * running sum of the period's effects up to it. The sum is taken before the page is cut, so a
 * later page starts where the one before it ended. The order is the two indexes' own, merged:
 * a page reads the lines up to its end, never the whole period (a wallet never sends a transfer
 * to itself, so no two lines share a moment and an id).
 */
export async function periodPage(
  db: Db,
  period: StatementPeriod,
  limit: number,
  offset: number,
): Promise<StatementLineRow[]> {
  const start = dayStart(period.from, period.timeZone);
  const end = dayStart(period.until, period.timeZone);
  const reach = offset + limit;
  // Each half stops at the page's end in its index's order; the lines before the page are
  // among those, so the running sum and the page are cut from at most twice the reach.
  const { rows } = await sql<StatementLineRow>`
    with lines as (
      (select id, confirmed_at, type,
              case when type = 'income' then 'in' else 'out' end as direction,
              case when type = 'income' then amount else -amount end as effect,
              target_wallet_id as counterpart
         from transactions
        where wallet_id = ${period.walletId} and status = 'confirmed'
          and confirmed_at >= ${start} and confirmed_at < ${end}
        order by confirmed_at, id
        limit ${reach})
      union all
      (select id, confirmed_at, type, 'in', target_amount, wallet_id
         from transactions
        where target_wallet_id = ${period.walletId} and status = 'confirmed'
          and confirmed_at >= ${start} and confirmed_at < ${end}
        order by confirmed_at, id
        limit ${reach})
    ),
    page as (
      select lines.*,
             sum(effect) over (order by confirmed_at, id
                               rows between unbounded preceding and current row) as running
        from lines
       order by confirmed_at, id
       limit ${limit} offset ${offset}
    )
    select page.id, page.confirmed_at, page.type, page.direction, page.effect, page.running,
           page.counterpart, w.name as counterpart_name, t.category, t.comment,
           ${linkedTrip} as trip, ${linkedParticipant} as participant,
           ${linkedBooking} as booking
      from page
      join transactions t on t.id = page.id
      left join wallets w on w.id = page.counterpart
     order by page.confirmed_at, page.id`.execute(db);
  return rows;
}

/** The wallet a movement names, with what the access rule and the checks need. */
export function walletForMovement(db: Db, id: number) {
  return db
    .selectFrom('wallets')
    .select(['id', 'type', 'user_id', 'currency', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
}
