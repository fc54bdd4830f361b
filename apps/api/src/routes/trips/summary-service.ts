import {
  convertDecimal,
  dayjs,
  type Currency,
  type Rates,
  type ReadinessProblem,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { dayRatesOf, dueOf, majorNumber, moneyOf } from '../../domain/money';
import * as repo from './repository';
import type { SummaryJson } from '@tour/core/contract/trip-summary';
import { notFound } from '../../lib/http-errors';
import { TRIP_MESSAGES } from './trip-messages';
import { tripJson } from './trip-service';
import { gapsOfTrip, tripBookingCosts } from '../bookings/service';

/** A passport must stay valid this many months after the trip ends (embassies' usual rule). */
export const PASSPORT_MONTHS_AFTER_TRIP = 6;

type Totals = SummaryJson['totals'];

/**
 * What keeps a traveller from a trip ending on `endsOn`: no passport, a passport expiring less
 * than six months after the end, no birth date.
 */
export function readinessOf(
  traveller: Pick<
    repo.SummaryParticipantJson,
    'passport_number' | 'passport_expires_at' | 'birth_date'
  >,
  endsOn: string,
) {
  const participant = traveller;
  const problems: ReadinessProblem[] = [];
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
  const today = businessToday();
  const row = await repo.tripForSummary(db, id, BUSINESS_TIME_ZONE, today);
  if (!row) throw notFound(TRIP_MESSAGES.notFound);
  const tripCurrency = storedCurrency(row.currency);
  const participants = row.participants ?? [];
  const dayRates = dayRatesOf(row.rates);
  const money = moneyOf(
    (row.sums ?? []).map(([participantId, type, status, from, day, total]) => ({
      participantId,
      type,
      status,
      currency: from,
      day,
      total,
    })),
    tripCurrency,
    dayRates.rates,
    today,
  );

  // Minor units of the trip's currency throughout: integers add up exactly.
  const sum = { due: 0, paid: 0, expected: 0, debt: 0, overpaid: 0 };
  const major = (minor: number) => majorNumber(minor, tripCurrency);
  const rows = participants.map((participant) => {
    const due = dueOf(participant);
    const { paid = 0, expected = 0, missingRate = false } = money.get(participant.id) ?? {};
    const debt = due - paid;
    sum.due += due;
    sum.paid += paid;
    sum.expected += expected;
    if (debt > 0) sum.debt += debt;
    else sum.overpaid -= debt;
    return {
      participant_id: participant.id,
      user_id: participant.user_id,
      full_name: participant.full_name,
      status: participant.status,
      price: major(participant.price),
      due: major(due),
      paid: major(paid),
      expected: major(expected),
      debt: major(debt),
      missing_rate: missingRate,
    };
  });
  const totals: Totals = {
    due: major(sum.due),
    paid: major(sum.paid),
    expected: major(sum.expected),
    debt: major(sum.debt),
    overpaid: major(sum.overpaid),
  };

  const missingRates = rows.some((entry) => entry.missing_rate);
  const trip = tripJson(row, { minor: missingRates ? null : sum.debt, missingRate: missingRates });

  let inCurrency: SummaryJson['in_currency'] = null;
  if (currency && currency !== tripCurrency) {
    const rates = dayRates.rates.get(today) ?? {};
    const rateDay = dayRates.rateDays.get(today) ?? null;
    const converted = convertTotals(totals, tripCurrency, currency, rates);
    inCurrency = converted
      ? {
          currency,
          rate: Number(converted.rate),
          rate_date: rateDay!,
          totals: converted.totals,
          missing_rate: false,
        }
      : { currency, rate: null, rate_date: rateDay, totals: null, missing_rate: true };
  }

  const [costs, missingOf] = await Promise.all([
    tripBookingCosts(db, id, tripCurrency),
    gapsOfTrip(db, id),
  ]);
  const readiness = participants
    .filter((participant) => participant.status !== 'cancelled')
    .map((participant) => {
      const lacking = missingOf.get(participant.id);
      return {
        participant_id: participant.id,
        user_id: participant.user_id,
        full_name: participant.full_name,
        passport_expires_at: participant.passport_expires_at,
        problems: [...readinessOf(participant, trip.ends_on), ...(lacking?.problems ?? [])],
        nights_missing: lacking?.nights_missing ?? 0,
      };
    })
    .filter((entry) => entry.problems.length > 0);

  return {
    trip,
    participants: rows,
    totals,
    in_currency: inCurrency,
    readiness,
    missing_rates: missingRates,
    bookings: costs.bookings,
    costs: {
      total: major(costs.totalMinor),
      profit: major(sum.paid - costs.totalMinor),
      missing_rate: costs.missingRate,
    },
  };
}
