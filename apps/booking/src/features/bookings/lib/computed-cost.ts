import {
  inclusiveDays,
  normalizeAmount,
  parseDecimal,
  toApiDate,
  type BookingKind,
  type Dayjs,
} from '@tour/shared';
import type { CoverValue, DetailsValues } from './booking-form-values';

/** What the server will compute the cost from, as typed. */
export interface CostInputs {
  starts_on: Dayjs | null | undefined;
  ends_on: Dayjs | null | undefined;
  details: DetailsValues | undefined;
  participants: CoverValue[] | undefined;
}

/** A preview of a computed cost: the amount (a decimal string) and how it was made. */
export interface CostPreview {
  amount: string;
  /** «3 билета», «5 дней × ставка», … */
  basis: string;
}

const decimal = (text: string | undefined | null) => parseDecimal(normalizeAmount(text ?? ''));

/**
 * The cost the server will compute for air tickets (sum of the tickets), a guide (days × rate)
 * or entrance tickets (count × price per category), exactly, for display only; null when what
 * it needs is not typed yet or not a number.
 */
export function computedCost(kind: BookingKind, inputs: CostInputs): CostPreview | null {
  if (kind === 'air_ticket') {
    const covers = inputs.participants ?? [];
    if (covers.length === 0) return null;
    let sum = decimal('0')!;
    for (const cover of covers) {
      const cost = decimal(cover.ticket_cost);
      if (!cost) return null;
      sum = sum.plus(cost);
    }
    return { amount: sum.toFixed(), basis: `билетов: ${covers.length}` };
  }
  if (kind === 'guide') {
    const rate = decimal(inputs.details?.rate_per_day);
    const { starts_on: start, ends_on: end } = inputs;
    if (!rate || !start || !end || end.isBefore(start, 'day')) return null;
    const days = inclusiveDays(toApiDate(start), toApiDate(end));
    return { amount: rate.times(days).toFixed(), basis: `дней: ${days} × ставка` };
  }
  if (kind === 'activity') {
    const tickets = inputs.details?.tickets ?? [];
    if (tickets.length === 0) return null;
    let sum = decimal('0')!;
    let count = 0;
    for (const ticket of tickets) {
      const price = decimal(ticket?.price);
      if (!price || ticket.count == null) return null;
      sum = sum.plus(price.times(ticket.count));
      count += ticket.count;
    }
    return { amount: sum.toFixed(), basis: `билетов: ${count}` };
  }
  return null;
}
