// The administrative report's shapes as the screen uses them (AdministrativeReportJson of
// apps/api/src/routes/reports/schemas.ts): every amount is a number in major units, computed by
// the server; the browser adds nothing up.
import type { Currency } from '@tour/shared';

/** A category's kind: an income («Поступление») or an expense («Расход»). */
export type AdministrativeOperationType = 'income' | 'outcome';

/** One category of one kind over the period. */
export interface AdministrativeReportLine {
  category: string;
  type: AdministrativeOperationType;
  /** In the report's currency, one per month of `months`, each operation at its day's rate. */
  by_month: number[];
  total: number;
  /** The same operations in their own currencies, over the whole period. */
  originals: { currency: Currency; amount: number }[];
  /** Some of its operations are left out: no rate for their day. */
  missing_rate: boolean;
}

/** The period's incomes, expenses and their difference, per month (in `months` order) and whole. */
export interface AdministrativeReportTotals {
  income: number[];
  outcome: number[];
  /** Incomes minus expenses. */
  net: number[];
  income_total: number;
  outcome_total: number;
  net_total: number;
  missing_rate: boolean;
}

/** A day and currency without a rate to the report's currency. */
export interface AdministrativeMissingRate {
  date: string;
  currency: Currency;
}

/** GET /admin/reports/administrative. */
export interface AdministrativeReport {
  currency: Currency;
  from: string;
  to: string;
  /** The period's months, YYYY-MM; the lines' and totals' amounts follow this order. */
  months: string[];
  /** Incomes first, then expenses, each by category name (the server's order). */
  lines: AdministrativeReportLine[];
  totals: AdministrativeReportTotals;
  missing_rates: AdministrativeMissingRate[];
}

/** The report's request, under the API's names. */
export interface AdministrativeReportArgs {
  from: string;
  to: string;
  currency: Currency;
}
