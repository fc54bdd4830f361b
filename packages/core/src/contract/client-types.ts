// The bodies of the shell's screens (a user's wallets, trips, payments and documents) as the
// API's schemas define them. Types only.
import type { Static } from '@sinclair/typebox';
import type * as accounting from './schemas/accounting';
import type * as audit from './schemas/audit';
import type * as auth from './schemas/auth';
import type * as documents from './schemas/documents';
import type * as imports from './schemas/imports';
import type * as outbox from './schemas/outbox';
import type * as requests from './schemas/requests';
import type * as sessions from './schemas/sessions';
import type * as tours from './schemas/tours';
import type * as trips from './schemas/trips';
import type * as users from './schemas/users';

/** GET /admin/user/:id/wallets: the user's wallets and its latest operations, newest first. */
export type UserWalletsData = Static<typeof accounting.UserWalletsJson>;
/**
 * POST /admin/user/:userId/payments (one of the user's wallets, or a currency to open one in) and
 * a trip participant's payment (a company wallet, or the currency's cash desk): one body.
 */
export type UserPaymentBody = Static<typeof accounting.PaymentBody>;
/** GET /admin/user/:id/trips: a trip the user takes part in; money in the trip's currency. */
export type UserTrip = Static<typeof trips.UserTripJson>;
/** GET /admin/documents/options: the embassy documents and visa types, `{ value, label }`. */
export type DocumentOptions = Static<typeof documents.DocumentOptionsJson>;
export type DocumentOption = DocumentOptions[keyof DocumentOptions][number];

/** GET /admin/users's query: the page, a search, the role, an id, an agent's tourists, in trips. */
export type UserListQuery = Static<typeof users.UserListQuery>;
/** GET /admin/tours's query: the page, a search, the country, published (1/0), the archive (1). */
export type TourListQuery = Static<typeof tours.TourListQuery>;
/** GET /admin/audit's query: the page, a search, who acted, the action and the days. */
export type AuditQuery = Static<typeof audit.AuditQuery>;
/** POST /admin/user/:userId/application-embassy: the document, the visa type and the trip. */
export type EmbassyDocumentBody = Static<typeof documents.EmbassyDocumentBody>;
/** POST /admin/user/:userId/agreement: the file name and what the staff filled in. */
export type AgreementBody = Static<typeof documents.AgreementBody>;

/** What is imported from Excel: clients (users) or prepared tours. */
export type ImportKind = imports.ImportKind;
/** What an import does with a row: create, update or skip it. */
export type ImportAction = imports.ImportAction;
/** What an import does with a row that matches an existing record. */
export type DuplicateChoice = imports.DuplicateChoice;
/** A column of an import's template. */
export type ImportColumn = Static<typeof imports.ImportColumnJson>;
/** One row of the file as the server checked it. */
export type ImportRow = Static<typeof imports.ImportRowJson>;
/** POST /admin/imports/:kind/preview: the columns, the rows checked and their counts. */
export type ImportPreview = Static<typeof imports.ImportPreviewJson>;
/** POST /admin/imports/:kind: what the import created, updated and skipped. */
export type ImportResult = Static<typeof imports.ImportResultJson>;

/** POST /login: an email or a phone number, the password, «Запомнить меня». */
export type LoginBody = Static<typeof auth.LoginBody>;
/** POST /admin/users: a new user, or user `id` updated (absent fields stay as they are). */
export type SaveUserBody = Static<typeof users.SaveUserBody>;
/** POST /admin/tours and PUT /admin/tour/:id: the whole prepared tour. */
export type SaveTourBody = Static<typeof tours.SaveTourBody>;
/** One row of the audit log as GET /admin/audit answers it. */
export type AuditEntry = Static<typeof audit.AuditEntryJson>;
/** One of the signed-in user's sessions as GET /sessions answers it. */
export type OwnSession = Static<typeof sessions.OwnSessionJson>;

/** GET /admin/tickets's query: the tab (status), the filters and the page. */
export type RequestListQuery = Static<typeof requests.RequestListQuery>;
/** POST /admin/tickets and PUT /admin/ticket/:id: every field of the request, each key present. */
export type SaveRequestBody = Static<typeof requests.SaveRequestBody>;
/** How many requests each tab holds (with the same filters, whatever the tab). */
export type RequestCounts = Static<typeof requests.RequestCountsJson>;
/** POST /admin/ticket/:id/convert: the trip and the contact's companions. */
export type ConvertRequestBody = Static<typeof requests.ConvertBody>;

/** GET /admin/trips's query: the period, status, manager, «Мои туры», country, search, page. */
export type TripListQuery = Static<typeof trips.TripListQuery>;
/** POST /admin/trips: blank, or from a prepared tour whose fields fill what is left out. */
export type CreateTripBody = Static<typeof trips.CreateTripBody>;
/** PUT /admin/trip/:id: every field of the trip (the status moves through its own call). */
export type UpdateTripBody = Static<typeof trips.UpdateTripBody>;
/** POST /admin/trip/:id/participants. */
export type AddParticipantBody = Static<typeof trips.AddParticipantBody>;
/** PUT /admin/trip/:id/participant/:participantId. */
export type UpdateParticipantBody = Static<typeof trips.UpdateParticipantBody>;

/** GET /admin/outbox's query: the page, the status and the kind. */
export type OutboxListQuery = Static<typeof outbox.OutboxListQuery>;
/** One message of the outbox as GET /admin/outbox answers it. */
export type OutboxMessage = Static<typeof outbox.OutboxMessageJson>;
/** One kind of message with its switch and N days (GET /admin/outbox/kinds). */
export type OutboxKindSetting = Static<typeof outbox.OutboxKindJson>;
/** PUT /admin/outbox/kinds: the kinds changed. */
export type OutboxKindsBody = Static<typeof outbox.OutboxKindsBody>;
