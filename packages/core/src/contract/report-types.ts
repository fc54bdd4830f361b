// The reports' bodies as the API's schemas (./schemas/reports.ts) define them: every amount a
// number in major units of the currency named beside it, computed by the server. Types only.
import type { Static } from '@sinclair/typebox';
import type * as reports from './schemas/reports';

/** GET /admin/reports/general: a page of trips, the totals and months of every trip filtered. */
export type GeneralReport = Static<typeof reports.GeneralReportJson>;
export type GeneralReportQuery = Static<typeof reports.GeneralReportQuery>;

/** GET /admin/reports/general/:trip/users: one trip's tourists, their payments converted twice. */
export type TripUsersReport = Static<typeof reports.TripUsersJson>;
export type TripUsersQuery = Static<typeof reports.TripUsersQuery>;

/** GET /admin/reports/tour: one trip's bookings by kind and each tourist's share of the costs. */
export type TourSummaryReport = Static<typeof reports.TourSummaryJson>;
export type TourSummaryQuery = Static<typeof reports.TourSummaryQuery>;

/** GET /admin/reports/administrative: incomes and expenses by category and month. */
export type AdministrativeReport = Static<typeof reports.AdministrativeReportJson>;
export type AdministrativeReportQuery = Static<typeof reports.AdministrativeReportQuery>;
