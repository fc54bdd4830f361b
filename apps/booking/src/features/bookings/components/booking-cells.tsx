import {
  FLIGHT_CLASSES,
  formatAmount,
  formatDate,
  MEAL_PLANS,
  plural,
  roomPlanSummary,
  TRANSFER_DIRECTIONS,
} from '@tour/shared';
import { DAYS, NIGHTS } from '../../../lib/plural';
import type { BookingListItem } from '../api/types';

const at = (date: string, time: string | null | undefined) =>
  time ? `${formatDate(date)} ${time}` : formatDate(date);

/** The service dates as the kind reads them: check-in – check-out, departure → arrival, … */
export function bookingDates(booking: BookingListItem): string {
  const { kind, starts_on, ends_on, details } = booking;
  switch (kind) {
    case 'hotel':
      return `${formatDate(starts_on)} – ${formatDate(ends_on)}, ${plural(booking.nights, NIGHTS)}`;
    case 'air_ticket':
      return `${at(starts_on, details.departs_at)} → ${at(ends_on, details.arrives_at)}`;
    case 'health_insurance':
    case 'guide':
      return `${formatDate(starts_on)} – ${formatDate(ends_on)}, ${plural(booking.days, DAYS)}`;
    case 'transfer':
    case 'activity':
      return at(starts_on, details.time);
    case 'tour_expense':
      return formatDate(starts_on);
  }
}

/** What matters of the kind's own fields, in one line (empty parts left out). */
export function bookingSpecifics(booking: BookingListItem): string {
  const { details, currency } = booking;
  const parts: (string | null | undefined)[] = [];
  switch (booking.kind) {
    case 'hotel':
      parts.push(
        details.category,
        roomPlanSummary(details.room_plan ?? []),
        details.meal_plan ? MEAL_PLANS[details.meal_plan].label : null,
      );
      break;
    case 'air_ticket':
      parts.push(
        details.flight_class ? FLIGHT_CLASSES[details.flight_class].label : null,
        details.pnr ? `PNR ${details.pnr}` : null,
        details.baggage,
      );
      break;
    case 'health_insurance':
      parts.push(
        details.coverage != null && details.coverage_currency
          ? `покрытие ${formatAmount(details.coverage, details.coverage_currency)}`
          : null,
      );
      break;
    case 'transfer':
      parts.push(
        details.direction ? TRANSFER_DIRECTIONS[details.direction].label : null,
        details.vehicle,
        details.seats ? `мест: ${details.seats}` : null,
      );
      break;
    case 'guide':
      parts.push(
        details.languages?.join(', '),
        details.rate_per_day != null
          ? `${formatAmount(details.rate_per_day, currency)} в день`
          : null,
      );
      break;
    case 'activity':
      parts.push(
        (details.tickets ?? []).map((ticket) => `${ticket.category} × ${ticket.count}`).join(', '),
      );
      break;
    case 'tour_expense':
      break;
  }
  return parts.filter(Boolean).join(' · ');
}

/** The theme's colours of the cells' secondary and alarming texts. */
export interface CellTones {
  secondary: string;
  danger: string;
}

/** The payment's due date; red with «просрочено» when past it and not fully paid. */
export function DueDate({
  booking,
  tones,
}: {
  booking: Pick<BookingListItem, 'payment_due_on' | 'overdue'>;
  tones: CellTones;
}) {
  if (!booking.payment_due_on) return <span style={{ color: tones.secondary }}>—</span>;
  if (!booking.overdue) return <span>{formatDate(booking.payment_due_on)}</span>;
  return (
    <span style={{ display: 'flex', flexDirection: 'column', color: tones.danger }}>
      <strong>{formatDate(booking.payment_due_on)}</strong>
      <span>просрочено</span>
    </span>
  );
}
