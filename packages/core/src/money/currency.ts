import Big from 'big.js';

/** The four currencies the business works with. */
export const CURRENCIES = ['kgs', 'usd', 'eur', 'jpy'] as const;

/** A currency code: 'kgs', 'usd', 'eur' or 'jpy'. */
export type Currency = (typeof CURRENCIES)[number];

/** Display symbols; kgs is the Cyrillic capital Es (U+0421), not a Latin C. */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  kgs: '\u0421',
  usd: '$',
  eur: '€',
  jpy: '¥',
};

/** Decimal places kept in storage and in conversion results, per currency. */
export const CURRENCY_PRECISION: Readonly<Record<Currency, number>> = {
  kgs: 0,
  usd: 2,
  eur: 2,
  jpy: 0,
};

/** Russian names of the currencies. */
export const CURRENCY_LABELS: Readonly<Record<Currency, string>> = {
  kgs: 'Сом',
  usd: 'Доллар США',
  eur: 'Евро',
  jpy: 'Иена',
};

/**
 * The largest amount one entry may carry (a payment, a transfer, a price, a cost), in major units
 * of its currency: about ten million US dollars, a sum no tour operator's single entry reaches, so
 * a stuck key or a few extra zeros are refused instead of recorded. The server refuses more with
 * a 422; forms say so under the field.
 */
export const MAX_AMOUNT: Readonly<Record<Currency, number>> = {
  kgs: 1_000_000_000,
  usd: 10_000_000,
  eur: 10_000_000,
  jpy: 1_000_000_000,
};

/** Amounts are always displayed with this many decimals, whatever the currency. */
export const DISPLAY_DECIMALS = 2;

// Own constructor so that nothing here depends on, or changes, the global Big settings.
const Decimal = Big();
Decimal.DP = 40;
Decimal.RM = Big.roundHalfUp;

const DECIMAL_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const NBSP = '\u00a0';

/** True when `x` is one of the four currency codes. */
export function isCurrency(x: unknown): x is Currency {
  return typeof x === 'string' && (CURRENCIES as readonly string[]).includes(x);
}

/** Decimal places of a currency; throws a RangeError for an unknown code. */
export function currencyPrecision(currency: Currency): number {
  if (!isCurrency(currency)) throw new RangeError(`Неизвестная валюта: ${String(currency)}`);
  return CURRENCY_PRECISION[currency];
}

/** Exact decimal of a finite number, bigint, decimal string or Big; null for anything else. */
export function parseDecimal(value: unknown): Big | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value === 'bigint') return new Decimal(value);
  if (value instanceof Big) return new Decimal(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return DECIMAL_PATTERN.test(text) ? new Decimal(text) : null;
}

/** Displays an amount as sign, symbol, |value| to 2 decimals, NBSP thousands and decimal comma. */
export function formatAmount(value: unknown, currency: Currency): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  // A number of whole hundredths (as every stored amount is) read without big.js: below 10^12
  // the double nearest to c/100 prints as c/100 (its shortest decimal), what big.js reads.
  if (typeof value === 'number' && Math.abs(value) < 1e12) {
    const cents = Math.round(value * 100);
    if (Number.isSafeInteger(cents) && cents / 100 === value) {
      const absolute = Math.abs(cents);
      const hundredths = absolute % 100;
      const grouped = String((absolute - hundredths) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
      return `${cents < 0 ? '-' : ''}${symbol}${grouped},${hundredths < 10 ? '0' : ''}${hundredths}`;
    }
  }
  const decimal = parseDecimal(value);
  if (decimal === null)
    return symbol + (value === null || value === undefined ? '' : String(value));
  const fixed = decimal.abs().toFixed(DISPLAY_DECIMALS, Big.roundHalfUp);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  // The sign follows the displayed value, so -0.001 shows as 0,00 and not -0,00.
  const sign = decimal.lt(0) && !new Decimal(fixed).eq(0) ? '-' : '';
  return `${sign}${symbol}${grouped},${fraction}`;
}

/** Like parseDecimal, but throws a RangeError (Russian message) when the value is not a number. */
export function parseAmount(value: unknown): Big {
  const decimal = parseDecimal(value);
  if (decimal === null) {
    throw new RangeError(`Сумма должна быть конечным числом, получено: ${String(value)}`);
  }
  return decimal;
}

/** The number nearest to a decimal (big.js never writes -0, so neither is returned). */
export function decimalToNumber(decimal: Big): number {
  return Number(decimal.toFixed());
}

/** Integer minor units of an amount; RangeError if it has more decimals than the currency allows. */
export function toMinorUnits(amount: number | string, currency: Currency): number {
  const precision = currencyPrecision(currency);
  const minor = parseAmount(amount).times(new Decimal(10).pow(precision));
  if (!minor.eq(minor.round(0, Big.roundDown))) {
    throw new RangeError(
      `Сумма ${String(amount)} содержит больше знаков после запятой, чем допускает ` +
        `валюта ${currency.toUpperCase()} (${precision})`,
    );
  }
  const result = decimalToNumber(minor);
  if (!Number.isSafeInteger(result)) {
    throw new RangeError(`Сумма слишком велика для точного хранения: ${String(amount)}`);
  }
  return result;
}

/** Amount in currency units from integer minor units (as stored in the database). */
export function fromMinorUnits(minor: number | string | bigint, currency: Currency): number {
  const precision = currencyPrecision(currency);
  // A safe integer divided by 10^p: IEEE division rounds the exact quotient to the nearest
  // number, as reading its decimal does, so the answer is the same without big.js.
  if (typeof minor === 'number' && Number.isSafeInteger(minor)) {
    return minor === 0 ? 0 : minor / 10 ** precision;
  }
  const decimal = parseDecimal(minor);
  if (decimal === null || !decimal.eq(decimal.round(0, Big.roundDown))) {
    throw new RangeError(
      `Сумма в минимальных единицах должна быть целым числом, получено: ${String(minor)}`,
    );
  }
  if (!Number.isSafeInteger(decimalToNumber(decimal))) {
    throw new RangeError(`Сумма слишком велика для точного представления: ${String(minor)}`);
  }
  return decimalToNumber(decimal.div(new Decimal(10).pow(precision)));
}

/** True when `amount` (exact: a number, bigint, decimal string or Big) is above MAX_AMOUNT. */
export function exceedsMaxAmount(amount: unknown, currency: Currency): boolean {
  const decimal = parseDecimal(amount);
  return decimal !== null && decimal.gt(MAX_AMOUNT[currency]);
}

/** The Russian message for an amount above MAX_AMOUNT: «Сумма не может быть больше С1 000 000 000,00». */
export function maxAmountMessage(currency: Currency): string {
  return `Сумма не может быть больше ${formatAmount(MAX_AMOUNT[currency], currency)}`;
}

/**
 * A number as people read it: decimal comma, grouped thousands (a no-break space), up to `places`
 * decimals rounded half away from zero, no trailing zeros; what is not a number is written as it
 * came. Exact (big.js), and without Intl: a page's first Intl format costs more than its table.
 */
export function formatDecimal(value: number | string, places: number): string {
  const decimal = parseDecimal(value);
  if (decimal === null) return String(value);
  const rounded = decimal.abs().round(places, Big.roundHalfUp);
  const [whole = '0', fraction] = rounded.toFixed().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const sign = decimal.lt(0) && !rounded.eq(0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** A rate as people read it: decimal comma, grouped thousands, up to `places` decimals. */
export function formatRate(rate: number | string, places = 6): string {
  return formatDecimal(rate, places);
}

/**
 * How many units of a currency a bank quotes at once: yen by the hundred («100 ¥ = 56,85 С»),
 * the others one by one.
 */
export const RATE_NOMINAL: Readonly<Record<Currency, number>> = {
  kgs: 1,
  usd: 1,
  eur: 1,
  jpy: 100,
};

/** Significant digits a rate shown to a person keeps (DESIGN.md 3b: 4 to 6). */
const RATE_SIGNIFICANT_DIGITS = 6;

/**
 * A rate as a bank prints it (DESIGN.md 3b): the dearer currency, by its nominal, in the cheaper
 * one — «1 $ = 87,45 С», «100 ¥ = 56,85 С», «1 € = 1,08696 $» — whichever way `rate` (units of
 * `to` one unit of `from` buys) was stored; at most six significant digits, at least two decimals
 * when it has any, never a long tail of an exact fraction. Only for people: every computation
 * uses the stored exact rate. What is not a positive number is written as it came.
 */
export function formatExchangeRate(
  rate: number | string | Big,
  from: Currency,
  to: Currency,
): string {
  const decimal = parseDecimal(rate);
  if (decimal === null || decimal.lte(0)) return String(rate);
  // The dearer currency by its nominal is worth more than a nominal of the other.
  const fromIsDearer = decimal.times(RATE_NOMINAL[from]).div(RATE_NOMINAL[to]).gte(1);
  const [base, quote, value] = fromIsDearer
    ? [from, to, decimal.times(RATE_NOMINAL[from])]
    : [to, from, new Big(RATE_NOMINAL[to]).div(decimal)];
  const digits = value.toFixed(0).length;
  const places = Math.max(0, RATE_SIGNIFICANT_DIGITS - digits);
  const [whole = '0', fraction = ''] = value
    .round(places, Big.roundHalfUp)
    .toFixed(places)
    .split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(Math.min(2, places), '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const text = kept ? `${grouped},${kept}` : grouped;
  return `${RATE_NOMINAL[base]}${NBSP}${CURRENCY_SYMBOLS[base]} = ${text}${NBSP}${CURRENCY_SYMBOLS[quote]}`;
}
