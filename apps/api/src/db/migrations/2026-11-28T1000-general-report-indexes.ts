import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The general report of a long period reads every trip starting in it (their count and seats
 * taken) and each one's stored figures in the report's currency: two covering indexes make both
 * index-only scans (a year of 3,000 trips: a few hundred kilobytes of index instead of the
 * tables' pages). The trips' start index gains the seats taken and replaces the old one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index trip_report_figures_currency_idx on trip_report_figures (currency, trip_id)
    include (income, costs, exchange_difference, missing)`.execute(db);
  await sql`create index trips_start_seats_idx on trips (starts_on, id) include (seats_taken)`.execute(
    db,
  );
  await sql`drop index trips_start_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index trips_start_idx on trips (starts_on, id)`.execute(db);
  await sql`drop index if exists trips_start_seats_idx`.execute(db);
  await sql`drop index if exists trip_report_figures_currency_idx`.execute(db);
}
