import { formatAmount, formatDate, type AgentDeparture, type AgentTour } from '@tour/shared';

// How the agent area words a tour and its departures: the tours list and a tour's page say the
// same things the same way. Amounts and dates only through the shared formatters (no Intl).

const NBSP = '\u00a0';

/** `7 дней`, `1 день`, `3 дня`. */
export function daysText(days: number): string {
  const tens = days % 100;
  const ones = days % 10;
  const word =
    ones === 1 && tens !== 11
      ? 'день'
      : ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)
        ? 'дня'
        : 'дней';
  return `${days}${NBSP}${word}`;
}

/** A percent with a decimal comma: `10 %`, `7,5 %`. */
export function percentText(percent: number): string {
  return `${String(percent).replace('.', ',')}${NBSP}%`;
}

/** The country and the cities: `Япония: Токио, Киото, Осака`. */
export function placeText(tour: Pick<AgentTour, 'country' | 'cities'>): string {
  return tour.cities.length > 0 ? `${tour.country}: ${tour.cities.join(', ')}` : tour.country;
}

/** `01.12.2026 – 10.12.2026`. */
export function periodText(from: string | null, to: string | null): string {
  if (!from && !to) return '—';
  return `${from ? formatDate(from) : '…'} – ${to ? formatDate(to) : '…'}`;
}

/** The agent's terms of a tour: its agent price or its commission, as the operator set them. */
export function agentTermsText(
  tour: Pick<AgentTour, 'agent_price' | 'agent_commission' | 'currency'>,
): string {
  if (tour.agent_price !== null) {
    return `Цена для агента: ${formatAmount(tour.agent_price, tour.currency)}`;
  }
  if (tour.agent_commission !== null) {
    return `Комиссия агента: ${percentText(tour.agent_commission)}`;
  }
  return 'Условия для агента не заданы';
}

/** `свободно 5 из 20`. */
export function seatsText(departure: Pick<AgentDeparture, 'seats' | 'seats_free'>): string {
  return `свободно ${departure.seats_free} из ${departure.seats}`;
}

/** A departure's per-person money, as the lists show it: price, agent price, commission. */
export function departureMoney(departure: AgentDeparture): {
  price: string;
  agentPrice: string | null;
  commission: string | null;
} {
  const { currency } = departure;
  return {
    price: formatAmount(departure.price, currency),
    agentPrice:
      departure.agent_price === null ? null : formatAmount(departure.agent_price, currency),
    commission: departure.commission === null ? null : formatAmount(departure.commission, currency),
  };
}
