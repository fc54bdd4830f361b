import { api, cacheTags, transformCode1, type BookingDashboard } from '@tour/shared';
import { bookingTags } from '../../../lib/booking-tags';

/** GET /admin/bookings/dashboard?month=MM-YYYY. */
export type Dashboard = BookingDashboard;
/** One list of the dashboard: its first items and how many there are. */
export type BriefList = Dashboard['next_days'];
/** A booking as the dashboard's lists show it. */
export type BookingBrief = BriefList['items'][number];
export type KindCounts = Dashboard['counts'][number];
export type TripWithMissing = Dashboard['missing']['items'][number];
export type MissingParticipant = TripWithMissing['participants'][number];

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
