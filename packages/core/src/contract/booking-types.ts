// The booking section's bodies as the API's schemas (./schemas/bookings.ts) define them: amounts in
// major units of the booking's currency. Types only.
import type { Static } from '@sinclair/typebox';
import type * as bookings from './schemas/bookings';
import type * as suppliers from './schemas/suppliers';
import type * as priceLists from './schemas/price-lists';
import type * as tripPlan from './schemas/trip-plan';

/** GET /admin/booking/:id. */
export type Booking = Static<typeof bookings.BookingJson>;
/** A participant the booking covers, with its room, ticket or policy. */
export type BookingParticipant = Booking['participants'][number];
/** The kind's own fields (only the booking's kind's are filled). */
export type BookingDetails = Static<typeof bookings.BookingDetails>;
/** An entrance tickets' category: price in major units of the booking's currency. */
export type TicketCategory = NonNullable<BookingDetails['tickets']>[number];

/** A booking of a month list: its participants only counted (`covered`). */
export type BookingListItem = Static<typeof bookings.BookingListItemJson>;
/** GET /admin/bookings: a page, the month's bounds and the totals per currency. */
export type BookingListPage = Static<typeof bookings.BookingListJson>;
/** The server's totals of every booking the filters find, in one currency. */
export type BookingCurrencyTotal = Static<typeof bookings.CurrencyTotalJson>;
/** GET /admin/bookings's query: the kind, the month (MM-YYYY), the page and the filters. */
export type BookingListQuery = Static<typeof bookings.BookingListQuery>;

/** POST /admin/bookings and PUT /admin/booking/:id; money as typed decimal strings. */
export type SaveBookingBody = Static<typeof bookings.SaveBookingBody>;
/** A participant in the save body. */
export type CoverBody = SaveBookingBody['participants'][number];

/** A supplier payment (an outcome from a wallet linked to the booking) or its reversal. */
export type SupplierPayment = Static<typeof bookings.SupplierPaymentJson>;
/** POST /admin/booking/:id/payments. */
export type SupplierPaymentBody = Static<typeof bookings.SupplierPaymentBody>;

/** GET /admin/bookings/dashboard?month=MM-YYYY. */
export type BookingDashboard = Static<typeof bookings.DashboardJson>;

/** A supplier of the directory (GET /admin/supplier/:id, the lists' rows). */
export type Supplier = Static<typeof suppliers.SupplierJson>;
/** POST /admin/suppliers and PUT /admin/supplier/:id: the whole supplier. */
export type SaveSupplierBody = Static<typeof suppliers.SaveSupplierBody>;
/** GET /admin/suppliers: the directory's filters and page. */
export type SupplierListQuery = Static<typeof suppliers.SupplierListQuery>;
/** A supplier's price of one service in one season (GET /admin/supplier/:id/prices). */
export type SupplierPrice = Static<typeof priceLists.SupplierPriceJson>;
/** POST /admin/supplier/:id/prices and PUT /admin/supplier-price/:id: the whole price. */
export type SaveSupplierPriceBody = Static<typeof priceLists.SaveSupplierPriceBody>;
/** POST /admin/supplier/:id/prices/import: what the file added and what it replaced. */
export type PriceImportResult = Static<typeof priceLists.PriceImportResultJson>;
export type { PriceImportMode } from './schemas/price-lists';

/** GET /admin/trip/:id/costing-lines: the trip's costing lines a booking starts from. */
export type TripCostingLines = Static<typeof tripPlan.TripCostingLinesJson>;
/** One line: its kind, supplier, service, dates, rooms, quantity and cost in its own currency. */
export type TripCostingLine = TripCostingLines['lines'][number];
