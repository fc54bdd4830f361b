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
const ONE = new Big(1);

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

  // Movements in the trip's currency add up as integers of minor units; only the others need
  // exact decimals. Each participant's sum is rounded up once, at the end.
  interface Sums {
    tripId: number;
    paidMinor: number;
    expectedMinor: number;
    paidForeign: Big | null;
    expectedForeign: Big | null;
    missingRate: boolean;
  }
  const sumsOf = new Map<number, Sums>();
  for (const sum of sums) {
    const to = tripCurrency.get(sum.trip_id)!;
    const entry: Sums = sumsOf.get(sum.participant_id) ?? {
      tripId: sum.trip_id,
      paidMinor: 0,
      expectedMinor: 0,
      paidForeign: null,
      expectedForeign: null,
      missingRate: false,
    };
    sumsOf.set(sum.participant_id, entry);
    const sign = sum.type === 'income' ? 1 : -1;
    const confirmed = sum.status === 'confirmed';
    if (sum.currency === to) {
      if (confirmed) entry.paidMinor += sign * sum.total;
      else entry.expectedMinor += sign * sum.total;
      continue;
    }
    const from = storedCurrency(sum.currency);
    const converted = convertExact(
      fromMinorUnits(sum.total, from),
      from,
      to,
      rates.get(dayOf(sum)) ?? {},
    );
    if (converted === null) {
      entry.missingRate = true;
      continue;
    }
    const signed = sign === 1 ? new Big(converted) : new Big(converted).neg();
    if (confirmed) entry.paidForeign = (entry.paidForeign ?? ZERO).plus(signed);
    else entry.expectedForeign = (entry.expectedForeign ?? ZERO).plus(signed);
  }

  const money = new Map<number, ParticipantMoney>();
  for (const [participantId, entry] of sumsOf) {
    const currency = tripCurrency.get(entry.tripId)!;
    const total = (minor: number, foreign: Big | null) => {
      const own = new Big(fromMinorUnits(minor, currency));
      if (foreign === null) return own;
      return divideCeil(own.plus(foreign), ONE, currencyPrecision(currency));
    };
    money.set(participantId, {
      paid: total(entry.paidMinor, entry.paidForeign),
      expected: total(entry.expectedMinor, entry.expectedForeign),
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
