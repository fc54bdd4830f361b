import Big from 'big.js';
import { type Currency, currencyPrecision, parseAmount, parseDecimal } from './currency';

/** Rates of one date: `rates[from][to]` is how many units of `to` one unit of `from` buys. */
export type Rates = Partial<Record<Currency, Partial<Record<Currency, number | string>>>>;

/** Rates keyed by date 'YYYY-MM-DD', or by CURRENT_RATES_KEY when no date is given. */
export type RatesByDate = Record<string, Rates>;

/** Key of the rates fetched without a date. */
export const CURRENT_RATES_KEY = 'current';

/**
 * The header of GET /currency-rates naming the day its rates are of (YYYY-MM-DD): the latest day
 * on or before the one asked for; absent when there are none so far.
 */
export const RATES_DATE_HEADER = 'x-rates-date';

/** Currency that cross rates go through when no direct or inverse rate exists. */
export const CROSS_CURRENCY: Currency = 'kgs';

/** Decimal places kept when a rate or an unrounded result has to be written out as a decimal. */
export const RATE_DECIMALS = 40;

/** A rate as an exact fraction, so that inverse and cross rates lose nothing before rounding. */
export interface ExactRate {
  numerator: Big;
  denominator: Big;
}

/** Result of a conversion as exact decimal strings. */
export interface DecimalConversion {
  amount: string;
  rate: string;
}

/** Result of a conversion. */
export interface Conversion {
  amount: number;
  rate: number;
}

// Own constructor: the global Big settings are neither relied on nor changed.
const Exact = Big();
Exact.DP = RATE_DECIMALS;
Exact.RM = Big.roundHalfUp;

const ONE = new Exact(1);

/** The key rates of a date are stored under: the date itself or CURRENT_RATES_KEY. */
export function ratesKey(date?: string | null): string {
  return date ? date : CURRENT_RATES_KEY;
}

/** `rates[from][to]` when it is a positive finite number, else null. */
export function directRate(rates: Rates, from: Currency, to: Currency): Big | null {
  const rate = parseDecimal(rates[from]?.[to]);
  return rate !== null && rate.gt(0) ? rate : null;
}

/** One leg: same currency, the direct rate, or the inverse of the reverse rate; null if none. */
export function findLegRate(rates: Rates, from: Currency, to: Currency): ExactRate | null {
  if (from === to) return { numerator: ONE, denominator: ONE };
  const direct = directRate(rates, from, to);
  if (direct) return { numerator: direct, denominator: ONE };
  const reverse = directRate(rates, to, from);
  if (reverse) return { numerator: ONE, denominator: reverse };
  return null;
}

/** Exact rate from -> to: direct, else inverse, else cross through kgs; null if none. */
export function resolveRate(rates: Rates, from: Currency, to: Currency): ExactRate | null {
  const leg = findLegRate(rates, from, to);
  if (leg || from === CROSS_CURRENCY || to === CROSS_CURRENCY) return leg;
  const first = findLegRate(rates, from, CROSS_CURRENCY);
  const second = findLegRate(rates, CROSS_CURRENCY, to);
  if (!first || !second) return null;
  return {
    numerator: first.numerator.times(second.numerator),
    denominator: first.denominator.times(second.denominator),
  };
}

/** An exact rate written as a decimal (rounded half-up at RATE_DECIMALS places if endless). */
export function exactRateToString(rate: ExactRate): string {
  return new Exact(rate.numerator).div(rate.denominator).toFixed();
}

/** The rate from -> to as a decimal string ('1' for the same currency), or null if none. */
export function findRate(rates: Rates, from: Currency, to: Currency): string | null {
  const rate = resolveRate(rates, from, to);
  return rate ? exactRateToString(rate) : null;
}

/** Divides and rounds toward +infinity to `decimals` places, exactly (one rounding). */
export function divideCeil(numerator: Big, denominator: Big, decimals: number): Big {
  const Ceil = Big();
  Ceil.DP = decimals;
  // With a positive denominator, away from zero is the ceiling for positive values and
  // toward zero is the ceiling for negative ones.
  Ceil.RM = numerator.lt(0) ? Big.roundDown : Big.roundUp;
  return new Ceil(numerator).div(denominator);
}

/** The unrounded converted amount as a decimal string (40 places at most), or null if no rate. */
export function convertExact(
  amount: number | string,
  from: Currency,
  to: Currency,
  rates: Rates,
): string | null {
  const value = parseAmount(amount);
  const rate = resolveRate(rates, from, to);
  if (!rate) return null;
  return new Exact(value.times(rate.numerator)).div(rate.denominator).toFixed();
}

/** Converts exactly, rounding up once to the target precision; strings out, null if no rate. */
export function convertDecimal(
  amount: number | string,
  from: Currency,
  to: Currency,
  rates: Rates,
): DecimalConversion | null {
  const value = parseAmount(amount);
  if (from === to) return { amount: value.toFixed(), rate: '1' };
  const precision = currencyPrecision(to);
  const rate = resolveRate(rates, from, to);
  if (!rate) return null;
  const result = divideCeil(value.times(rate.numerator), rate.denominator, precision);
  return {
    amount: result.toFixed(precision),
    rate: exactRateToString(rate),
  };
}

/** Converts `amount` (SPEC 5): same currency unchanged with rate 1, else ceiling; null if no rate. */
export function convert(
  amount: number | string,
  from: Currency,
  to: Currency,
  rates: Rates,
): Conversion | null {
  // A number is returned as the very same number; parseAmount only rejects NaN and infinities.
  if (from === to && typeof amount === 'number' && parseAmount(amount)) return { amount, rate: 1 };
  const result = convertDecimal(amount, from, to, rates);
  if (!result) return null;
  return { amount: Number(result.amount), rate: Number(result.rate) };
}
