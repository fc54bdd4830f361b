import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Db } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { containing } from '../../lib/search';
import { BUSINESS_TIME_ZONE } from '../../domain/business-day';
import { dayStart, transactionsOfIds, transactionsWithNames } from '../../domain/ledger/wallets';
import type { OperationFilters } from '@tour/core/contract/ledger';

// Every function takes `db` or a transaction first: the route handler decides which.

export interface OperationScope extends OperationFilters {
  /** False: operations touching a company wallet are left out (no allow_site_wallets). */
  withSite: boolean;
  /** Only pending operations (the waitings). */
  pendingOnly?: boolean;
}

/** The business day `day` (YYYY-MM-DD) begins at this moment (Bishkek). */
const businessDayStart = (day: string) => dayStart(day, BUSINESS_TIME_ZONE);

/** The ids of a trip's bookings (bookings_trip_idx). */
const bookingsOf = (trip: number) => sql`(select b.id from bookings b where b.trip_id = ${trip})`;

/** The operations as each branch reads them: `transactions as t`. */
type Operations = ExpressionBuilder<Database & { t: Database['transactions'] }, 't'>;

function matching(scope: OperationScope) {
  return (eb: Operations): Expression<SqlBool> => {
    const where: Expression<SqlBool>[] = [];
    const and = (condition: Expression<SqlBool>) => where.push(condition);
    if (!scope.withSite) {
      const siteWallets = sql`(select id from wallets where type = 'site')`;
      and(sql<SqlBool>`t.wallet_id not in ${siteWallets}`);
      and(sql<SqlBool>`(t.target_wallet_id is null or t.target_wallet_id not in ${siteWallets})`);
    }
    if (scope.owner !== undefined && scope.wallet !== undefined) {
      const owned = sql`(select id from wallets where user_id = ${scope.owner})`;
      and(sql<SqlBool>`(t.wallet_id in ${owned} or t.target_wallet_id in ${owned})`);
    }
    if (scope.pendingOnly) and(eb('t.status', '=', 'pending'));
    if (scope.type !== undefined) and(eb('t.type', '=', scope.type));
    if (scope.status !== undefined) and(eb('t.status', '=', scope.status));
    if (scope.trip !== undefined) {
      // A supplier payment is the trip's through its booking. (Alone, the trip is two branches
      // instead: see `branches`.)
      and(sql<SqlBool>`(t.trip_id = ${scope.trip} or t.booking_id in ${bookingsOf(scope.trip)})`);
    }
    if (scope.category !== undefined) and(eb('t.category', '=', scope.category));
    if (scope.administrative) and(eb('t.category', 'is not', null));
    if (scope.from !== undefined) and(eb('t.created_at', '>=', businessDayStart(scope.from)));
    if (scope.to !== undefined) {
      and(eb('t.created_at', '<', sql<Date>`${businessDayStart(scope.to)} + interval '1 day'`));
    }
    const term = scope.search?.trim();
    if (term) and(eb(eb.fn('lower', ['t.comment']), 'like', containing(term)));
    return eb.and(where);
  };
}

/**
 * The filtered operations as disjoint branches, each one index's reach. A wallet: its own
 * operations (transactions_wallet_idx) and the transfers it receives from other wallets
 * (transactions_target_idx), never an OR that reads the whole table. An owner: the same for the
 * owner's wallets, a transfer between two of them once. Both indexes carry type, status, currency
 * and amount: a busy wallet's totals never read the table's rows. A trip: its own operations
 * (transactions_trip_idx, which carries them too) and the payments of its bookings that are not
 * (transactions_booking_idx), where the OR of the two read all of the table for every request
 * (a seq scan of a million operations for the totals, a walk of the primary key for the page).
 * Otherwise the whole table.
 */
function branches(db: Db, scope: OperationScope) {
  const from = () => db.selectFrom('transactions as t').where(matching(scope));
  if (scope.wallet !== undefined) {
    const wallet = scope.wallet;
    return [
      from().where('t.wallet_id', '=', wallet),
      from().where('t.target_wallet_id', '=', wallet).where('t.wallet_id', '<>', wallet),
    ];
  }
  if (scope.owner !== undefined) {
    const owned = sql<number>`(select id from wallets where user_id = ${scope.owner})`;
    return [
      from().where(sql<SqlBool>`t.wallet_id in ${owned}`),
      from()
        .where(sql<SqlBool>`t.target_wallet_id in ${owned}`)
        .where(sql<SqlBool>`t.wallet_id not in ${owned}`),
    ];
  }
  if (scope.trip !== undefined) {
    const trip = scope.trip;
    const of = () =>
      db.selectFrom('transactions as t').where(matching({ ...scope, trip: undefined }));
    return [
      of().where('t.trip_id', '=', trip),
      of()
        .where(sql<SqlBool>`t.booking_id in ${bookingsOf(trip)}`)
        .where(sql<SqlBool>`(t.trip_id is null or t.trip_id <> ${trip})`),
    ];
  }
  return [from()];
}

/**
 * The ids of a page of the operations the filters find: newest first, or oldest first. Each
 * branch stops at the page's end in id order; the page is cut from their merge. With them, in the
 * same statement, the ledger's generation (ledgerGeneration): what the page's totals are
 * remembered under, read without a query of its own.
 */
export async function operationPageIds(
  db: Db,
  scope: OperationScope,
  limit: number,
  offset: number,
  order: 'asc' | 'desc' = 'desc',
  /** Newest first only: the operations older than this one (a keyset, for the export's batches). */
  before?: number,
): Promise<{ ids: number[]; generation: bigint }> {
  const parts = branches(db, scope).map((branch) =>
    branch
      .select('t.id')
      .$if(before !== undefined, (query) => query.where('t.id', '<', before!))
      .orderBy('t.id', order)
      .limit(offset + limit),
  );
  const [first, ...rest] = parts.map((part, i) =>
    db.selectFrom(part.as(`b${i}`)).select(`b${i}.id` as 'b0.id'),
  );
  const merged = rest.reduce((all, part) => all.unionAll(part), first!);
  const ids = db
    .selectFrom(merged.as('m'))
    .select('m.id')
    .orderBy('m.id', order)
    .limit(limit)
    .offset(offset);
  const rows = await executePrepared(
    db,
    sql<{ ids: number[]; generation: string | number }>`
      select array(${ids}) as ids, (select last_value from ledger_generation) as generation`,
  );
  return { ids: rows[0]!.ids.map(Number), generation: BigInt(rows[0]!.generation) };
}

/**
 * A page of the operations the filters find (operationPageIds), with the names a list shows. Two
 * statements: the page's ids, planned for the filter's values, then their names by one statement
 * whose plan PostgreSQL keeps (transactionsOfIds).
 */
export async function operationPage(
  db: Db,
  scope: OperationScope,
  limit: number,
  offset: number,
  order: 'asc' | 'desc' = 'desc',
  before?: number,
) {
  const { ids } = await operationPageIds(db, scope, limit, offset, order, before);
  return transactionsOfIds(db, ids, order);
}

/** The sum of one type's amounts among the operations of one status (0 when there are none). */
const sumOf = (type: string, status: string) =>
  sql<string>`coalesce(sum(a.amount) filter (where a.type = ${sql.lit(type)}
    and a.status = ${sql.lit(status)}), 0)`;

/**
 * How many operations the filters find, and their sums per currency (integer minor units), as
 * DESIGN.md 3b has a sum count: the confirmed ones; the pending ones apart; a rejected one in no
 * sum, only in the counts.
 */
export function operationTotals(db: Db, scope: OperationScope) {
  const parts = branches(db, scope).map((branch) =>
    branch.select(['t.currency', 't.type', 't.status', 't.amount']),
  );
  const [first, ...rest] = parts;
  const all = rest.reduce((union, part) => union.unionAll(part), first!);
  return executePrepared(db, totalsSelection(db, all));
}

/** The columns of the operations a total adds up. */
export type OperationAmounts = SelectQueryBuilder<
  Database & { t: Database['transactions'] },
  't',
  Pick<Selectable<Database['transactions']>, 'currency' | 'type' | 'status' | 'amount'>
>;

/** The operations `all` selects, summed per currency as operationTotals has it. */
export function totalsSelection(db: Db, all: OperationAmounts) {
  return db
    .selectFrom(all.as('a'))
    .select((eb) => [
      'a.currency',
      eb.fn.countAll<string>().as('count'),
      sql<string>`count(*) filter (where a.status = 'confirmed')`.as('confirmed_count'),
      sumOf('income', 'confirmed').as('income'),
      sumOf('outcome', 'confirmed').as('outcome'),
      sumOf('transfer', 'confirmed').as('transfer'),
      sql<string>`count(*) filter (where a.status = 'pending')`.as('pending_count'),
      sumOf('income', 'pending').as('pending_income'),
      sumOf('outcome', 'pending').as('pending_outcome'),
      sumOf('transfer', 'pending').as('pending_transfer'),
      sql<string>`count(*) filter (where a.status = 'rejected')`.as('rejected_count'),
    ])
    .groupBy('a.currency')
    .orderBy('a.currency');
}

export async function countOperations(db: Db, scope: OperationScope): Promise<number> {
  let total = 0;
  for (const branch of branches(db, scope)) {
    const row = await branch
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    total += Number(row.count);
  }
  return total;
}

/**
 * The signed-in user's own pending operations, oldest first: those it recorded and those that move
 * its own wallets (a payment into its deposit), each once, at most `limit`.
 */
export function ownPending(db: Db, userId: number, limit: number) {
  const own = sql<number>`(select id from wallets where user_id = ${userId})`;
  const ids = db
    .selectFrom('transactions as t')
    .select('t.id')
    .where('t.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('t.created_by', '=', userId),
        sql<SqlBool>`t.wallet_id in ${own}`,
        sql<SqlBool>`t.target_wallet_id in ${own}`,
      ]),
    )
    .orderBy('t.id', 'asc')
    .limit(limit);
  return transactionsWithNames(db, ids as never, 'asc');
}

/**
 * The month's confirmed administrative operations by category and currency, by when they were
 * confirmed (Bishkek months): what came in, what went out, how many.
 */
export function categoryMonthTotals(db: Db, month: string) {
  const start = businessDayStart(`${month}-01`);
  return db
    .selectFrom('transactions as t')
    .select((eb) => [
      't.category',
      't.currency',
      eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(t.amount) filter (where t.type = 'income'), 0)`.as('income'),
      sql<string>`coalesce(sum(t.amount) filter (where t.type <> 'income'), 0)`.as('outcome'),
    ])
    .where('t.category', 'is not', null)
    .where('t.status', '=', 'confirmed')
    .where('t.confirmed_at', '>=', start)
    .where('t.confirmed_at', '<', sql<Date>`${start} + interval '1 month'`)
    .groupBy(['t.category', 't.currency'])
    .orderBy('t.category')
    .orderBy('t.currency')
    .execute();
}

export function participantOfTrip(db: Db, tripId: number, participantId: number) {
  return db
    .selectFrom('trip_participants')
    .select(['id', 'user_id'])
    .where('id', '=', participantId)
    .where('trip_id', '=', tripId)
    .executeTakeFirst();
}

export function tripExists(db: Db, tripId: number) {
  return db.selectFrom('trips').select('id').where('id', '=', tripId).executeTakeFirst();
}

export function categories(db: Db) {
  return db
    .selectFrom('operation_categories')
    .select(['name', 'builtin'])
    .orderBy('builtin', 'desc')
    .orderBy('name')
    .execute();
}

export function categoryExists(db: Db, name: string) {
  return db
    .selectFrom('operation_categories')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertCategory(db: Db, name: string, createdBy: number) {
  const row = await db
    .insertInto('operation_categories')
    .values({ name, created_by: createdBy })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

export function ledgerSettingWithAuthor(db: Db, name: string) {
  return db
    .selectFrom('ledger_settings as s')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select(['s.value', 's.updated_at', 'u.full_name as updated_by_name'])
    .where('s.name', '=', name)
    .executeTakeFirst();
}

/** Stores a setting; returns the value it had (undefined: none). Locks the row meanwhile. */
export async function saveLedgerSetting(
  trx: Db,
  name: string,
  value: unknown,
  updatedBy: number,
): Promise<unknown> {
  const before = await trx
    .selectFrom('ledger_settings')
    .select('value')
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto('ledger_settings')
    .values({ name, value: JSON.stringify(value), updated_by: updatedBy })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        value: JSON.stringify(value),
        updated_by: updatedBy,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  return before?.value;
}

/** Whether an operation moves money of a company wallet (either side). */
export async function touchesSiteWallet(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('transactions as t')
    .innerJoin('wallets as w', (join) =>
      join.on((eb) =>
        eb.or([
          eb('w.id', '=', eb.ref('t.wallet_id')),
          eb('w.id', '=', eb.ref('t.target_wallet_id')),
        ]),
      ),
    )
    .select('t.id')
    .where('t.id', '=', id)
    .where('w.type', '=', 'site')
    .executeTakeFirst();
  return row !== undefined;
}
