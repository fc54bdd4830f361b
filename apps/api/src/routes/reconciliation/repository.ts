import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DayRateJson } from '../../domain/money';

// What the acts and the agent's report read: a supplier's bookings and the confirmed supplier
// payments linked to them; an agent's tourists' participations and their confirmed payments.
// Days are business days (confirmed_at in the business time zone).

export interface SupplierDocumentRow {
  id: number;
  kind: string;
  title: string;
  trip_title: string;
  starts_on: string;
  status: string;
  /** What the supplier is owed: the cost, or a cancelled booking's penalty (minor units). */
  due: number;
}

/**
 * The supplier's bookings in `currency` whose service starts on or before `to` and that cost
 * something (a cancelled booking its penalty, one without a penalty nothing), by start day.
 */
export async function supplierDocuments(
  db: Db,
  supplierId: number,
  currency: string,
  to: string,
): Promise<SupplierDocumentRow[]> {
  const { rows } = await sql<SupplierDocumentRow>`
    select b.id, b.kind, b.title, t.title as trip_title, b.starts_on::text as starts_on, b.status,
      (case when b.status = 'cancelled' then coalesce(b.penalty, 0) else b.cost end)::bigint as due
    from bookings b
    join trips t on t.id = b.trip_id
    where b.supplier_id = ${supplierId}::bigint and b.currency = ${currency}
      and b.starts_on <= ${to}::date
      and (case when b.status = 'cancelled' then coalesce(b.penalty, 0) else b.cost end) > 0
    order by b.starts_on, b.id`.execute(db);
  return rows.map((row) => ({ ...row, due: Number(row.due) }));
}

export interface MovementRow {
  id: number;
  type: 'income' | 'outcome';
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  reverses_id: number | null;
  /** The business day it was confirmed on. */
  day: string;
}

export interface SupplierPaymentRow extends MovementRow {
  booking_id: number;
}

/**
 * The confirmed supplier payments (outcomes) and their reversals (incomes) linked to the
 * supplier's bookings in `currency`, confirmed on or before `to`, in the order they were confirmed.
 */
export async function supplierPayments(
  db: Db,
  supplierId: number,
  currency: string,
  to: string,
  timeZone: string,
): Promise<SupplierPaymentRow[]> {
  const { rows } = await sql<SupplierPaymentRow>`
    select x.id, x.type, x.amount, x.currency, x.reverses_id, x.booking_id,
      ((x.confirmed_at at time zone ${timeZone})::date)::text as day
    from transactions x
    join bookings b on b.id = x.booking_id
    where b.supplier_id = ${supplierId}::bigint and b.currency = ${currency}
      and x.currency = ${currency}
      and x.status = 'confirmed' and x.type in ('income', 'outcome')
      and (x.confirmed_at at time zone ${timeZone})::date <= ${to}::date
    order by x.confirmed_at, x.id`.execute(db);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

export interface ParticipationRow {
  participant_id: number;
  full_name: string;
  trip_id: number;
  trip_title: string;
  starts_on: string;
  ends_on: string;
  currency: string;
  price: number;
  discount: number;
  participant_status: string;
  tour_currency: string | null;
  agent_price: number | null;
  agent_commission: string | null;
}

/**
 * The agent's tourists' participations (neither they nor their trips cancelled) on trips that
 * start between `from` and `to` (either open), in `currency` when given; by start day, trip, name.
 */
export async function agentParticipations(
  db: Db,
  agentId: number,
  range: { from: string | null; to: string },
  currency: string | null,
): Promise<ParticipationRow[]> {
  const { rows } = await sql<ParticipationRow>`
    select tp.id as participant_id, u.full_name, t.id as trip_id, t.title as trip_title,
      t.starts_on::text as starts_on, t.ends_on::text as ends_on, t.currency, tp.price,
      tp.discount, tp.status as participant_status, pt.currency as tour_currency, pt.agent_price,
      pt.agent_commission::text as agent_commission
    from trip_participants tp
    join users u on u.id = tp.user_id
    join trips t on t.id = tp.trip_id
    left join prepared_tours pt on pt.id = t.prepared_tour_id
    where u.counterparty_id = ${agentId}::bigint
      and tp.status <> 'cancelled' and t.status <> 'cancelled'
      and t.starts_on <= ${range.to}::date
      and (${range.from}::date is null or t.starts_on >= ${range.from}::date)
      and (${currency}::text is null or t.currency = ${currency}::text)
    order by t.starts_on, t.id, u.full_name, tp.id`.execute(db);
  return rows.map((row) => ({
    ...row,
    price: Number(row.price),
    discount: Number(row.discount),
    agent_price: row.agent_price === null ? null : Number(row.agent_price),
  }));
}

export interface AgentPaymentRow extends MovementRow {
  participant_id: number;
  full_name: string;
  trip_title: string;
  /** The trip's currency, which the act or report counts in. */
  trip_currency: string;
}

/**
 * The confirmed payments (incomes) and refunds or reversals (outcomes) linked to the agent's
 * tourists' participations, of every participation when `participantIds` is null (else of
 * those), on trips in `currency` when given, confirmed on or before `to`; in confirmation order.
 */
export async function agentPayments(
  db: Db,
  agentId: number,
  options: { currency: string | null; to: string | null; participantIds: number[] | null },
  timeZone: string,
): Promise<AgentPaymentRow[]> {
  const { currency, to, participantIds } = options;
  const { rows } = await sql<AgentPaymentRow>`
    select x.id, x.type, x.amount, x.currency, x.reverses_id, tp.id as participant_id,
      u.full_name, t.title as trip_title, t.currency as trip_currency,
      ((x.confirmed_at at time zone ${timeZone})::date)::text as day
    from transactions x
    join trip_participants tp on tp.id = x.participant_id and tp.trip_id = x.trip_id
    join users u on u.id = tp.user_id
    join trips t on t.id = tp.trip_id
    where u.counterparty_id = ${agentId}::bigint
      and x.status = 'confirmed' and x.type in ('income', 'outcome')
      and (${currency}::text is null or t.currency = ${currency}::text)
      and (${to}::date is null or (x.confirmed_at at time zone ${timeZone})::date <= ${to}::date)
      and (${participantIds}::bigint[] is null or tp.id = any(${participantIds}::bigint[]))
    order by x.confirmed_at, x.id`.execute(db);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** The rates in force on each of `days` (the latest entry on or before it). */
export async function ratesOnDays(db: Db, days: string[]): Promise<DayRateJson[]> {
  if (days.length === 0) return [];
  const { rows } = await sql<{ rates: DayRateJson[] | null }>`
    select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
        r.rate::text)) as rates
    from unnest(${days}::date[]) as d(day)
    cross join lateral (select max(date) as date from currency_rates where date <= d.day) latest
    join currency_rates r on r.date = latest.date`.execute(db);
  return (rows[0]?.rates ?? []).map(([day, rateDay, from, to, rate]) => [
    String(day).slice(0, 10),
    String(rateDay).slice(0, 10),
    from,
    to,
    rate,
  ]);
}

/** The supplier's name and contacts, or undefined. */
export function supplierOf(db: Db, id: number) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'name', 'contact_person', 'phone', 'email', 'city', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
}
