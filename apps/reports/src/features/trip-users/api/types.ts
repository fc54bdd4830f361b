// The tourists of one trip as the report shows them (apps/api/src/routes/reports/schemas.ts):
// amounts in major units, computed by the server; a conversion without its day's rate is null.
import type { Currency, ParticipantStatus, TripStatus } from '@tour/shared';

/** A participant's payment (income) or refund (outcome), converted twice. */
export interface ReportPayment {
  id: number;
  type: 'income' | 'outcome';
  status: 'confirmed' | 'pending';
  /** The day it was confirmed; a pending one's day of entry. */
  date: string;
  /** In the payment's own currency. */
  amount: number;
  currency: Currency;
  /** To the trip's currency, with that rate's day; null: no rate. */
  trip_rate: number | null;
  trip_rate_date: string | null;
  in_trip_currency: number | null;
  /** To the report's currency, with that rate's day; null: no rate. */
  report_rate: number | null;
  report_rate_date: string | null;
  in_report_currency: number | null;
}

/** What a participant (or a group of them) owes and paid. */
export interface UserFigures {
  /** Price minus discount (0 for a cancelled one), in the trip's currency. */
  due: number;
  /** In the trip's currency. */
  paid: number;
  /** Awaiting confirmation, in the trip's currency. */
  expected: number;
  /** In the trip's currency; negative: overpaid. */
  debt: number;
  /** In the report's currency, each payment at its day's rate. */
  paid_in_currency: number;
}

export interface TripUsersParticipant extends UserFigures {
  participant_id: number;
  user_id: number;
  full_name: string;
  status: ParticipantStatus;
  price: number;
  discount: number;
  missing_rate: boolean;
  payments: ReportPayment[];
}

export interface TripUsersTrip {
  id: number;
  title: string;
  starts_on: string;
  ends_on: string;
  status: TripStatus;
  currency: Currency;
}

/** GET /admin/reports/general/:trip/users. */
export interface TripUsers {
  currency: Currency;
  trip: TripUsersTrip;
  participants: TripUsersParticipant[];
  totals: {
    active: UserFigures;
    cancelled: UserFigures;
    /** Every participant's: the trip's income in the general report. */
    paid_in_currency: number;
    missing_rate: boolean;
  };
}

export interface TripUsersArgs {
  trip: number;
  currency: Currency;
}
