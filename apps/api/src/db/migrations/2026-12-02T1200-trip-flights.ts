import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * How a trip's tourists fly (trips.flights): there and back (the default: each tourist needs a
 * flight out and one home), one way, or not at all. The readiness of a trip's tourists reads it,
 * and reads the air tickets' own route (their airports and times, in `details`), so:
 *
 * - a trip's gaps are marked stale when its mark changes (trips_gaps_update) and when an air
 *   ticket's details change (bookings_gaps_update), in the same transaction;
 * - the booking screens' generation moves when the mark changes (the dashboard lists the gaps);
 * - every trip's stored gaps are marked stale once: the rule for flights changed with this, and
 *   the server's refresher writes them again.
 */
const TRIPS_GAPS_WHEN = (flights: boolean) =>
  '(old.starts_on, old.ends_on, old.country, old.status' +
  (flights ? ', old.flights' : '') +
  ') is distinct from (new.starts_on, new.ends_on, new.country, new.status' +
  (flights ? ', new.flights' : '') +
  ')';

const BOOKINGS_GAPS_WHEN = (details: boolean) =>
  '(old.trip_id, old.kind, old.status, old.starts_on, old.ends_on) is distinct from ' +
  '(new.trip_id, new.kind, new.status, new.starts_on, new.ends_on)' +
  (details ? " or (new.kind = 'air_ticket' and old.details is distinct from new.details)" : '');

const GENERATION_WHEN = (flights: boolean) =>
  '(old.title, old.starts_on, old.ends_on, old.status, old.country' +
  (flights ? ', old.flights' : '') +
  ') is distinct from (new.title, new.starts_on, new.ends_on, new.status, new.country' +
  (flights ? ', new.flights' : '') +
  ')';

async function triggers(db: Kysely<any>, withFlights: boolean) {
  await sql`drop trigger if exists trips_gaps_update on trips`.execute(db);
  await sql`create trigger trips_gaps_update after update on trips
    for each row when (${sql.raw(TRIPS_GAPS_WHEN(withFlights))})
    execute function trips_gaps_update()`.execute(db);
  await sql`drop trigger if exists bookings_gaps_update on bookings`.execute(db);
  await sql`create trigger bookings_gaps_update after update on bookings
    for each row when (${sql.raw(BOOKINGS_GAPS_WHEN(withFlights))})
    execute function bookings_gaps_update()`.execute(db);
  await sql`drop trigger if exists zz_booking_generation_trips_shown on trips`.execute(db);
  await sql`create trigger zz_booking_generation_trips_shown after update on trips
    for each row when (${sql.raw(GENERATION_WHEN(withFlights))})
    execute function booking_generation_bump()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table trips add column flights text not null default 'round_trip'
    constraint trips_flights check (flights in ('round_trip', 'one_way', 'none'))`.execute(db);
  await triggers(db, true);
  await sql`update trip_booking_gaps set stale = true where not stale`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await triggers(db, false);
  await sql`alter table trips drop column if exists flights`.execute(db);
  await sql`update trip_booking_gaps set stale = true where not stale`.execute(db);
}
