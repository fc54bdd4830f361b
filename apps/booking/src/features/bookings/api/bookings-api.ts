import {
  api,
  cacheTags,
  emitBalanceUpdated,
  emptyPage,
  movementTags,
  transformCode1,
  type Participant,
} from '@tour/shared';
import { bookingTags } from '../../../lib/booking-tags';
import type {
  Booking,
  BookingListArgs,
  BookingListPage,
  PayArgs,
  SaveBookingBody,
  SupplierPayment,
} from './types';

const NO_PARTICIPANTS: Participant[] = [];
const NO_PAYMENTS: SupplierPayment[] = [];

function emptyListPage(): BookingListPage {
  return { ...emptyPage<Booking>(), month: '', first_day: '', last_day: '', totals: [] };
}

/** What a saved booking changes: itself, every list, the dashboard, its trip and its history. */
function savedTags(booking: Booking | null) {
  if (!booking) return [];
  return [
    bookingTags.booking(booking.id),
    bookingTags.bookingLists,
    bookingTags.dashboard,
    cacheTags.trip(booking.trip.id),
    cacheTags.history('booking', booking.id),
  ];
}

// Names carry the section's prefix: every app injects into the one slice, and RTK Query keeps
// the first definition of a name, silently, when another picks the same one. A confirmed payment
// (the accounting section) invalidates the operations' tag, so the views showing what was paid
// provide it too.
export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingList: build.query<BookingListPage, BookingListArgs>({
      query: (params) => ({ url: '/admin/bookings', params }),
      transformResponse: transformCode1(emptyListPage()),
      providesTags: (result) => [
        bookingTags.bookingLists,
        cacheTags.operationLists,
        ...(result?.data ?? []).map((booking) => bookingTags.booking(booking.id)),
      ],
    }),
    bookingOne: build.query<Booking | null, number>({
      query: (id) => `/admin/booking/${id}`,
      transformResponse: transformCode1<Booking | null>(null),
      providesTags: (_result, _error, id) => [bookingTags.booking(id), cacheTags.operationLists],
    }),
    bookingSave: build.mutation<Booking | null, { id: number | null; body: SaveBookingBody }>({
      query: ({ id, body }) =>
        id === null
          ? { url: '/admin/bookings', method: 'POST', data: body }
          : { url: `/admin/booking/${id}`, method: 'PUT', data: body },
      transformResponse: transformCode1<Booking | null>(null),
      invalidatesTags: (booking, error) => (error ? [] : savedTags(booking ?? null)),
    }),
    /** The trip's participants, the cancelled ones too (GET /admin/trip/:id/participants). */
    bookingTripParticipants: build.query<Participant[], number>({
      query: (tripId) => `/admin/trip/${tripId}/participants`,
      transformResponse: transformCode1(NO_PARTICIPANTS),
      providesTags: (_result, _error, tripId) => [cacheTags.trip(tripId)],
    }),
    bookingPayments: build.query<SupplierPayment[], number>({
      query: (id) => `/admin/booking/${id}/payments`,
      transformResponse: transformCode1(NO_PAYMENTS),
      providesTags: (_result, _error, id) => [bookingTags.payments(id), cacheTags.operationLists],
    }),
    /** Records a pending outcome to the supplier; it counts as paid once confirmed. */
    bookingPay: build.mutation<SupplierPayment | null, PayArgs>({
      query: ({ bookingId, idempotencyKey, wallet_id, amount, comment }) => ({
        url: `/admin/booking/${bookingId}/payments`,
        method: 'POST',
        data: { wallet_id, amount, comment },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: transformCode1<SupplierPayment | null>(null),
      invalidatesTags: (payment, error, { bookingId, tripId }) =>
        error || !payment
          ? []
          : [
              bookingTags.payments(bookingId),
              bookingTags.booking(bookingId),
              bookingTags.bookingLists,
              bookingTags.dashboard,
              cacheTags.trip(tripId),
              ...movementTags({ walletIds: [payment.wallet_id] }),
            ],
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data) emitBalanceUpdated({ walletIds: [data.wallet_id] });
        } catch {
          // the form says what went wrong
        }
      },
    }),
  }),
});

export const {
  useBookingListQuery,
  useBookingOneQuery,
  useBookingSaveMutation,
  useBookingTripParticipantsQuery,
  useBookingPaymentsQuery,
  useBookingPayMutation,
} = bookingsApi;
