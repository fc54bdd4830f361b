import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A trip's plan (issue 33, planned against actual): which saved costing version and which cell of
 * its table (group size, occupancy) set the trip's price, one row per trip, replaced by the next
 * «Применить цену». And each costing version's lines as the plan reads them (kind, supplier,
 * service, dates and the engine's prices), kept at the save so the plan never changes when a
 * price list does; versions saved before this have none and are priced again from their body.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table trip_costings (
    trip_id bigint primary key references trips (id) on delete cascade,
    costing_id bigint not null references costings (id),
    group_size integer not null check (group_size between 1 and 200),
    occupancy text not null check (occupancy in ('single', 'double')),
    applied_by bigint references users (id) on delete set null,
    applied_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index trip_costings_costing on trip_costings (costing_id)`.execute(db);
  await sql`alter table costings add column plan_lines jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table costings drop column if exists plan_lines`.execute(db);
  await sql`drop table if exists trip_costings`.execute(db);
}
