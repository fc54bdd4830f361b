// The administrative report's shapes, derived from the API's schema (AdministrativeReport of the
// contract): every amount is a number in major units, computed by the server; the browser adds
// nothing up.
import type { AdministrativeReport, AdministrativeReportQuery } from '@tour/shared';

export type { AdministrativeReport };

/** One category of one kind over the period. */
export type AdministrativeReportLine = AdministrativeReport['lines'][number];
/** A category's kind: an income («Поступление») or an expense («Расход»). */
export type AdministrativeOperationType = AdministrativeReportLine['type'];
/** The period's incomes, expenses and their difference, per month (in `months` order) and whole. */
export type AdministrativeReportTotals = AdministrativeReport['totals'];
/** A day and currency without a rate to the report's currency. */
export type AdministrativeMissingRate = AdministrativeReport['missing_rates'][number];

/** The report's request, under the API's names. */
export type AdministrativeReportArgs = Required<AdministrativeReportQuery>;
