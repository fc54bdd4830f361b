import { formatAmount, type Currency, type ReportFigureKey } from '@tour/shared';
import { formatMargin } from './format-margin';

/**
 * A trip's money (or a month's, or the period's) in the report's currency on the two bases of
 * DESIGN.md 3b, as the server computes it (apps/api/src/routes/reports/schemas.ts): the browser
 * adds none of it up. Labels and order: REPORT_FIGURE_GROUPS of `@tour/shared`, as the exports.
 */
export interface ReportFigures {
  /** What the participants owe by contract (and cancelled ones kept), at the trip's start day's rate. */
  revenue: number;
  /** Bookings' costs (a cancelled one's penalty), each at its service start day's rate. */
  costs: number;
  /** Revenue minus costs. */
  profit: number;
  /** Profit to revenue, in percent; null without revenue. */
  margin: number | null;
  /** Participants' confirmed payments minus refunds, each at its confirmation day's rate. */
  paid: number;
  /** Revenue minus paid (negative: overpaid). */
  debt: number;
  /** Confirmed payments to the suppliers minus their refunds, each at its payment day's rate. */
  supplier_paid: number;
  /** Paid minus supplier_paid. */
  cash_result: number;
  /** Supplier payments at the service day's rate minus at the payment day's (not in profit). */
  exchange_difference: number;
}

/** A figure as the screens write it: an amount through formatAmount, the margin in percent. */
export function formatFigure(
  figures: ReportFigures,
  key: ReportFigureKey,
  currency: Currency,
): string {
  return key === 'margin' ? formatMargin(figures.margin) : formatAmount(figures[key], currency);
}
