import type Big from 'big.js';
import { currencyPrecision, resolveRate, type Currency, type Rates } from '@tour/core';
import { storedCurrency } from '../lib/currency';

/** A day's rate in JSON: [day asked for, the rate day in force on it, from, to, rate]. */
export type DayRateJson = [string, string, string, string, string];

/**
 * What each participant paid and is expected to pay, in its trip's currency (DESIGN.md 3b): paid
 * is the confirmed incomes linked to the participant minus the confirmed refunds, each converted
 * at the rates of the day it was confirmed; expected is the pending ones, at today's rates. Sums
 * stay exact and are rounded up once, per participant, to the currency's precision. A movement
 * without a rate for its day is never converted at 1: the participant is flagged instead.
 */
export interface ParticipantMoney {
  /** Minor units of the trip's currency. */
  paid: number;
  /** Minor units of the trip's currency. */
  expected: number;
  /** Some movement could not be converted: paid or expected leaves it out. */
  missingRate: boolean;
}

/** A participant's incomes or refunds of one kind, status, currency and day, summed. */
export interface MovementSum {
  participantId: number;
  type: 'income' | 'outcome';
  status: 'pending' | 'confirmed';
  currency: string;
  /** The business day it was confirmed on (pending: null, converted at today's rates). */
  day: string | null;
  /** Minor units of `currency`. */
  total: number;
}

/** The rates in force on each day, `{ day: rates }`, and the rate day in force on each. */
export interface DayRates {
  rates: Map<string, Rates>;
  rateDays: Map<string, string>;
}

export function dayRatesOf(rows: DayRateJson[] | null): DayRates {
  const rates = new Map<string, Rates>();
  const rateDays = new Map<string, string>();
  for (const [day, rateDay, from, to, rate] of rows ?? []) {
    let ofDay = rates.get(day);
    if (!ofDay) rates.set(day, (ofDay = {}));
    (ofDay[storedCurrency(from)] ??= {})[storedCurrency(to)] = rate;
    rateDays.set(day, rateDay);
  }
  return { rates, rateDays };
}

/** A decimal as an integer and a power of ten: 87.5 is 875 / 10. */
function integerFraction(value: Big): { integer: bigint; scale: bigint } {
  const places = Math.max(0, value.c.length - value.e - 1);
  return {
    integer: BigInt(value.times(`1e${places}`).toFixed(0)),
    scale: 10n ** BigInt(places),
  };
}

/** A rate between two currencies' minor units as a fraction of integers, or null without one. */
type MinorRate = { numerator: bigint; denominator: bigint } | null;

function minorRate(rates: Rates, from: Currency, to: Currency): MinorRate {
  const rate = resolveRate(rates, from, to);
  if (!rate) return null;
  const numerator = integerFraction(rate.numerator);
  const denominator = integerFraction(rate.denominator);
  // amount_to = amount_from * n / d, each side scaled between its currency's minor units.
  return {
    numerator: numerator.integer * denominator.scale * 10n ** BigInt(currencyPrecision(to)),
    denominator: denominator.integer * numerator.scale * 10n ** BigInt(currencyPrecision(from)),
  };
}

/** The smallest integer not below numerator / denominator (denominator > 0). */
function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  return numerator > 0n && numerator % denominator !== 0n ? quotient + 1n : quotient;
}

/**
 * Sums in minor units of the trip's currency. Movements in that currency add up as integers; each
 * other one adds an exact fraction of integers (its minor units times the rate between the two
 * currencies' minor units), so nothing is rounded until the participant's total is, once, upward
 * (DESIGN.md 3a).
 */
class ExactSum {
  private minor = 0;
  private numerator = 0n;
  private denominator = 1n;

  addMinor(minor: number) {
    this.minor += minor;
  }

  addConverted(minor: number, rate: NonNullable<MinorRate>) {
    const numerator = BigInt(minor) * rate.numerator;
    if (rate.denominator === this.denominator) {
      this.numerator += numerator;
    } else {
      this.numerator = this.numerator * rate.denominator + numerator * this.denominator;
      this.denominator *= rate.denominator;
    }
  }

  /** The total rounded up to the currency's minor unit. */
  total(): number {
    return this.minor + Number(ceilDiv(this.numerator, this.denominator));
  }
}

/**
 * Money of a trip's participants by participant id (absent: nothing moved), from their movement
 * sums and the rates in force on the days those in another currency were confirmed on and on
 * `today`, for the pending ones.
 */
export function moneyOf(
  sums: MovementSum[],
  currency: Currency,
  rates: Map<string, Rates>,
  today: string,
): Map<number, ParticipantMoney> {
  const entries = new Map<number, { paid: ExactSum; expected: ExactSum; missingRate: boolean }>();
  const minorRates = new Map<string, MinorRate>();
  for (const sum of sums) {
    let entry = entries.get(sum.participantId);
    if (!entry) {
      entry = { paid: new ExactSum(), expected: new ExactSum(), missingRate: false };
      entries.set(sum.participantId, entry);
    }
    const signed = sum.type === 'income' ? sum.total : -sum.total;
    const target = sum.status === 'confirmed' ? entry.paid : entry.expected;
    if (sum.currency === currency) {
      target.addMinor(signed);
      continue;
    }
    const day = sum.day ?? today;
    const key = `${day} ${sum.currency}`;
    let rate = minorRates.get(key);
    if (rate === undefined) {
      rate = minorRate(rates.get(day) ?? {}, storedCurrency(sum.currency), currency);
      minorRates.set(key, rate);
    }
    if (rate) target.addConverted(signed, rate);
    else entry.missingRate = true;
  }
  const money = new Map<number, ParticipantMoney>();
  for (const [participantId, entry] of entries) {
    money.set(participantId, {
      paid: entry.paid.total(),
      expected: entry.expected.total(),
      missingRate: entry.missingRate,
    });
  }
  return money;
}

/**
 * Minor units as the JSON number of major units: the double nearest to the exact decimal, as
 * parsing its digits gives (12345 kopecks read as "12345e-2", that is 123.45).
 */
export function majorNumber(minor: number, currency: Currency): number {
  return Number(`${minor}e-${currencyPrecision(currency)}`);
}

/** What a participant owes, in minor units: its price less its discount; nothing once cancelled. */
export function dueOf(participant: { price: number; discount: number; status: string }): number {
  return participant.status === 'cancelled' ? 0 : participant.price - participant.discount;
}
