import Big from 'big.js';
import {
  convertExact,
  currencyPrecision,
  divideCeil,
  fromMinorUnits,
  type Currency,
  type Rates,
} from '@tour/shared';
import type { Db } from '../../db/database';
import { BUSINESS_TIME_ZONE, businessToday } from '../rates/service';
import * as repo from './repository';
import { storedCurrency } from '../../lib/currency';

/**
 * What each participant paid and is expected to pay, in its trip's currency (DESIGN.md 3b): paid
 * is the confirmed incomes linked to the participant minus the confirmed refunds, each converted
 * at the rates of the day it was confirmed; expected is the pending ones, at today's rates. Sums
 * stay exact and are rounded up once, per participant, to the currency's precision. A movement
 * without a rate for its day is never converted at 1: the participant is flagged instead.
 */
export interface ParticipantMoney {
  paid: Big;
  expected: Big;
  /** Some movement could not be converted: paid or expected leaves it out. */
  missingRate: boolean;
}

const ZERO = new Big(0);

/** The rates of each day, `{ day: rates }`. */
async function ratesByDay(db: Db, days: string[]): Promise<Map<string, Rates>> {
  const byDay = new Map<string, Rates>();
  for (const row of await repo.ratesOfDays(db, days)) {
    const rates = byDay.get(row.day) ?? {};
    const from = storedCurrency(row.from_currency);
    (rates[from] ??= {})[storedCurrency(row.to_currency)] = row.rate;
    byDay.set(row.day, rates);
  }
  return byDay;
}

/** Money of the participants of the given trips, by participant id (absent: nothing moved). */
export async function moneyOfParticipants(
  db: Db,
  trips: { id: number; currency: string }[],
): Promise<Map<number, ParticipantMoney>> {
  const tripCurrency = new Map(trips.map((trip) => [trip.id, storedCurrency(trip.currency)]));
  const sums = await repo.participantMovements(db, [...tripCurrency.keys()], BUSINESS_TIME_ZONE);
  const today = businessToday();
  const dayOf = (sum: repo.MovementSum) => sum.day ?? today;
  const foreignDays = sums
    .filter((sum) => sum.currency !== tripCurrency.get(sum.trip_id))
    .map(dayOf);
  const rates = await ratesByDay(db, [...new Set(foreignDays)]);

  const exact = new Map<number, { paid: Big; expected: Big; missingRate: boolean }>();
  for (const sum of sums) {
    const to = tripCurrency.get(sum.trip_id)!;
    const from = storedCurrency(sum.currency);
    const major = fromMinorUnits(sum.total, from);
    const converted =
      from === to ? new Big(major) : convertExact(major, from, to, rates.get(dayOf(sum)) ?? {});
    const entry = exact.get(sum.participant_id) ?? {
      paid: ZERO,
      expected: ZERO,
      missingRate: false,
    };
    if (converted === null) {
      entry.missingRate = true;
    } else {
      const signed = sum.type === 'income' ? new Big(converted) : new Big(converted).neg();
      if (sum.status === 'confirmed') entry.paid = entry.paid.plus(signed);
      else entry.expected = entry.expected.plus(signed);
    }
    exact.set(sum.participant_id, entry);
  }

  const participantsTrip = new Map(sums.map((sum) => [sum.participant_id, sum.trip_id]));
  const money = new Map<number, ParticipantMoney>();
  for (const [participantId, entry] of exact) {
    const precision = currencyPrecision(tripCurrency.get(participantsTrip.get(participantId)!)!);
    money.set(participantId, {
      paid: divideCeil(entry.paid, new Big(1), precision),
      expected: divideCeil(entry.expected, new Big(1), precision),
      missingRate: entry.missingRate,
    });
  }
  return money;
}

/** What a participant owes: its price less its discount; nothing once cancelled. */
export function dueOf(
  participant: { price: number; discount: number; status: string },
  currency: Currency,
): Big {
  if (participant.status === 'cancelled') return ZERO;
  return new Big(fromMinorUnits(participant.price - participant.discount, currency));
}
