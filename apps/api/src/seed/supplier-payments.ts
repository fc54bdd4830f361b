import { fromMinorUnits, type Currency } from '@tour/core';
import type { Db } from '../db/database';
import { confirmMovement, rejectMovement } from '../domain/ledger/movements';
import { payBooking } from '../routes/bookings/payments';
import type { ScopeViewer } from '../domain/reach';
import type { BookingsSeed, PaymentFate, SeededBooking } from './bookings';
import { decider } from './money';
import type { Dice } from './random';
import type { StaffKey } from './types';

// The suppliers' payments (DESIGN.md 3b: an outcome linked to its booking, in the booking's
// currency), through the bookings' payment service as the accountant or the administrator records
// them, each confirmed or rejected by the other one (the four-eyes rule) or left waiting. Like the
// participants' payments of the main section they happen at the moment of seeding, after the
// history the plan replays, so each is confirmed against the balance the wallet has then.

export interface SupplierPaymentsSummary {
  payments: number;
  confirmed: number;
  pending: number;
  rejected: number;
  /** Meant to be confirmed but left waiting: no company wallet of the currency had enough. */
  shortOfMoney: number;
}

/**
 * The company wallets a supplier is paid from, by preference: from the bank, or on the spot from
 * the cash desk; the other when the first has not enough.
 */
const WALLETS: Readonly<Record<Currency, { bank: string[]; spot: string[] }>> = {
  jpy: { bank: ['bank-jpy'], spot: ['bank-jpy'] },
  usd: { bank: ['bank-usd', 'cash-usd'], spot: ['cash-usd', 'bank-usd'] },
  eur: { bank: ['bank-eur', 'cash-eur'], spot: ['cash-eur', 'bank-eur'] },
  kgs: { bank: ['bank-kgs', 'cash-kgs'], spot: ['cash-kgs', 'bank-kgs'] },
};

/** Deposits are whole: a thousand yen, a hundred som, a dollar or a euro. */
const DEPOSIT_STEP: Readonly<Record<Currency, number>> = {
  jpy: 1000,
  kgs: 100,
  usd: 100,
  eur: 100,
};

const REJECTIONS = [
  'Платёж вернулся: неверные реквизиты поставщика',
  'Сумма не совпадает со счётом поставщика',
] as const;

type Step = { amount: number; outcome: 'confirmed' | 'pending' | 'rejected'; what: string };

function stepsOf(fate: PaymentFate, due: number, currency: Currency, penalty: boolean): Step[] {
  const step = DEPOSIT_STEP[currency];
  const deposit = Math.floor((due * 0.3) / step) * step;
  const whole = penalty ? 'Штраф за отмену' : 'Оплата';
  const full = (outcome: Step['outcome']): Step => ({ amount: due, outcome, what: whole });
  const split = deposit > 0 && deposit < due;
  const first: Step = { amount: deposit, outcome: 'confirmed', what: 'Предоплата 30%' };
  const rest = (outcome: Step['outcome']): Step => ({
    amount: due - deposit,
    outcome,
    what: 'Доплата остатка',
  });
  switch (fate) {
    case 'none':
      return [];
    case 'full':
      return [full('confirmed')];
    case 'pending':
      return [full('pending')];
    case 'rejected':
      return [full('rejected')];
    case 'rejected-then-full':
      return [full('rejected'), full('confirmed')];
    case 'split':
      return split ? [first, rest('confirmed')] : [full('confirmed')];
    case 'deposit':
      return split ? [first] : [full('pending')];
    case 'deposit-pending':
      return split ? [first, rest('pending')] : [full('pending')];
    case 'deposit-waiting':
      return [split ? { ...first, outcome: 'pending' } : full('pending')];
  }
}

function formatDay(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

/** Every booking's payments as its fate says; a wallet short of money leaves a payment waiting. */
export async function paySuppliers(
  trx: Db,
  seed: BookingsSeed,
  options: {
    dice: Dice;
    walletIds: ReadonlyMap<string, number>;
    staff: Readonly<Record<'accountant' | 'admin', ScopeViewer>>;
  },
): Promise<SupplierPaymentsSummary> {
  const { dice, walletIds, staff } = options;
  const summary: SupplierPaymentsSummary = {
    payments: 0,
    confirmed: 0,
    pending: 0,
    rejected: 0,
    shortOfMoney: 0,
  };
  const paying = seed.bookings.filter((booking) => booking.fate !== 'none');
  if (paying.length === 0) return summary;
  const [dues, wallets] = await Promise.all([
    trx
      .selectFrom('bookings')
      .select(['id', 'status', 'cost', 'penalty'])
      .where(
        'id',
        'in',
        paying.map((booking) => booking.id),
      )
      .execute(),
    trx.selectFrom('wallets').select(['id', 'balance']).execute(),
  ]);
  const dueOf = new Map(
    dues.map((row) => [
      row.id,
      {
        due: row.status === 'cancelled' ? (row.penalty ?? 0) : row.cost,
        penalty: row.status === 'cancelled',
      },
    ]),
  );
  const balances = new Map(wallets.map((wallet) => [wallet.id, Number(wallet.balance)]));
  const walletId = (key: string) => {
    const id = walletIds.get(key);
    if (id === undefined) throw new Error(`Демо-данные: нет кошелька ${key}`);
    return id;
  };

  let key = 0;
  const pay = async (booking: SeededBooking, step: Step) => {
    const candidates = WALLETS[booking.currency][booking.onTheSpot ? 'spot' : 'bank'].map(walletId);
    const covering = candidates.find((id) => balances.get(id)! >= step.amount);
    const short = step.outcome === 'confirmed' && covering === undefined;
    if (short) summary.shortOfMoney += 1;
    const outcome = short ? 'pending' : step.outcome;
    const wallet = step.outcome === 'confirmed' ? (covering ?? candidates[0]!) : candidates[0]!;
    const creatorKey = dice.weighted<StaffKey>([
      ['accountant', 7],
      ['admin', 3],
    ]);
    const creator = staff[creatorKey as 'accountant' | 'admin'];
    const payment = await payBooking(
      trx,
      creator,
      booking.id,
      {
        wallet_id: wallet,
        amount: fromMinorUnits(step.amount, booking.currency),
        comment: `${step.what}: ${booking.title} — тур «${booking.tripTitle}» с ${formatDay(booking.tripStartsOn)}`,
      },
      `demo-supplier-payment-${++key}`,
    );
    summary.payments += 1;
    const checker = staff[decider(dice, creatorKey) as 'accountant' | 'admin'];
    if (outcome === 'confirmed') {
      await confirmMovement(trx, payment.id, checker.id);
      balances.set(wallet, balances.get(wallet)! - step.amount);
      summary.confirmed += 1;
    } else if (outcome === 'rejected') {
      await rejectMovement(trx, payment.id, checker.id, REJECTIONS[key % REJECTIONS.length]!);
      summary.rejected += 1;
    } else {
      summary.pending += 1;
    }
  };

  for (const booking of paying) {
    const { due, penalty } = dueOf.get(booking.id)!;
    if (due <= 0) continue;
    for (const step of stepsOf(booking.fate, due, booking.currency, penalty)) {
      await pay(booking, step);
    }
  }
  return summary;
}
