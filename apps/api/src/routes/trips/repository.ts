import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type {
  Database,
  ParticipantRow,
  TripParticipantsTable,
  TripRow,
  TripsTable,
} from '../../db/schema';
import { executePrepared } from '../../db/prepared';
import { containing } from '../../lib/search';
import type { DayRateJson } from '../../domain/money';

// Every function takes `db` or a transaction first: the route handler decides which.

export interface TripFilters {
  from?: string;
  to?: string;
  status?: string;
  managerId?: number;
  /** «Мои туры»: the viewer's own trips (with managerId too: both must hold). */
  ownManagerId?: number;
  country?: string;
  search?: string;
}

// Exactly the expression of the trips_search_trgm index.
const SEARCH_TEXT = sql<string>`lower(trips.title || ' ' || coalesce(trips.country, ''))`;

export type TripWithNames = TripRow & {
  manager_name: string | null;
  prepared_tour_title: string | null;
};

function matchingTrips(
  db: Db,
  filters: TripFilters,
): SelectQueryBuilder<Database, 'trips', object> {
  let query = db.selectFrom('trips');
  // Overlap of [starts_on, ends_on] with [from, to]; either end open when not given.
  if (filters.to) query = query.where('trips.starts_on', '<=', filters.to);
  if (filters.from) query = query.where('trips.ends_on', '>=', filters.from);
  if (filters.status) query = query.where('trips.status', '=', filters.status as TripRow['status']);
  if (filters.managerId) query = query.where('trips.manager_id', '=', filters.managerId);
  if (filters.ownManagerId) query = query.where('trips.manager_id', '=', filters.ownManagerId);
  if (filters.country) {
    query = query.where(sql`lower(trips.country)`, '=', filters.country.toLowerCase());
  }
  if (filters.search) query = query.where(SEARCH_TEXT, 'like', containing(filters.search));
  return query;
}

function withNames(query: SelectQueryBuilder<Database, 'trips', object>) {
  return query
    .leftJoin('users as m', 'm.id', 'trips.manager_id')
    .leftJoin('prepared_tours as pt', 'pt.id', 'trips.prepared_tour_id')
    .selectAll('trips')
    .select(['m.full_name as manager_name', 'pt.title as prepared_tour_title']);
}

/**
 * The ids of one page in start-date order (then id, so equal dates keep one order), from the
 * start-date index alone, and in the same statement how many trips the filters find (null when
 * the page is empty: past the end, nothing tells the total).
 */
export async function pageOfTripIds(
  db: Db,
  filters: TripFilters,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number | null }> {
  if (Object.values(filters).every((value) => !value)) return pageOfAllTripIds(db, limit, offset);
  const rows = await matchingTrips(db, filters)
    .select([
      'trips.id',
      matchingTrips(db, filters)
        .select(sql<string>`count(*)`.as('count'))
        .as('total'),
    ])
    .orderBy('trips.starts_on')
    .orderBy('trips.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { ids: rows.map((row) => row.id), total: rows.length ? Number(rows[0]!.total) : null };
}

/**
 * A page of the whole list, its total from trips_tally (kept by triggers), in one statement of
 * fixed text. OFFSET walks an index entry per skipped trip, so a page in the list's second half
 * is read from its far end, backwards: no page walks more than half of the list. Each branch is
 * gated by a condition on the total alone, so only one of them runs.
 */
async function pageOfAllTripIds(db: Db, limit: number, offset: number) {
  const rows = await executePrepared(
    db,
    sql<{ id: number; total: number }>`
      with tally as (select total from trips_tally)
      select page.id, (select total from tally) as total
      from (
        (select id, starts_on from trips
          where (select total from tally) >= 2 * ${offset}::bigint + ${limit}::bigint
          order by starts_on, id
          limit ${limit}::bigint offset ${offset}::bigint)
        union all
        (select id, starts_on from trips
          where (select total from tally) < 2 * ${offset}::bigint + ${limit}::bigint
          order by starts_on desc, id desc
          limit greatest(least(${limit}::bigint, (select total from tally) - ${offset}::bigint), 0)
          offset greatest((select total from tally) - ${offset}::bigint - ${limit}::bigint, 0))
      ) page
      order by page.starts_on, page.id`,
  );
  return { ids: rows.map((row) => row.id), total: rows.length ? rows[0]!.total : null };
}

/**
 * A confirmed movement sum as the statements below write it in JSON: [type, currency, business
 * day of confirmation, minor units].
 */
export type SumJson = ['income' | 'outcome', string, string, number];

export type TripWithDebt = TripWithNames & {
  /** The debts of the participants whose payments are known in the trip's currency (minor units). */
  debt_minor: number;
  /** One of them paid in another currency on a day without a rate. */
  rate_missing: boolean;
  /**
   * Participants whose payments in another currency are to be converted here: what each owes
   * (price less discount; 0 once cancelled, minor units) and all its confirmed sums.
   */
  mixed: { id: number; due: number; sums: SumJson[] | null }[] | null;
  /** The rates of the days those sums were confirmed on. */
  rates: DayRateJson[] | null;
};

/**
 * The trips of `ids`, in that order, with their names and what their participants owe
 * (DESIGN.md 3b), in one statement of fixed text (a prepared plan) that reads indexes only: per
 * participant, due (nothing once cancelled) less what it paid as kept on it (confirmed incomes
 * less refunds; see the migration participant-paid). A participant whose payments in another
 * currency changed, or whose days' rates did, since their conversion was stored comes back with
 * its sums and the rates of their days instead, for the caller to convert exactly.
 */
export function tripsWithDebts(db: Db, ids: number[], timeZone: string): Promise<TripWithDebt[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executePrepared(
    db,
    sql<TripWithDebt>`
      with page as (
        select id, ord from unnest(${ids}::bigint[]) with ordinality as page(id, ord)
      ),
      participants as (
        select tp.id, tp.trip_id,
          case when tp.status = 'cancelled' then 0 else tp.price - tp.discount end as due,
          tp.paid_own + case when tp.foreign_payments > 0 then tp.paid_foreign else 0 end as paid,
          tp.foreign_payments > 0 and tp.foreign_rate_missing as rate_missing,
          -- Payments in another currency whose stored conversion may no longer hold: converted
          -- by the caller from the payments themselves.
          tp.foreign_payments > 0 and tp.foreign_stale as live
        from trip_participants tp
        where tp.trip_id = any(${ids}::bigint[])
      ),
      -- Every confirmed sum of those participants, per kind, currency and day.
      mixed_sums as (
        select t.trip_id, t.participant_id, t.type, t.currency,
          (t.confirmed_at at time zone ${timeZone})::date as day, sum(t.amount)::bigint as total
        from transactions t
        where t.trip_id = any(array(select distinct trip_id from participants where live))
          and t.participant_id in (select id from participants where live)
          and t.type in ('income', 'outcome')
          and t.status = 'confirmed'
        group by 1, 2, 3, 4, 5
      ),
      sums_of_participant as (
        select participant_id, json_agg(json_build_array(type, currency, day, total)) as sums
        from mixed_sums
        group by participant_id
      ),
      debts as (
        select p.trip_id,
          (sum(greatest(p.due - p.paid, 0)) filter (where not p.live))::bigint as debt_minor,
          bool_or(p.rate_missing and not p.live) as rate_missing,
          json_agg(json_build_object('id', p.id, 'due', p.due, 'sums', f.sums))
            filter (where p.live) as mixed
        from participants p
        left join sums_of_participant f on f.participant_id = p.id
        group by p.trip_id
      )
      select trips.*, mgr.full_name as manager_name, pt.title as prepared_tour_title,
        coalesce(d.debt_minor, 0)::bigint as debt_minor,
        coalesce(d.rate_missing, false) as rate_missing, d.mixed,
        case when d.mixed is not null then (
          select json_agg(json_build_array(x.day, latest.date, r.from_currency, r.to_currency,
            r.rate::text))
          from (select distinct day from mixed_sums
                where trip_id = trips.id and currency <> trips.currency) x
          cross join lateral (select max(date) as date from currency_rates where date <= x.day) latest
          join currency_rates r on r.date = latest.date
        ) end as rates
      from page
      join trips on trips.id = page.id
      left join users mgr on mgr.id = trips.manager_id
      left join prepared_tours pt on pt.id = trips.prepared_tour_id
      left join debts d on d.trip_id = trips.id
      order by page.ord`,
  );
}

/** Whether the trip has participants at all (cancelled ones included). */
export async function hasParticipants(db: Db, tripId: number): Promise<boolean> {
  const row = await db
    .selectFrom('trip_participants')
    .select('id')
    .where('trip_id', '=', tripId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countTrips(db: Db, filters: TripFilters): Promise<number> {
  const row = await matchingTrips(db, filters)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findTrip(db: Db, id: number): Promise<TripWithNames | undefined> {
  return withNames(db.selectFrom('trips').where('trips.id', '=', id)).executeTakeFirst();
}

/** The trip's row under FOR UPDATE: every change of its seats or participants holds it first. */
export function lockTrip(trx: Db, id: number): Promise<TripRow | undefined> {
  return trx.selectFrom('trips').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertTrip(trx: Db, values: Insertable<TripsTable>): Promise<number> {
  const row = await trx
    .insertInto('trips')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTrip(
  trx: Db,
  id: number,
  values: Partial<Insertable<TripsTable>>,
): Promise<void> {
  await trx
    .updateTable('trips')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function tripCountries(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('trips')
    .select('country')
    .distinct()
    .where('country', 'is not', null)
    .orderBy('country')
    .execute();
  return rows.map((row) => row.country!);
}

export type ParticipantWithUser = ParticipantRow & {
  full_name: string;
  phone: string | null;
  email: string | null;
  birth_date: string | null;
  passport_number: string | null;
  passport_expires_at: string | null;
};

/** A trip's participants in the order they were added. */
export function participantsOf(db: Db, tripIds: number[]): Promise<ParticipantWithUser[]> {
  if (tripIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('trip_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select([
      'u.full_name',
      'u.phone',
      'u.email',
      'u.birth_date',
      'u.passport_number',
      'u.passport_expires_at',
    ])
    .where('p.trip_id', 'in', tripIds)
    .orderBy('p.trip_id')
    .orderBy('p.id')
    .execute();
}

export function findParticipant(
  trx: Db,
  tripId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  let query = trx
    .selectFrom('trip_participants')
    .selectAll()
    .where('trip_id', '=', tripId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function participantOfUser(trx: Db, tripId: number, userId: number) {
  return trx
    .selectFrom('trip_participants')
    .select('id')
    .where('trip_id', '=', tripId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertParticipant(
  trx: Db,
  values: Insertable<TripParticipantsTable>,
): Promise<number> {
  const row = await trx
    .insertInto('trip_participants')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateParticipant(
  trx: Db,
  id: number,
  values: Partial<Insertable<TripParticipantsTable>>,
): Promise<void> {
  await trx
    .updateTable('trip_participants')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Moves the trip's seat count by `delta`; the table's check refuses going over the seats. */
export async function moveSeatsTaken(trx: Db, tripId: number, delta: number): Promise<void> {
  await trx
    .updateTable('trips')
    .set({ seats_taken: sql`seats_taken + ${delta}` })
    .where('id', '=', tripId)
    .execute();
}

/** A participant of the summary as its statement writes it in JSON. */
export interface SummaryParticipantJson {
  id: number;
  user_id: number;
  price: number;
  discount: number;
  status: ParticipantRow['status'];
  full_name: string;
  birth_date: string | null;
  passport_number: string | null;
  passport_expires_at: string | null;
}

/** [participant id, type, status, currency, day confirmed (pending: null), minor units]. */
export type MovementSumJson = [
  number,
  'income' | 'outcome',
  'pending' | 'confirmed',
  string,
  string | null,
  number,
];

export type TripForSummary = TripWithNames & {
  /** In the order they were added. */
  participants: SummaryParticipantJson[] | null;
  /** The participants' incomes and refunds, summed per kind, status, currency and day. */
  sums: MovementSumJson[] | null;
  /** The rates in force on each day a sum in another currency was confirmed on, and on `today`. */
  rates: DayRateJson[] | null;
};

/**
 * Everything the trip summary shows, in one statement of fixed text: the trip and its names, its
 * participants with their passport data, their payments and refunds (pending and confirmed), and
 * the rates of the days those in another currency were confirmed on and of `today` (for pending
 * ones and for the totals in another currency).
 */
export function tripForSummary(
  db: Db,
  id: number,
  timeZone: string,
  today: string,
): Promise<TripForSummary | undefined> {
  return executePrepared(
    db,
    sql<TripForSummary>`
      with movements as (
        select t.participant_id, t.type, t.status, t.currency,
          (t.confirmed_at at time zone ${timeZone})::date as day,
          sum(t.amount)::bigint as total
        from transactions t
        where t.trip_id = ${id}::bigint
          and t.participant_id is not null
          and t.type in ('income', 'outcome')
          and t.status in ('pending', 'confirmed')
        group by 1, 2, 3, 4, 5
      ),
      days as (
        select coalesce(m.day, ${today}::date) as day
        from movements m
        join trips tr on tr.id = ${id}::bigint and tr.currency <> m.currency
        union
        select ${today}::date
      )
      select trips.*, mgr.full_name as manager_name, pt.title as prepared_tour_title,
        (select json_agg(json_build_object('id', p.id, 'user_id', p.user_id, 'price', p.price,
            'discount', p.discount, 'status', p.status, 'full_name', u.full_name,
            'birth_date', u.birth_date, 'passport_number', u.passport_number,
            'passport_expires_at', u.passport_expires_at) order by p.id)
          from trip_participants p
          join users u on u.id = p.user_id
          where p.trip_id = trips.id) as participants,
        (select json_agg(json_build_array(participant_id, type, status, currency, day, total))
          from movements) as sums,
        (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
            r.rate::text))
          from days d
          cross join lateral (select max(date) as date from currency_rates where date <= d.day) latest
          join currency_rates r on r.date = latest.date) as rates
      from trips
      left join users mgr on mgr.id = trips.manager_id
      left join prepared_tours pt on pt.id = trips.prepared_tour_id
      where trips.id = ${id}::bigint`,
  ).then((rows) => rows[0]);
}

/** A user's participation as the statement below writes it in JSON, with its trip's names. */
export interface UserParticipationJson {
  id: number;
  trip_id: number;
  price: number;
  discount: number;
  status: ParticipantRow['status'];
  title: string;
  starts_on: string;
  ends_on: string;
  trip_status: TripRow['status'];
  currency: string;
}

export interface ParticipationsOfUser {
  /** Latest trip first. */
  participations: UserParticipationJson[] | null;
  /** Their incomes and refunds, summed per participant, kind, status, currency and day. */
  sums: MovementSumJson[] | null;
  /** The rates in force on each day a sum in another currency than its trip's needs. */
  rates: DayRateJson[] | null;
}

/**
 * The trips a user takes part in (cancelled participations too), with what each participation
 * moved, in one statement of fixed text reading indexes only (trip_participants_user_idx,
 * transactions_participant_idx): the money of a participation as the trip summary counts it.
 */
export async function participationsOfUser(
  db: Db,
  userId: number,
  timeZone: string,
  today: string,
): Promise<ParticipationsOfUser> {
  const [row] = await executePrepared(
    db,
    sql<ParticipationsOfUser>`
      with mine as (
        select p.id, p.trip_id, p.price, p.discount, p.status, tr.title, tr.starts_on,
          tr.ends_on, tr.status as trip_status, tr.currency
        from trip_participants p
        join trips tr on tr.id = p.trip_id
        where p.user_id = ${userId}::bigint
      ),
      movements as (
        select t.participant_id, t.type, t.status, t.currency,
          (t.confirmed_at at time zone ${timeZone})::date as day,
          sum(t.amount)::bigint as total
        from transactions t
        where t.participant_id in (select id from mine)
          and t.type in ('income', 'outcome')
          and t.status in ('pending', 'confirmed')
        group by 1, 2, 3, 4, 5
      ),
      days as (
        select distinct coalesce(m.day, ${today}::date) as day
        from movements m
        join mine on mine.id = m.participant_id
        where mine.currency <> m.currency
      )
      select
        (select json_agg(json_build_object('id', id, 'trip_id', trip_id, 'price', price,
            'discount', discount, 'status', status, 'title', title, 'starts_on', starts_on,
            'ends_on', ends_on, 'trip_status', trip_status, 'currency', currency)
            order by starts_on desc, trip_id desc)
          from mine) as participations,
        (select json_agg(json_build_array(participant_id, type, status, currency, day, total))
          from movements) as sums,
        (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
            r.rate::text))
          from days d
          cross join lateral (select max(date) as date from currency_rates where date <= d.day) latest
          join currency_rates r on r.date = latest.date) as rates`,
  );
  return row ?? { participations: null, sums: null, rates: null };
}

/**
 * Participants whose stored conversion may no longer hold, locked (FOR UPDATE, so no writer of
 * their payments runs meanwhile; SKIP LOCKED, so two refreshers share the work), with their
 * trip's currency.
 */
export function lockStaleParticipants(trx: Db, limit: number) {
  return trx
    .selectFrom('trip_participants as p')
    .innerJoin('trips as tr', 'tr.id', 'p.trip_id')
    .select(['p.id', 'tr.currency'])
    .where('p.foreign_stale', '=', true)
    .orderBy('p.id')
    .limit(limit)
    .forUpdate('p')
    .skipLocked()
    .execute();
}

/** [participant id, type, currency, business day of confirmation, minor units]. */
export type ForeignSumJson = [number, 'income' | 'outcome', string, string, number];

/**
 * The participants' confirmed payments and refunds in other currencies than their trips', summed
 * per kind, currency and day, and the rates in force on those days.
 */
export async function foreignSumsOf(
  trx: Db,
  ids: number[],
  timeZone: string,
): Promise<{ sums: ForeignSumJson[] | null; rates: DayRateJson[] | null }> {
  const [row] = await executePrepared(
    trx,
    sql<{ sums: ForeignSumJson[] | null; rates: DayRateJson[] | null }>`
      with sums as (
        select t.participant_id, t.type, t.currency,
          (t.confirmed_at at time zone ${timeZone})::date as day, sum(t.amount)::bigint as total
        from transactions t
        join trips tr on tr.id = t.trip_id
        where t.participant_id = any(${ids}::bigint[])
          and t.type in ('income', 'outcome')
          and t.status = 'confirmed'
          and t.currency <> tr.currency
        group by 1, 2, 3, 4
      )
      select
        (select json_agg(json_build_array(participant_id, type, currency, day, total))
          from sums) as sums,
        (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
            r.rate::text))
          from (select distinct day from sums) d
          cross join lateral (select max(date) as date from currency_rates where date <= d.day) latest
          join currency_rates r on r.date = latest.date) as rates`,
  );
  return row!;
}

/** Stores the participants' converted payments and clears their stale flag. */
export async function writeForeignPaid(
  trx: Db,
  rows: { id: number; paid: number; rateMissing: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update trip_participants p
       set paid_foreign = v.paid, foreign_rate_missing = v.rate_missing, foreign_stale = false
      from unnest(${rows.map((row) => row.id)}::bigint[], ${rows.map((row) => row.paid)}::bigint[],
                  ${rows.map((row) => row.rateMissing)}::boolean[]) as v(id, paid, rate_missing)
     where p.id = v.id`.execute(trx);
}
