import { sql } from 'kysely';
import type { Db } from '../../db/database';

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
export async function ratesOfLatestDay(db: Db, date: string): Promise<RateRow[]> {
  return db
    .selectFrom('currency_rates')
    .select(['date', 'from_currency', 'to_currency', 'rate'])
    .where('date', '=', (eb) =>
      eb
        .selectFrom('currency_rates')
        .select(eb.fn.max('date').as('date'))
        .where('date', '<=', date),
    )
    .orderBy('from_currency')
    .orderBy('to_currency')
    .execute();
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
