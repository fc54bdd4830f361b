// Types only: a request's quote («Коммерческое предложение», issue 33), derived from its schemas.
import type { Static } from '@sinclair/typebox';
import type * as quotes from './schemas/quotes';

/** A saved quote of a request. */
export type Quote = Static<typeof quotes.QuoteJson>;
/** A costing version of the request, as the quote's dialog offers it. */
export type QuoteCosting = Static<typeof quotes.QuoteCostingJson>;
/** GET /admin/ticket/:id/quote: the current quote and the versions to make one of. */
export type RequestQuote = Static<typeof quotes.RequestQuoteJson>;
/** POST /admin/ticket/:id/quote. */
export type SaveQuoteBody = Static<typeof quotes.SaveQuoteBody>;
