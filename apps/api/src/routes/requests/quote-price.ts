import { fromMinorUnits, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { validationError } from '../../lib/http-errors';
import * as quotes from './quote-repository';

export const QUOTE_CURRENCY_MESSAGE = (quote: Currency, trip: Currency) =>
  `Предложение в ${quote.toUpperCase()}, а тур в ${trip.toUpperCase()}: выберите тур в ` +
  `${quote.toUpperCase()} или составьте предложение в ${trip.toUpperCase()}`;

/** The current quote a converted request's participants follow: its price and its costing's cell. */
export interface QuotedPrice {
  /** The price per person, major units. */
  price: string;
  number: number;
  costing_id: number;
  group_size: number;
  occupancy: 'single' | 'double';
}

/**
 * The price the participants of a converted request get: the current quote's, when there is one
 * (its currency must be the trip's), else undefined (the trip's price, as before).
 */
export async function quotedPrice(
  trx: Db,
  requestId: number,
  tripId: number,
): Promise<QuotedPrice | undefined> {
  const quote = await quotes.latestQuote(trx, requestId);
  if (!quote) return undefined;
  const quoteCurrency = storedCurrency(quote.currency);
  const tripCurrency = await quotes.tripCurrency(trx, tripId);
  if (tripCurrency === undefined) return undefined;
  if (tripCurrency !== quoteCurrency) {
    const message = QUOTE_CURRENCY_MESSAGE(quoteCurrency, storedCurrency(tripCurrency));
    throw validationError({ trip_id: [message] }, message);
  }
  return {
    price: String(fromMinorUnits(quote.price, quoteCurrency)),
    number: quote.paper_number,
    costing_id: quote.costing_id,
    group_size: quote.group_size,
    occupancy: quote.occupancy as QuotedPrice['occupancy'],
  };
}
