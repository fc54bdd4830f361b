import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';

export interface RateRow {
  /** The day the rates are of: the latest on or before the one asked for. */
  date: string;
  from_currency: string;
  to_currency: string;
  rate: string;
}

/**
 * The rates of the latest day on or before `date`: two probes of the primary key (date, from, to),
 * whatever the table's size.
 */
export const ratesOfLatestDay: (db: Db, date: string) => Promise<RateRow[]> = preparedQuery(
  // Compiled once, run as a prepared statement: every conversion and rates page asks it.
  (db: Db, date: string) =>
    latestDayRates(db, date).orderBy('from_currency').orderBy('to_currency'),
  ['\u0000date'],
);

/** The query of ratesOfLatestDay, unordered: a part of a larger statement (a costing's prices). */
export function latestDayRates(db: Db, date: string | Expression<string>) {
  return db
    .selectFrom('currency_rates')
    .select(['date', 'from_currency', 'to_currency', 'rate'])
    .where('date', '=', (eb) =>
      eb
        .selectFrom('currency_rates')
        .select(eb.fn.max('date').as('date'))
        .where('date', '<=', date),
    );
}

export interface NewRate {
  from: string;
  to: string;
  /** Exact decimal. */
  rate: string;
}

/** Inserts or replaces the given pairs of a day; the day's other pairs stay. */
export async function upsertRates(
  db: Db,
  date: string,
  rates: NewRate[],
  createdBy: number,
): Promise<void> {
  await db
    .insertInto('currency_rates')
    .values(
      rates.map((r) => ({
        date,
        from_currency: r.from,
        to_currency: r.to,
        rate: r.rate,
        created_by: createdBy,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['date', 'from_currency', 'to_currency']).doUpdateSet((eb) => ({
        rate: eb.ref('excluded.rate'),
        created_by: eb.ref('excluded.created_by'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/** The days that have rates within [from, to] (either end open), newest first. */
function daysWithin(db: Db, from: string | undefined, to: string | undefined) {
  let query = db.selectFrom('currency_rates');
  if (from !== undefined) query = query.where('date', '>=', from);
  if (to !== undefined) query = query.where('date', '<=', to);
  return query;
}

/** How many days have rates within [from, to]. */
export async function countRateDays(
  db: Db,
  from: string | undefined,
  to: string | undefined,
): Promise<number> {
  const { total } = await daysWithin(db, from, to)
    .select(sql<string>`count(distinct date)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export interface RateHistoryRow extends RateRow {
  updated_at: Date;
  created_by_name: string | null;
}

/**
 * Every pair of a page of days (`limit` days from `offset`, newest first) with the time it was
 * last written and by whom; a day's rows in pair order.
 */
export async function rateHistoryRows(
  db: Db,
  from: string | undefined,
  to: string | undefined,
  limit: number,
  offset: number,
): Promise<RateHistoryRow[]> {
  const days = daysWithin(db, from, to)
    .select('date')
    .groupBy('date')
    .orderBy('date', 'desc')
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom('currency_rates as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.date',
      'r.from_currency',
      'r.to_currency',
      'r.rate',
      'r.updated_at',
      'u.full_name as created_by_name',
    ])
    .where('r.date', 'in', days)
    .orderBy('r.date', 'desc')
    .orderBy('r.from_currency')
    .orderBy('r.to_currency')
    .execute();
}
