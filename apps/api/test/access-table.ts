import { ROLES, type Role } from '@tour/core';

// Who may call each route, written out by hand from SPEC.md 6 and DESIGN.md 4 (never asked of
// the route itself). Two tests walk it: access.test.ts (every route as anonymous and as each of
// the seven roles) and reliability/authorization-matrix.test.ts (the same, plus a second agent,
// against the OpenAPI document). A route the server registers that is missing here fails both,
// and so does a row here the server lacks.

// The roles holding each rule, from DESIGN.md 4's table.
export const STAFF: readonly Role[] = [
  'developer',
  'admin',
  'sales_manager',
  'reservation_agent',
  'accountant',
];
export const SIGNED_IN: readonly Role[] = [...ROLES];
export const ACCOUNTING: readonly Role[] = ['developer', 'admin', 'accountant']; // accounting_section
export const SITE_WALLETS: readonly Role[] = ['developer', 'admin', 'accountant']; // allow_site_wallets
export const ADD_PAYMENT: readonly Role[] = ['developer', 'admin', 'sales_manager', 'accountant'];
export const CONFIRM_PAYMENT: readonly Role[] = ['developer', 'admin', 'accountant'];
export const ADMINISTRATIVE: readonly Role[] = ['developer', 'admin', 'accountant']; // administrative_transactions
export const CREATE_ADMIN: readonly Role[] = ['developer', 'admin'];
export const BOOKING: readonly Role[] = [
  'developer',
  'admin',
  'sales_manager',
  'reservation_agent',
]; // booking_section
export const REPORT: readonly Role[] = ['developer', 'admin', 'accountant']; // report_section
export const AGENT: readonly Role[] = ['counterparty'];
export const BOOKING_OR_ACCOUNTING: readonly Role[] = [
  'developer',
  'admin',
  'sales_manager',
  'reservation_agent',
  'accountant',
]; // booking_section | accounting_section

/** `public`: anyone, signed in or not; otherwise the roles a signed-in caller needs one of. */
export type Expected = 'public' | readonly Role[];

export const EXPECTED: Readonly<Record<string, Expected>> = {
  // Session (SPEC.md 7).
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/user': SIGNED_IN,
  'GET /api/get-laravel-permission-to-vuejs': 'public',
  // One's own sessions (ASVS 5.0 7.5.2): anyone signed in, only its own (object-level.test.ts).
  'GET /api/sessions': SIGNED_IN,
  'DELETE /api/sessions/:handle': SIGNED_IN,
  'POST /api/sessions/end-others': SIGNED_IN,
  // The stream of balance-updated events: staff pages (ids of others' wallets are not an agent's).
  'GET /api/events': STAFF,
  'GET /api/roles': STAFF,
  // The server itself: liveness and readiness for load balancers (no session needed), and the
  // shell's report of a section that failed to load (anyone; CSRF as any POST).
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/client-errors': 'public',
  // Users: the main section, every staff role (SPEC.md 6); reach is decided per user.
  'GET /api/admin/users': STAFF,
  'GET /api/admin/user/:id': STAFF,
  'POST /api/admin/users': STAFF,
  // A tourist for a trip or a request: any client by an exact contact, by name one's own and the
  // unassigned ones (tourist-lookup.test.ts); a user's История within reach, as its card.
  'GET /api/admin/tourists': STAFF,
  'GET /api/admin/tourists/match': STAFF,
  'GET /api/admin/user/:id/history': STAFF,
  // Wallets: the accounting screens; one's own wallets for anyone signed in.
  'GET /api/admin/wallets': ACCOUNTING,
  'GET /api/admin/wallets-pagination': ACCOUNTING,
  'GET /api/admin/wallets/user': SIGNED_IN,
  'GET /api/admin/wallets/site': SITE_WALLETS,
  // One wallet and its operations: anyone signed in, then the wallet read rule per wallet.
  'GET /api/admin/wallet/:id': SIGNED_IN,
  'GET /api/admin/transactions/:walletId': SIGNED_IN,
  'GET /api/admin/wallet/:id/statement': SIGNED_IN,
  'GET /api/admin/wallet/:id/statement/export': SIGNED_IN,
  // Creating and changing wallets: the accounting screens (company wallets also need
  // allow_site_wallets, checked per wallet); a wallet's history is a staff screen, per wallet.
  'POST /api/admin/wallets': ACCOUNTING,
  'PUT /api/admin/wallet/:id': ACCOUNTING,
  'GET /api/admin/wallet/:id/history': STAFF,
  // Rates: read by whoever converts money on a screen, written by accounting.
  'GET /api/currency-rates': SIGNED_IN,
  'POST /api/admin/currency-rates': ACCOUNTING,
  'POST /api/admin/currency-rates/import': ACCOUNTING,
  'GET /api/admin/currency-rates/history': ACCOUNTING,
  // A user's money: payments need add_payment; the wallets view is a users screen.
  'POST /api/admin/user/:userId/payments': ADD_PAYMENT,
  'GET /api/admin/user/:userId/wallets': STAFF,
  // The trips a user takes part in (the user card's payment): a users screen, reach per user.
  'GET /api/admin/user/:id/trips': STAFF,
  // The ledger: movements need add_payment; their resolution confirm_payment; the lists the
  // accounting screens; the four-eyes setting create_admin; categories administrative operations.
  'POST /api/admin/balance/movements': ADD_PAYMENT,
  'POST /api/admin/balance/operations/:id/confirm': CONFIRM_PAYMENT,
  'POST /api/admin/balance/operations/:id/reject': CONFIRM_PAYMENT,
  'POST /api/admin/balance/operations/:id/reverse': CONFIRM_PAYMENT,
  'POST /api/admin/balance/operations/confirm': CONFIRM_PAYMENT,
  'POST /api/admin/balance/operations/reject': CONFIRM_PAYMENT,
  'GET /api/admin/balance/waitings': ACCOUNTING,
  'POST /api/admin/balance/waitings/confirm': CONFIRM_PAYMENT,
  // Where a trip payment may arrive: whoever records payments picks the company wallet.
  'GET /api/admin/balance/payment-wallets': ADD_PAYMENT,
  'GET /api/admin/balance/own-pending': SIGNED_IN,
  'GET /api/admin/balance/operations': ACCOUNTING,
  'GET /api/admin/balance/operations/export': ACCOUNTING,
  'GET /api/admin/balance/operations/:id': ACCOUNTING,
  'GET /api/admin/balance/settings': ACCOUNTING,
  'PUT /api/admin/balance/settings': CREATE_ADMIN,
  'GET /api/admin/balance/categories': ACCOUNTING,
  'GET /api/admin/balance/admin-summary': ADMINISTRATIVE,
  'POST /api/admin/balance/categories': ADMINISTRATIVE,
  // The suppliers directory: the booking section (DESIGN.md 4 booking_section).
  'GET /api/admin/suppliers': BOOKING,
  'GET /api/admin/supplier/:id': BOOKING,
  'POST /api/admin/suppliers': BOOKING,
  'PUT /api/admin/supplier/:id': BOOKING,
  'GET /api/admin/supplier/:id/history': BOOKING,
  // Supplier price lists (issue 33): the booking section, as the suppliers.
  'GET /api/admin/supplier/:id/prices': BOOKING,
  'POST /api/admin/supplier/:id/prices': BOOKING,
  'GET /api/admin/supplier/:id/prices/xlsx': BOOKING,
  'POST /api/admin/supplier/:id/prices/import': BOOKING,
  'PUT /api/admin/supplier-price/:id': BOOKING,
  'DELETE /api/admin/supplier-price/:id': BOOKING,
  // Costings (issue 33): pricing is the booking section's work, as its price lists.
  'POST /api/admin/costings/preview': BOOKING,
  'POST /api/admin/costings': BOOKING,
  'GET /api/admin/costings': BOOKING,
  'GET /api/admin/costing/:id': BOOKING,
  'POST /api/admin/costing/:id/apply': BOOKING,
  'GET /api/admin/trip/:id/costing-lines': BOOKING,
  // Bookings, their month views, dashboard, files and history: booking_section; paying the
  // supplier also needs add_payment.
  'GET /api/admin/bookings': BOOKING,
  'GET /api/admin/reports/general': REPORT,
  'GET /api/admin/reports/tour': REPORT,
  'GET /api/admin/reports/tour/export': REPORT,
  'GET /api/admin/reports/administrative/export': REPORT,
  'GET /api/admin/reports/administrative': REPORT,
  'GET /api/admin/reports/general/export': REPORT,
  'GET /api/admin/reports/general/:trip/users': REPORT,
  'GET /api/admin/bookings/export': BOOKING,
  'GET /api/admin/bookings/dashboard': BOOKING,
  'GET /api/admin/booking/:id': BOOKING,
  'POST /api/admin/bookings': BOOKING,
  'PUT /api/admin/booking/:id': BOOKING,
  'GET /api/admin/booking/:id/payments': BOOKING,
  'POST /api/admin/booking/:id/payments': ['developer', 'admin', 'sales_manager'],
  'GET /api/admin/booking/:id/rooming-list': BOOKING,
  'GET /api/admin/booking/:id/insured-list': BOOKING,
  'GET /api/admin/booking/:id/voucher': BOOKING,
  'GET /api/admin/booking/:id/history': BOOKING,
  // Documents of a user: a users screen.
  'GET /api/admin/documents/options': STAFF,
  'POST /api/admin/user/:userId/application-embassy': STAFF,
  'POST /api/admin/user/:userId/agreement': STAFF,
  // The tourist's travel pack (ZIP): staff who open the trip; the tourist's reach or the trip's
  // manager decides per participant (travel-pack.test.ts). An agent: its own tourist's only.
  'GET /api/admin/trip/:id/participant/:participantId/travel-pack': STAFF,
  'GET /api/admin/trip/:id/travel-packs': STAFF,
  'GET /api/agent/tourists/:id/trip/:tripId/travel-pack': AGENT,
  // The company's requisites (DESIGN.md 9): read by whoever prints documents, kept by create_admin.
  'GET /api/admin/company': STAFF,
  'PUT /api/admin/company': CREATE_ADMIN,
  'GET /api/admin/company/logo': STAFF,
  'PUT /api/admin/company/logo': CREATE_ADMIN,
  'DELETE /api/admin/company/logo': CREATE_ADMIN,
  'GET /api/admin/company/history': CREATE_ADMIN,
  // Prepared tours: the main section, every staff role (DESIGN.md 4).
  'GET /api/admin/tours': STAFF,
  'GET /api/admin/tours/countries': STAFF,
  'GET /api/admin/tour/:id': STAFF,
  'POST /api/admin/tours': STAFF,
  'PUT /api/admin/tour/:id': STAFF,
  'POST /api/admin/tour/:id/archive': STAFF,
  'POST /api/admin/tour/:id/restore': STAFF,
  'DELETE /api/admin/tour/:id': STAFF,
  'GET /api/admin/tour/:id/history': STAFF,
  // Imports from Excel: whoever may create the records (clients, prepared tours) may import them.
  'GET /api/admin/imports/users/template': STAFF,
  'POST /api/admin/imports/users/preview': STAFF,
  'POST /api/admin/imports/users': STAFF,
  'GET /api/admin/imports/tours/template': STAFF,
  'POST /api/admin/imports/tours/preview': STAFF,
  'POST /api/admin/imports/tours': STAFF,
  // Trips and their participants: the main section, every staff role (DESIGN.md 4).
  'GET /api/admin/trips': STAFF,
  'GET /api/admin/trips/countries': STAFF,
  'GET /api/admin/trips/export': STAFF,
  'GET /api/admin/trip/:id': STAFF,
  'POST /api/admin/trips': STAFF,
  'PUT /api/admin/trip/:id': STAFF,
  'POST /api/admin/trip/:id/status': STAFF,
  'GET /api/admin/trip/:id/participants': STAFF,
  'POST /api/admin/trip/:id/participants': STAFF,
  'PUT /api/admin/trip/:id/participant/:participantId': STAFF,
  'GET /api/admin/trip/:id/history': STAFF,
  'GET /api/admin/trip/:id/summary': STAFF,
  // A participant's payment moves money: add_payment.
  'POST /api/admin/trip/:id/participant/:participantId/payments': ADD_PAYMENT,
  // «Счёт на оплату» and receipts (issue 32): any staff member prints a trip's invoices (a
  // tourist's, an agent's); a receipt whoever records or confirms payments, within reach
  // (invoices.test.ts); an agent only its own invoice, of a trip its tourists are in.
  'GET /api/admin/trip/:id/papers': STAFF,
  'GET /api/admin/trip/:id/participant/:participantId/invoice': STAFF,
  'GET /api/admin/trip/:id/agent/:agentId/invoice': STAFF,
  'GET /api/admin/transaction/:id/receipt': ADD_PAYMENT, // add_payment|accounting_section
  'GET /api/agent/trip/:id/invoice': AGENT,
  // Requests: every staff role; reach per request (DESIGN.md 4).
  'GET /api/admin/tickets': STAFF,
  'GET /api/admin/tickets/counts': STAFF,
  'GET /api/admin/ticket/:id': STAFF,
  'POST /api/admin/tickets': STAFF,
  'PUT /api/admin/ticket/:id': STAFF,
  'POST /api/admin/ticket/:id/assign': STAFF,
  'POST /api/admin/ticket/:id/status': STAFF,
  'POST /api/admin/ticket/:id/convert': STAFF,
  'GET /api/admin/ticket/:id/history': STAFF,
  // A request's quote (issue 33): as the request, every staff role within its reach.
  'GET /api/admin/ticket/:id/quote': STAFF,
  'POST /api/admin/ticket/:id/quote': STAFF,
  'GET /api/admin/ticket/:id/quote/docx': STAFF,
  'POST /api/admin/ticket/:id/quote/send': STAFF,
  // The agent area: the counterparty role only (SPEC.md 6); reach per agent (agent.test.ts).
  'GET /api/agent/tours': AGENT,
  'GET /api/agent/tours/countries': AGENT,
  'GET /api/agent/tours/:key': AGENT,
  'POST /api/agent/tours/:key/requests': AGENT,
  'GET /api/agent/requests': AGENT,
  'GET /api/agent/tourists': AGENT,
  'GET /api/agent/tourists/:id': AGENT,
  'POST /api/agent/tourists': AGENT,
  'PUT /api/agent/tourists/:id': AGENT,
  // The staff's view of an agent: a users screen.
  'GET /api/admin/users/:id/agent': STAFF,
  // Acts of reconciliation and the agent's report (issue 32): a supplier's act for whoever keeps
  // the suppliers (booking_section) or the books (accounting_section); an agent's act and report
  // for staff who reach that agent (a users screen; object-level.test.ts); the agent its own only.
  'GET /api/admin/supplier/:id/act': BOOKING_OR_ACCOUNTING,
  'GET /api/admin/users/:id/agent/act': STAFF,
  'GET /api/admin/users/:id/agent/report': STAFF,
  'GET /api/agent/act': AGENT,
  'GET /api/agent/report': AGENT,
  // The audit log (DESIGN.md 1 "screens beyond SPEC.md"): developers and admins only.
  'GET /api/admin/audit': CREATE_ADMIN,
  // The outbox of e-mail messages (issue 32): its list, a retry sent now, the kinds' switches.
  'GET /api/admin/outbox': CREATE_ADMIN,
  'POST /api/admin/outbox/:id/send-now': CREATE_ADMIN,
  'GET /api/admin/outbox/kinds': CREATE_ADMIN,
  'PUT /api/admin/outbox/kinds': CREATE_ADMIN,
};
