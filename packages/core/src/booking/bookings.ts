import type { BookingKind } from './kinds';

// The booking section's vocabulary (DESIGN.md 3 "Bookings"), shared by the API (which refuses
// anything else) and the screens (which offer only these).

/** A booking's statuses. A cancelled booking keeps its record; its penalty is its cost. */
export const BOOKING_STATUSES = {
  requested: { label: 'Запрошено' },
  confirmed: { label: 'Подтверждено' },
  cancelled: { label: 'Отменено' },
} as const;
export type BookingStatus = keyof typeof BOOKING_STATUSES;
export const BOOKING_STATUS_LIST = Object.keys(BOOKING_STATUSES) as BookingStatus[];

/**
 * Derived from the confirmed supplier payments, never typed (DESIGN.md 3b). A booking that costs
 * nothing (cancelled without a penalty) has nothing to pay, and one paid beyond what it costs now
 * (a deposit, then cancelled for less) waits for the supplier's refund.
 */
export const PAYMENT_STATES = {
  unpaid: { label: 'Не оплачено', color: 'red' },
  partly_paid: { label: 'Частично оплачено', color: 'orange' },
  paid: { label: 'Оплачено', color: 'green' },
  overpaid: { label: 'Переплата: ждём возврат', color: 'purple' },
  nothing_due: { label: 'Оплата не нужна', color: 'default' },
} as const;
export type PaymentState = keyof typeof PAYMENT_STATES;
export const PAYMENT_STATE_LIST = Object.keys(PAYMENT_STATES) as PaymentState[];

export const ROOM_TYPES = {
  SGL: { label: 'SGL — одноместный', places: 1 },
  DBL: { label: 'DBL — двухместный, одна кровать', places: 2 },
  TWN: { label: 'TWN — двухместный, две кровати', places: 2 },
  TRPL: { label: 'TRPL — трёхместный', places: 3 },
} as const;
export type RoomType = keyof typeof ROOM_TYPES;
export const ROOM_TYPE_LIST = Object.keys(ROOM_TYPES) as RoomType[];

/**
 * A room of a hotel booking's room plan (`details.room_plan`): its type and who sleeps there
 * (participants of the trip the booking covers). The rooms are numbered 1, 2, … in the plan's
 * order; a participant is in one room at most, and a room holds at most its type's places (a
 * cancelled participant stays on record but takes none).
 */
export interface PlannedRoom {
  room_type: RoomType;
  participant_ids: number[];
}

/** Rooms a hotel booking holds at most. */
export const MAX_PLANNED_ROOMS = 200;

/** "DBL × 2, SGL × 1": a room plan's rooms counted by type, in the types' order. */
export function roomPlanSummary(plan: readonly { room_type: RoomType }[]): string {
  return ROOM_TYPE_LIST.map((type) => ({
    type,
    count: plan.filter((room) => room.room_type === type).length,
  }))
    .filter(({ count }) => count > 0)
    .map(({ type, count }) => `${type} × ${count}`)
    .join(', ');
}

export const MEAL_PLANS = {
  RO: { label: 'RO — без питания' },
  BB: { label: 'BB — завтраки' },
  HB: { label: 'HB — полупансион' },
  FB: { label: 'FB — полный пансион' },
  AI: { label: 'AI — всё включено' },
} as const;
export type MealPlan = keyof typeof MEAL_PLANS;
export const MEAL_PLAN_LIST = Object.keys(MEAL_PLANS) as MealPlan[];

export const FLIGHT_CLASSES = {
  economy: { label: 'Эконом' },
  premium: { label: 'Премиум-эконом' },
  business: { label: 'Бизнес' },
  first: { label: 'Первый' },
} as const;
export type FlightClass = keyof typeof FLIGHT_CLASSES;
export const FLIGHT_CLASS_LIST = Object.keys(FLIGHT_CLASSES) as FlightClass[];

export const TRANSFER_DIRECTIONS = {
  arrival: { label: 'Встреча (аэропорт — отель)' },
  departure: { label: 'Проводы (отель — аэропорт)' },
  intercity: { label: 'Переезд' },
  other: { label: 'Другое' },
} as const;
export type TransferDirection = keyof typeof TRANSFER_DIRECTIONS;
export const TRANSFER_DIRECTION_LIST = Object.keys(TRANSFER_DIRECTIONS) as TransferDirection[];

/**
 * What a trip's participant lacks (the dashboard and the trip's readiness list): no flight at all,
 * or only one way on a trip that flies there and back (TRIP_FLIGHTS).
 */
export const MISSING_BOOKINGS = {
  flight_missing: { label: 'Нет авиабилета' },
  outbound_flight_missing: { label: 'Нет авиабилета туда' },
  return_flight_missing: { label: 'Нет авиабилета обратно' },
  insurance_missing: { label: 'Нет страховки' },
  hotel_missing: { label: 'Ночи без отеля' },
} as const;
export type MissingBooking = keyof typeof MISSING_BOOKINGS;
export const MISSING_BOOKING_LIST = Object.keys(MISSING_BOOKINGS) as MissingBooking[];

/** The kind's own fields (DESIGN.md 3): what a booking's `details` keeps, the others dropped. */
export const BOOKING_DETAIL_FIELDS = {
  hotel: ['hotel_name', 'city', 'category', 'meal_plan', 'room_plan'],
  air_ticket: [
    'carrier',
    'flight_number',
    'from_airport',
    'to_airport',
    'departs_at',
    'arrives_at',
    'flight_class',
    'pnr',
    'baggage',
  ],
  health_insurance: ['plan', 'coverage', 'coverage_currency', 'territory'],
  transfer: [
    'time',
    'direction',
    'from_place',
    'to_place',
    'vehicle',
    'seats',
    'driver_contact',
    'flight_booking_id',
  ],
  guide: ['guide_name', 'languages', 'rate_per_day'],
  activity: ['venue', 'time', 'tickets'],
  tour_expense: ['category', 'description'],
} as const satisfies Record<BookingKind, readonly string[]>;

/** A field of some kind's `details`. */
export type BookingDetailField = (typeof BOOKING_DETAIL_FIELDS)[BookingKind][number];

/** The kind's fields a booking cannot do without. */
export const BOOKING_REQUIRED_DETAILS: Record<BookingKind, readonly BookingDetailField[]> = {
  hotel: ['hotel_name', 'city', 'meal_plan', 'room_plan'],
  air_ticket: [
    'carrier',
    'flight_number',
    'from_airport',
    'to_airport',
    'departs_at',
    'arrives_at',
    'flight_class',
  ],
  health_insurance: ['plan', 'coverage', 'coverage_currency', 'territory'],
  transfer: ['time', 'direction', 'from_place', 'to_place'],
  guide: ['guide_name', 'rate_per_day'],
  activity: ['venue', 'tickets'],
  tour_expense: ['category'],
};

/** Kinds whose service is one day: their end is their start. */
export function isSingleDayKind(kind: BookingKind): boolean {
  return kind === 'transfer' || kind === 'activity' || kind === 'tour_expense';
}

/**
 * Kinds whose cost the server computes: air tickets (the tickets' sum), a guide (days × rate per
 * day), entrance tickets (each category's count × price).
 */
export function hasComputedCost(kind: BookingKind): boolean {
  return kind === 'air_ticket' || kind === 'guide' || kind === 'activity';
}

/**
 * The company's own country: a trip there goes by road and needs neither flights nor a health
 * insurance unless it has booked some, so only then does a participant without one lack it.
 */
export const HOME_COUNTRY = 'Кыргызстан';

/** The route of each kind's month view (SPEC.md 2). */
export const BOOKING_KIND_ROUTES = {
  hotel: 'booking-hotels',
  air_ticket: 'booking-air-tickets',
  health_insurance: 'booking-health-insurance',
  transfer: 'booking-transfer',
  guide: 'booking-guide',
  activity: 'booking-activity',
  tour_expense: 'booking-tour-expense',
} as const satisfies Record<BookingKind, string>;

/**
 * What a booking costs (DESIGN.md 3b): its cost, or when cancelled its penalty (none: nothing),
 * in minor units of its currency.
 */
export function bookingCostOf(booking: {
  status: BookingStatus;
  cost: number;
  penalty: number | null;
}): number {
  return booking.status === 'cancelled' ? (booking.penalty ?? 0) : booking.cost;
}

/**
 * The payment state from what the confirmed supplier payments come to (`paid`) against the cost
 * (both in minor units of the booking's currency): nothing to pay and nothing paid, paid beyond
 * the cost, paid, partly paid or unpaid. Only an unpaid or partly paid booking can be overdue.
 */
export function paymentStateOf(cost: number, paid: number): PaymentState {
  if (cost <= 0 && paid <= 0) return 'nothing_due';
  if (paid > cost) return 'overpaid';
  if (paid === cost) return 'paid';
  if (paid <= 0) return 'unpaid';
  return 'partly_paid';
}

/** True when the state still owes the supplier money (what a due date can be missed for). */
export function owesSupplier(state: PaymentState): boolean {
  return state === 'unpaid' || state === 'partly_paid';
}

/** Whole days from `from` to `to` inclusive (YYYY-MM-DD): an insurance's or a guide's days. */
export function inclusiveDays(from: string, to: string): number {
  const start = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  const end = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  return Math.round((end - start) / 86_400_000) + 1;
}
