import { BOOKING_KIND_ROUTES, formatMonthParam, hrefOf, type BookingKind } from '@tour/shared';

/** The month view of a kind (MM-YYYY), with an optional query (`{ edit: 12 }`). */
export function kindMonthHref(
  kind: BookingKind,
  month: string,
  query: Record<string, string | number> = {},
): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  ).toString();
  const path = hrefOf(BOOKING_KIND_ROUTES[kind], { date: month });
  return search ? `${path}?${search}` : path;
}

/** A booking opened in the drawer of its kind's month view, the month of its start. */
export function bookingHref(booking: { id: number; kind: BookingKind; starts_on: string }): string {
  return kindMonthHref(booking.kind, formatMonthParam(booking.starts_on), { edit: booking.id });
}
