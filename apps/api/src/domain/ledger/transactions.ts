import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Currency } from '@tour/core';
import type { Db } from '../../db/database';
import type { TransactionsTable } from '../../db/schema';
import { transactionsWithNames } from './wallets';

// Every function takes `db` or a transaction first: the route handler decides which.

/**
 * The company wallets money may arrive in (DESIGN.md 3b: a cash desk or a bank account): by
 * currency, the cash desks first, then the oldest first; only those of `currency` when given.
 */
export function arrivalWallets(db: Db, currency?: Currency) {
  return db
    .selectFrom('wallets')
    .select(['id', 'name', 'currency', 'kind'])
    .where('type', '=', 'site')
    .$if(currency !== undefined, (query) => query.where('currency', '=', currency!))
    .orderBy('currency')
    .orderBy(sql`coalesce(kind = 'cash', false)`, 'desc')
    .orderBy('id')
    .execute();
}

/** Operations by id with the names a list shows (newest first); one statement text for any ids. */
export function findTransactions(db: Db, ids: number[]) {
  return transactionsWithNames(
    db,
    db
      .selectFrom('transactions')
      .select('id')
      .where(sql<SqlBool>`id = any(${ids}::bigint[])`),
  );
}

/** One operation with the names a list shows. */
export async function findTransaction(db: Db, id: number) {
  const rows = await transactionsWithNames(
    db,
    db.selectFrom('transactions').select('id').where('id', '=', id),
  );
  return rows[0];
}

// The SQL of recordMovement (movements.ts), the one way money moves.

/**
 * Locks wallet rows FOR UPDATE in the order of `ids` (ascending: the caller sorts them; the sort
 * runs below the lock, so the rows are locked in that order).
 */
export function lockWalletRows(trx: Db, ids: number[]) {
  return trx
    .selectFrom('wallets')
    .select(['id', 'name', 'type', 'user_id', 'currency', 'balance'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The operation a user recorded with an idempotency key, if any. */
export function operationByKey(trx: Db, createdBy: number, key: string) {
  return trx
    .selectFrom('transactions')
    .select(['id', 'request_hash'])
    .where('created_by', '=', createdBy)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Inserts an operation; undefined when the user's idempotency key is already taken (the unique
 * index transactions_idempotency decides, even between concurrent twins).
 */
export function insertPendingOperation(
  trx: Db,
  values: Insertable<TransactionsTable> & { status: 'pending' },
) {
  return trx
    .insertInto('transactions')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['created_by', 'idempotency_key'])
        .where('idempotency_key', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
}

/**
 * The wallets, amounts and state of an operation, with the four-eyes setting (null: not stored,
 * on); with `forUpdate`, its row locked until the end.
 */
export function operationForConfirmation(
  trx: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  let query = trx
    .selectFrom('transactions')
    .select([
      'id',
      'type',
      'status',
      'wallet_id',
      'amount',
      'target_wallet_id',
      'target_amount',
      'created_by',
      (eb) =>
        eb
          .selectFrom('ledger_settings')
          .select(sql<boolean | null>`(value = 'true'::jsonb)`.as('v'))
          .where('name', '=', 'four_eyes')
          .$asScalar()
          .as('four_eyes'),
    ])
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Moves locked wallets' balances by their deltas in minor units, in one statement (the table's
 * check refuses below zero).
 */
export async function moveBalances(
  trx: Db,
  moves: [walletId: number, delta: number][],
): Promise<void> {
  const values = sql.join(moves.map(([id, delta]) => sql`(${id}::bigint, ${delta}::bigint)`));
  await sql`update wallets w set balance = w.balance + v.delta
    from (values ${values}) as v(id, delta) where w.id = v.id`.execute(trx);
}

/** Confirms the operation if still pending (taking its row lock); false when it was not. */
export async function markConfirmed(
  trx: Db,
  id: number,
  confirmedBy: number,
  at?: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('transactions')
    .set({ status: 'confirmed', confirmed_by: confirmedBy, confirmed_at: at ?? sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markRejected(
  trx: Db,
  id: number,
  rejectedBy: number,
  reason: string,
  at?: Date,
): Promise<void> {
  await trx
    .updateTable('transactions')
    .set({
      status: 'rejected',
      confirmed_by: rejectedBy,
      confirmed_at: at ?? sql`now()`,
      rejection_reason: reason,
    })
    .where('id', '=', id)
    .execute();
}

/** What a reversal copies of an operation; with `forUpdate`, its row locked until the end. */
export function operationToReverse(trx: Db, id: number, options: { forUpdate?: boolean } = {}) {
  let query = trx
    .selectFrom('transactions as t')
    .leftJoin('wallets as tw', 'tw.id', 't.target_wallet_id')
    .select([
      't.id',
      't.type',
      't.status',
      't.wallet_id',
      't.amount',
      't.currency',
      't.target_wallet_id',
      't.target_amount',
      'tw.currency as target_currency',
      't.rate',
      't.rate_numerator',
      't.rate_denominator',
      't.rate_date',
      't.reverses_id',
      't.trip_id',
      't.participant_id',
      't.booking_id',
      't.category',
    ])
    .where('t.id', '=', id);
  if (options.forUpdate) query = query.forUpdate('t');
  return query.executeTakeFirst();
}

/** The reversal of an operation that is not rejected, if any. */
export function liveReversalOf(trx: Db, id: number) {
  return trx
    .selectFrom('transactions')
    .select('id')
    .where('reverses_id', '=', id)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
}

/** A setting of the ledger (ledger_settings), if stored. */
export function ledgerSetting(trx: Db, name: string) {
  return trx
    .selectFrom('ledger_settings')
    .select(['value', 'updated_by', 'updated_at'])
    .where('name', '=', name)
    .executeTakeFirst();
}
