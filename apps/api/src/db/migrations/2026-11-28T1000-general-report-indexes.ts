import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The general report of a long period reads each of its trips' stored figures in the report's
 * currency: a covering index makes that an index-only scan (a year of 3,000 trips: a few hundred
 * kilobytes of index instead of the table's pages). Only the refresher writes these rows, and
 * only when a figure changed. (The trips' own index stays as it is: a column that changes with
 * every participant, as seats taken does, in an index would make each of those updates rewrite
 * every index of trips.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index trip_report_figures_currency_idx on trip_report_figures (currency, trip_id)
    include (income, costs, exchange_difference, missing)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists trip_report_figures_currency_idx`.execute(db);
}
