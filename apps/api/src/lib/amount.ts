import {
  currencyPrecision,
  exceedsMaxAmount,
  LIMIT_MESSAGES,
  maxAmountMessage,
  parseDecimal,
  toMinorUnits,
  type Currency,
} from '@tour/core';

/** An exact decimal of the shared money code. */
export type Decimal = NonNullable<ReturnType<typeof parseDecimal>>;

export const AMOUNT_MESSAGES = {
  notNumber: 'Сумма должна быть числом, например 1500.50',
  // The forms' own words for the same limits (LIMIT_MESSAGES of @tour/core).
  notPositive: LIMIT_MESSAGES.positive,
  negative: LIMIT_MESSAGES.notNegative,
  wholeOnly: (currency: Currency) => `Сумма в ${currency.toUpperCase()} должна быть целой`,
  tooManyDecimals: (currency: Currency, precision: number) =>
    `Сумма в ${currency.toUpperCase()} может иметь не больше ${precision} знаков после точки`,
} as const;

// Plain decimal notation only: an exponent ("1e400") would make the exact arithmetic below write
// out hundreds of digits, and no person types one into a payment form.
const DECIMAL_TEXT = /^-?\d{1,40}(\.\d{1,40})?$/;
const ROUND_DOWN = 0;

/** An amount as sent (major units, number or decimal string): exact, or why it is refused. */
export function parseMajorAmount(value: number | string): Decimal | { error: string } {
  const text = typeof value === 'string' ? value.trim() : null;
  if (text !== null && !DECIMAL_TEXT.test(text)) return { error: AMOUNT_MESSAGES.notNumber };
  const decimal = parseDecimal(text ?? value);
  if (decimal === null) return { error: AMOUNT_MESSAGES.notNumber };
  if (decimal.lte(0)) return { error: AMOUNT_MESSAGES.notPositive };
  return decimal;
}

/**
 * A price or a discount as sent (major units, number or decimal string, zero allowed) in minor
 * units of `currency`, or the field's message: the same checks as a payment's amount otherwise.
 */
export function priceMinorOf(
  value: number | string,
  currency: Currency,
): number | { error: string } {
  const text = typeof value === 'string' ? value.trim() : null;
  if (text !== null && !DECIMAL_TEXT.test(text)) return { error: AMOUNT_MESSAGES.notNumber };
  const decimal = parseDecimal(text ?? value);
  if (decimal === null) return { error: AMOUNT_MESSAGES.notNumber };
  if (decimal.lt(0)) return { error: AMOUNT_MESSAGES.negative };
  if (decimal.eq(0)) return 0;
  return minorUnitsOf(decimal, currency);
}

/**
 * Integer minor units of a positive amount in a currency, converted by the shared money code; a
 * field error when it is above the currency's MAX_AMOUNT (which keeps every amount far below
 * 2^53 - 1 minor units, the most a bigint column gives back exactly) or has more decimals than the
 * currency keeps.
 */
export function minorUnitsOf(amount: Decimal, currency: Currency): number | { error: string } {
  if (exceedsMaxAmount(amount, currency)) return { error: maxAmountMessage(currency) };
  const precision = currencyPrecision(currency);
  const minor = amount.times(10 ** precision);
  if (!minor.eq(minor.round(0, ROUND_DOWN))) {
    return {
      error:
        precision === 0
          ? AMOUNT_MESSAGES.wholeOnly(currency)
          : AMOUNT_MESSAGES.tooManyDecimals(currency, precision),
    };
  }
  return toMinorUnits(amount.toFixed(), currency);
}
