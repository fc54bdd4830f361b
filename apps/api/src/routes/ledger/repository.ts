import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { containing } from '../../lib/search';
import { BUSINESS_TIME_ZONE } from '../rates/service';
import { transactionsWithNames } from '../wallets/repository';
import type { OperationFilters } from './schemas';

// Every function takes `db` or a transaction first: the route handler decides which.

export interface OperationScope extends OperationFilters {
  /** False: operations touching a company wallet are left out (no allow_site_wallets). */
  withSite: boolean;
  /** Only pending operations (the waitings). */
  pendingOnly?: boolean;
}

/** The business day `day` (YYYY-MM-DD) begins at this moment. */
const dayStart = (day: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}`;

function matching(scope: OperationScope) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the joined aliases t, w, tw
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const where: Expression<SqlBool>[] = [];
    const and = (condition: Expression<SqlBool>) => where.push(condition);
    if (!scope.withSite) {
      and(eb('w.type', '=', 'user'));
      and(eb.or([eb('tw.type', 'is', null), eb('tw.type', '=', 'user')]));
    }
    if (scope.pendingOnly) and(eb('t.status', '=', 'pending'));
    if (scope.wallet !== undefined) {
      and(
        eb.or([eb('t.wallet_id', '=', scope.wallet), eb('t.target_wallet_id', '=', scope.wallet)]),
      );
    }
    if (scope.owner !== undefined) {
      and(eb.or([eb('w.user_id', '=', scope.owner), eb('tw.user_id', '=', scope.owner)]));
    }
    if (scope.type !== undefined) and(eb('t.type', '=', scope.type));
    if (scope.status !== undefined) and(eb('t.status', '=', scope.status));
    if (scope.trip !== undefined) and(eb('t.trip_id', '=', scope.trip));
    if (scope.category !== undefined) and(eb('t.category', '=', scope.category));
    if (scope.from !== undefined) and(eb('t.created_at', '>=', dayStart(scope.from)));
    if (scope.to !== undefined) {
      and(eb('t.created_at', '<', sql<Date>`${dayStart(scope.to)} + interval '1 day'`));
    }
    const term = scope.search?.trim();
    if (term) and(eb(eb.fn('lower', ['t.comment']), 'like', containing(term)));
    return eb.and(where);
  };
}

function filtered(db: Db, scope: OperationScope) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('wallets as w', 'w.id', 't.wallet_id')
    .leftJoin('wallets as tw', 'tw.id', 't.target_wallet_id')
    .where(matching(scope));
}

/** A page of the operations the filters find: newest first, or oldest first (the waitings). */
export function operationPage(
  db: Db,
  scope: OperationScope,
  limit: number,
  offset: number,
  order: 'asc' | 'desc' = 'desc',
) {
  const ids = filtered(db, scope).select('t.id').orderBy('t.id', order).limit(limit).offset(offset);
  return transactionsWithNames(db, ids as never, order);
}

/** How many operations the filters find, and their sums per currency (integer minor units). */
export function operationTotals(db: Db, scope: OperationScope) {
  return filtered(db, scope)
    .select((eb) => [
      't.currency',
      eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(t.amount) filter (where t.type = 'income'), 0)`.as('income'),
      sql<string>`coalesce(sum(t.amount) filter (where t.type = 'outcome'), 0)`.as('outcome'),
      sql<string>`coalesce(sum(t.amount) filter (where t.type = 'transfer'), 0)`.as('transfer'),
    ])
    .groupBy('t.currency')
    .orderBy('t.currency')
    .execute();
}

export function countOperations(db: Db, scope: OperationScope) {
  return filtered(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** The wallet a movement names, with what the access rule and the checks need. */
export function walletForMovement(db: Db, id: number) {
  return db
    .selectFrom('wallets')
    .select(['id', 'type', 'user_id', 'currency', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
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
