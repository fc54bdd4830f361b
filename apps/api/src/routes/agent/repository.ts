import { sql } from 'kysely';
import type { ParticipantStatus, TripStatus } from '@tour/core';
import type { Db } from '../../db/database';
import type { ItineraryDay, RequestRow, RequestTraveller } from '../../db/schema';
import { containing } from '../../lib/search';
import type { DayRateJson } from '../../domain/money';

// Every function takes `db` or a transaction first: the route handler decides which. Each one
// names the agent (or reads only published tours): an agent's reach is in the SQL, not left to
// the caller (DESIGN.md 4).

export interface AgentTourFilters {
  search?: string;
  country?: string;
}

// Tens of rows: searched by a scan, as the staff list does.
const SEARCH_TEXT = sql<string>`lower(title || ' ' || country || ' ' || array_to_string(cities, ' '))`;

/** What an agent may read of a prepared tour: never its use, its staff or its history. */
export interface PublishedTourRow {
  id: number;
  key: string;
  title: string;
  country: string;
  cities: string[];
  days: number;
  itinerary: ItineraryDay[];
  included: string[];
  not_included: string[];
  base_price: number;
  currency: string;
  agent_price: number | null;
  agent_commission: string | null;
}

const TOUR_COLUMNS = [
  'id',
  'key',
  'title',
  'country',
  'cities',
  'days',
  'itinerary',
  'included',
  'not_included',
  'base_price',
  'currency',
  'agent_price',
  'agent_commission',
] as const;

function publishedTours(db: Db, filters: AgentTourFilters) {
  let query = db
    .selectFrom('prepared_tours')
    .where('published', '=', true)
    .where('archived_at', 'is', null);
  if (filters.search) query = query.where(SEARCH_TEXT, 'like', containing(filters.search));
  if (filters.country) query = query.where(sql`lower(country)`, '=', filters.country.toLowerCase());
  return query;
}

export async function pageOfPublishedTours(
  db: Db,
  filters: AgentTourFilters,
  limit: number,
  offset: number,
): Promise<{ rows: PublishedTourRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    publishedTours(db, filters)
      .select(TOUR_COLUMNS)
      .orderBy('title')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    publishedTours(db, filters)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as PublishedTourRow[], total: Number(count.total) };
}

export async function publishedTourByKey(
  db: Db,
  key: string,
): Promise<PublishedTourRow | undefined> {
  const row = await publishedTours(db, {})
    .select(TOUR_COLUMNS)
    .where('key', '=', key)
    .executeTakeFirst();
  return row as PublishedTourRow | undefined;
}

export async function publishedCountries(db: Db): Promise<string[]> {
  const rows = await publishedTours(db, {})
    .select('country')
    .distinct()
    .orderBy('country')
    .execute();
  return rows.map((row) => row.country);
}

export interface DepartureRow {
  id: number;
  prepared_tour_id: number;
  starts_on: string;
  ends_on: string;
  status: 'planned' | 'confirmed';
  seats: number;
  seats_taken: number;
  price: number;
  currency: string;
}

const DEPARTURE_COLUMNS = [
  'id',
  'prepared_tour_id',
  'starts_on',
  'ends_on',
  'status',
  'seats',
  'seats_taken',
  'price',
  'currency',
] as const;

/** The upcoming departures of these tours: planned or confirmed trips starting after `today`. */
export async function departuresOf(
  db: Db,
  tourIds: number[],
  today: string,
): Promise<DepartureRow[]> {
  if (tourIds.length === 0) return [];
  const rows = await db
    .selectFrom('trips')
    .select(DEPARTURE_COLUMNS)
    .where('prepared_tour_id', 'in', tourIds)
    .where('starts_on', '>', today)
    .where('status', 'in', ['planned', 'confirmed'])
    .orderBy('starts_on')
    .orderBy('id')
    .execute();
  return rows as DepartureRow[];
}

/** One departure of a published tour, locked (a request counts its free seats). */
export async function lockDeparture(
  trx: Db,
  tourId: number,
  tripId: number,
): Promise<DepartureRow | undefined> {
  const row = await trx
    .selectFrom('trips')
    .select(DEPARTURE_COLUMNS)
    .where('id', '=', tripId)
    .where('prepared_tour_id', '=', tourId)
    .forShare()
    .executeTakeFirst();
  return row as DepartureRow | undefined;
}

export type AgentRequestRow = Pick<
  RequestRow,
  | 'id'
  | 'status'
  | 'trip_id'
  | 'date_from'
  | 'date_to'
  | 'adults'
  | 'comment'
  | 'reject_reason'
  | 'created_at'
> & { travellers: RequestTraveller[]; tour_key: string | null; tour_title: string | null };

function agentRequests(db: Db, agentId: number, status?: string) {
  let query = db
    .selectFrom('requests')
    .where('requests.counterparty_id', '=', agentId)
    .where('requests.source', '=', 'agent');
  if (status) query = query.where('requests.status', '=', status as RequestRow['status']);
  return query;
}

/** What an agent reads of its requests: never the assignee, the author or the staff's notes. */
function withTour(query: ReturnType<typeof agentRequests>) {
  return query
    .leftJoin('prepared_tours as pt', 'pt.id', 'requests.prepared_tour_id')
    .select([
      'requests.id',
      'requests.status',
      'requests.trip_id',
      'requests.date_from',
      'requests.date_to',
      'requests.adults',
      'requests.comment',
      'requests.reject_reason',
      'requests.created_at',
      'requests.travellers',
      'pt.key as tour_key',
      'pt.title as tour_title',
    ]);
}

export async function pageOfAgentRequests(
  db: Db,
  agentId: number,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AgentRequestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withTour(agentRequests(db, agentId, status))
      .orderBy('requests.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    agentRequests(db, agentId, status)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AgentRequestRow[], total: Number(count.total) };
}

export async function agentRequestById(
  db: Db,
  agentId: number,
  id: number,
): Promise<AgentRequestRow | undefined> {
  const row = await withTour(agentRequests(db, agentId))
    .where('requests.id', '=', id)
    .executeTakeFirst();
  return row as AgentRequestRow | undefined;
}

/** Requests per status of one agent. */
export async function agentRequestCounts(db: Db, agentId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('requests')
    .select(['status', sql<string>`count(*)`.as('total')])
    .where('counterparty_id', '=', agentId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

// Exactly the expression of the users search index (the staff users list's).
const USER_SEARCH_TEXT = sql<string>`lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(passport_number, ''))`;

export interface AgentTouristRow {
  id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  citizenship: string | null;
  passport_number: string | null;
  passport_issued_at: string | null;
  passport_expires_at: string | null;
  notes: string | null;
  created_at: Date;
}

function agentTourists(db: Db, agentId: number, search?: string) {
  let query = db.selectFrom('users').where('users.counterparty_id', '=', agentId);
  if (search) query = query.where(USER_SEARCH_TEXT, 'like', containing(search));
  return query;
}

const TOURIST_COLUMNS = [
  'users.id',
  'users.full_name',
  'users.email',
  'users.phone',
  'users.birth_date',
  'users.citizenship',
  'users.passport_number',
  'users.passport_issued_at',
  'users.passport_expires_at',
  'users.notes',
  'users.created_at',
] as const;

export async function pageOfAgentTourists(
  db: Db,
  agentId: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AgentTouristRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    agentTourists(db, agentId, search)
      .select(TOURIST_COLUMNS)
      .orderBy('users.full_name')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    agentTourists(db, agentId, search)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AgentTouristRow[], total: Number(count.total) };
}

export async function agentTouristById(
  db: Db,
  agentId: number,
  id: number,
): Promise<AgentTouristRow | undefined> {
  const row = await agentTourists(db, agentId)
    .select(TOURIST_COLUMNS)
    .where('users.id', '=', id)
    .executeTakeFirst();
  return row as AgentTouristRow | undefined;
}

export async function countAgentTourists(db: Db, agentId: number): Promise<number> {
  const row = await agentTourists(db, agentId)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface TouristTripRow {
  participant_id: number;
  user_id: number;
  price: number;
  discount: number;
  participant_status: ParticipantStatus;
  trip_id: number;
  title: string;
  starts_on: string;
  ends_on: string;
  /** trips.status, which the table's check holds to the trip statuses. */
  trip_status: TripStatus;
  currency: string;
}

/** [participant id, type, currency, business day of confirmation, minor units]. */
export type TouristSumJson = [number, 'income' | 'outcome', string, string, number];

/**
 * The trips of these users (their participations) and each participation's confirmed payments
 * and refunds summed per kind, currency and business day, with the rates in force on those days.
 */
export async function touristTrips(
  db: Db,
  userIds: number[],
  timeZone: string,
): Promise<{
  trips: TouristTripRow[] | null;
  sums: TouristSumJson[] | null;
  rates: DayRateJson[] | null;
}> {
  if (userIds.length === 0) return { trips: null, sums: null, rates: null };
  const { rows } = await sql<{
    trips: TouristTripRow[] | null;
    sums: TouristSumJson[] | null;
    rates: DayRateJson[] | null;
  }>`
    with p as (
      select tp.id as participant_id, tp.user_id, tp.price, tp.discount,
        tp.status as participant_status, t.id as trip_id, t.title, t.starts_on, t.ends_on,
        t.status as trip_status, t.currency
      from trip_participants tp
      join trips t on t.id = tp.trip_id
      where tp.user_id = any(${userIds}::bigint[])
    ),
    x as (
      select x.participant_id, x.type, x.currency,
        (x.confirmed_at at time zone ${timeZone})::date as day, sum(x.amount)::bigint as total
      from transactions x
      join p on p.trip_id = x.trip_id and p.participant_id = x.participant_id
      where x.type in ('income', 'outcome') and x.status = 'confirmed'
      group by 1, 2, 3, 4
    ),
    days as (select distinct day from x)
    select
      (select json_agg(p order by p.starts_on, p.trip_id) from p) as trips,
      (select json_agg(json_build_array(participant_id, type, currency, day, total)) from x)
        as sums,
      (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
          r.rate::text))
        from days d
        cross join lateral (select max(date) as date from currency_rates where date <= d.day)
          latest
        join currency_rates r on r.date = latest.date) as rates`.execute(db);
  return rows[0]!;
}

export interface CommissionRow {
  trip_id: number;
  title: string;
  starts_on: string;
  currency: string;
  tourists: number;
  due: number;
  tour_currency: string | null;
  agent_price: number | null;
  agent_commission: string | null;
  /** The percent's commission, each tourist's rounded half up on its own (null: no percent). */
  percent_commission: string | null;
}

/**
 * Per trip, the confirmed participants an agent brought (trips not cancelled) and what they owe
 * (price less discount), with the agent terms of the trip's prepared tour.
 */
export async function commissionRows(db: Db, agentId: number): Promise<CommissionRow[]> {
  const { rows } = await sql<CommissionRow>`
    select t.id as trip_id, t.title, t.starts_on, t.currency,
      count(*)::int as tourists, sum(tp.price - tp.discount)::bigint as due,
      -- Each tourist's percent rounded half up on its own, as its invoice, act and report have it.
      sum(round((tp.price - tp.discount) * pt.agent_commission / 100))::bigint
        as percent_commission,
      pt.currency as tour_currency, pt.agent_price, pt.agent_commission::text as agent_commission
    from users u
    join trip_participants tp on tp.user_id = u.id and tp.status = 'confirmed'
    join trips t on t.id = tp.trip_id and t.status <> 'cancelled'
    left join prepared_tours pt on pt.id = t.prepared_tour_id
    where u.counterparty_id = ${agentId}::bigint
    group by t.id, pt.id
    order by t.starts_on desc, t.id desc`.execute(db);
  return rows;
}
