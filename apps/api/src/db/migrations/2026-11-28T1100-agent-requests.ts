import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The agent area (DESIGN.md 4): an agent's request names its travellers (full name and phone
 * each, `[{ "full_name": "...", "phone": "..." | null }]`), which the staff see and convert into
 * participants; an agent lists its own requests, newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table requests add column travellers jsonb not null default '[]'`.execute(db);
  await sql`create index requests_counterparty_idx on requests (counterparty_id, id desc)
    where counterparty_id is not null`.execute(db);
  await sql`create index trips_prepared_tour_start_idx on trips (prepared_tour_id, starts_on)
    where prepared_tour_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists trips_prepared_tour_start_idx`.execute(db);
  await sql`drop index if exists requests_counterparty_idx`.execute(db);
  await sql`alter table requests drop column if exists travellers`.execute(db);
}
