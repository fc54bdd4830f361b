// One trip's summary as the report shows it, derived from the API's schema (TourSummaryReport of
// the contract): amounts in major units of the currency named beside them, computed by the
// server; a conversion without its day's rate is null and flagged.
import type { TourSummaryQuery, TourSummaryReport } from '@tour/shared';

/** GET /admin/reports/tour. */
export type TourSummary = TourSummaryReport;
export type TourSummaryTrip = TourSummary['trip'];
/** The trip's figures on both bases, as the general report has them for this trip. */
export type TourSummaryTotals = TourSummary['totals'];
/** The bookings of one kind and their total in the report's currency. */
export type SummaryKind = TourSummary['kinds'][number];
/** A booking of the trip: its cost in its own currency and in the report's. */
export type SummaryBooking = SummaryKind['bookings'][number];
export type SummaryTourist = TourSummary['tourists'][number];
/** The kinds' shares of a tourist's costs (or of the not assigned), in the report's currency. */
export type ByKind = SummaryTourist['by_kind'];

/** The query: the trip, and the currency when the URL names one (else the trip's own). */
export type TourSummaryArgs = TourSummaryQuery;
