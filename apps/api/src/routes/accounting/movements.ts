import { createHash } from 'node:crypto';
import { isCurrency, type Currency } from '@tour/shared';
import type { Db } from '../../db/database';
import { HttpError, validationError } from '../../lib/http-errors';
import * as repo from './repository';

/**
 * The one way money moves (DESIGN.md 3 "Accounting", 1 "API server"). Every operation is recorded
 * here, inside the caller's database transaction, under the row locks of the wallets it touches,
 * taken in ascending id order so that two transfers between the same wallets never deadlock (the
 * listed_transactions triggers then update rows this transaction already holds).
 *
 * Recording never changes a balance: an operation starts `pending`. Only confirmation
 * (confirmMovement, confirm_payment) applies it: it locks the operation's wallets with lockWallets
 * (an operation never changes wallets, a trigger sees to it), checks that no balance goes below
 * zero and moves the balances; no other code writes wallets.balance. Rejection and reversal
 * belong here too when they come.
 */

export type MovementKind = 'income' | 'outcome' | 'transfer';

/** A client's Idempotency-Key and the hash of the request it came with. */
export interface Idempotency {
  key: string;
  requestHash: string;
}

interface MovementBase {
  walletId: number;
  /** In minor units of the wallet's currency; a positive safe integer. */
  amountMinor: number;
  /** The currency the caller converted the amount in: refused unless it is the wallet's. */
  currency: Currency;
  comment?: string | null;
  category?: string | null;
  tripId?: number | null;
  /** A participant's payment or refund (DESIGN.md 3b); its trip is `tripId`. */
  participantId?: number | null;
  bookingId?: number | null;
  createdBy: number;
  /** Null only for callers that are not requests (tools, seeds). */
  idempotency: Idempotency | null;
}

export interface TransferTarget {
  walletId: number;
  /** In minor units of the target's currency (the conversion, ceiled, of the shared code). */
  amountMinor: number;
  currency: Currency;
  /** Units of the target's currency per unit of the source's, as an exact decimal string. */
  rate: string;
}

export type Movement =
  | (MovementBase & { kind: 'income' | 'outcome' })
  | (MovementBase & { kind: 'transfer'; target: TransferTarget });

export interface RecordedMovement {
  /** The transaction row. */
  id: number;
  /** True when the idempotency key had already recorded this request: nothing was written. */
  replayed: boolean;
}

export const MOVEMENT_MESSAGES = {
  walletMissing: 'Кошелёк не найден',
  currencyMismatch: 'Валюта не совпадает с валютой кошелька',
  keyReused: 'Этот ключ Idempotency-Key уже использован для другого запроса',
  operationMissing: 'Операция не найдена',
  alreadyConfirmed: 'Операция уже подтверждена',
  rejected: 'Операция отклонена: подтвердить её нельзя',
  insufficient: 'Недостаточно средств: баланс кошелька не может стать отрицательным',
} as const;

export const IDEMPOTENCY_FIELD = 'Idempotency-Key';

/** A stable hash of a request's meaning (the caller normalises it): what a retry must repeat. */
export function requestHash(normalized: unknown): string {
  return createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
}

export interface LockedWallet {
  id: number;
  type: 'user' | 'site';
  user_id: number | null;
  currency: Currency;
  balance: number;
}

/**
 * Locks wallet rows FOR UPDATE in ascending id order (the sort runs below the lock, so the rows
 * are locked in that order) and returns the ones that exist. Every writer of a balance or of the
 * operations of a wallet goes through here first.
 */
export async function lockWallets(trx: Db, ids: number[]): Promise<Map<number, LockedWallet>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = await repo.lockWalletRows(trx, unique);
  const locked = new Map<number, LockedWallet>();
  for (const row of rows) {
    if (!isCurrency(row.currency))
      throw new RangeError(`Неизвестная валюта в базе: ${row.currency}`);
    locked.set(row.id, { ...row, currency: row.currency });
  }
  return locked;
}

const keyReused = () =>
  new HttpError(422, MOVEMENT_MESSAGES.keyReused, {
    [IDEMPOTENCY_FIELD]: [MOVEMENT_MESSAGES.keyReused],
  });

/**
 * The operation an idempotency key already recorded for this user: its id when the request is
 * the same, 422 when the key came with another request, null when the key is new.
 */
export async function replayOf(
  trx: Db,
  createdBy: number,
  idempotency: Idempotency,
): Promise<number | null> {
  const row = await repo.operationByKey(trx, createdBy, idempotency.key);
  if (!row) return null;
  if (row.request_hash !== idempotency.requestHash) throw keyReused();
  return row.id;
}

function checkWallet(
  wallet: LockedWallet | undefined,
  currency: Currency,
  fields: { wallet: string; currency: string },
): void {
  if (!wallet) throw validationError({ [fields.wallet]: [MOVEMENT_MESSAGES.walletMissing] });
  if (wallet.currency !== currency) {
    throw validationError({ [fields.currency]: [MOVEMENT_MESSAGES.currencyMismatch] });
  }
}

function assertMinorUnits(amount: number, what: string): void {
  // The request's checks come first; reaching here with a bad amount is a bug, not bad input.
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`${what}: ожидалось положительное целое число, получено ${amount}`);
  }
}

/**
 * Records one money movement as a pending operation, inside the caller's transaction. With an
 * idempotency key, a request recorded before (even by a concurrent twin: the unique index
 * transactions_idempotency decides) answers its first operation, with `replayed`.
 */
export async function recordMovement(trx: Db, movement: Movement): Promise<RecordedMovement> {
  assertMinorUnits(movement.amountMinor, 'amountMinor');
  const target = movement.kind === 'transfer' ? movement.target : null;
  if (target) assertMinorUnits(target.amountMinor, 'target.amountMinor');

  const { idempotency, createdBy } = movement;
  if (idempotency) {
    const earlier = await replayOf(trx, createdBy, idempotency);
    if (earlier !== null) return { id: earlier, replayed: true };
  }

  const wallets = await lockWallets(
    trx,
    target ? [movement.walletId, target.walletId] : [movement.walletId],
  );
  checkWallet(wallets.get(movement.walletId), movement.currency, {
    wallet: 'wallet_id',
    currency: 'currency',
  });
  if (target) {
    checkWallet(wallets.get(target.walletId), target.currency, {
      wallet: 'target_wallet_id',
      currency: 'target_currency',
    });
  }

  // A twin that committed first (it held the wallet lock before us) wins: nothing is inserted.
  const inserted = await repo.insertPendingOperation(trx, {
    wallet_id: movement.walletId,
    type: movement.kind,
    amount: movement.amountMinor,
    currency: movement.currency,
    status: 'pending',
    target_wallet_id: target?.walletId ?? null,
    target_amount: target?.amountMinor ?? null,
    rate: target?.rate ?? null,
    trip_id: movement.tripId ?? null,
    booking_id: movement.bookingId ?? null,
    participant_id: movement.participantId ?? null,
    category: movement.category ?? null,
    comment: movement.comment ?? null,
    created_by: createdBy,
    idempotency_key: idempotency?.key ?? null,
    request_hash: idempotency?.requestHash ?? null,
  });
  if (inserted) return { id: inserted.id, replayed: false };

  const twin = idempotency ? await replayOf(trx, createdBy, idempotency) : null;
  if (twin === null) throw new Error('Операция не записана, и записанной с этим ключом нет');
  return { id: twin, replayed: true };
}

/**
 * Confirms a pending operation inside the caller's transaction: an income adds its amount to the
 * wallet, an outcome takes it away, a transfer takes its amount from the source and adds its
 * converted amount to the target. Under the wallets' locks (taken first, in id order, as
 * recordMovement takes them) and then the operation's own, so two confirmations of the same
 * operation apply it once. A balance that would go below zero refuses the whole confirmation.
 */
export async function confirmMovement(trx: Db, id: number, confirmedBy: number): Promise<void> {
  const seen = await repo.operationForConfirmation(trx, id);
  if (!seen) throw new HttpError(404, MOVEMENT_MESSAGES.operationMissing);
  const wallets = await lockWallets(
    trx,
    seen.target_wallet_id === null ? [seen.wallet_id] : [seen.wallet_id, seen.target_wallet_id],
  );
  const operation = (await repo.operationForConfirmation(trx, id, { forUpdate: true }))!;
  if (operation.status === 'confirmed') {
    throw validationError(
      { status: [MOVEMENT_MESSAGES.alreadyConfirmed] },
      MOVEMENT_MESSAGES.alreadyConfirmed,
    );
  }
  if (operation.status === 'rejected') {
    throw validationError({ status: [MOVEMENT_MESSAGES.rejected] }, MOVEMENT_MESSAGES.rejected);
  }

  const moves: [walletId: number, delta: number][] =
    operation.type === 'income'
      ? [[operation.wallet_id, operation.amount]]
      : operation.type === 'outcome'
        ? [[operation.wallet_id, -operation.amount]]
        : [
            [operation.wallet_id, -operation.amount],
            [operation.target_wallet_id!, operation.target_amount!],
          ];
  for (const [walletId, delta] of moves) {
    if (wallets.get(walletId)!.balance + delta < 0) {
      throw validationError(
        { amount: [MOVEMENT_MESSAGES.insufficient] },
        MOVEMENT_MESSAGES.insufficient,
      );
    }
  }
  for (const [walletId, delta] of moves) await repo.moveBalance(trx, walletId, delta);
  await repo.markConfirmed(trx, id, confirmedBy);
}
