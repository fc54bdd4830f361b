import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Costings («Калькуляция», issue 33), saved in versions: each save of a prepared tour's, a
 * trip's or a request's costing is its next version, never changed afterwards, so a price applied
 * or quoted can always be traced to the figures it came from. `body` is the costing as entered
 * (its lines pointing at price lists), `lines` and `rows` as they were priced at the save: the
 * prices of the lists that day, converted at `rate_date`'s rates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table costings (
    id bigserial primary key,
    prepared_tour_id bigint references prepared_tours (id) on delete cascade,
    trip_id bigint references trips (id),
    request_id bigint references requests (id),
    version integer not null check (version > 0),
    title text not null check (length(title) between 1 and 200),
    currency text not null check (currency in ('kgs', 'usd', 'eur', 'jpy')),
    rate_date date not null,
    body jsonb not null,
    lines jsonb not null,
    rows jsonb not null,
    created_by bigint references users (id) on delete set null,
    created_at timestamptz not null default now(),
    check (num_nonnulls(prepared_tour_id, trip_id, request_id) = 1)
  )`.execute(db);
  for (const subject of ['prepared_tour_id', 'trip_id', 'request_id']) {
    await sql`create unique index ${sql.raw(`costings_${subject}_version`)}
      on costings (${sql.ref(subject)}, version) where ${sql.ref(subject)} is not null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists costings`.execute(db);
}
