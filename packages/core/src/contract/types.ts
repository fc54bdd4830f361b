// Types only: this file must stay free of runtime code. The API's bodies are derived from its
// schemas (./schemas, TypeBox) with Static<>, imported as types: no TypeBox reaches a browser.
import type { Static } from '@sinclair/typebox';
import type {
  AgentDepartureJson,
  AgentRequestBody as AgentRequestBodySchema,
  AgentRequestJson,
  AgentTourDetailJson,
  AgentTouristBody as AgentTouristBodySchema,
  AgentTouristJson,
  AgentTouristTripJson,
  AgentTourJson,
} from './schemas/agent';
import type { RequestJson } from './schemas/requests';
import type { ItineraryDay as ItineraryDaySchema, TourJson } from './schemas/tours';
import type { SummaryJson } from './schemas/trip-summary';
import type { ParticipantJson, TripJson } from './schemas/trips';
import type { TouristOptionJson } from './schemas/users';
import type { Currency } from '../money/currency';
import type {
  OperationBookingLink,
  OperationParticipantLink,
  OperationTripLink,
} from '../money/operation-links';
import type { TransactionStatus, TransactionType } from '../money/transaction-types';
import type { PermissionData } from '../permissions/can';
import type { Role } from '../permissions/roles';
import type { RequestStatus } from '../trips/trips';

/** A user (staff member, tourist or agent) as the API returns it; dates are YYYY-MM-DD. */
export interface User {
  id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  roles: Role[];
  birth_date: string | null;
  citizenship: string | null;
  passport_number: string | null;
  passport_issued_at: string | null;
  passport_expires_at: string | null;
  notes: string | null;
  /** The staff member responsible for this user. */
  manager_id: number | null;
  /** The agent (counterparty) who brought this user. */
  counterparty_id: number | null;
  created_at?: string;
  updated_at?: string;
}

/** How a tourist picker found a client: by one of its exact contacts, or (null) by name. */
export type TouristMatchedBy = 'phone' | 'email' | 'passport_number';

/**
 * A client as the tourist lookups offer it (GET /admin/tourists, /admin/tourists/match). Another
 * manager's client (`own` false), found by an exact contact, shows its name, its manager and that
 * contact only; `found_by` is sent back when it is put on a trip.
 */
export type TouristOption = Static<typeof TouristOptionJson>;

/** What a company wallet is: a cash desk (касса) or a bank account (DESIGN.md 3b). */
export type WalletKind = 'cash' | 'bank';

/** A wallet: a user's or the company's (site) own, in one currency; balance in major units. */
export interface Wallet {
  id: number;
  type: 'user' | 'site';
  user_id: number | null;
  name: string;
  currency: Currency;
  balance: number;
  /** A company wallet's kind: a cash desk or a bank account (null for a user's wallet). */
  kind?: WalletKind | null;
  /** The owner's full name, where the API adds it (lists). */
  user_name?: string | null;
}

/**
 * A money movement of a wallet as the API sends it (in lists and alone); amounts in major units,
 * timestamps ISO 8601.
 */
export interface Transaction {
  id: number;
  wallet_id: number;
  type: TransactionType;
  amount: number;
  currency: Currency;
  status: TransactionStatus;
  target_wallet_id: number | null;
  /** A transfer's credited amount, in the target wallet's currency. */
  target_amount: number | null;
  /** The target wallet's currency (a transfer's). */
  target_currency: Currency | null;
  /** How many target units one unit of `currency` bought (a transfer across currencies). */
  rate: number | null;
  trip_id: number | null;
  /** The trip participant a payment or refund is for (DESIGN.md 3b). */
  participant_id?: number | null;
  booking_id: number | null;
  category: string | null;
  comment: string | null;
  created_by: number | null;
  confirmed_by: number | null;
  created_at: string;
  /** When it was confirmed or rejected (by `confirmed_by`). */
  confirmed_at: string | null;
  /** The operation this one reverses (Сторно). */
  reverses_id?: number | null;
  /** The reversal of this one that is not rejected, if any. */
  reversed_by_id?: number | null;
  rejection_reason?: string | null;
  /** The day whose rates a transfer's conversion used (YYYY-MM-DD). */
  rate_date?: string | null;
  /** The names behind the ids, for display. */
  wallet_name: string;
  target_wallet_name: string | null;
  /** The owner's full name of a user's wallet (null for a company wallet), where the API adds it. */
  wallet_owner_name?: string | null;
  target_wallet_owner_name?: string | null;
  created_by_name: string | null;
  /** Who confirmed or rejected it. */
  confirmed_by_name: string | null;
  /** What it is for, named: the trip, the participant, the booking and its supplier. */
  trip?: OperationTripLink | null;
  participant?: OperationParticipantLink | null;
  booking?: OperationBookingLink | null;
  /** Recorded as an overpayment: its author confirmed it makes the paid exceed the due. */
  overpayment?: boolean;
}

/** A page of a list in Laravel's paginator shape (`from`/`to` are null on an empty page). */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** Field name -> Russian messages, as the API reports validation failures. */
export type ValidationErrors = Record<string, string[]>;

/** The API's response envelope: `code` 1 means success and `data` holds the result. */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  message?: string;
  errors?: ValidationErrors;
}

/** The 422 body of a validation failure. */
export interface ValidationErrorBody {
  code: 0;
  message: string;
  errors: ValidationErrors;
}

/** The permission endpoint's answer: the lists, or 0 when signed out. */
export type PermissionDataResponse = PermissionData | 0;

/** The /roles data: role name -> Russian label. */
export type RoleLabelsResponse = Record<string, string>;

/** The body of a successful POST /login. */
export interface LoginResponse {
  user: User;
}

/** One day of an itinerary. */
export type ItineraryDay = Static<typeof ItineraryDaySchema>;

/** A prepared tour (Заготовленный тур) as the API sends it; prices in major units. */
export type PreparedTour = Static<typeof TourJson>;

/** A trip (Тур): a concrete departure; dates YYYY-MM-DD, money in major units of `currency`. */
export type Trip = Static<typeof TripJson>;

/** A trip's participant. */
export type Participant = Static<typeof ParticipantJson>;

/** Money totals of a trip summary (DESIGN.md 3b). */
export interface TripTotals {
  due: number;
  paid: number;
  expected: number;
  /** The sum of the participants' positive debts. */
  debt: number;
  /** The sum of the participants' overpayments. */
  overpaid: number;
}

/** What keeps a participant from travelling. */
export type ReadinessProblem = 'passport_missing' | 'passport_expires' | 'birth_date_missing';

/** GET /admin/trip/:id/summary. */
export type TripSummary = Static<typeof SummaryJson>;

/** A request (Заявка). */
export type TourRequest = Static<typeof RequestJson>;

/** One change in a record's "История". */
export interface HistoryEntry {
  id: number;
  /** The row that changed: `trip`, `participant`, `prepared_tour`, `request`, … */
  entity_type: string;
  entity_id: number;
  /** A participant's row: its tourist's name (null: the row is gone). */
  entity_name?: string | null;
  /** created, updated, status, assigned, converted, archived, restored, deleted */
  action: string;
  changes: HistoryChange[];
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

/** One field's change; a reference to another record (a tourist, a manager) also has its name. */
export interface HistoryChange {
  field: string;
  old: unknown;
  new: unknown;
  /** The name of the record `old` points to (null: that record is gone). */
  old_name?: string | null;
  new_name?: string | null;
}

// ---------------------------------------------------------------------------------------------
// The agent area (/api/agent/..., role counterparty only; DESIGN.md 4: an agent reaches only the
// prepared tours published for agents, its own tourists, its own requests and the trips they are
// in; no cost, supplier or profit field is ever in these shapes).

/** A departure (an upcoming trip made from a published prepared tour) as an agent sees it. */
export type AgentDeparture = Static<typeof AgentDepartureJson>;

/** A prepared tour published for agents: GET /agent/tours (20 a page). */
export type AgentTour = Static<typeof AgentTourJson>;

/** GET /agent/tours/:key: one published tour whole; 404 «Тур не найден» otherwise. */
export type AgentTourDetail = Static<typeof AgentTourDetailJson>;

/** POST /agent/tours/:key/requests: a request for N tourists on one departure of the tour. */
export type AgentRequestBody = Static<typeof AgentRequestBodySchema>;

/** One traveller named in an agent's request (`save`, sent only: keep it among its tourists). */
export type AgentRequestTourist = AgentRequestBody['tourists'][number];

/** A request the agent sent, as the agent sees it: GET /agent/requests (newest first). */
export type AgentRequest = Static<typeof AgentRequestJson>;

/** One trip of an agent's tourist: dates, statuses and money in the trip's currency. */
export type AgentTouristTrip = Static<typeof AgentTouristTripJson>;

/** A tourist the agent brought: GET /agent/tourists (20 a page), GET /agent/tourists/:id. */
export type AgentTourist = Static<typeof AgentTouristJson>;

/** POST /agent/tourists, PUT /agent/tourists/:id: a tourist's personal and passport data. */
export type AgentTouristBody = Static<typeof AgentTouristBodySchema>;

/** The commission due to an agent for one trip's confirmed tourists it brought. */
export interface AgentCommissionLine {
  trip_id: number;
  title: string;
  starts_on: string;
  currency: Currency;
  /** Confirmed participants brought by the agent. */
  tourists: number;
  /** Their price less discount, summed. */
  due: number;
  /** Null when the trip's tour sets no agent terms the trip's currency can use. */
  commission: number | null;
}

/**
 * GET /admin/users/:id/agent (staff; 404 unless the user is a counterparty the viewer reaches): the
 * agent's tourists and requests counted, and the commission due for its confirmed tourists.
 */
export interface AgentOverview {
  agent: { id: number; full_name: string };
  tourists: number;
  requests: Record<RequestStatus, number>;
  commission: AgentCommissionLine[];
  /** Per currency, over the lines with a commission. */
  commission_totals: { currency: Currency; amount: number }[];
}

/**
 * POST /client-errors (anyone, signed in or not; with X-XSRF-TOKEN): a section of the shell (a
 * module-federation remote) that failed to load, for the server's log. `section`: 1–40 of a–z
 * and `-`; `message`: 1–2000 characters; `url`: at most 2000. 200 `{ code: 1, data: null }`; 422
 * with field errors; 429 with Retry-After past 30 reports a minute from one address.
 */
export interface ClientErrorReport {
  section: string;
  message: string;
  url?: string;
}
