// The general report's shapes as the screen uses them (apps/api/src/routes/reports/schemas.ts):
// every amount is a number in major units of the report's currency, computed by the server.
import type { Currency, TripStatus } from '@tour/shared';
import type { ReportFigures } from '../../../lib/report-figures';

export interface GeneralReportTrip {
  id: number;
  title: string;
  country: string | null;
  starts_on: string;
  ends_on: string;
  status: TripStatus;
  currency: Currency;
  manager: { id: number; full_name: string } | null;
}

/** One trip of the report. */
export interface GeneralReportLine extends ReportFigures {
  trip: GeneralReportTrip;
  /** Participants but the cancelled ones. */
  tourists: number;
  /** Some of its amounts are left out: no rate for their day. */
  missing_rate: boolean;
}

/** Every trip of the filters (all pages). */
export interface GeneralReportTotals extends ReportFigures {
  trips: number;
  tourists: number;
  missing_rate: boolean;
}

/** The trips starting in one month (YYYY-MM); every month of the period, empty ones too. */
export interface GeneralReportMonth extends ReportFigures {
  month: string;
}

/** A day and currency without a rate to the report's currency. */
export interface MissingRate {
  date: string;
  currency: Currency;
}

/** GET /admin/reports/general. */
export interface GeneralReport {
  currency: Currency;
  /** The period of trip starts the figures are for; `to` null: without an end. */
  from: string;
  to: string | null;
  /** A page of trips, by start date. */
  lines: GeneralReportLine[];
  page: number;
  per_page: number;
  /** Trips of the period with these filters. */
  total: number;
  totals: GeneralReportTotals;
  months: GeneralReportMonth[];
  missing_rates: MissingRate[];
}

/** The report's filters, under the API's names (the export takes them as they are). */
export interface GeneralReportFilters {
  from: string;
  /** Absent: without an end (the default: the current year and every later start). */
  to?: string;
  currency: Currency;
  status?: TripStatus;
  manager_id?: number;
  country?: string;
}

/** The report's request: its filters and page. */
export interface GeneralReportArgs extends GeneralReportFilters {
  page: number;
}
