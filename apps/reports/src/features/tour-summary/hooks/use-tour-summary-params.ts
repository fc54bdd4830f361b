import { useCallback, useMemo } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import { isCurrency, positiveInteger, type Currency } from '@tour/shared';
import type { TourSummaryArgs } from '../api/types';

/**
 * The summary's query of a URL (`?trip_id=5&currency=usd`): null without a trip; the currency
 * only when the URL names one, so the server counts in the trip's own currency otherwise. The
 * page and the route's prefetch both ask with these very arguments (one cache entry).
 */
export function tourSummaryArgsOf(params: URLSearchParams): TourSummaryArgs | null {
  const trip_id = positiveInteger(params.get('trip_id'));
  if (!trip_id) return null;
  const currency = params.get('currency');
  return isCurrency(currency) ? { trip_id, currency } : { trip_id };
}

export interface TourSummaryParams {
  args: TourSummaryArgs | null;
  tripId: number | null;
  /** The URL's currency; undefined when it names none (the trip's currency applies). */
  currency: Currency | undefined;
  setTrip: (tripId: number | null) => void;
  setCurrency: (currency: Currency) => void;
}

/**
 * The trip and the currency in the URL query, so a reload or a shared link keeps them. A chosen
 * currency stays when another trip is picked; no currency chosen means each trip's own.
 */
export function useTourSummaryParams(): TourSummaryParams {
  const { params, update } = useUrlQuery();
  const args = useMemo(() => tourSummaryArgsOf(params), [params]);
  const setTrip = useCallback(
    (next: number | null) => update({ trip_id: next ?? undefined }),
    [update],
  );
  const setCurrency = useCallback((next: Currency) => update({ currency: next }), [update]);
  return {
    args,
    tripId: args?.trip_id ?? null,
    currency: args?.currency,
    setTrip,
    setCurrency,
  };
}
