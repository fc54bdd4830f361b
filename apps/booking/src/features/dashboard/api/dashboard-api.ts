import {
  api,
  cacheTags,
  transformCode1,
  type BookingKind,
  type BookingStatus,
  type Currency,
  type MissingBooking,
  type PaymentState,
} from '@tour/shared';
import { bookingTags } from '../../../lib/booking-tags';

/** A booking as the dashboard's lists show it. */
export interface BookingBrief {
  id: number;
  kind: BookingKind;
  title: string;
  trip_id: number;
  trip_title: string;
  supplier_name: string;
  starts_on: string;
  ends_on: string;
  status: BookingStatus;
  currency: Currency;
  amount_due: number;
  paid: number;
  debt: number;
  payment_state: PaymentState;
  payment_due_on: string | null;
}

/** One list of the dashboard: its first items and how many there are. */
export interface BriefList {
  total: number;
  items: BookingBrief[];
}

export interface KindCounts {
  kind: BookingKind;
  requested: number;
  confirmed: number;
  cancelled: number;
  total: number;
}

export interface MissingParticipant {
  participant_id: number;
  user_id: number;
  full_name: string;
  problems: MissingBooking[];
  nights_missing: number;
}

export interface TripWithMissing {
  trip_id: number;
  title: string;
  starts_on: string;
  ends_on: string;
  participants: MissingParticipant[];
}

/** GET /admin/bookings/dashboard?month=MM-YYYY. */
export interface Dashboard {
  month: string;
  first_day: string;
  last_day: string;
  today: string;
  counts: KindCounts[];
  next_days: BriefList;
  unconfirmed: BriefList;
  overdue: BriefList;
  missing: { trips: number; items: TripWithMissing[] };
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingDashboard: build.query<Dashboard | null, string>({
      query: (month) => ({ url: '/admin/bookings/dashboard', params: { month } }),
      transformResponse: transformCode1<Dashboard | null>(null),
      // A saved booking, a payment or a confirmation elsewhere changes what it counts.
      providesTags: [bookingTags.dashboard, bookingTags.bookingLists, cacheTags.operationLists],
    }),
  }),
});

export const { useBookingDashboardQuery } = dashboardApi;
