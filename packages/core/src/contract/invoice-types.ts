// «Счёт на оплату» and the payment receipts as the screens read them (issue 32). Types only.
import type { Static } from '@sinclair/typebox';
import type * as invoices from './schemas/invoices';

/** GET /admin/trip/:id/papers: the trip's confirmed participant payments and its agents. */
export type TripPapers = Static<typeof invoices.TripPapersJson>;
/** One confirmed payment of a participant and the kind of its receipt. */
export type TripReceipt = TripPapers['receipts'][number];
/** An agent whose tourists take part in the trip. */
export type TripAgent = TripPapers['agents'][number];
/** Which paper a payment's receipt is: a cash order, a bank confirmation, a plain receipt. */
export type ReceiptKind = TripReceipt['kind'];
