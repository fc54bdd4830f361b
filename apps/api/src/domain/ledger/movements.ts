import { createHash } from 'node:crypto';
import {
  can,
  exactRateToString,
  formatAmount,
  fromMinorUnits,
  isCurrency,
  parseDecimal,
  type Currency,
} from '@tour/core';
import { sql, type RawBuilder } from 'kysely';
import { storedCurrency } from '../../lib/currency';
import { enqueuePaymentsConfirmed } from '../messages/payment';
import type { Db } from '../../db/database';
import { HttpError, validationError } from '../../lib/http-errors';
import { recordChanges } from '../history';
import { findUserInScope, userScope, type ScopeViewer } from '../reach';
import * as repo from './transactions';
import { walletForMovement } from './wallets';
import { REASON_MAX_LENGTH } from '@tour/core/contract/ledger';

/**
 * The one way money moves (DESIGN.md 3 "Accounting", 1 "API server"). Every operation is recorded
 * here, inside the caller's database transaction, under the row locks of the wallets it touches,
 * taken in ascending id order so that two transfers between the same wallets never deadlock (the
 * listed_transactions triggers then update rows this transaction already holds).
 *
 * Recording never changes a balance: an operation starts `pending`. Only confirmation
 * (confirmMovement, confirm_payment) applies it: it locks the operation's wallets with lockWallets
 * (an operation never changes wallets, a trigger sees to it), checks that no balance goes below
 * zero and moves the balances; no other code writes wallets.balance. Rejection (rejectMovement)
 * resolves a pending operation without touching a balance; reversal (reverseMovement) records the
 * mirror of a confirmed one, pending like every new movement. A resolved operation is never
 * changed again (the transactions_keep_resolved trigger refuses it).
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
  /** A participant's payment its author recorded knowing it pays more than is due (DESIGN 3b). */
  overpayment?: boolean;
  /** The confirmed operation this one reverses (Сторно). */
  reversesId?: number | null;
  createdBy: number;
  /**
   * When it was recorded: now, unless a tool replays history (the demo data). Requests never set
   * it.
   */
  createdAt?: Date;
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
  /**
   * The rate as the exact fraction the conversion used, when `rate` is not exact (an inverse or
   * cross rate): numerator / denominator, exact decimal strings.
   */
  fraction?: { numerator: string; denominator: string } | null;
  /** The day whose rates the conversion used. */
  rateDate?: string | null;
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

export { REASON_MAX_LENGTH };

export const MOVEMENT_MESSAGES = {
  walletMissing: 'Кошелёк не найден',
  siteWallet: 'Операции с кошельками компании — только с правом allow_site_wallets',
  currencyMismatch: 'Валюта не совпадает с валютой кошелька',
  keyReused: 'Этот ключ Idempotency-Key уже использован для другого запроса',
  operationMissing: 'Операция не найдена',
  alreadyConfirmed: 'Операция уже подтверждена',
  alreadyRejected: 'Операция уже отклонена',
  insufficient: 'Недостаточно средств: баланс кошелька не может стать отрицательным',
  shortfall: (wallet: string, missing: string) =>
    `Недостаточно средств в кошельке «${wallet}»: не хватает ${missing}`,
  fourEyes: 'Подтвердить операцию может только другой сотрудник: эту операцию создали вы',
  reasonRequired: 'Укажите причину',
  reasonTooLong: `Причина — не больше ${REASON_MAX_LENGTH} символов`,
  reverseOnlyConfirmed: 'Сторнировать можно только подтверждённую операцию',
  reverseOfReversal: 'Сторно не сторнируется: запишите новую операцию',
  alreadyReversed: (id: number) => `Операция уже сторнирована (операция №${id})`,
  alreadyReversedShort: 'Операция уже сторнирована',
} as const;

export const IDEMPOTENCY_FIELD = 'Idempotency-Key';

/** Whatever status conflict a resolution meets: the other request resolved it first. */
export const CONFLICT = 409;

/** A stable hash of a request's meaning (the caller normalises it): what a retry must repeat. */
export function requestHash(normalized: unknown): string {
  return createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
}

export interface LockedWallet {
  id: number;
  name: string;
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

/** A rejection's or a reversal's reason: required, trimmed, at most REASON_MAX_LENGTH. */
export function reasonOf(value: unknown, field = 'reason'): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (reason === '') throw validationError({ [field]: [MOVEMENT_MESSAGES.reasonRequired] });
  if (reason.length > REASON_MAX_LENGTH) {
    throw validationError({ [field]: [MOVEMENT_MESSAGES.reasonTooLong] });
  }
  return reason;
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
    rate_numerator: target?.fraction?.numerator ?? null,
    rate_denominator: target?.fraction?.denominator ?? null,
    rate_date: target?.rateDate ?? null,
    reverses_id: movement.reversesId ?? null,
    trip_id: movement.tripId ?? null,
    booking_id: movement.bookingId ?? null,
    participant_id: movement.participantId ?? null,
    overpayment: movement.overpayment ?? false,
    category: movement.category ?? null,
    comment: movement.comment ?? null,
    created_by: createdBy,
    ...(movement.createdAt ? { created_at: movement.createdAt } : {}),
    idempotency_key: idempotency?.key ?? null,
    request_hash: idempotency?.requestHash ?? null,
  });
  if (inserted) {
    await auditOperation(trx, inserted.id, movement.createdBy, 'created', [
      { field: 'type', old: null, new: movement.kind },
      { field: 'wallet_id', old: null, new: movement.walletId },
      { field: 'amount', old: null, new: movement.amountMinor },
      { field: 'currency', old: null, new: movement.currency },
      ...(target
        ? [
            { field: 'target_wallet_id', old: null, new: target.walletId },
            { field: 'target_amount', old: null, new: target.amountMinor },
            { field: 'target_currency', old: null, new: target.currency },
          ]
        : []),
      ...(movement.reversesId
        ? [{ field: 'reverses_id', old: null, new: movement.reversesId }]
        : []),
    ]);
    return { id: inserted.id, replayed: false };
  }

  const twin = idempotency ? await replayOf(trx, createdBy, idempotency) : null;
  if (twin === null) throw new Error('Операция не записана, и записанной с этим ключом нет');
  return { id: twin, replayed: true };
}

/** The four-eyes rule (a ledger setting, on unless turned off): the creator cannot confirm. */
export async function fourEyesOn(trx: Db): Promise<boolean> {
  const row = await repo.ledgerSetting(trx, 'four_eyes');
  return row === undefined || row.value !== false;
}

export interface Resolution {
  /** When it was resolved: now, unless a tool replays history (the demo data). */
  at?: Date;
}

function alreadyResolved(status: 'confirmed' | 'rejected'): HttpError {
  const message =
    status === 'confirmed' ? MOVEMENT_MESSAGES.alreadyConfirmed : MOVEMENT_MESSAGES.alreadyRejected;
  return new HttpError(CONFLICT, message, { status: [message] });
}

/**
 * Confirms a pending operation inside the caller's transaction: an income adds its amount to the
 * wallet, an outcome takes it away, a transfer takes its amount from the source and adds its
 * converted amount to the target. Under the wallets' locks (taken first, in id order, as
 * recordMovement takes them) and then the operation's own, so that of two resolutions of one
 * operation exactly one happens and the other answers 409. With the four-eyes setting on, its
 * creator cannot confirm it (403). A balance that would go below zero refuses the whole
 * confirmation with the shortfall (422).
 */
export async function confirmMovement(
  trx: Db,
  id: number,
  confirmedBy: number,
  options: Resolution = {},
): Promise<void> {
  // Read first without a lock (the wallets an operation moves never change), with the four-eyes
  // setting; then the wallets' locks in id order; then the confirmation itself, which takes the
  // operation's row lock and sees whether a racing resolution came first. Anything refused below
  // throws, and the caller's transaction undoes the confirmation.
  const seen = await repo.operationForConfirmation(trx, id);
  if (!seen) throw new HttpError(404, MOVEMENT_MESSAGES.operationMissing);
  if (seen.status !== 'pending') throw alreadyResolved(seen.status);
  if (seen.created_by === confirmedBy && seen.four_eyes !== false) {
    throw new HttpError(403, MOVEMENT_MESSAGES.fourEyes);
  }
  const wallets = await lockWallets(
    trx,
    seen.target_wallet_id === null ? [seen.wallet_id] : [seen.wallet_id, seen.target_wallet_id],
  );
  if (!(await repo.markConfirmed(trx, id, confirmedBy, options.at))) {
    const now = await repo.operationForConfirmation(trx, id);
    throw alreadyResolved(now!.status as 'confirmed' | 'rejected');
  }

  const operation = seen;
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
    const wallet = wallets.get(walletId)!;
    if (wallet.balance + delta < 0) {
      const missing = formatAmount(
        fromMinorUnits(-(wallet.balance + delta), wallet.currency),
        wallet.currency,
      );
      const message = MOVEMENT_MESSAGES.shortfall(wallet.name, missing);
      throw validationError({ amount: [message] }, message);
    }
  }
  await repo.moveBalances(trx, moves);
  // The tourist told with the confirmation (the outbox); history replayed (demo data) tells no one.
  if (options.at === undefined) await enqueuePaymentsConfirmed(trx, [id]);
  await auditOperation(trx, id, confirmedBy, 'confirmed', [
    { field: 'status', old: 'pending', new: 'confirmed' },
  ]);
}

/** A money movement or its resolution in the audit log, in the caller's transaction. */
function auditOperation(
  trx: Db,
  id: number,
  userId: number,
  action: 'created' | 'confirmed' | 'rejected',
  changes: { field: string; old: unknown; new: unknown }[],
): Promise<void> {
  return recordChanges(trx, [
    {
      record: { type: 'operation', id },
      entity: { type: 'operation', id },
      action,
      changes,
      userId,
    },
  ]);
}

/**
 * Rejects a pending operation with a reason, inside the caller's transaction: no balance changes.
 * Under the operation's lock; an operation already resolved answers 409.
 */
export async function rejectMovement(
  trx: Db,
  id: number,
  rejectedBy: number,
  reason: string,
  options: Resolution = {},
): Promise<void> {
  const operation = await repo.operationForConfirmation(trx, id, { forUpdate: true });
  if (!operation) throw new HttpError(404, MOVEMENT_MESSAGES.operationMissing);
  if (operation.status !== 'pending') throw alreadyResolved(operation.status);
  await repo.markRejected(trx, id, rejectedBy, reason, options.at);
  await auditOperation(trx, id, rejectedBy, 'rejected', [
    { field: 'status', old: 'pending', new: 'rejected' },
    { field: 'reason', old: null, new: reason },
  ]);
}

/**
 * Reverses (Сторно) a confirmed operation: records its mirror, pending, linked to it, with the
 * reason as its comment. An income is reversed by an outcome of the same amount, an outcome by an
 * income, a transfer by a transfer back of exactly its two amounts at the inverse rate; the
 * trip, participant, booking and category links are kept. At most one reversal that is not
 * rejected per operation (the transactions_reversed_once index decides a race): another is 409.
 */
export async function reverseMovement(
  trx: Db,
  id: number,
  reversedBy: number,
  reason: string,
): Promise<RecordedMovement> {
  const seen = await repo.operationToReverse(trx, id);
  if (!seen) throw new HttpError(404, MOVEMENT_MESSAGES.operationMissing);
  // The locks of a confirmation, in its order (wallets, then the operation): two reversals of one
  // operation take turns, and neither deadlocks with a confirmation.
  await lockWallets(
    trx,
    seen.target_wallet_id === null ? [seen.wallet_id] : [seen.wallet_id, seen.target_wallet_id],
  );
  const original = (await repo.operationToReverse(trx, id, { forUpdate: true }))!;
  const refuse = (message: string) => validationError({ status: [message] }, message);
  if (original.status !== 'confirmed') throw refuse(MOVEMENT_MESSAGES.reverseOnlyConfirmed);
  if (original.reverses_id !== null) throw refuse(MOVEMENT_MESSAGES.reverseOfReversal);
  const existing = await repo.liveReversalOf(trx, id);
  if (existing) {
    throw new HttpError(CONFLICT, MOVEMENT_MESSAGES.alreadyReversed(existing.id));
  }
  const currency = storedCurrency(original.currency);
  const base = {
    walletId: original.wallet_id,
    amountMinor: original.amount,
    currency,
    comment: reason,
    category: original.category,
    tripId: original.trip_id,
    participantId: original.participant_id,
    bookingId: original.booking_id,
    reversesId: id,
    createdBy: reversedBy,
    idempotency: null,
  };
  let movement: Movement;
  if (original.type === 'transfer') {
    const numerator = original.rate_numerator ?? original.rate!;
    const denominator = original.rate_denominator ?? '1';
    movement = {
      ...base,
      kind: 'transfer',
      walletId: original.target_wallet_id!,
      amountMinor: original.target_amount!,
      currency: storedCurrency(original.target_currency!),
      target: {
        walletId: original.wallet_id,
        amountMinor: original.amount,
        currency,
        rate: exactRateToString({
          numerator: parseDecimal(denominator)!,
          denominator: parseDecimal(numerator)!,
        }),
        fraction: { numerator: denominator, denominator: numerator },
        rateDate: original.rate_date,
      },
    };
  } else {
    movement = { ...base, kind: original.type === 'income' ? 'outcome' : 'income' };
  }
  try {
    return await recordMovement(trx, movement);
  } catch (error) {
    // Only a writer that skipped the locks above could get here first.
    if ((error as { constraint?: unknown }).constraint === 'transactions_reversed_once') {
      throw new HttpError(CONFLICT, MOVEMENT_MESSAGES.alreadyReversedShort);
    }
    throw error;
  }
}

/** Operations chosen by a query of their ids (a tool's bulk work: the bench's million rows). */
export type OperationIds = RawBuilder<unknown>;

/**
 * Confirms, in one statement, every pending operation among `ids`: the same rules as
 * confirmMovement, set-based, for tools that replay a ledger in bulk (the bench). The wallets
 * they touch are locked first in id order, then the operations; each wallet moves by the sum of
 * its operations' effects, and a balance that would end below zero refuses the whole batch
 * (the wallets table's check), as does an operation its confirmer created while the four-eyes
 * rule is on. `at: 'recorded'` dates each confirmation at its recording (history replayed).
 * Returns how many were confirmed.
 */
export async function confirmInBulk(
  trx: Db,
  ids: OperationIds,
  confirmedBy: number,
  options: { at?: 'recorded' } = {},
): Promise<number> {
  await sql`select id from wallets where id in (
      select wallet_id from transactions where id in (${ids}) and status = 'pending'
      union
      select target_wallet_id from transactions
       where id in (${ids}) and status = 'pending' and target_wallet_id is not null)
    order by id for update`.execute(trx);
  if (await fourEyesOn(trx)) {
    const own = await sql<{ id: number }>`select id from transactions
      where id in (${ids}) and status = 'pending' and created_by = ${confirmedBy} limit 1`.execute(
      trx,
    );
    if (own.rows.length > 0) throw new HttpError(403, MOVEMENT_MESSAGES.fourEyes);
  }
  const confirmedAt = options.at === 'recorded' ? sql`ops.created_at` : sql`now()`;
  try {
    const tells = options.at === undefined;
    const { rows } = await sql<{ n: string; ids: (string | number)[] }>`
      with ops as (
        select id, type, wallet_id, amount, target_wallet_id, target_amount, created_at
          from transactions where id in (${ids}) and status = 'pending' for update),
      moves as (
        select wallet_id as id, case type when 'income' then amount else -amount end as delta
          from ops
        union all
        select target_wallet_id, target_amount from ops where type = 'transfer'),
      moved as (
        update wallets w set balance = w.balance + s.delta
          from (select id, sum(delta) as delta from moves group by id) s
         where w.id = s.id
        returning w.id),
      confirmed as (
        update transactions t
           set status = 'confirmed', confirmed_by = ${confirmedBy}, confirmed_at = ${confirmedAt}
          from ops where t.id = ops.id
        returning t.id)
      select (select count(*) from confirmed) as n, ${
        // The ids only when they are told (a replay's million stay in the database).
        tells ? sql`array(select id from confirmed order by id)` : sql`'{}'::bigint[]`
      } as ids, (select count(*) from moved) as wallets`.execute(trx);
    // Told as a single confirmation tells it (the outbox); history replayed tells no one.
    if (tells) await enqueuePaymentsConfirmed(trx, rows[0]!.ids.map(Number));
    return Number(rows[0]!.n);
  } catch (error) {
    if ((error as { code?: unknown }).code === '23514') {
      throw validationError(
        { amount: [MOVEMENT_MESSAGES.insufficient] },
        MOVEMENT_MESSAGES.insufficient,
      );
    }
    throw error;
  }
}

/** Rejects, in one statement, every pending operation among `ids` with one reason. */
export async function rejectInBulk(
  trx: Db,
  ids: OperationIds,
  rejectedBy: number,
  reason: string,
  options: { at?: 'recorded' } = {},
): Promise<number> {
  const at = options.at === 'recorded' ? sql`created_at` : sql`now()`;
  const { rows } = await sql<{ id: number }>`
    update transactions
       set status = 'rejected', confirmed_by = ${rejectedBy}, confirmed_at = ${at},
           rejection_reason = ${reason}
     where id in (${ids}) and status = 'pending'
    returning id`.execute(trx);
  return rows.length;
}

/**
 * The wallets a viewer may move money of (add_payment): a company wallet with allow_site_wallets;
 * a user wallet whose owner is within the viewer's reach (userScope). Anything else is answered
 * as a wallet that does not exist.
 */
export async function movableWallet(
  db: Db,
  viewer: ScopeViewer,
  id: number,
  field: string,
  /** A participant's payment arriving in a company wallet: add_payment is enough (DESIGN 3b). */
  arrival = false,
) {
  const wallet = await walletForMovement(db, id);
  const missing = () => validationError({ [field]: [MOVEMENT_MESSAGES.walletMissing] });
  if (!wallet) throw missing();
  if (wallet.type === 'site') {
    if (!arrival && !can('allow_site_wallets', viewer)) {
      throw validationError({ [field]: [MOVEMENT_MESSAGES.siteWallet] });
    }
  } else if (
    wallet.user_id === null ||
    !(await findUserInScope(db, userScope(viewer), wallet.user_id))
  ) {
    throw missing();
  }
  return { ...wallet, currency: storedCurrency(wallet.currency) };
}
