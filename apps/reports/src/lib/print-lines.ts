import { CURRENCY_LABELS, formatDate, type Currency } from '@tour/shared';

// The filters a printed report writes above itself (PrintHeader of @tour/shared/ui), in Russian.

/** A period as paper shows it: DD.MM.YYYY–DD.MM.YYYY, or «с DD.MM.YYYY» without an end. */
export function printedPeriod(from: string, to?: string): string {
  return to ? `${formatDate(from)}–${formatDate(to)}` : `с ${formatDate(from)}`;
}

/** A currency as paper shows it: «Доллар США (USD)». */
export function printedCurrency(currency: Currency): string {
  return `${CURRENCY_LABELS[currency]} (${currency.toUpperCase()})`;
}
