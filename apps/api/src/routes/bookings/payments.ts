import { formatAmount, type ValidationErrors } from '@tour/core';
import type { Db } from '../../db/database';
import { minorUnitsOf, parseMajorAmount } from '../../lib/amount';
import { storedCurrency } from '../../lib/currency';
import { notFound, validationError } from '../../lib/http-errors';
import {
  lockWallets,
  movableWallet,
  recordMovement,
  replayOf,
  requestHash,
} from '../../domain/ledger/movements';
import { majorNumber } from '../../domain/money';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';
import { BOOKING_MESSAGES } from './service';
import type { SupplierPaymentBody, SupplierPaymentJson } from '@tour/core/contract/bookings';

export const PAYMENT_MESSAGES = {
  walletCurrency: (currency: string) =>
    `Оплата поставщику — из кошелька в валюте бронирования (${currency.toUpperCase()}); ` +
    'чтобы заплатить из другой валюты, сначала переведите деньги с конвертацией',
  nothingDue: 'Бронированию нечего оплачивать: оно отменено без штрафа',
  moreThanDebt: (debt: string) => `Больше долга поставщику: осталось оплатить ${debt}`,
} as const;

type PaymentRow = NonNullable<Awaited<ReturnType<typeof repo.paymentOf>>>;

function paymentJson(row: PaymentRow): SupplierPaymentJson {
  const currency = storedCurrency(row.currency);
  return {
    id: row.id,
    wallet_id: row.wallet_id,
    wallet_name: row.wallet_name,
    type: row.type as 'income' | 'outcome',
    amount: majorNumber(row.amount, currency),
    currency,
    status: row.status as SupplierPaymentJson['status'],
    comment: row.comment,
    created_at: new Date(row.created_at).toISOString(),
    confirmed_at: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
  };
}

/** GET /admin/booking/:id/payments: its supplier payments and their reversals, newest first. */
export async function bookingPayments(db: Db, id: number): Promise<SupplierPaymentJson[]> {
  if (!(await repo.findBooking(db, id))) throw notFound(BOOKING_MESSAGES.notFound);
  return (await repo.paymentsOf(db, id)).map(paymentJson);
}

/**
 * POST /admin/booking/:id/payments: "pay the supplier" records a pending outcome linked to the
 * booking through the one movement call (DESIGN.md 3b); only its confirmation counts as paid. The
 * wallet is one the viewer may move money of, in the booking's currency. More than the debt left
 * (with the payments still pending) is refused: a supplier is not paid twice by mistake.
 */
export async function payBooking(
  trx: Db,
  viewer: ScopeViewer,
  bookingId: number,
  body: SupplierPaymentBody,
  idempotencyKey: string,
): Promise<SupplierPaymentJson> {
  const comment = body.comment?.trim() || null;
  const amount = parseMajorAmount(body.amount);
  const idempotency = {
    key: idempotencyKey,
    requestHash: requestHash([
      'supplier_payment',
      bookingId,
      body.wallet_id,
      'error' in amount ? String(body.amount) : amount.toFixed(),
      comment,
    ]),
  };
  const earlier = await replayOf(trx, viewer.id, idempotency);
  if (earlier !== null) {
    const row = await repo.paymentOf(trx, bookingId, earlier);
    if (row) return paymentJson(row);
  }
  const found = await repo.findBooking(trx, bookingId);
  if (!found) throw notFound(BOOKING_MESSAGES.notFound);
  const errors: ValidationErrors = {};
  if ('error' in amount) errors.amount = [amount.error];
  if (Object.keys(errors).length > 0 || 'error' in amount) throw validationError(errors);
  const wallet = await movableWallet(trx, viewer, body.wallet_id, 'wallet_id');
  // Locks in the one order of every writer of money: the wallet, then the booking (a
  // confirmation holds its wallet when its trigger writes what the booking was paid).
  await lockWallets(trx, [wallet.id]);
  const booking = (await repo.lockBooking(trx, bookingId))!;
  const currency = storedCurrency(booking.currency);
  if (wallet.currency !== currency) {
    throw validationError({ wallet_id: [PAYMENT_MESSAGES.walletCurrency(currency)] });
  }
  const amountMinor = minorUnitsOf(amount, currency);
  if (typeof amountMinor !== 'number') throw validationError({ amount: [amountMinor.error] });
  const { due, committed } = await repo.paymentRoom(trx, bookingId);
  if (due <= 0) throw validationError({ amount: [PAYMENT_MESSAGES.nothingDue] });
  if (committed + amountMinor > due) {
    const left = formatAmount(majorNumber(Math.max(0, due - committed), currency), currency);
    throw validationError({ amount: [PAYMENT_MESSAGES.moreThanDebt(left)] });
  }
  const { id } = await recordMovement(trx, {
    kind: 'outcome',
    walletId: wallet.id,
    amountMinor,
    currency,
    comment,
    bookingId,
    createdBy: viewer.id,
    idempotency,
  });
  return paymentJson((await repo.paymentOf(trx, bookingId, id))!);
}
