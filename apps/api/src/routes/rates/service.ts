import { parseDecimal, type Currency, type ValidationErrors } from '@tour/core';
import { storedCurrency } from '../../lib/currency';
import { addDays } from '../../domain/business-day';
import type { RateFile } from './nbkr';
import type { NewRate, RateHistoryRow, RateRow } from './repository';

// The ledger converts a transfer at the latest day's rates through this service.
export { latestDayRates, ratesOfLatestDay, type RateRow } from './repository';
import type { RateHistoryDayJson } from '@tour/core/contract/rates';

/** Decimal places a rate may have: the scale of the currency_rates.rate column. */
export const RATE_MAX_DECIMALS = 10;
// numeric(24, 10) holds 14 integer digits.
const RATE_LIMIT = 1e14;

/** Rows of one day as `{ from: { to: rate } }`, rates as numbers. */
export function ratesJson(rows: RateRow[]): Record<string, Record<string, number>> {
  const rates: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    (rates[row.from_currency] ??= {})[row.to_currency] = Number(row.rate);
  }
  return rates;
}

const MESSAGES = {
  tooLate: 'Курсы можно вводить не дальше чем на завтра',
  empty: 'Укажите хотя бы один курс',
  sameCurrency: 'Валюты должны различаться',
  notPositive: 'Курс должен быть больше нуля',
  tooPrecise: `Не больше ${RATE_MAX_DECIMALS} знаков после запятой`,
  tooLarge: 'Слишком большой курс',
  duplicate: 'Курс этой пары валют уже указан',
};

/** A day's rates to check: a request's body (numbers) or a file's (exact decimal strings). */
export interface RatesInput {
  date: string;
  rates: { from: Currency; to: Currency; rate: number | string }[];
}

/**
 * The business rules of a day's rates beyond the schema: the date at most tomorrow, at least one
 * rate, two different currencies, a positive rate of at most 10 decimals, each pair once.
 */
export function checkRates(
  body: RatesInput,
  today: string,
): { errors: ValidationErrors } | { rates: NewRate[] } {
  const errors: ValidationErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  if (body.date > addDays(today, 1)) add('date', MESSAGES.tooLate);
  if (body.rates.length === 0) add('rates', MESSAGES.empty);

  const seen = new Set<string>();
  const rates: NewRate[] = [];
  body.rates.forEach(({ from, to, rate }, i) => {
    if (from === to) add(`rates.${i}.to`, MESSAGES.sameCurrency);
    const pair = `${from}:${to}`;
    if (seen.has(pair)) add(`rates.${i}`, MESSAGES.duplicate);
    seen.add(pair);

    const decimal = parseDecimal(rate);
    if (decimal === null || !decimal.gt(0)) {
      add(`rates.${i}.rate`, MESSAGES.notPositive);
      return;
    }
    const exact = decimal.toFixed();
    const decimals = exact.split('.')[1]?.length ?? 0;
    if (decimals > RATE_MAX_DECIMALS) add(`rates.${i}.rate`, MESSAGES.tooPrecise);
    if (!decimal.lt(RATE_LIMIT)) add(`rates.${i}.rate`, MESSAGES.tooLarge);
    rates.push({ from, to, rate: exact });
  });

  return Object.keys(errors).length > 0 ? { errors } : { rates };
}

/**
 * A parsed rates file through the same checks as a day entered by hand; a refusal is told under
 * `file`, each rate's problem named by its currency.
 */
export function checkRateFile(
  file: RateFile,
  today: string,
): { errors: ValidationErrors } | { rates: NewRate[] } {
  const checked = checkRates({ date: file.date, rates: file.rates }, today);
  if (!('errors' in checked)) return checked;
  const messages = Object.entries(checked.errors).flatMap(([field, list]) => {
    const index = /^rates\.(\d+)/.exec(field)?.[1];
    const code = index === undefined ? undefined : file.rates[Number(index)]?.from.toUpperCase();
    return list.map((message) =>
      code ? `Курс ${code}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message,
    );
  });
  return { errors: { file: [...new Set(messages)] } };
}

/** History rows (a page of days, newest first) as days with their rates. */
export function rateHistoryJson(rows: RateHistoryRow[]): RateHistoryDayJson[] {
  const days = new Map<string, RateHistoryDayJson>();
  for (const row of rows) {
    let day = days.get(row.date);
    if (!day) {
      day = { date: row.date, rates: [], updated_at: '', created_by_name: null };
      days.set(row.date, day);
    }
    day.rates.push({
      from: storedCurrency(row.from_currency),
      to: storedCurrency(row.to_currency),
      rate: Number(row.rate),
    });
    const updated = row.updated_at.toISOString();
    // The day's author is whoever wrote its latest pair.
    if (updated > day.updated_at) {
      day.updated_at = updated;
      day.created_by_name = row.created_by_name;
    }
  }
  return [...days.values()];
}
