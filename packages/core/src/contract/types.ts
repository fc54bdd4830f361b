// Types only: this file must stay free of runtime code. The API's bodies are derived from its
// schemas (./schemas, TypeBox) with Static<>, imported as types: no TypeBox reaches a browser.
import type { Static } from '@sinclair/typebox';
import type {
  AgentDepartureJson,
  AgentOverviewJson,
  AgentRequestBody as AgentRequestBodySchema,
  AgentRequestJson,
  AgentRequestListQuery as AgentRequestListQuerySchema,
  AgentTourDetailJson,
  AgentTourListQuery as AgentTourListQuerySchema,
  AgentTouristBody as AgentTouristBodySchema,
  AgentTouristJson,
  AgentTouristListQuery as AgentTouristListQuerySchema,
  AgentTouristTripJson,
  AgentTourJson,
} from './schemas/agent';
import type { LoginAnswer, RoleLabels } from './schemas/auth';
import type { ErrorBody, Ok, Paginated as PaginatedSchema } from './schemas/common';
import type { ClientErrorBody } from './schemas/health';
import type { HistoryEntryJson } from './schemas/history';
import type { RequestJson } from './schemas/requests';
import type { ItineraryDay as ItineraryDaySchema, TourJson } from './schemas/tours';
import type { SummaryJson, Totals } from './schemas/trip-summary';
import type { ParticipantJson, TripJson } from './schemas/trips';
import type { TransactionJson, WalletJson } from './schemas/wallets';
import type { TouristOptionJson, UserJson } from './schemas/users';
import type { PermissionData } from '../permissions/can';

/**
 * A user (staff member, tourist or agent) as the API returns it; dates are YYYY-MM-DD, timestamps
 * ISO 8601; `has_password`: the user signs in (the password itself is never sent).
 */
export type User = Static<typeof UserJson>;

/** How a tourist picker found a client: by one of its exact contacts, or (null) by name. */
export type TouristMatchedBy = NonNullable<TouristOption['matched_by']>;

/**
 * A client as the tourist lookups offer it (GET /admin/tourists, /admin/tourists/match). Another
 * manager's client (`own` false), found by an exact contact, shows its name, its manager and that
 * contact only; `found_by` is sent back when it is put on a trip.
 */
export type TouristOption = Static<typeof TouristOptionJson>;

/** What a company wallet is: a cash desk (касса) or a bank account (DESIGN.md 3b). */
export type WalletKind = NonNullable<Wallet['kind']>;

/** A wallet: a user's or the company's (site) own, in one currency; balance in major units. */
export type Wallet = Static<typeof WalletJson>;

/**
 * A money movement of a wallet as the API sends it (in lists and alone); amounts in major units,
 * timestamps ISO 8601.
 */
export type Transaction = Static<typeof TransactionJson>;

/** A page of a list in Laravel's paginator shape (`from`/`to` are null on an empty page). */
export type Paginated<T> = Omit<Static<ReturnType<typeof PaginatedSchema>>, 'data'> & { data: T[] };

/** The 422 body of a validation failure. */
export type ValidationErrorBody = Required<Static<typeof ErrorBody>>;

/** Field name -> Russian messages, as the API reports validation failures. */
export type ValidationErrors = ValidationErrorBody['errors'];

/** The API's response envelope: `code` 1 and the result in `data`, or a failure's body. */
export type ApiEnvelope<T> =
  (Omit<Static<ReturnType<typeof Ok>>, 'data'> & { data: T }) | Static<typeof ErrorBody>;

/** The permission endpoint's answer: the lists, or 0 when signed out. */
export type PermissionDataResponse = PermissionData | 0;

/** The /roles data: role name -> Russian label. */
export type RoleLabelsResponse = Static<typeof RoleLabels>;

/** The body of a successful POST /login. */
export type LoginResponse = Static<typeof LoginAnswer>;

/** One day of an itinerary. */
export type ItineraryDay = Static<typeof ItineraryDaySchema>;

/** A prepared tour (Заготовленный тур) as the API sends it; prices in major units. */
export type PreparedTour = Static<typeof TourJson>;

/** A trip (Тур): a concrete departure; dates YYYY-MM-DD, money in major units of `currency`. */
export type Trip = Static<typeof TripJson>;

/** A trip's participant. */
export type Participant = Static<typeof ParticipantJson>;

/** Money totals of a trip summary (DESIGN.md 3b): `debt` sums the participants' positive debts. */
export type TripTotals = Static<typeof Totals>;

/** What keeps an agent's tourist from travelling. */
export type ReadinessProblem = AgentTouristTrip['problems'][number];

/** GET /admin/trip/:id/summary. */
export type TripSummary = Static<typeof SummaryJson>;

/** A request (Заявка). */
export type TourRequest = Static<typeof RequestJson>;

/** One change in a record's «История». */
export type HistoryEntry = Static<typeof HistoryEntryJson>;

/** One field's change; a reference to another record (a tourist, a manager) also has its name. */
export type HistoryChange = HistoryEntry['changes'][number];

// ---------------------------------------------------------------------------------------------
// The agent area (/api/agent/..., role counterparty only; DESIGN.md 4: an agent reaches only the
// prepared tours published for agents, its own tourists, its own requests and the trips they are
// in; no cost, supplier or profit field is ever in these shapes).

/** A departure (an upcoming trip made from a published prepared tour) as an agent sees it. */
export type AgentDeparture = Static<typeof AgentDepartureJson>;

/** A prepared tour published for agents: GET /agent/tours (20 a page). */
export type AgentTour = Static<typeof AgentTourJson>;
/** GET /agent/tours's query: the page, a search and a country. */
export type AgentTourListQuery = Static<typeof AgentTourListQuerySchema>;

/** GET /agent/tours/:key: one published tour whole; 404 «Тур не найден» otherwise. */
export type AgentTourDetail = Static<typeof AgentTourDetailJson>;

/** POST /agent/tours/:key/requests: a request for N tourists on one departure of the tour. */
export type AgentRequestBody = Static<typeof AgentRequestBodySchema>;

/** One traveller named in an agent's request (`save`, sent only: keep it among its tourists). */
export type AgentRequestTourist = AgentRequestBody['tourists'][number];

/** A request the agent sent, as the agent sees it: GET /agent/requests (newest first). */
export type AgentRequest = Static<typeof AgentRequestJson>;
/** GET /agent/requests's query: the page and a status. */
export type AgentRequestListQuery = Static<typeof AgentRequestListQuerySchema>;

/** One trip of an agent's tourist: dates, statuses and money in the trip's currency. */
export type AgentTouristTrip = Static<typeof AgentTouristTripJson>;

/** A tourist the agent brought: GET /agent/tourists (20 a page), GET /agent/tourists/:id. */
export type AgentTourist = Static<typeof AgentTouristJson>;
/** GET /agent/tourists's query: the page and a search. */
export type AgentTouristListQuery = Static<typeof AgentTouristListQuerySchema>;

/** POST /agent/tourists, PUT /agent/tourists/:id: a tourist's personal and passport data. */
export type AgentTouristBody = Static<typeof AgentTouristBodySchema>;

/** The commission due to an agent for one trip's confirmed tourists it brought. */
export type AgentCommissionLine = AgentOverview['commission'][number];

/**
 * GET /admin/users/:id/agent (staff; 404 unless the user is a counterparty the viewer reaches): the
 * agent's tourists and requests counted, and the commission due for its confirmed tourists.
 */
export type AgentOverview = Static<typeof AgentOverviewJson>;

/**
 * POST /client-errors (anyone, signed in or not; with X-XSRF-TOKEN): a section of the shell (a
 * module-federation remote) that failed to load, for the server's log. 200 `{ code: 1, data: null }`;
 * 422 with field errors; 429 with Retry-After past 30 reports a minute from one address.
 */
export type ClientErrorReport = Static<typeof ClientErrorBody>;
