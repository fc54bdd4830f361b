import { LIMIT_MESSAGES } from '../numbers/limits';
import { CURRENCY_PRECISION, exceedsMaxAmount, maxAmountMessage, type Currency } from './currency';

// What a person types into an amount field: "1500", "1500.50", "1 500,50" (a comma is the Russian
// decimal mark, spaces group thousands). The API takes the decimal string as is: no float on the way.
const DECIMAL = /^\d+(\.\d+)?$/;
const SPACES = /[\s\u00a0\u202f]/g;

/** The typed amount as a plain decimal string ("1 500,50" -> "1500.50"). */
export function normalizeAmount(text: string): string {
  return text.replace(SPACES, '').replace(',', '.');
}

export const AMOUNT_INPUT_MESSAGES = {
  required: 'Введите сумму',
  notNumber: 'Сумма должна быть числом, например 1500.50',
} as const;

const NEGATIVE = /^[-\u2212]\d+(\.\d+)?$/;

/**
 * Why the typed amount cannot be sent in `currency` (any currency when unknown yet), or null. A
 * negative amount is a number on the wrong side of zero, and says so: «Должно быть больше нуля»,
 * or «Не меньше нуля» where `zero` is allowed (a discount, a penalty of nothing).
 */
export function amountError(
  text: string | undefined,
  currency?: Currency,
  { zero = false }: { zero?: boolean } = {},
): string | null {
  const value = normalizeAmount(text ?? '');
  if (value === '') return AMOUNT_INPUT_MESSAGES.required;
  if (NEGATIVE.test(value)) return zero ? LIMIT_MESSAGES.notNegative : LIMIT_MESSAGES.positive;
  if (!DECIMAL.test(value)) return AMOUNT_INPUT_MESSAGES.notNumber;
  if (!/[1-9]/.test(value)) return zero ? null : LIMIT_MESSAGES.positive;
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  const precision = currency ? CURRENCY_PRECISION[currency] : 2;
  if (currency && exceedsMaxAmount(value, currency)) return maxAmountMessage(currency);
  if (decimals <= precision) return null;
  const code = currency?.toUpperCase();
  if (precision === 0) return `Сумма в ${code} должна быть целой`;
  return code
    ? `Сумма в ${code} может иметь не больше ${precision} знаков после запятой`
    : `Не больше ${precision} знаков после запятой`;
}
