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

// Every function takes `db` or a transaction first: the route handler decides which.

export interface TripFilters {
  from?: string;
  to?: string;
  status?: string;
  managerId?: number;
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

/** One page in start-date order (then id, so equal dates keep one order). */
export function pageOfTrips(
  db: Db,
  filters: TripFilters,
  limit: number,
  offset: number,
): Promise<TripWithNames[]> {
  // The page's ids first, from the start-date index alone; the names are joined to those 20 rows.
  const page = matchingTrips(db, filters)
    .select('trips.id')
    .orderBy('trips.starts_on')
    .orderBy('trips.id')
    .limit(limit)
    .offset(offset);
  return withNames(db.selectFrom('trips').where('trips.id', 'in', page))
    .orderBy('trips.starts_on')
    .orderBy('trips.id')
    .execute();
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

export interface TripDebtRow {
  trip_id: number;
  /** The debts of the participants paid only in the trip's currency, in its minor units. */
  debt_minor: number;
  /**
   * Participants with a confirmed payment or refund in another currency, converted apart, and
   * what each owes (price less discount; 0 once cancelled) in minor units.
   */
  mixed: { id: number; dueMinor: number }[];
}

/**
 * The trips' debts (DESIGN.md 3b) as far as integers of minor units can tell, in one statement of
 * fixed text (a prepared plan): per participant, due (nothing once cancelled) less its confirmed
 * incomes and refunds in the trip's currency, only what is still owed counted. A participant that
 * moved money in another currency is left to the caller, which converts at each day's rate.
 */
export function tripDebts(db: Db, tripIds: number[]): Promise<TripDebtRow[]> {
  if (tripIds.length === 0) return Promise.resolve([]);
  return executePrepared(
    db,
    sql<{ trip_id: number; debt_minor: number; mixed: string[]; mixed_due: string[] }>`
      select p.trip_id,
        coalesce(sum(greatest(p.due - coalesce(m.paid, 0), 0))
          filter (where m.mixed is not true), 0)::bigint as debt_minor,
        coalesce(array_agg(p.id) filter (where m.mixed), '{}') as mixed,
        coalesce(array_agg(p.due) filter (where m.mixed), '{}') as mixed_due
      from (
        select tp.id, tp.trip_id,
          case when tp.status = 'cancelled' then 0 else tp.price - tp.discount end as due
        from trip_participants tp
        where tp.trip_id = any(${tripIds}::bigint[])
      ) p
      left join (
        select t.participant_id,
          sum(case when t.type = 'income' then t.amount else -t.amount end)
            filter (where t.currency = tr.currency) as paid,
          bool_or(t.currency <> tr.currency) as mixed
        from transactions t
        join trips tr on tr.id = t.trip_id
        where t.trip_id = any(${tripIds}::bigint[])
          and t.participant_id is not null
          and t.type in ('income', 'outcome')
          and t.status = 'confirmed'
        group by t.participant_id
      ) m on m.participant_id = p.id
      group by p.trip_id`,
  ).then((rows) =>
    rows.map((row) => ({
      trip_id: Number(row.trip_id),
      debt_minor: Number(row.debt_minor),
      mixed: row.mixed.map((id, index) => ({
        id: Number(id),
        dueMinor: Number(row.mixed_due[index]),
      })),
    })),
  );
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

export interface MovementSum {
  trip_id: number;
  participant_id: number;
  type: 'income' | 'outcome';
  status: 'pending' | 'confirmed';
  currency: string;
  /** The business day it was confirmed on (pending: null). */
  day: string | null;
  /** Minor units of `currency`. */
  total: number;
}

/**
 * The participants' incomes (payments) and outcomes (refunds) of the trips, pending and confirmed,
 * summed per participant, kind, status, currency and day of confirmation.
 */
export function participantMovements(
  db: Db,
  tripIds: number[],
  timeZone: string,
  only: { participantIds?: number[]; confirmed?: boolean } = {},
): Promise<MovementSum[]> {
  if (tripIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('transactions as t')
    .select([
      't.trip_id' as 'trip_id',
      't.participant_id' as 'participant_id',
      't.type',
      't.status',
      't.currency',
      sql<string | null>`to_char((t.confirmed_at at time zone ${timeZone})::date, 'YYYY-MM-DD')`.as(
        'day',
      ),
      sql<string>`sum(t.amount)`.as('total'),
    ])
    .where('t.trip_id', 'in', tripIds)
    .where('t.participant_id', 'is not', null)
    .where('t.type', 'in', ['income', 'outcome'])
    .where('t.status', 'in', only.confirmed ? ['confirmed'] : ['pending', 'confirmed']);
  if (only.participantIds) query = query.where('t.participant_id', 'in', only.participantIds);
  return query
    .groupBy(['t.trip_id', 't.participant_id', 't.type', 't.status', 't.currency', sql`6`])
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, total: Number(row.total) }) as MovementSum));
}

export interface DayRate {
  day: string;
  from_currency: string;
  to_currency: string;
  rate: string;
}

/** For each day, the rates of the latest rate day on or before it (one query for all days). */
export async function ratesOfDays(db: Db, days: string[]): Promise<DayRate[]> {
  if (days.length === 0) return [];
  const result = await sql<DayRate>`
    select to_char(d.day, 'YYYY-MM-DD') as day, r.from_currency, r.to_currency, r.rate::text as rate
    from unnest(${days}::date[]) as d(day)
    cross join lateral (select max(date) as date from currency_rates where date <= d.day) m
    join currency_rates r on r.date = m.date`.execute(db);
  return result.rows;
}

/** The latest rate day on or before `date` and its rates (none: no rate was ever entered). */
export async function latestRatesOn(db: Db, date: string) {
  const day = await db
    .selectFrom('currency_rates')
    .select(sql<string | null>`to_char(max(date), 'YYYY-MM-DD')`.as('day'))
    .where('date', '<=', date)
    .executeTakeFirst();
  if (!day?.day) return null;
  const rows = await db
    .selectFrom('currency_rates')
    .select(['from_currency', 'to_currency', sql<string>`rate::text`.as('rate')])
    .where('date', '=', day.day)
    .execute();
  return { day: day.day, rows };
}
