/** The seven kinds of booking (DESIGN.md 3 "Bookings") with their Russian labels (SPEC.md 2). */
export const BOOKING_KINDS = {
  hotel: { label: 'Отели' },
  air_ticket: { label: 'Авиабилеты' },
  health_insurance: { label: 'Мед. страховка' },
  transfer: { label: 'Трансфер' },
  guide: { label: 'Гид/Сопровождение' },
  activity: { label: 'Входные билеты' },
  tour_expense: { label: 'Прочие расходы' },
} as const;

/** 'hotel', 'air_ticket', … */
export type BookingKind = keyof typeof BOOKING_KINDS;

/** The kinds in the sidebar's order. */
export const BOOKING_KIND_NAMES = Object.keys(BOOKING_KINDS) as BookingKind[];

/** True when `x` is a booking kind. */
export function isBookingKind(x: unknown): x is BookingKind {
  return typeof x === 'string' && Object.hasOwn(BOOKING_KINDS, x);
}
