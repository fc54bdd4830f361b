import { formatDate } from '../dates/dates';

/** The trip an operation is for (a supplier payment's: its booking's trip). */
export interface OperationTripLink {
  id: number;
  title: string;
  /** YYYY-MM-DD. */
  starts_on: string;
  ends_on: string;
}

/** The trip participant a payment or refund is for. */
export interface OperationParticipantLink {
  id: number;
  user_id: number;
  full_name: string;
}

/** The booking a supplier payment is for, with its supplier. */
export interface OperationBookingLink {
  id: number;
  kind: string;
  title: string;
  supplier_id: number | null;
  supplier_name: string | null;
}

/** What an operation is for, as every list of operations names it (never a bare id). */
export interface OperationLinks {
  trip?: OperationTripLink | null;
  participant?: OperationParticipantLink | null;
  booking?: OperationBookingLink | null;
}

/** «Осенний Киото, 01.11.2026–08.11.2026». */
export function tripLabel(trip: OperationTripLink): string {
  return `${trip.title}, ${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)}`;
}

/** «Отель «Сакура», Киото — Sakura Hotels» (the supplier after a dash, when known). */
export function bookingLabel(booking: OperationBookingLink): string {
  return booking.supplier_name ? `${booking.title} — ${booking.supplier_name}` : booking.title;
}

/**
 * A wallet as a list of operations names it: a user's with its owner («Депозит (сом) — Волкова
 * Анна Игоревна»: every client has a «Депозит (сом)»), a company wallet by its name alone.
 */
export function walletLabel(name: string, owner?: string | null): string {
  return owner ? `${name} — ${owner}` : name;
}

/**
 * Everything an operation is for, in one line of an export: «Тур: …; турист: …; бронь: …»;
 * null when it is for nothing of these (a transfer between wallets, an administrative one).
 */
export function operationLinksText(links: OperationLinks): string | null {
  const parts: string[] = [];
  if (links.trip) parts.push(`тур: ${tripLabel(links.trip)}`);
  if (links.participant) parts.push(`турист: ${links.participant.full_name}`);
  if (links.booking) parts.push(`бронь: ${bookingLabel(links.booking)}`);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
