import { isCurrency, type Currency } from '@tour/shared';

/** The report's currency when the URL names none (DESIGN.md: the reports count in KGS). */
export const DEFAULT_REPORT_CURRENCY: Currency = 'kgs';

/** The report's currency of a URL query (`?currency=usd`); anything else reads as KGS. */
export function reportCurrencyOf(params: URLSearchParams): Currency {
  const value = params.get('currency');
  return isCurrency(value) ? value : DEFAULT_REPORT_CURRENCY;
}

/**
 * A link between the general report and a trip's tourists that keeps the report's whole query
 * (period, filters, page) and sets its currency: the way back finds the report as it was left.
 */
export function withReportQuery(href: string, search: string, currency: Currency): string {
  const params = new URLSearchParams(search);
  params.set('currency', currency);
  return `${href}?${params.toString()}`;
}
