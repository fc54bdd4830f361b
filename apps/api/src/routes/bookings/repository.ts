import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { containing } from '../../lib/search';

// Every function takes `db` or a transaction first: the route handler decides which.

/** What a booking `b` costs in SQL: its cost, or when cancelled its penalty (DESIGN.md 3b). */
export const DUE = sql<number>`(case when b.status = 'cancelled' then coalesce(b.penalty, 0) else b.cost end)`;

/** A booking `b`'s trip title and supplier name, read per row (after a sort and a limit). */
export const TRIP_TITLE = sql<string>`(select t.title from trips t where t.id = b.trip_id)`;
export const SUPPLIER_NAME = sql<string>`(select s.name from suppliers s where s.id = b.supplier_id)`;

export interface BookingFilter {
  kind?: string;
  from: string;
  to: string;
  trip_id?: number;
  supplier_id?: number;
  status?: string;
  payment_state?: string;
  search?: string;
}

/** The bookings in a payment state, as `paymentStateOf` of @tour/core derives it. */
function paymentStateCondition(state: string): Expression<SqlBool> {
  switch (state) {
    case 'nothing_due':
      return sql<SqlBool>`${DUE} <= 0 and b.paid <= 0`;
    case 'overpaid':
      return sql<SqlBool>`b.paid > ${DUE} and b.paid > 0`;
    case 'paid':
      return sql<SqlBool>`b.paid = ${DUE} and ${DUE} > 0`;
    case 'unpaid':
      return sql<SqlBool>`b.paid < ${DUE} and b.paid <= 0 and ${DUE} > 0`;
    default:
      return sql<SqlBool>`b.paid < ${DUE} and b.paid > 0`;
  }
}

/** The bookings whose service dates touch [from, to], with the list's filters. */
function filtered(db: Db, filter: BookingFilter) {
  let query = db
    .selectFrom('bookings as b')
    .where(
      sql<SqlBool>`daterange(b.starts_on, b.ends_on, '[]') && daterange(${filter.from}::date, ${filter.to}::date, '[]')`,
    );
  if (filter.kind) query = query.where('b.kind', '=', filter.kind);
  if (filter.trip_id !== undefined) query = query.where('b.trip_id', '=', filter.trip_id);
  if (filter.supplier_id !== undefined) {
    query = query.where('b.supplier_id', '=', filter.supplier_id);
  }
  if (filter.status) query = query.where('b.status', '=', filter.status);
  if (filter.payment_state) query = query.where(paymentStateCondition(filter.payment_state));
  const term = filter.search?.trim();
  if (term) {
    query = query.where(
      sql<SqlBool>`lower(b.title || ' ' || coalesce(b.confirmation_number, '') || ' ' ||
        (select t.title from trips t where t.id = b.trip_id) || ' ' ||
        (select s.name from suppliers s where s.id = b.supplier_id)) like ${containing(term)}`,
    );
  }
  return query;
}

/** A booking with what its JSON shows: trip, supplier and covered participants. */
export interface BookingRow {
  id: number;
  kind: string;
  trip_id: number;
  supplier_id: number;
  starts_on: string;
  ends_on: string;
  cost: number;
  currency: string;
  status: string;
  penalty: number | null;
  confirmation_number: string | null;
  payment_due_on: string | null;
  notes: string | null;
  details: Record<string, unknown>;
  title: string;
  paid: number;
  created_at: Date;
  updated_at: Date;
  trip_title: string;
  trip_starts_on: string;
  trip_ends_on: string;
  supplier_name: string;
  /** The covered participants' details: one booking's, not a list's. */
  participants?: BookingParticipantRow[] | null;
  /** How many of them travel (not cancelled). */
  covered: number;
}

export interface BookingParticipantRow {
  participant_id: number;
  user_id: number;
  full_name: string;
  birth_date: string | null;
  passport_number: string | null;
  passport_expires_at: string | null;
  citizenship: string | null;
  status: string;
  room: number | null;
  ticket_number: string | null;
  ticket_cost: number | null;
  policy_number: string | null;
}

const PARTICIPANTS = sql<BookingParticipantRow[] | null>`(
  select json_agg(json_build_object('participant_id', bp.participant_id, 'user_id', tp.user_id,
      'full_name', u.full_name, 'birth_date', u.birth_date, 'passport_number', u.passport_number,
      'passport_expires_at', u.passport_expires_at, 'citizenship', u.citizenship,
      'status', tp.status, 'room', bp.room, 'ticket_number', bp.ticket_number,
      'ticket_cost', bp.ticket_cost, 'policy_number', bp.policy_number)
      order by bp.room nulls last, u.full_name, bp.participant_id)
  from booking_participants bp
  join trip_participants tp on tp.id = bp.participant_id
  join users u on u.id = tp.user_id
  where bp.booking_id = b.id)`;

/**
 * A list's rows: the booking with its trip's title and dates and its supplier's name. Read by
 * scalar subqueries, which PostgreSQL evaluates after the sort and the limit: only for the page.
 */
function withNames<T extends ReturnType<typeof filtered>>(query: T) {
  return query.select([
    'b.id',
    'b.kind',
    'b.trip_id',
    'b.supplier_id',
    'b.starts_on',
    'b.ends_on',
    'b.cost',
    'b.currency',
    'b.status',
    'b.penalty',
    'b.confirmation_number',
    'b.payment_due_on',
    'b.notes',
    'b.details',
    'b.title',
    'b.paid',
    'b.covered',
    'b.created_at',
    'b.updated_at',
    TRIP_TITLE.as('trip_title'),
    sql<string>`(select t.starts_on from trips t where t.id = b.trip_id)`.as('trip_starts_on'),
    sql<string>`(select t.ends_on from trips t where t.id = b.trip_id)`.as('trip_ends_on'),
    SUPPLIER_NAME.as('supplier_name'),
  ]);
}

/** One booking with everything its JSON shows, the covered participants' details included. */
function withEverything<T extends ReturnType<typeof filtered>>(query: T) {
  return withNames(query).select(PARTICIPANTS.as('participants'));
}

/** A page of the month's bookings of the filter, by start and id (participants counted). */
export function bookingPage(db: Db, filter: BookingFilter, limit: number, offset: number) {
  return withNames(filtered(db, filter))
    .orderBy('b.starts_on')
    .orderBy('b.id')
    .limit(limit)
    .offset(offset)
    .execute() as Promise<BookingRow[]>;
}

/** Every booking of the filter (the export), by start and id. */
export function allBookings(db: Db, filter: BookingFilter) {
  return withEverything(filtered(db, filter))
    .orderBy('b.starts_on')
    .orderBy('b.id')
    .execute() as Promise<BookingRow[]>;
}

export async function countBookings(db: Db, filter: BookingFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CurrencyTotalRow {
  currency: string;
  count: number;
  due: number;
  paid: number;
}

/** The filter's count, cost and paid per currency (minor units). */
export function totalsByCurrency(db: Db, filter: BookingFilter): Promise<CurrencyTotalRow[]> {
  return filtered(db, filter)
    .select([
      'b.currency',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`sum(${DUE})::bigint`.as('due'),
      sql<number>`sum(b.paid)::bigint`.as('paid'),
    ])
    .groupBy('b.currency')
    .orderBy('b.currency')
    .execute();
}

export function findBooking(db: Db, id: number) {
  return withEverything(filtered(db, { from: '-infinity', to: 'infinity' }))
    .where('b.id', '=', id)
    .executeTakeFirst() as Promise<BookingRow | undefined>;
}

/** Every booking of a trip, by kind order of the caller, start and id. */
export function tripBookings(db: Db, tripId: number) {
  return withEverything(filtered(db, { from: '-infinity', to: 'infinity', trip_id: tripId }))
    .orderBy('b.starts_on')
    .orderBy('b.id')
    .execute() as Promise<BookingRow[]>;
}

export function lockBooking(trx: Db, id: number) {
  return trx
    .selectFrom('bookings')
    .select(['id', 'kind', 'trip_id', 'currency'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The trip a booking belongs to, locked (FOR SHARE: its participants stay as read). */
export function tripOf(trx: Db, id: number) {
  return trx
    .selectFrom('trips')
    .select(['id', 'title', 'starts_on', 'ends_on', 'status'])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
}

/** The trip's participants with their status and name (a room plan's messages name them). */
export function participantsOf(trx: Db, tripId: number) {
  return trx
    .selectFrom('trip_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.status', 'u.full_name'])
    .where('p.trip_id', '=', tripId)
    .execute();
}

export function supplierOf(trx: Db, id: number) {
  return trx
    .selectFrom('suppliers')
    .select(['id', 'name', 'kinds'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An air ticket booking of the trip (a transfer's linked flight). */
export function flightOf(trx: Db, id: number, tripId: number) {
  return trx
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', id)
    .where('trip_id', '=', tripId)
    .where('kind', '=', 'air_ticket')
    .executeTakeFirst();
}

export interface BookingValues {
  kind: string;
  trip_id: number;
  supplier_id: number;
  starts_on: string;
  ends_on: string;
  cost: number;
  currency: string;
  status: string;
  penalty: number | null;
  confirmation_number: string | null;
  payment_due_on: string | null;
  notes: string | null;
  details: Record<string, unknown>;
  title: string;
}

export interface CoverValues {
  participant_id: number;
  room: number | null;
  ticket_number: string | null;
  ticket_cost: number | null;
  policy_number: string | null;
}

export async function insertBooking(
  trx: Db,
  values: BookingValues,
  createdBy: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('bookings')
    .values({ ...values, details: JSON.stringify(values.details), created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateBooking(trx: Db, id: number, values: BookingValues): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({ ...values, details: JSON.stringify(values.details), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Replaces the booking's participants with `covers`. */
export async function replaceCovers(trx: Db, bookingId: number, covers: CoverValues[]) {
  await trx.deleteFrom('booking_participants').where('booking_id', '=', bookingId).execute();
  if (covers.length === 0) return;
  await trx
    .insertInto('booking_participants')
    .values(covers.map((cover) => ({ ...cover, booking_id: bookingId })))
    .execute();
}

/** A booking's supplier payments (outcomes and their reversals) with their wallets' names. */
function paymentsQuery(db: Db, bookingId: number) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('wallets as w', 'w.id', 't.wallet_id')
    .select([
      't.id',
      't.wallet_id',
      'w.name as wallet_name',
      't.type',
      't.amount',
      't.currency',
      't.status',
      't.comment',
      't.created_at',
      't.confirmed_at',
    ])
    .where('t.booking_id', '=', bookingId);
}

/** The supplier payments of a booking, newest first. */
export function paymentsOf(db: Db, bookingId: number) {
  return paymentsQuery(db, bookingId).orderBy('t.id', 'desc').execute();
}

/** One supplier payment of a booking, as its list shows it. */
export function paymentOf(db: Db, bookingId: number, id: number) {
  return paymentsQuery(db, bookingId).where('t.id', '=', id).executeTakeFirst();
}

/**
 * What a booking costs and what is already paid or on its way to the supplier (confirmed and
 * pending outcomes less confirmed and pending reversals), in minor units of its currency.
 */
export async function paymentRoom(trx: Db, bookingId: number) {
  const row = await trx
    .selectFrom('bookings as b')
    .select([
      sql<string>`${DUE}`.as('due'),
      sql<string>`coalesce((select sum(case when t.type = 'outcome' then t.amount else -t.amount end)
        from transactions t where t.booking_id = b.id and t.status <> 'rejected'), 0)`.as(
        'committed',
      ),
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return { due: Number(row.due), committed: Number(row.committed) };
}

/** True when a supplier payment (not rejected) is linked to the booking. */
export async function hasPayments(trx: Db, bookingId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('transactions')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('status', '<>', 'rejected')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
