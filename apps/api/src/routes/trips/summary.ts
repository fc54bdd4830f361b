import Big from 'big.js';
import {
  convertDecimal,
  dayjs,
  decimalToNumber,
  fromMinorUnits,
  type Currency,
  type Rates,
} from '@tour/shared';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { businessToday } from '../rates/service';
import { dueOf, moneyOfParticipants } from './money';
import * as repo from './repository';
import type { SummaryJson } from './summary-schemas';
import { notFound } from '../../lib/http-errors';
import { TRIP_MESSAGES, tripJson } from './service';

/** A passport must stay valid this many months after the trip ends (embassies' usual rule). */
export const PASSPORT_MONTHS_AFTER_TRIP = 6;

type Totals = SummaryJson['totals'];

const number = (value: Big) => decimalToNumber(value);

function readinessOf(participant: repo.ParticipantWithUser, endsOn: string) {
  const problems: SummaryJson['readiness'][number]['problems'] = [];
  if (!participant.passport_number || !participant.passport_expires_at) {
    problems.push('passport_missing');
  } else if (
    dayjs(participant.passport_expires_at).isBefore(
      dayjs(endsOn).add(PASSPORT_MONTHS_AFTER_TRIP, 'month'),
    )
  ) {
    problems.push('passport_expires');
  }
  if (!participant.birth_date) problems.push('birth_date_missing');
  return problems;
}

/** The totals converted at one rate, each rounded up once (SPEC.md 5). */
function convertTotals(totals: Totals, from: Currency, to: Currency, rates: Rates) {
  const converted: Partial<Totals> = {};
  let rate: string | null = null;
  for (const [key, value] of Object.entries(totals) as [keyof Totals, number][]) {
    const result = convertDecimal(value, from, to, rates);
    if (!result) return null;
    converted[key] = Number(result.amount);
    rate = result.rate;
  }
  return { totals: converted as Totals, rate: rate! };
}

/**
 * GET /admin/trip/:id/summary (DESIGN.md 3b): each participant's due, paid, expected and debt in
 * the trip's currency, the totals, the same totals in `currency` at the latest rate on or before
 * today (with that rate and its date; none: flagged, never 1), and what keeps participants from
 * travelling (passport missing or expiring within six months of the end, birth date missing).
 */
export async function tripSummary(db: Db, id: number, currency?: Currency): Promise<SummaryJson> {
  const row = await repo.findTrip(db, id);
  if (!row) throw notFound(TRIP_MESSAGES.notFound);
  const tripCurrency = storedCurrency(row.currency);
  const [participants, money] = await Promise.all([
    repo.participantsOf(db, [id]),
    moneyOfParticipants(db, [{ id, currency: tripCurrency }]),
  ]);

  const sum = {
    due: new Big(0),
    paid: new Big(0),
    expected: new Big(0),
    debt: new Big(0),
    overpaid: new Big(0),
  };
  const rows = participants.map((participant) => {
    const due = dueOf(participant, tripCurrency);
    const paid = money.get(participant.id)?.paid ?? new Big(0);
    const expected = money.get(participant.id)?.expected ?? new Big(0);
    const debt = due.minus(paid);
    sum.due = sum.due.plus(due);
    sum.paid = sum.paid.plus(paid);
    sum.expected = sum.expected.plus(expected);
    if (debt.gt(0)) sum.debt = sum.debt.plus(debt);
    else sum.overpaid = sum.overpaid.minus(debt);
    return {
      participant_id: participant.id,
      user_id: participant.user_id,
      full_name: participant.full_name,
      status: participant.status,
      price: fromMinorUnits(participant.price, tripCurrency),
      due: number(due),
      paid: number(paid),
      expected: number(expected),
      debt: number(debt),
      missing_rate: money.get(participant.id)?.missingRate ?? false,
    };
  });
  const totals: Totals = {
    due: number(sum.due),
    paid: number(sum.paid),
    expected: number(sum.expected),
    debt: number(sum.debt),
    overpaid: number(sum.overpaid),
  };

  const missingRates = rows.some((entry) => entry.missing_rate);
  const trip = tripJson(row, { amount: missingRates ? null : sum.debt, missingRate: missingRates });

  let inCurrency: SummaryJson['in_currency'] = null;
  if (currency && currency !== tripCurrency) {
    const latest = await repo.latestRatesOn(db, businessToday());
    const rates: Rates = {};
    for (const row of latest?.rows ?? []) {
      (rates[storedCurrency(row.from_currency)] ??= {})[storedCurrency(row.to_currency)] = row.rate;
    }
    const converted = convertTotals(totals, tripCurrency, currency, rates);
    inCurrency = converted
      ? {
          currency,
          rate: Number(converted.rate),
          rate_date: latest!.day,
          totals: converted.totals,
          missing_rate: false,
        }
      : { currency, rate: null, rate_date: latest?.day ?? null, totals: null, missing_rate: true };
  }

  const readiness = participants
    .filter((participant) => participant.status !== 'cancelled')
    .map((participant) => ({
      participant_id: participant.id,
      user_id: participant.user_id,
      full_name: participant.full_name,
      passport_expires_at: participant.passport_expires_at,
      problems: readinessOf(participant, trip.ends_on),
    }))
    .filter((entry) => entry.problems.length > 0);

  return {
    trip,
    participants: rows,
    totals,
    in_currency: inCurrency,
    readiness,
    missing_rates: missingRates,
  };
}
