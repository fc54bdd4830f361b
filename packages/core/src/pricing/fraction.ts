import type Big from 'big.js';
import { parseDecimal } from '../money/currency';

// An exact fraction of two integers (BigInt): a costing's table adds and multiplies a few dozen
// amounts and rates per cell and rounds each figure once, so it needs exactness, not decimals.
// big.js divides digit by digit and builds a constructor for each rounding mode; integers do the
// same sums some ten times faster.

/** numerator / denominator, the denominator always positive. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

const TEN = 10n;

/** A decimal (big.js) as the fraction it is exactly: 87.6271 → 876271 / 10000. */
export function fractionOf(decimal: Big): Fraction {
  const text = decimal.toFixed();
  const point = text.indexOf('.');
  if (point < 0) return { numerator: BigInt(text), denominator: 1n };
  const places = text.length - point - 1;
  return {
    numerator: BigInt(text.slice(0, point) + text.slice(point + 1)),
    denominator: TEN ** BigInt(places),
  };
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal's text («87.6271», «-3», «12.») as the fraction it is exactly, read without big.js;
 * another form big.js reads («.5», «1e3») through it; null for what is no number.
 */
export function fractionOfText(text: string): Fraction | null {
  const plain = PLAIN_DECIMAL.exec(text);
  if (!plain) {
    const decimal = parseDecimal(text);
    return decimal === null ? null : fractionOf(decimal);
  }
  const [, sign, whole, decimals = ''] = plain;
  return {
    numerator: BigInt(`${sign}${whole}${decimals}`),
    denominator: decimals ? TEN ** BigInt(decimals.length) : 1n,
  };
}

export const whole = (value: number | bigint): Fraction => ({
  numerator: BigInt(value),
  denominator: 1n,
});

export const over = (numerator: Fraction, denominator: Fraction): Fraction =>
  denominator.numerator < 0n
    ? times(numerator, {
        numerator: -denominator.denominator,
        denominator: -denominator.numerator,
      })
    : times(numerator, { numerator: denominator.denominator, denominator: denominator.numerator });

export function plus(a: Fraction, b: Fraction): Fraction {
  return a.denominator === b.denominator
    ? { numerator: a.numerator + b.numerator, denominator: a.denominator }
    : {
        numerator: a.numerator * b.denominator + b.numerator * a.denominator,
        denominator: a.denominator * b.denominator,
      };
}

export const minus = (a: Fraction, b: Fraction): Fraction =>
  plus(a, { numerator: -b.numerator, denominator: b.denominator });

export const times = (a: Fraction, b: Fraction): Fraction => ({
  numerator: a.numerator * b.numerator,
  denominator: a.denominator * b.denominator,
});

/** The whole number at or above (up) or at or below (down) numerator / denominator. */
function divided(numerator: bigint, denominator: bigint, up: boolean): bigint {
  const quotient = numerator / denominator; // toward zero
  if (numerator % denominator === 0n) return quotient;
  if (up) return numerator > 0n ? quotient + 1n : quotient;
  return numerator < 0n ? quotient - 1n : quotient;
}

/** The fraction written with `places` decimals, rounded up (ceiling) or down (floor) once. */
export function toFixed(value: Fraction, places: number, up: boolean): string {
  const scaled = divided(value.numerator * TEN ** BigInt(places), value.denominator, up);
  const sign = scaled < 0n ? '-' : '';
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(places + 1, '0');
  return places === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** The smallest whole multiple of `step` at or above the fraction. */
export function ceilToStep(value: Fraction, step: number): bigint {
  const steps = divided(value.numerator, value.denominator * BigInt(step), true);
  return steps * BigInt(step);
}
