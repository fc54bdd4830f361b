import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

// Kysely's view of the tables of the migrations. bigint columns arrive as numbers (parsed by the
// pool's type parsers, refusing anything beyond 2^53), numeric as exact strings, dates as
// 'YYYY-MM-DD' strings and timestamps as Date.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  full_name: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  birth_date: DateOnly | null;
  citizenship: string | null;
  passport_number: string | null;
  passport_issued_at: DateOnly | null;
  passport_expires_at: DateOnly | null;
  notes: string | null;
  manager_id: number | null;
  counterparty_id: number | null;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  name: string;
  label: string;
}

export interface PermissionsTable {
  name: string;
}

export interface RolePermissionsTable {
  role: string;
  permission: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  remember: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  login: string;
  ip: string;
  created_at: Timestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface CurrencyRatesTable {
  date: DateOnly;
  from_currency: string;
  to_currency: string;
  rate: string;
  created_by: number | null;
  updated_at: Timestamp;
}

export interface WalletsTable {
  id: Generated<number>;
  type: 'user' | 'site';
  user_id: number | null;
  name: string;
  currency: string;
  balance: ColumnType<number, number | undefined, number>;
  /** A company wallet's: a cash desk or a bank account (DESIGN.md 3b: where money arrives). */
  kind: ColumnType<
    'cash' | 'bank' | null,
    'cash' | 'bank' | null | undefined,
    'cash' | 'bank' | null
  >;
  /** Operations the wallet's history lists; kept by triggers, never written by the application. */
  listed_transactions: ColumnType<number, never, never>;
  created_at: Timestamp;
}

export interface TransactionsTable {
  id: Generated<number>;
  wallet_id: number;
  type: 'income' | 'outcome' | 'transfer';
  amount: number;
  currency: string;
  status: 'pending' | 'confirmed' | 'rejected';
  target_wallet_id: number | null;
  target_amount: number | null;
  rate: string | null;
  trip_id: number | null;
  booking_id: number | null;
  participant_id: number | null;
  category: string | null;
  comment: string | null;
  created_by: number | null;
  confirmed_by: number | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Timestamp;
  /** When it was resolved: confirmed or rejected (confirmed_by is who resolved it). */
  confirmed_at: Timestamp | null;
  /** The operation this one reverses (Сторно); at most one live reversal per operation. */
  reverses_id: number | null;
  rejection_reason: string | null;
  /** The day whose rates a conversion used. */
  rate_date: DateOnly | null;
  /** A transfer's exact rate, numerator / denominator (exact decimals); `rate` is its decimal. */
  rate_numerator: string | null;
  rate_denominator: string | null;
  /** Recorded as an overpayment, confirmed so by its author (DESIGN.md 3b). */
  overpayment: Generated<boolean>;
}

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  kinds: ColumnType<string[], string[] | undefined, string[]>;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  default_currency: string | null;
  notes: string | null;
  /** Where it is (migration supplier-city): a hotel's city and street address. */
  city: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BookingsTable {
  id: Generated<number>;
  kind: string;
  trip_id: number;
  supplier_id: number;
  starts_on: ColumnType<string, string, string>;
  ends_on: ColumnType<string, string, string>;
  /** Minor units of `currency`. */
  cost: number;
  currency: string;
  status: string;
  penalty: number | null;
  confirmation_number: string | null;
  payment_due_on: ColumnType<string | null, string | null, string | null>;
  notes: string | null;
  details: ColumnType<Record<string, unknown>, string, string>;
  title: string;
  /** Kept by triggers on transactions (migration bookings), never written by the application. */
  paid: ColumnType<number, never, never>;
  /** Covered participants not cancelled: kept by triggers (migration booking-tallies). */
  covered: ColumnType<number, never, never>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BookingParticipantsTable {
  booking_id: number;
  participant_id: number;
  room: number | null;
  ticket_number: string | null;
  /** Minor units of the booking's currency. */
  ticket_cost: number | null;
  policy_number: string | null;
}

export interface TripBookingGapsTable {
  trip_id: number;
  /** [{ participant_id, problems, nights_missing }]: written by routes/bookings/gaps.ts. */
  participants: ColumnType<unknown[], string | undefined, string>;
  missing: ColumnType<number, number | undefined, number>;
  /** Set by triggers when the gaps may no longer hold; cleared by the refresher. */
  stale: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Written by routes/reports/figures.ts (migration trip-report-figures): minor units of `currency`. */
export interface TripReportFiguresTable {
  trip_id: number;
  currency: string;
  /** Minor units of `currency` (migration trip-report-revenue; DESIGN.md 3b): contract basis. */
  revenue: number;
  costs: number;
  /** What participants paid (cash basis), and what suppliers were paid. */
  paid: number;
  supplier_paid: number;
  exchange_difference: number;
  /** [[day, currency], …]: the days whose sums had no rate to `currency`. */
  missing: ColumnType<[string, string][], string, string>;
  last_day: ColumnType<string | null, string | null, string | null>;
  /** The first day of the month its trip started in when these were computed. */
  month: ColumnType<string, string, string>;
}

/** The stored figures summed per currency and month (migration general-report-months' triggers). */
export interface TripReportMonthsTable {
  currency: string;
  month: ColumnType<string, string, string>;
  trips: number;
  revenue: number;
  costs: number;
  paid: number;
  supplier_paid: number;
  exchange_difference: number;
}

/** How many trips' stored figures in `currency` of `month` had a sum without a rate on a day. */
export interface TripReportMonthMissingTable {
  currency: string;
  month: ColumnType<string, string, string>;
  day: ColumnType<string, string, string>;
  from_currency: string;
  trips: number;
}

/** Trips whose stored report figures may no longer hold: filled by triggers, emptied by figures.ts. */
export interface TripReportQueueTable {
  id: Generated<number>;
  trip_id: number;
}

/** Kept by migration administrative-tally's triggers and routes/reports/administrative-tally.ts. */
export interface AdministrativeDaysTable {
  category: string;
  type: string;
  currency: string;
  day: ColumnType<string, string, string>;
  total: number;
}

/** Signed amounts inserted by triggers, folded into administrative_days in the background. */
export interface AdministrativeDeltasTable {
  id: Generated<number>;
  category: string;
  type: string;
  currency: string;
  day: ColumnType<string, string, string>;
  amount: number;
}

export interface BookingGenerationTable {
  id: ColumnType<number, never, never>;
  /** Bumped by triggers (migration booking-generation), never written by the application. */
  n: ColumnType<number, never, never>;
}

export interface LedgerSettingsTable {
  name: string;
  value: Jsonb<unknown>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface OperationCategoriesTable {
  name: string;
  builtin: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
}

/** One day of an itinerary. */
export interface ItineraryDay {
  title: string;
  description: string;
}

type Jsonb<T> = ColumnType<T, string, string>;

export interface PreparedToursTable {
  id: Generated<number>;
  title: string;
  key: string;
  country: string;
  cities: ColumnType<string[], string[] | undefined, string[]>;
  days: number;
  itinerary: Jsonb<ItineraryDay[]>;
  included: ColumnType<string[], string[] | undefined, string[]>;
  not_included: ColumnType<string[], string[] | undefined, string[]>;
  base_price: number;
  currency: string;
  agent_price: number | null;
  /** Percent, exact decimal string. */
  agent_commission: string | null;
  published: ColumnType<boolean, boolean | undefined, boolean>;
  /** «Памятка туристу» (migration tour-memo): printed into the tourist's travel pack. */
  memo: ColumnType<string | null, string | null | undefined, string | null>;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TripStatus = 'planned' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';
export type TripFlights = 'round_trip' | 'one_way' | 'none';

export interface TripsTable {
  id: Generated<number>;
  title: string;
  prepared_tour_id: number | null;
  country: string | null;
  starts_on: DateOnly;
  ends_on: DateOnly;
  status: TripStatus;
  price: number;
  currency: string;
  seats: number;
  seats_taken: ColumnType<number, number | undefined, number>;
  /** How its tourists fly (migration trip-flights): round_trip, one_way or none. */
  flights: ColumnType<TripFlights, TripFlights | undefined, TripFlights>;
  manager_id: number | null;
  itinerary: Jsonb<ItineraryDay[]>;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ParticipantStatus = 'booked' | 'confirmed' | 'cancelled';

export interface TripParticipantsTable {
  id: Generated<number>;
  trip_id: number;
  user_id: number;
  price: number;
  discount: ColumnType<number, number | undefined, number>;
  status: ParticipantStatus;
  request_id: number | null;
  /**
   * Kept by triggers on transactions (migration participant-paid), never written by the
   * application: confirmed incomes less confirmed refunds in the trip's currency (minor units),
   * and how many confirmed ones are in another currency.
   */
  paid_own: ColumnType<number, never, never>;
  foreign_payments: ColumnType<number, never, never>;
  /**
   * Those in another currency converted at their days' rates, rounded up once (minor units of the
   * trip's currency), and whether a day had no rate: written by the application (trips/paid.ts)
   * and trusted only while foreign_stale, which triggers set when they may no longer hold, is
   * false.
   */
  paid_foreign: ColumnType<number, never, number>;
  foreign_rate_missing: ColumnType<boolean, never, boolean>;
  foreign_stale: ColumnType<boolean, never, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type RequestSource = 'site' | 'phone' | 'agent' | 'office';
export type RequestStatus = 'new' | 'in_work' | 'converted' | 'rejected';

/** One traveller an agent's request names. */
export interface RequestTraveller {
  full_name: string;
  phone: string | null;
}

export interface RequestsTable {
  id: Generated<number>;
  source: RequestSource;
  status: RequestStatus;
  contact_name: string;
  phone: string | null;
  email: string | null;
  prepared_tour_id: number | null;
  trip_id: number | null;
  date_from: DateOnly | null;
  date_to: DateOnly | null;
  adults: number;
  children: number;
  comment: string | null;
  reject_reason: string | null;
  assignee_id: number | null;
  counterparty_id: number | null;
  /** An agent's request names its travellers (migration agent-requests). */
  travellers: ColumnType<RequestTraveller[], string | undefined, string>;
  created_by: number | null;
  converted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One field's change in an audit row. */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface AuditLogTable {
  id: Generated<number>;
  record_type: string;
  /** Null for an event that names no record: a refusal, an export, an unknown login. */
  record_id: number | null;
  entity_type: string;
  entity_id: number | null;
  action: string;
  changes: Jsonb<FieldChange[]>;
  user_id: number | null;
  /** The client's address (request.ip); null for work outside a request (the seed, the CLI). */
  ip: string | null;
  created_at: Timestamp;
}

/** Kept by triggers (migration users-tally): never written by the application. */
export interface UsersTallyTable {
  only_row: Generated<boolean>;
  total: string;
  id_sum: string;
}

/** Kept by triggers (migration trips-tally): never written by the application. */
export interface TripsTallyTable {
  only_row: Generated<boolean>;
  total: string;
}

/** The company's requisites: one row (`only_row`), DESIGN.md 9. */
export interface CompanyRequisitesTable {
  only_row: Generated<boolean>;
  legal_form: string | null;
  name: string | null;
  inn: string | null;
  okpo: string | null;
  licence: string | null;
  city: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_bic: string | null;
  director_position: string | null;
  director_name: string | null;
  director_name_genitive: string | null;
  logo: Buffer | null;
  logo_mime: string | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_updated_at: Timestamp | null;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

/** Each kind of message switched on or off (migration outbox). */
export interface MessageKindsTable {
  kind: string;
  enabled: Generated<boolean>;
  /** The N days of a kind that has one (migration message-schedule), else null. */
  days: number | null;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

/** The transactional outbox of e-mail messages (migration outbox). */
export interface OutboxMessagesTable {
  id: Generated<number>;
  kind: string;
  recipient_user_id: number | null;
  recipient: string | null;
  missing_reason: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachment_name: string | null;
  attachment_mime: string | null;
  attachment: Buffer | null;
  attachment_ref: string | null;
  request_id: number | null;
  trip_id: number | null;
  transaction_id: number | null;
  /** A scheduled message's subject, day and addressee, unique (migration message-schedule). */
  dedupe_key: string | null;
  booking_id: number | null;
  status: Generated<'waiting' | 'sent' | 'retry' | 'not_configured' | 'no_address'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** The business days whose round of scheduled messages is done (migration message-schedule). */
export interface MessageRoundsTable {
  day: ColumnType<string, string, string>;
  messages: Generated<number>;
  done_at: Timestamp;
}

/** Each series' last number of a year (migration papers). */
export interface PaperCountersTable {
  series: string;
  year: number;
  last: number;
}

/** A paper handed out, numbered per series and year and kept (migration papers). */
export interface PapersTable {
  id: Generated<number>;
  series: 'invoice' | 'receipt' | 'act' | 'agent_report' | 'quote';
  year: number;
  number: number;
  subject: string;
  issued_on: DateOnly;
  issued_by: number | null;
  created_at: Timestamp;
}

/** A supplier's price of one service in one season (migration supplier-prices). */
export interface SupplierPricesTable {
  id: Generated<number>;
  supplier_id: number;
  kind: string;
  service: string;
  variant: string | null;
  meal_plan: string | null;
  capacity: number | null;
  unit: string;
  currency: string;
  /** Minor units of `currency`. */
  price: number;
  valid_from: DateOnly;
  valid_to: DateOnly;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A costing's version (migration costings): as entered, as priced, never changed. */
export interface CostingsTable {
  id: Generated<number>;
  prepared_tour_id: number | null;
  trip_id: number | null;
  request_id: number | null;
  version: number;
  title: string;
  currency: string;
  rate_date: DateOnly;
  body: Jsonb<unknown>;
  lines: Jsonb<unknown>;
  rows: Jsonb<unknown>;
  /** The lines as a trip's plan reads them (migration trip-plan); null: saved before it. */
  plan_lines: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface RequestQuotesTable {
  id: Generated<number>;
  request_id: number;
  costing_id: number;
  version: number;
  group_size: number;
  occupancy: 'single' | 'double';
  /** Minor units per person. */
  price: number;
  currency: string;
  included: string;
  not_included: string;
  valid_until: DateOnly | null;
  paper_number: number;
  issued_on: DateOnly;
  sent_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** The costing version and cell that set a trip's price (migration trip-plan). */
export interface TripCostingsTable {
  trip_id: number;
  costing_id: number;
  group_size: number;
  occupancy: 'single' | 'double';
  applied_by: number | null;
  applied_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  users_tally: UsersTallyTable;
  trips_tally: TripsTallyTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  app_secrets: AppSecretsTable;
  currency_rates: CurrencyRatesTable;
  wallets: WalletsTable;
  transactions: TransactionsTable;
  ledger_settings: LedgerSettingsTable;
  suppliers: SuppliersTable;
  bookings: BookingsTable;
  booking_participants: BookingParticipantsTable;
  trip_booking_gaps: TripBookingGapsTable;
  booking_generation: BookingGenerationTable;
  trip_report_figures: TripReportFiguresTable;
  trip_report_queue: TripReportQueueTable;
  trip_report_months: TripReportMonthsTable;
  trip_report_month_missing: TripReportMonthMissingTable;
  administrative_days: AdministrativeDaysTable;
  administrative_deltas: AdministrativeDeltasTable;
  operation_categories: OperationCategoriesTable;
  prepared_tours: PreparedToursTable;
  trips: TripsTable;
  trip_participants: TripParticipantsTable;
  requests: RequestsTable;
  audit_log: AuditLogTable;
  company_requisites: CompanyRequisitesTable;
  message_kinds: MessageKindsTable;
  outbox_messages: OutboxMessagesTable;
  message_rounds: MessageRoundsTable;
  paper_counters: PaperCountersTable;
  papers: PapersTable;
  supplier_prices: SupplierPricesTable;
  costings: CostingsTable;
  request_quotes: RequestQuotesTable;
  trip_costings: TripCostingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type WalletRow = Selectable<WalletsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type PreparedTourRow = Selectable<PreparedToursTable>;
export type TripRow = Selectable<TripsTable>;
export type ParticipantRow = Selectable<TripParticipantsTable>;
export type RequestRow = Selectable<RequestsTable>;

/** The database as the queries see it; a transaction has the same type. */
export type Db = Kysely<Database>;
