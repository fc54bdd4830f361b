import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Currency, TripStatus } from '@tour/core';
import type { Db } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { containing } from '../../lib/search';
import type { DayRateJson } from '../../domain/money';

/** The general report's trips: those starting within the period, with the filters; or one trip. */
export interface ReportTripFilters {
  from?: string;
  /** The last day of starts; absent or null: no end. */
  to?: string | null;
  tripId?: number;
  tripIds?: readonly number[];
  status?: TripStatus;
  managerId?: number;
  country?: string;
}

export interface ReportTripRow {
  id: number;
  title: string;
  country: string | null;
  starts_on: string;
  ends_on: string;
  status: TripStatus;
  currency: string;
  manager_id: number | null;
  manager_name: string | null;
  tourists: number;
}

/** A trip of the general report with the due of its active participants (its currency's minor units). */
export type ReportTripDueRow = ReportTripRow & { due: number };

/**
 * [trip id, participant id, type, currency, business day of confirmation, minor units, whether
 * the participant is cancelled].
 */
export type ParticipantSumJson = [
  number,
  number,
  'income' | 'outcome',
  string,
  string,
  number,
  boolean,
];

/** [trip id, booking id, status, cost, penalty, currency, service start day]. */
export type BookingCostJson = [number, number, string, number, number | null, string, string];

/** [booking id, type, currency, business day of confirmation, minor units]. */
export type SupplierSumJson = [number, 'income' | 'outcome', string, string, number];

export interface GeneralReportRows {
  trips: ReportTripDueRow[] | null;
  sums: ParticipantSumJson[] | null;
  bookings: BookingCostJson[] | null;
  supplier: SupplierSumJson[] | null;
  rates: DayRateJson[] | null;
}

function tripFilter(filters: ReportTripFilters): RawBuilder<SqlBool> {
  const parts = [sql`true`];
  if (filters.tripId) parts.push(sql`tr.id = ${filters.tripId}::bigint`);
  if (filters.tripIds) parts.push(sql`tr.id = any(${[...filters.tripIds]}::bigint[])`);
  if (filters.from) parts.push(sql`tr.starts_on >= ${filters.from}::date`);
  if (filters.to) parts.push(sql`tr.starts_on <= ${filters.to}::date`);
  if (filters.status) parts.push(sql`tr.status = ${filters.status}`);
  if (filters.managerId) parts.push(sql`tr.manager_id = ${filters.managerId}::bigint`);
  if (filters.country) parts.push(sql`lower(tr.country) like ${containing(filters.country)}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * Everything the general report converts, in one statement: the period's trips with the due of
 * their active participants; their participants' confirmed payments and refunds summed per
 * participant, currency and business day (the cancelled ones marked); their bookings' costs; the
 * confirmed supplier payments of those bookings per day; and the rates in force on every day a
 * sum needs: one in another currency than the report's, a cancelled participant's payment in
 * another currency than its trip's, a trip's start in another currency than the report's.
 */
export async function generalReportRows(
  db: Db,
  filters: ReportTripFilters,
  currency: Currency,
  timeZone: string,
): Promise<GeneralReportRows> {
  const { rows } = await sql<GeneralReportRows>`
    with t as (
      select tr.id, tr.title, tr.country, tr.starts_on, tr.ends_on, tr.status, tr.currency,
        tr.manager_id, m.full_name as manager_name, pp.tourists, pp.due
      from trips tr
      left join users m on m.id = tr.manager_id
      cross join lateral (
        select count(*)::int as tourists, coalesce(sum(p.price - p.discount), 0)::bigint as due
        from trip_participants p
        where p.trip_id = tr.id and p.status <> 'cancelled') pp
      where ${tripFilter(filters)}
    ),
    pay as (
      select x.trip_id, x.participant_id, x.type, x.currency,
        (x.confirmed_at at time zone ${timeZone})::date as day, sum(x.amount)::bigint as total,
        p.status = 'cancelled' as cancelled
      from t
      join transactions x on x.trip_id = t.id
      join trip_participants p on p.id = x.participant_id
      where x.type in ('income', 'outcome')
        and x.status = 'confirmed'
      group by 1, 2, 3, 4, 5, 7
    ),
    b as (
      select bk.trip_id, bk.id, bk.status, bk.cost, bk.penalty, bk.currency, bk.starts_on
      from t
      join bookings bk on bk.trip_id = t.id
    ),
    sp as (
      select x.booking_id, x.type, x.currency,
        (x.confirmed_at at time zone ${timeZone})::date as day, sum(x.amount)::bigint as total
      from b
      join transactions x on x.booking_id = b.id
      where x.type in ('income', 'outcome') and x.status = 'confirmed'
      group by 1, 2, 3, 4
    ),
    days as (
      select day from pay where currency <> ${currency}
      union
      select pay.day from pay join t on t.id = pay.trip_id
      where pay.cancelled and pay.currency <> t.currency
      union
      select starts_on from t where currency <> ${currency}
      union
      select starts_on from b where currency <> ${currency}
      union
      select sp.day from sp where sp.currency <> ${currency}
      union
      select b.starts_on from sp join b on b.id = sp.booking_id where sp.currency <> ${currency}
    )
    select
      (select json_agg(t order by t.starts_on, t.id) from t) as trips,
      (select json_agg(json_build_array(trip_id, participant_id, type, currency, day, total,
          cancelled))
        from pay) as sums,
      (select json_agg(json_build_array(trip_id, id, status, cost, penalty, currency, starts_on))
        from b) as bookings,
      (select json_agg(json_build_array(booking_id, type, currency, day, total)) from sp)
        as supplier,
      (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
          r.rate::text))
        from days d
        cross join lateral (select max(date) as date from currency_rates where date <= d.day)
          latest
        join currency_rates r on r.date = latest.date) as rates`.execute(db);
  return rows[0]!;
}

export interface TripUsersRow {
  trip: {
    id: number;
    title: string;
    starts_on: string;
    ends_on: string;
    status: TripStatus;
    currency: string;
  };
  participants:
    | {
        id: number;
        user_id: number;
        full_name: string;
        status: string;
        price: number;
        discount: number;
      }[]
    | null;
  /** [id, participant id, type, status, currency, day, minor units]. */
  payments:
    | [number, number, 'income' | 'outcome', 'confirmed' | 'pending', string, string, number][]
    | null;
  rates: DayRateJson[] | null;
}

/**
 * One trip's participants and each of their payments and refunds (confirmed: on the business day
 * of confirmation; pending: on the day they were recorded), with the rates in force on those days
 * and on `today` (pending ones are expected at today's rates).
 */
export async function tripUsersRows(
  db: Db,
  tripId: number,
  timeZone: string,
  today: string,
): Promise<TripUsersRow | undefined> {
  const { rows } = await sql<TripUsersRow>`
    with tr as (
      select id, title, starts_on, ends_on, status, currency from trips where id = ${tripId}::bigint
    ),
    x as (
      select x.id, x.participant_id, x.type, x.status, x.currency,
        case when x.status = 'confirmed' then (x.confirmed_at at time zone ${timeZone})::date
             else (x.created_at at time zone ${timeZone})::date end as day,
        x.amount
      from transactions x
      where x.trip_id = ${tripId}::bigint
        and x.participant_id is not null
        and x.type in ('income', 'outcome')
        and x.status in ('confirmed', 'pending')
    ),
    days as (select day from x union select ${today}::date)
    select
      (select row_to_json(tr) from tr) as trip,
      (select json_agg(json_build_object('id', p.id, 'user_id', p.user_id,
          'full_name', u.full_name, 'status', p.status, 'price', p.price,
          'discount', p.discount) order by u.full_name, p.id)
        from trip_participants p
        join users u on u.id = p.user_id
        where p.trip_id = ${tripId}::bigint) as participants,
      (select json_agg(json_build_array(id, participant_id, type, status, currency, day, amount)
          order by day, id)
        from x) as payments,
      (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
          r.rate::text))
        from days d
        cross join lateral (select max(date) as date from currency_rates where date <= d.day)
          latest
        join currency_rates r on r.date = latest.date) as rates
    where exists (select 1 from tr)`.execute(db);
  return rows[0];
}

export interface TourSummaryRows {
  trip: {
    id: number;
    title: string;
    country: string | null;
    starts_on: string;
    ends_on: string;
    status: TripStatus;
    currency: string;
  } | null;
  participants: { id: number; full_name: string; status: string }[] | null;
  bookings:
    | {
        id: number;
        kind: string;
        title: string;
        supplier_name: string;
        starts_on: string;
        ends_on: string;
        status: string;
        currency: string;
        cost: number;
        penalty: number | null;
        paid: number;
        /** The covered participants, cancelled or not. */
        covered: number[] | null;
      }[]
    | null;
}

/** A trip, its participants (by name) and its bookings with the participants each covers. */
export async function tourSummaryRows(db: Db, tripId: number): Promise<TourSummaryRows> {
  const { rows } = await sql<TourSummaryRows>`
    select
      (select row_to_json(tr) from (select id, title, country, starts_on, ends_on, status, currency
        from trips where id = ${tripId}::bigint) tr) as trip,
      (select json_agg(json_build_object('id', p.id, 'full_name', u.full_name,
          'status', p.status) order by u.full_name, p.id)
        from trip_participants p join users u on u.id = p.user_id
        where p.trip_id = ${tripId}::bigint) as participants,
      (select json_agg(json_build_object('id', b.id, 'kind', b.kind, 'title', b.title,
          'supplier_name', s.name, 'starts_on', b.starts_on, 'ends_on', b.ends_on,
          'status', b.status, 'currency', b.currency, 'cost', b.cost, 'penalty', b.penalty,
          'paid', b.paid,
          'covered', (select json_agg(bp.participant_id order by bp.participant_id)
            from booking_participants bp where bp.booking_id = b.id))
          order by b.kind, b.starts_on, b.id)
        from bookings b join suppliers s on s.id = b.supplier_id
        where b.trip_id = ${tripId}::bigint) as bookings`.execute(db);
  return rows[0]!;
}

/** [category, type, currency, business day of confirmation, minor units]. */
export type AdministrativeSumJson = [string, 'income' | 'outcome', string, string, number];

/**
 * The confirmed administrative operations (with a category) of the period, by the business day
 * they were confirmed on, summed per category, type, currency and day from their tally (the
 * folded days and the deltas not folded yet: migration administrative-tally); and the rates in
 * force on the days a sum in another currency than the report's needs.
 */
export async function administrativeRows(
  db: Db,
  period: { from: string; to: string },
  currency: Currency,
): Promise<{ sums: AdministrativeSumJson[] | null; rates: DayRateJson[] | null }> {
  const { rows } = await sql<{
    sums: AdministrativeSumJson[] | null;
    rates: DayRateJson[] | null;
  }>`
    with s as (
      select category, type, currency, day, sum(total)::bigint as total
      from (
        select category, type, currency, day, total from administrative_days
        where day between ${period.from}::date and ${period.to}::date
        union all
        select category, type, currency, day, amount from administrative_deltas
        where day between ${period.from}::date and ${period.to}::date
      ) tally
      group by 1, 2, 3, 4
      having sum(total) <> 0
    ),
    days as (select distinct day from s where currency <> ${currency})
    select
      (select json_agg(json_build_array(category, type, currency, day, total)) from s) as sums,
      (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
          r.rate::text))
        from days d
        cross join lateral (select max(date) as date from currency_rates where date <= d.day)
          latest
        join currency_rates r on r.date = latest.date) as rates`.execute(db);
  return rows[0]!;
}

export type StoredTripRow = ReportTripRow & {
  /** The stored figures in the asked currency; null: none, or the trip is queued (stale). */
  revenue: number | null;
  costs: number | null;
  paid: number | null;
  supplier_paid: number | null;
  exchange_difference: number | null;
  missing: [string, string][] | null;
};

export interface StoredSummary {
  /** [YYYY-MM, trips, tourists (seats taken)] of each month with trips. */
  counts: [string, number, number][] | null;
  /**
   * [YYYY-MM, revenue, costs, paid, supplier paid, exchange difference] of each month: the stored
   * figures that hold, summed (the queued trips' figures left out).
   */
  sums: [string, number, number, number, number, number][] | null;
  /** The period's trips whose stored figures do not hold (queued, or none stored). */
  stale: number[] | null;
  /** [day, currency]: the days without a rate of the trips whose stored figures hold. */
  missing: [string, string][] | null;
  page: StoredTripRow[] | null;
}

/** The end of a period without one: the last day a date of the API can name. */
export const OPEN_END = '9999-12-31';

/**
 * The months of the period a report may read from the tally (migration general-report-months):
 * the whole months within it, when no other filter is set; otherwise none (an empty range at the
 * period's end), and every trip is read one by one.
 */
export function tallyRange(filters: ReportTripFilters & { from: string; to: string }) {
  const none = { first: filters.to, last: dayBefore(filters.to) };
  if (filters.status || filters.managerId || filters.country) return none;
  const first = filters.from.endsWith('-01') ? filters.from : monthAfter(filters.from);
  const last = endsMonth(filters.to) ? filters.to : dayBefore(`${filters.to.slice(0, 7)}-01`);
  return first !== null && first <= last ? { first, last } : none;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
/** Whether a day is the last of its month. */
function endsMonth(day: string): boolean {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.getUTCDate() === 1;
}
function dayBefore(day: string): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() - 1);
  return isoDay(date);
}
/** The first day of the next month; null after December 9999 (past any date of the API). */
function monthAfter(day: string): string | null {
  const date = utc(`${day.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getUTCFullYear() > 9999 ? null : isoDay(date);
}

/**
 * The general report from the stored figures in one statement: the period's trips counted per
 * month of start; their figures summed per month, from the tally for the whole months it may read
 * (less the figures of queued trips counted there) and trip by trip for the rest; the trips to
 * compute afresh; the days without a rate; and one page of trips in start order with their
 * figures (null where they do not hold). A period without an end runs to OPEN_END.
 */
export async function storedReportSummary(
  db: Db,
  filters: ReportTripFilters & { from: string },
  currency: Currency,
  page: { offset: number; limit: number },
): Promise<StoredSummary> {
  const to = filters.to ?? OPEN_END;
  const range = tallyRange({ ...filters, to });
  const inRange = (column: RawBuilder<unknown>) =>
    sql<SqlBool>`${column} between ${range.first}::date and ${range.last}::date`;
  const startsOn = sql`tr.starts_on`;
  const others = tripFilter({ ...filters, from: undefined, to: undefined });
  // A named statement: its text varies only with which filters are set (a few texts), and
  // planning this statement costs about as much as running it.
  const [row] = await executePrepared(
    db,
    sql<StoredSummary>`
    with q as (select distinct trip_id from trip_report_queue),
    counts as (
      select date_trunc('month', tr.starts_on)::date as month, count(*)::int as trips,
        sum(tr.seats_taken)::int as tourists
      from trips tr
      where ${tripFilter(filters)}
      group by 1
    ),
    -- The figures of queued trips the tally counts: they do not hold.
    unheld as (
      select f.month, f.revenue, f.costs, f.paid, f.supplier_paid, f.exchange_difference,
        f.missing
      from q
      join trip_report_figures f on f.trip_id = q.trip_id and f.currency = ${currency}
      where ${inRange(sql`f.month`)}
    ),
    -- The trips outside the tally's months, one by one.
    edge as (
      select tr.id, tr.starts_on, f.revenue, f.costs, f.paid, f.supplier_paid,
        f.exchange_difference, f.missing, f.trip_id is not null and q.trip_id is null as holds
      from trips tr
      left join trip_report_figures f on f.trip_id = tr.id and f.currency = ${currency}
      left join q on q.trip_id = tr.id
      where ${others}
        and (tr.starts_on >= ${filters.from}::date and tr.starts_on < ${range.first}::date
          or tr.starts_on > ${range.last}::date and tr.starts_on <= ${to}::date)
    ),
    stale as (
      select id from edge where not holds
      union
      select tr.id from q join trips tr on tr.id = q.trip_id
      where ${others} and ${inRange(startsOn)}
    ),
    sums as (
      select month, sum(revenue)::bigint as revenue, sum(costs)::bigint as costs,
        sum(paid)::bigint as paid, sum(supplier_paid)::bigint as supplier_paid,
        sum(exchange_difference)::bigint as exchange_difference
      from (
        select month, revenue, costs, paid, supplier_paid, exchange_difference
        from trip_report_months
        where currency = ${currency} and ${inRange(sql`month`)}
        union all
        select month, -revenue, -costs, -paid, -supplier_paid, -exchange_difference from unheld
        union all
        select date_trunc('month', starts_on)::date, revenue, costs, paid, supplier_paid,
          exchange_difference
        from edge where holds
      ) s
      group by 1
    ),
    missing as (
      select day, from_currency
      from (
        select day, from_currency, trips from trip_report_month_missing
        where currency = ${currency} and ${inRange(sql`month`)}
        union all
        select (m ->> 0)::date, m ->> 1, -1 from unheld, jsonb_array_elements(unheld.missing) m
        union all
        select (m ->> 0)::date, m ->> 1, 1
        from edge, jsonb_array_elements(edge.missing) m
        where edge.holds
      ) x
      group by 1, 2
      having sum(trips) > 0
    ),
    p as (
      select tr.id, tr.title, tr.country, tr.starts_on, tr.ends_on, tr.status, tr.currency,
        tr.manager_id, m.full_name as manager_name, tr.seats_taken as tourists,
        case when held then f.revenue end as revenue,
        case when held then f.costs end as costs,
        case when held then f.paid end as paid,
        case when held then f.supplier_paid end as supplier_paid,
        case when held then f.exchange_difference end as exchange_difference,
        case when held then f.missing end as missing
      from (select tr.id from trips tr where ${tripFilter(filters)}
        order by tr.starts_on, tr.id offset ${page.offset} limit ${page.limit}) pg
      join trips tr on tr.id = pg.id
      left join users m on m.id = tr.manager_id
      left join trip_report_figures f on f.trip_id = tr.id and f.currency = ${currency}
      cross join lateral (select f.trip_id is not null
        and not exists (select 1 from q where q.trip_id = tr.id) as held) h
    )
    select
      (select json_agg(json_build_array(to_char(month, 'YYYY-MM'), trips, tourists)
        order by month) from counts) as counts,
      (select json_agg(json_build_array(to_char(month, 'YYYY-MM'), revenue, costs, paid,
        supplier_paid, exchange_difference) order by month) from sums) as sums,
      (select json_agg(id) from (
        select id from stale union select id from p where revenue is null) s) as stale,
      (select json_agg(json_build_array(day, from_currency) order by day, from_currency)
        from missing) as missing,
      (select json_agg(p order by p.starts_on, p.id) from p) as page`,
  );
  return row!;
}
