// The booking API's shapes as the screens use them: derived from the API's schemas (Booking,
// SaveBookingBody... of the contract, re-exported by @tour/shared), never restated.
import type { BookingListQuery, SupplierPaymentBody } from '@tour/shared';

export type {
  Booking,
  BookingCurrencyTotal,
  BookingDetails,
  BookingListItem,
  BookingListPage,
  BookingParticipant,
  CoverBody,
  SaveBookingBody,
  SupplierPayment,
  TicketCategory,
} from '@tour/shared';

/** The month list's filters, as the API names them (and the URL query too). */
export type BookingFilters = Pick<
  BookingListQuery,
  'trip_id' | 'supplier_id' | 'status' | 'payment_state' | 'search'
>;

/** The month list's request: the kind, the month (MM-YYYY) and the page, with the filters. */
export type BookingListArgs = BookingFilters &
  Required<Pick<BookingListQuery, 'kind' | 'month' | 'page'>> &
  Pick<BookingListQuery, 'per_page'>;

/** POST /admin/booking/:id/payments, with what the request needs beside its body. */
export type PayArgs = SupplierPaymentBody & {
  bookingId: number;
  tripId: number;
  /** Sent as the Idempotency-Key header: one per filled form, kept across its retries. */
  idempotencyKey: string;
};
