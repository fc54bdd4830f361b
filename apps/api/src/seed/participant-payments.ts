import {
  formatAmount,
  fromMinorUnits,
  toMinorUnits,
  type Currency,
  type TripStatus,
} from '@tour/core';
import type { Db } from '../db/database';
import { storedCurrency } from '../lib/currency';
import { confirmMovement, rejectMovement } from '../domain/ledger/movements';
import { recordMovementRequest } from '../routes/ledger/service';
import { addParticipantPayment } from '../routes/trips/participant-money-service';
import { tripSummary } from '../routes/trips/summary-service';
import type { ScopeViewer } from '../domain/reach';
import type { Phase } from './bookings';
import type { Dice } from './random';

// The participants' payments (DESIGN.md 3b), through the trip's payment service as the sales
// managers take them: into the company's cash desk of the currency (the service's default) or,
// paid by transfer, its bank account; a few in som at the day's rate for a trip priced in another
// currency. The accountant confirms them (never their author, the four-eyes rule); the latest
// wait. What is paid follows how near the trip is: ended trips in full (one tourist still owes a
// little), trips under way and starting soon partly (deposits, some in full, balances waiting),
// later ones deposits, planned ones a few. Two amounts typed wrong are rejected and entered again;
// one tourist knowingly paid a little more than due (an overpayment, marked). The cancelled trip's
// deposits were taken before it was cancelled and are refunded after (refundCancelledTrips).

export interface PayingTrip {
  id: number;
  title: string;
  /** The status the trip ends up in (a cancelled trip is paid for before it is cancelled). */
  status: TripStatus;
  phase: Phase;
}

export interface ParticipantPaymentsSummary {
  /** The participants' incomes recorded, the rejected ones included. */
  payments: number;
  confirmed: number;
  pending: number;
  rejected: number;
  /** Confirmed refunds of the cancelled trip's deposits. */
  refunds: number;
  /** Incomes recorded as overpayments (DESIGN.md 3b). */
  overpayments: number;
}

type Staff = Readonly<Record<'sales' | 'phone' | 'accountant' | 'admin', ScopeViewer>>;

/** One payment of a participant's plan. */
interface Step {
  /** A share of the due (a deposit), or what is left of it. */
  amount: { share: number } | 'rest';
  /** In som, at the day's rate, for a trip priced in another currency (deposits only). */
  inSom: boolean;
  /** By transfer to the company's bank account rather than at its cash desk. */
  bank: boolean;
  confirmed: boolean;
  /** First entered with a digit lost, rejected by the accountant, then entered again. */
  typo?: boolean;
  /** Minor units of the trip's currency left owing (a rest only). */
  short?: number;
  /** Minor units of the trip's currency paid beyond the due (a rest only): an overpayment. */
  over?: number;
}

/** Deposits are round: ten dollars or euros, five hundred som, ten thousand yen (minor units). */
const DEPOSIT_STEP: Readonly<Record<Currency, number>> = {
  usd: 1_000,
  eur: 1_000,
  kgs: 500,
  jpy: 10_000,
};

/** What the one tourist of an ended trip still owes, in minor units. */
const SMALL_DEBT: Readonly<Record<Currency, number>> = {
  usd: 5_000,
  eur: 5_000,
  kgs: 3_000,
  jpy: 5_000,
};

/** What the one overpaying tourist paid beyond the due, in minor units. */
const OVERPAID: Readonly<Record<Currency, number>> = {
  usd: 2_000,
  eur: 2_000,
  kgs: 500,
  jpy: 3_000,
};

const SHARES = [0.3, 0.4, 0.5] as const;

function plansOf(trip: PayingTrip, currency: Currency, count: number, dice: Dice): Step[][] {
  const part = (confirmed: boolean, foreign = true): Step => ({
    amount: { share: dice.pick(SHARES) },
    inSom: foreign && currency !== 'kgs' && dice.chance(currency === 'jpy' ? 0.5 : 0.15),
    bank: dice.chance(0.25),
    confirmed,
  });
  const rest = (confirmed: boolean): Step => ({
    amount: 'rest',
    inSom: false,
    bank: dice.chance(0.3),
    confirmed,
  });
  // Paid up: at once, or a deposit and the balance.
  const inFull = (balanceConfirmed = true) =>
    dice.chance(0.35) ? [rest(balanceConfirmed)] : [part(true), rest(balanceConfirmed)];
  const plans: Step[][] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = dice.float();
    if (trip.status === 'cancelled') {
      // Deposits in the trip's own currency, refunded as they came once it is cancelled.
      plans.push(i === 0 || roll < 0.5 ? [part(true, false)] : []);
    } else if (trip.status === 'planned') {
      plans.push(roll < 0.35 ? [part(dice.chance(0.7))] : []);
    } else if (trip.phase === 'past') {
      plans.push(inFull());
    } else if (trip.phase === 'now') {
      // The last ones paid the balance on the spot (not confirmed yet) or still owe it.
      if (i === count - 1) plans.push([part(true), rest(false)]);
      else if (i === count - 2) plans.push([part(true)]);
      else plans.push(inFull());
    } else if (trip.phase === 'soon') {
      if (roll < 0.3) plans.push(inFull(dice.chance(0.5)));
      else plans.push(roll < 0.9 ? [part(dice.chance(0.85))] : []);
    } else {
      plans.push(roll < 0.7 ? [part(dice.chance(0.8))] : []);
    }
  }
  return plans;
}

interface TripPlan {
  trip: PayingTrip;
  currency: Currency;
  participants: { id: number; due: number }[];
  plans: Step[][];
}

/** The cases the screens must show, whatever the dice said: a small debt, an overpayment, typos. */
function markCases(trips: TripPlan[]) {
  const live = trips.filter((plan) => plan.trip.status !== 'cancelled');
  // The most recent ended trip: its last tourist paying a balance still owes a little.
  const ended = live.filter((plan) => plan.trip.phase === 'past');
  const last = ended[ended.length - 1];
  if (last) {
    const index = last.plans.findLastIndex(
      (steps, i) =>
        steps.at(-1)?.amount === 'rest' &&
        last.participants[i]!.due > 4 * SMALL_DEBT[last.currency],
    );
    if (index >= 0) last.plans[index]!.at(-1)!.short = SMALL_DEBT[last.currency];
  }
  // A tourist of a trip under way or about to start paid its balance with a little extra.
  const near = live.filter((plan) => plan.trip.phase === 'now' || plan.trip.phase === 'soon');
  const over = near.find((plan) => plan.currency === 'usd') ?? near[0];
  if (over) {
    const index = over.plans.findIndex((steps) => steps.at(-1)?.amount === 'rest');
    const steps = index >= 0 ? over.plans[index]! : over.plans[0]!;
    if (index < 0)
      steps.splice(0, steps.length, { amount: 'rest', inSom: false, bank: false, confirmed: true });
    Object.assign(steps.at(-1)!, { confirmed: true, over: OVERPAID[over.currency] });
  }
  // Two deposits of the coming trips typed a digit short: rejected, then entered again.
  let typos = 0;
  for (const plan of live.filter((p) => p.trip.phase === 'soon' || p.trip.phase === 'later')) {
    for (const steps of plan.plans) {
      const deposit = steps.find((step) => step.amount !== 'rest' && !step.inSom && step.confirmed);
      if (deposit && typos < 2) {
        deposit.typo = true;
        typos += 1;
        break;
      }
    }
  }
}

/** The som each unit of usd, eur and jpy bought on the seed's last day of rates. */
async function ratesToSom(trx: Db, today: string): Promise<Map<Currency, number>> {
  const rows = await trx
    .selectFrom('currency_rates')
    .select(['from_currency', 'rate'])
    .where('to_currency', '=', 'kgs')
    .where('date', '=', (eb) =>
      eb
        .selectFrom('currency_rates')
        .select((e) => e.fn.max('date').as('d'))
        .where('date', '<=', today),
    )
    .execute();
  return new Map(rows.map((row) => [storedCurrency(row.from_currency), Number(row.rate)]));
}

/**
 * Every active participant's payments as its trip's plan says. Returns the figures; the cancelled
 * trips are paid for here, before they are cancelled, and refunded by refundCancelledTrips.
 */
export async function payParticipants(
  trx: Db,
  options: {
    trips: PayingTrip[];
    today: string;
    dice: Dice;
    staff: Staff;
    walletIds: ReadonlyMap<string, number>;
  },
): Promise<ParticipantPaymentsSummary> {
  const { dice, staff, walletIds } = options;
  const summary: ParticipantPaymentsSummary = {
    payments: 0,
    confirmed: 0,
    pending: 0,
    rejected: 0,
    refunds: 0,
    overpayments: 0,
  };
  const ids = options.trips.map((trip) => trip.id);
  const [tripRows, people] = await Promise.all([
    trx.selectFrom('trips').select(['id', 'currency']).where('id', 'in', ids).execute(),
    trx
      .selectFrom('trip_participants')
      .select(['id', 'trip_id', 'price', 'discount'])
      .where('trip_id', 'in', ids)
      .where('status', '<>', 'cancelled')
      .orderBy('id')
      .execute(),
  ]);
  const currencyOf = new Map(tripRows.map((row) => [row.id, storedCurrency(row.currency)]));
  const plans: TripPlan[] = options.trips.map((trip) => {
    const currency = currencyOf.get(trip.id)!;
    const participants = people
      .filter((person) => person.trip_id === trip.id)
      .map((person) => ({ id: person.id, due: person.price - person.discount }));
    return {
      trip,
      currency,
      participants,
      plans: plansOf(trip, currency, participants.length, dice),
    };
  });
  markCases(plans);
  const somPer = await ratesToSom(trx, options.today);
  const bankOf = (currency: Currency) => walletIds.get(`bank-${currency}`)!;

  let key = 0;
  for (const { trip, currency, participants, plans: steps } of plans) {
    const money = (minor: number, of: Currency = currency) =>
      formatAmount(fromMinorUnits(minor, of), of);
    for (const [index, participant] of participants.entries()) {
      const plan = steps[index]!;
      for (const [number, step] of plan.entries()) {
        let amount: number;
        let paidIn: Currency = currency;
        let comment: string;
        if (step.amount === 'rest') {
          amount = (await leftToPay(trx, trip.id, participant.id, currency)) - (step.short ?? 0);
          amount += step.over ?? 0;
          comment =
            number === 0 ? `Оплата тура «${trip.title}»` : `Оплата остатка за тур «${trip.title}»`;
          if (step.short) comment += `; ещё ${money(step.short)} обещает внести после поездки`;
          if (step.over) {
            comment += `: внесено на ${money(step.over)} больше — переплата, вернём туристу`;
          }
        } else {
          const unit = DEPOSIT_STEP[currency];
          const deposit = Math.floor((participant.due * step.amount.share) / unit) * unit;
          const percent = Math.round(step.amount.share * 100);
          if (step.inSom) {
            paidIn = 'kgs';
            const som = fromMinorUnits(deposit, currency) * somPer.get(currency)!;
            amount = Math.floor(som / 100) * 100;
            comment = `Предоплата ${percent} % за тур «${trip.title}» в сомах по курсу дня`;
          } else {
            amount = deposit;
            comment = `Предоплата ${percent} % за тур «${trip.title}»`;
          }
        }
        if (amount <= 0) continue;
        const author = dice.chance(0.55) ? staff.sales : staff.phone;
        const body = {
          ...(step.bank ? { wallet_id: bankOf(paidIn) } : { currency: paidIn }),
          comment,
          ...(step.over ? { overpayment: true } : {}),
        };
        const record = (minor: number) =>
          addParticipantPayment(trx, author, {
            tripId: trip.id,
            participantId: participant.id,
            body: { ...body, amount: fromMinorUnits(minor, paidIn) },
            idempotencyKey: `demo-trip-payment-${++key}`,
          });
        if (step.typo) {
          const typed = Math.round(amount / 10);
          const wrong = await record(typed);
          await rejectMovement(
            trx,
            wrong.id,
            staff.accountant.id,
            `Ошибка в сумме: по квитанции ${money(amount, paidIn)}, внесено ${money(typed, paidIn)}`,
          );
          summary.payments += 1;
          summary.rejected += 1;
        }
        const payment = await record(amount);
        summary.payments += 1;
        if (step.over) summary.overpayments += 1;
        if (step.confirmed) {
          await confirmMovement(trx, payment.id, staff.accountant.id);
          summary.confirmed += 1;
        } else {
          summary.pending += 1;
        }
      }
    }
  }
  return summary;
}

/**
 * What a participant has still to pay, in minor units of its trip's currency: its due less what it
 * paid and what waits for confirmation, as the trip's summary counts them (a payment in another
 * currency at the rate of its day).
 */
async function leftToPay(trx: Db, tripId: number, participantId: number, currency: Currency) {
  const { participants } = await tripSummary(trx, tripId);
  const row = participants.find((entry) => entry.participant_id === participantId)!;
  const minor = (value: number) => toMinorUnits(value, currency);
  return minor(row.due) - minor(row.paid) - minor(row.expected);
}

/**
 * The cancelled trips' payments given back as they came, from the wallet each arrived in, each
 * recorded by the accountant and confirmed by the administrator.
 */
export async function refundCancelledTrips(
  trx: Db,
  options: { trips: PayingTrip[]; staff: Staff; summary: ParticipantPaymentsSummary },
) {
  const { trips, staff, summary } = options;
  if (trips.length === 0) return;
  const incomes = await trx
    .selectFrom('transactions')
    .select(['id', 'wallet_id', 'amount', 'currency', 'trip_id', 'participant_id'])
    .where(
      'trip_id',
      'in',
      trips.map((trip) => trip.id),
    )
    .where('participant_id', 'is not', null)
    .where('type', '=', 'income')
    .where('status', '=', 'confirmed')
    .orderBy('id')
    .execute();
  for (const income of incomes) {
    const trip = trips.find((t) => t.id === income.trip_id)!;
    const refund = await recordMovementRequest(
      trx,
      staff.accountant,
      {
        type: 'outcome',
        wallet_id: income.wallet_id,
        amount: fromMinorUnits(income.amount, storedCurrency(income.currency)),
        trip_id: income.trip_id!,
        participant_id: income.participant_id!,
        comment: `Возврат предоплаты: тур «${trip.title}» отменён`,
      },
      `demo-trip-refund-${income.id}`,
    );
    await confirmMovement(trx, refund.id, staff.admin.id);
    summary.refunds += 1;
  }
}
