// The booking API's shapes as the screens use them (apps/api/src/routes/bookings/schemas.ts).
import type {
  BookingKind,
  BookingStatus,
  Currency,
  FlightClass,
  MealPlan,
  Paginated,
  ParticipantStatus,
  PaymentState,
  RoomType,
  TransactionStatus,
  TransferDirection,
} from '@tour/shared';

/** An entrance tickets' category: price in major units of the booking's currency. */
export interface TicketCategory {
  category: string;
  count: number;
  price: number | string;
}

/** The kind's own fields (only the booking's kind's are filled). */
export interface BookingDetails {
  hotel_name?: string | null;
  city?: string | null;
  category?: string | null;
  meal_plan?: MealPlan | null;
  /**
   * A hotel's room plan: the rooms in order (numbered from 1) with their type and who sleeps
   * there; a month list's rows carry the types only.
   */
  room_plan?: { room_type: RoomType; participant_ids?: number[] }[] | null;
  carrier?: string | null;
  flight_number?: string | null;
  from_airport?: string | null;
  to_airport?: string | null;
  departs_at?: string | null;
  arrives_at?: string | null;
  flight_class?: FlightClass | null;
  pnr?: string | null;
  baggage?: string | null;
  plan?: string | null;
  coverage?: number | string | null;
  coverage_currency?: Currency | null;
  territory?: string | null;
  time?: string | null;
  direction?: TransferDirection | null;
  from_place?: string | null;
  to_place?: string | null;
  vehicle?: string | null;
  seats?: number | null;
  driver_contact?: string | null;
  flight_booking_id?: number | null;
  guide_name?: string | null;
  languages?: string[] | null;
  rate_per_day?: number | string | null;
  venue?: string | null;
  tickets?: TicketCategory[] | null;
  description?: string | null;
}

/** A participant the booking covers, with its room, ticket or policy. */
export interface BookingParticipant {
  participant_id: number;
  user_id: number;
  full_name: string;
  birth_date: string | null;
  passport_number: string | null;
  status: ParticipantStatus;
  /** A hotel's: the number of the participant's room in the plan (1 for its first room). */
  room: number | null;
  ticket_number: string | null;
  ticket_cost: number | null;
  policy_number: string | null;
}

/** GET /admin/booking/:id; amounts in major units of `currency`. */
export interface Booking {
  id: number;
  kind: BookingKind;
  title: string;
  trip: { id: number; title: string; starts_on: string; ends_on: string };
  supplier: { id: number; name: string };
  starts_on: string;
  ends_on: string;
  days: number;
  nights: number;
  cost: number;
  currency: Currency;
  status: BookingStatus;
  penalty: number | null;
  amount_due: number;
  paid: number;
  debt: number;
  payment_state: PaymentState;
  overdue: boolean;
  confirmation_number: string | null;
  payment_due_on: string | null;
  notes: string | null;
  details: BookingDetails;
  /** Participants covered, the cancelled ones aside. */
  covered: number;
  participants: BookingParticipant[];
  created_at: string;
  updated_at: string;
}

/** The server's totals of every booking the filters find, in one currency. */
export interface BookingCurrencyTotal {
  currency: Currency;
  count: number;
  amount_due: number;
  paid: number;
  debt: number;
}

/** A booking of a month list: its participants only counted (`covered`); the drawer reads them. */
export type BookingListItem = Omit<Booking, 'participants'>;

/** GET /admin/bookings: a page, the month's bounds and the totals per currency. */
export interface BookingListPage extends Paginated<BookingListItem> {
  month: string;
  first_day: string;
  last_day: string;
  totals: BookingCurrencyTotal[];
}

/** The month list's filters, as the API names them (and the URL query too). */
export interface BookingFilters {
  trip_id?: number;
  supplier_id?: number;
  status?: BookingStatus;
  payment_state?: PaymentState;
  search?: string;
}

export interface BookingListArgs extends BookingFilters {
  kind: BookingKind;
  /** MM-YYYY */
  month: string;
  page: number;
  per_page?: number;
}

/** A participant in the save body. */
export interface CoverBody {
  participant_id: number;
  ticket_number?: string | null;
  ticket_cost?: string | null;
  policy_number?: string | null;
}

/** POST /admin/bookings and PUT /admin/booking/:id; money as typed decimal strings. */
export interface SaveBookingBody {
  kind: BookingKind;
  trip_id: number;
  supplier_id: number;
  starts_on: string;
  ends_on: string | null;
  cost: string | null;
  currency: Currency;
  status: BookingStatus;
  penalty: string | null;
  confirmation_number: string | null;
  payment_due_on: string | null;
  notes: string | null;
  details: BookingDetails;
  participants: CoverBody[];
}

/** A supplier payment (an outcome from a wallet linked to the booking) or its reversal. */
export interface SupplierPayment {
  id: number;
  wallet_id: number;
  wallet_name: string;
  type: 'income' | 'outcome';
  amount: number;
  currency: Currency;
  status: TransactionStatus;
  comment: string | null;
  created_at: string;
  confirmed_at: string | null;
}

/** POST /admin/booking/:id/payments. */
export interface PayArgs {
  bookingId: number;
  tripId: number;
  /** Sent as the Idempotency-Key header: one per filled form, kept across its retries. */
  idempotencyKey: string;
  wallet_id: number;
  /** Major units as typed, a decimal string. */
  amount: string;
  comment?: string;
}
