import type { Currency } from '@tour/core';
import type { Db } from '../../db/database';
import type { UserScope } from '../../domain/reach';
import { transactionsWithNames } from '../../domain/ledger/wallets';

// The accounting module's own SQL (the money engine's is in domain/ledger). Every function takes
// `db` or a transaction first: the route handler decides which.

/**
 * The user if within the scope, its row locked until the transaction ends. FOR NO KEY UPDATE:
 * it serialises whatever opens the user's wallets (and saves of the user) without blocking the
 * key-share locks of rows that merely reference the user (its sessions, its operations).
 */
export function lockUserInScope(trx: Db, scope: UserScope, id: number) {
  return trx
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', id)
    .where(scope)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** A wallet of the user (user wallets only), without locking it. */
export function userWallet(trx: Db, userId: number, walletId: number) {
  return trx
    .selectFrom('wallets')
    .select(['id', 'currency'])
    .where('id', '=', walletId)
    .where('type', '=', 'user')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One wallet, with what a payment's destination check needs. */
export function walletOfPayment(trx: Db, walletId: number) {
  return trx
    .selectFrom('wallets')
    .select(['id', 'type', 'user_id', 'currency'])
    .where('id', '=', walletId)
    .executeTakeFirst();
}

/** The user's oldest wallet in a currency, if it has one. */
export function userWalletInCurrency(trx: Db, userId: number, currency: Currency) {
  return trx
    .selectFrom('wallets')
    .select('id')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('type', '=', 'user')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function openUserWallet(
  trx: Db,
  userId: number,
  currency: Currency,
  name: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('wallets')
    .values({ type: 'user', user_id: userId, name, currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The newest operations across a user's wallets, transfers they receive included. Per wallet, two
 * index scans (transactions_wallet_idx, transactions_target_idx) stop after `limit` rows each; a
 * busy wallet's history is never read whole. UNION lists a transfer between two of them once.
 */
export function recentTransactionsOfUser(db: Db, userId: number, limit: number) {
  const own = db
    .selectFrom('wallets as w')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('transactions as t')
          .select('t.id')
          .whereRef('t.wallet_id', '=', 'w.id')
          .orderBy('t.id', 'desc')
          .limit(limit)
          .as('o'),
      (join) => join.onTrue(),
    )
    .select('o.id')
    .where('w.user_id', '=', userId);
  const incoming = db
    .selectFrom('wallets as w')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('transactions as t')
          .select('t.id')
          .whereRef('t.target_wallet_id', '=', 'w.id')
          .orderBy('t.id', 'desc')
          .limit(limit)
          .as('i'),
      (join) => join.onTrue(),
    )
    .select('i.id')
    .where('w.user_id', '=', userId);
  const ids = db
    .selectFrom(own.union(incoming).as('both'))
    .select('both.id')
    .orderBy('both.id', 'desc')
    .limit(limit);
  return transactionsWithNames(db, ids);
}
