import { CURRENCIES, CURRENCY_LABELS } from '@tour/shared';

/** «USD — Доллар США», … for a currency select. */
export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: `${currency.toUpperCase()} — ${CURRENCY_LABELS[currency]}`,
}));
