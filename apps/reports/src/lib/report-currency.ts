import { isCurrency, type Currency } from '@tour/shared';

/** The report's currency when the URL names none (DESIGN.md: the reports count in KGS). */
export const DEFAULT_REPORT_CURRENCY: Currency = 'kgs';

/** The report's currency of a URL query (`?currency=usd`); anything else reads as KGS. */
export function reportCurrencyOf(params: URLSearchParams): Currency {
  const value = params.get('currency');
  return isCurrency(value) ? value : DEFAULT_REPORT_CURRENCY;
}

/** A link to another report page that keeps the report's currency: `…?currency=usd`. */
export function withCurrency(href: string, currency: Currency): string {
  return `${href}?${new URLSearchParams({ currency }).toString()}`;
}
