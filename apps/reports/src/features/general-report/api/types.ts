// The general report's shapes, derived from the API's schema (GeneralReport of the contract):
// every amount is a number in major units of the report's currency, computed by the server.
import type { GeneralReport, GeneralReportQuery } from '@tour/shared';

export type { GeneralReport };

/** One trip of the report. */
export type GeneralReportLine = GeneralReport['lines'][number];
export type GeneralReportTrip = GeneralReportLine['trip'];
/** Every trip of the filters (all pages). */
export type GeneralReportTotals = GeneralReport['totals'];
/** The trips starting in one month (YYYY-MM); every month of the period, empty ones too. */
export type GeneralReportMonth = GeneralReport['months'][number];
/** A day and currency without a rate to the report's currency. */
export type MissingRate = GeneralReport['missing_rates'][number];

/**
 * The report's filters, under the API's names (the export takes them as they are): the screen
 * always sends a start and a currency; no `to`: without an end.
 */
export type GeneralReportFilters = Required<Pick<GeneralReportQuery, 'from' | 'currency'>> &
  Pick<GeneralReportQuery, 'to' | 'status' | 'manager_id' | 'country'>;

/** The report's request: its filters and page. */
export type GeneralReportArgs = GeneralReportFilters & { page: number };
