import { toDayjs, type BookingKind, type TripCostingLine } from '@tour/shared';
import { emptyBookingForm, type BookingFormValues } from './booking-form-values';
import { hasComputedCost, isSingleDay } from './kind-config';
import { moneyText } from './money-input';

/** A transfer's route as a price list names it, «Бишкек — Чолпон-Ата»: where from and where to. */
function routeEnds(route: string): { from_place?: string; to_place?: string } {
  const parts = route.split(/\s+[—–-]\s+/);
  if (parts.length < 2) return {};
  return { from_place: parts[0]!.trim(), to_place: parts.at(-1)!.trim() };
}

/**
 * A new booking's form started from a line of the trip's costing (GET
 * /admin/trip/:id/costing-lines) instead of empty: its supplier, dates, currency and cost (or a
 * guide's rate per day, tickets by count and price), and the kind's fields the line knows (a
 * hotel's name, room category, board and rooms; a transfer's route; a venue; an expense's
 * category). Everything stays editable; the participants are picked as for any booking.
 */
export function costingLineForm(
  kind: BookingKind,
  tripId: number,
  line: TripCostingLine,
  groupSize: number,
): BookingFormValues {
  const values = emptyBookingForm(kind, tripId);
  values.supplier_id = line.supplier_id;
  values.starts_on = toDayjs(line.starts_on);
  values.ends_on = isSingleDay(kind) ? null : toDayjs(line.ends_on);
  values.currency = line.currency;
  if (!hasComputedCost(kind)) values.cost = moneyText(line.cost);
  const price = moneyText(line.unit_price);
  switch (kind) {
    case 'hotel':
      values.details = {
        hotel_name: line.supplier_name ?? undefined,
        category: line.service,
        meal_plan: line.meal_plan ?? undefined,
        room_plan: Array.from({ length: line.rooms ?? 1 }, () => ({
          room_type: line.room_type ?? 'DBL',
          participant_ids: [],
        })),
      };
      break;
    case 'transfer':
      values.details = { ...routeEnds(line.service), seats: groupSize };
      break;
    case 'guide':
      values.details = { ...values.details, guide_name: line.supplier_name ?? undefined };
      values.details.rate_per_day = price;
      break;
    case 'activity':
      values.details = {
        venue: line.service,
        tickets: [{ category: 'Взрослый', count: groupSize * line.quantity, price }],
      };
      break;
    default:
      values.details = { category: line.service };
  }
  return values;
}
