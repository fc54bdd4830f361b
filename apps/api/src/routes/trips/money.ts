import Big from 'big.js';
import {
  currencyPrecision,
  divideCeil,
  resolveRate,
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
/** 10 to the power of a currency's precision (0 or 2). */
const SCALE = [new Big(1), new Big(10), new Big(100)];

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

/**
 * Money of the participants of the given trips, by participant id (absent: nothing moved); `only`
 * narrows it to some participants, or to confirmed movements (paid alone, expected left at 0).
 */
export async function moneyOfParticipants(
  db: Db,
  trips: { id: number; currency: string }[],
  only: { participantIds?: number[]; confirmed?: boolean } = {},
): Promise<Map<number, ParticipantMoney>> {
  if (only.participantIds?.length === 0) return new Map();
  const tripCurrency = new Map(trips.map((trip) => [trip.id, storedCurrency(trip.currency)]));
  const sums = await repo.participantMovements(
    db,
    [...tripCurrency.keys()],
    BUSINESS_TIME_ZONE,
    only,
  );
  const today = businessToday();
  const dayOf = (sum: repo.MovementSum) => sum.day ?? today;
  const foreignDays = sums
    .filter((sum) => sum.currency !== tripCurrency.get(sum.trip_id))
    .map(dayOf);
  const rates = await ratesByDay(db, [...new Set(foreignDays)]);

  // Sums in minor units of the trip's currency. Movements in that currency add up as integers;
  // each other one adds an exact fraction (its minor units times the rate's numerator over its
  // denominator, scaled between the two currencies' precisions), so no division happens until
  // the participant's total is rounded up once, at the end (DESIGN.md 3a).
  interface Sum {
    minor: number;
    /** The other currencies' part as numerator / denominator; null when there is none. */
    fraction: { numerator: Big; denominator: Big } | null;
  }
  interface Sums {
    tripId: number;
    paid: Sum;
    expected: Sum;
    missingRate: boolean;
  }
  const sumsOf = new Map<number, Sums>();
  for (const sum of sums) {
    const to = tripCurrency.get(sum.trip_id)!;
    let entry = sumsOf.get(sum.participant_id);
    if (!entry) {
      entry = {
        tripId: sum.trip_id,
        paid: { minor: 0, fraction: null },
        expected: { minor: 0, fraction: null },
        missingRate: false,
      };
      sumsOf.set(sum.participant_id, entry);
    }
    const sign = sum.type === 'income' ? 1 : -1;
    const target = sum.status === 'confirmed' ? entry.paid : entry.expected;
    if (sum.currency === to) {
      target.minor += sign * sum.total;
      continue;
    }
    const from = storedCurrency(sum.currency);
    const rate = resolveRate(rates.get(dayOf(sum)) ?? {}, from, to);
    if (!rate) {
      entry.missingRate = true;
      continue;
    }
    const numerator = new Big(sign * sum.total)
      .times(rate.numerator)
      .times(SCALE[currencyPrecision(to)]!);
    const denominator = rate.denominator.times(SCALE[currencyPrecision(from)]!);
    target.fraction = target.fraction
      ? {
          numerator: target.fraction.numerator
            .times(denominator)
            .plus(numerator.times(target.fraction.denominator)),
          denominator: target.fraction.denominator.times(denominator),
        }
      : { numerator, denominator };
  }

  const money = new Map<number, ParticipantMoney>();
  for (const [participantId, entry] of sumsOf) {
    const currency = tripCurrency.get(entry.tripId)!;
    const total = ({ minor, fraction }: Sum) => {
      const rounded = fraction
        ? divideCeil(
            fraction.numerator.plus(fraction.denominator.times(minor)),
            fraction.denominator,
            0,
          )
        : minor;
      return majorOf(typeof rounded === 'number' ? rounded : rounded.toFixed(0), currency);
    };
    money.set(participantId, {
      paid: total(entry.paid),
      expected: total(entry.expected),
      missingRate: entry.missingRate,
    });
  }
  return money;
}

/** An integer of minor units as an exact decimal of the currency's major units. */
export function majorOf(minor: number | string, currency: Currency): Big {
  // Exponent notation: big.js reads it exactly, with no division.
  return new Big(`${minor}e-${currencyPrecision(currency)}`);
}

/** What a participant owes: its price less its discount; nothing once cancelled. */
export function dueOf(
  participant: { price: number; discount: number; status: string },
  currency: Currency,
): Big {
  if (participant.status === 'cancelled') return ZERO;
  return majorOf(participant.price - participant.discount, currency);
}
