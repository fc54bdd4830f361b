// The bodies of the shell's screens (a user's wallets, trips, payments and documents) as the
// API's schemas define them. Types only.
import type { Static } from '@sinclair/typebox';
import type * as accounting from './schemas/accounting';
import type * as documents from './schemas/documents';
import type * as trips from './schemas/trips';

/** GET /admin/user/:id/wallets: the user's wallets and its latest operations, newest first. */
export type UserWalletsData = Static<typeof accounting.UserWalletsJson>;
/** POST /admin/user/:userId/payments: one of the user's wallets, or a currency to open one in. */
export type UserPaymentBody = Static<typeof accounting.PaymentBody>;
/** GET /admin/user/:id/trips: a trip the user takes part in; money in the trip's currency. */
export type UserTrip = Static<typeof trips.UserTripJson>;
/** GET /admin/documents/options: the embassy documents and visa types, `{ value, label }`. */
export type DocumentOptions = Static<typeof documents.DocumentOptionsJson>;
export type DocumentOption = DocumentOptions['embassyTypes'][number];
