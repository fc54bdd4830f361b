// One trip's summary as the report shows it (TourSummaryJson in
// apps/api/src/routes/reports/schemas.ts): amounts in major units of the currency named beside
// them, computed by the server; a conversion without its day's rate is null and flagged.
import type {
  BookingKind,
  BookingStatus,
  Currency,
  ParticipantStatus,
  TripStatus,
} from '@tour/shared';
import type { ReportFigures } from '../../../lib/report-figures';

/** A booking of the trip: its cost in its own currency and in the report's. */
export interface SummaryBooking {
  id: number;
  title: string;
  supplier_name: string;
  starts_on: string;
  ends_on: string;
  status: BookingStatus;
  /** The booking's own currency. */
  currency: Currency;
  /** Its cost (a cancelled one's penalty), in its own currency. */
  cost: number;
  /** In the report's currency at its service start day's rate; null: no rate. */
  converted: number | null;
  /** 1 for the report's own currency; null: no rate. */
  rate: number | null;
  /** The day of the rate used; null for the same currency or without a rate. */
  rate_date: string | null;
  /** Confirmed supplier payments, in its own currency. */
  supplier_paid: number;
  /** Cost minus paid, in its own currency. */
  supplier_debt: number;
  /** In the report's currency; null: no rate. */
  exchange_difference: number | null;
  /** How many participants share its cost. */
  shared_by: number;
  missing_rate: boolean;
}

export interface SummaryKind {
  kind: BookingKind;
  bookings: SummaryBooking[];
  /** The kind's total in the report's currency (without what has no rate). */
  converted: number;
}

/** The kinds' shares of a tourist's costs (or of the not assigned), in the report's currency. */
export type ByKind = Partial<Record<BookingKind, number>>;

export interface SummaryTourist {
  participant_id: number;
  full_name: string;
  status: ParticipantStatus;
  /** Paid, in the report's currency. */
  paid: number;
  /** Its share of the trip's costs. */
  costs: number;
  by_kind: ByKind;
  /** Paid minus its share of the costs. */
  result: number;
}

export interface TourSummaryTrip {
  id: number;
  title: string;
  country: string | null;
  starts_on: string;
  ends_on: string;
  status: TripStatus;
  currency: Currency;
}

/** The trip's figures on both bases, as the general report has them for this trip. */
export interface TourSummaryTotals extends ReportFigures {
  tourists: number;
  missing_rate: boolean;
}

/** GET /admin/reports/tour. */
export interface TourSummary {
  /** The report's currency: the one asked for, else the trip's. */
  currency: Currency;
  trip: TourSummaryTrip;
  /** The kinds that have bookings, in the booking section's order. */
  kinds: SummaryKind[];
  totals: TourSummaryTotals;
  tourists: SummaryTourist[];
  /** Costs nobody can share (a booking of cancelled participants only). */
  unassigned: { costs: number; by_kind: ByKind };
}

/** The query: the trip, and the currency when the URL names one (else the trip's own). */
export interface TourSummaryArgs {
  trip_id: number;
  currency?: Currency;
}
