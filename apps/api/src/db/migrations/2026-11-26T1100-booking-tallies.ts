import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * What the booking screens would otherwise count on every request, kept by the writes:
 *
 * - bookings.covered: the participants a booking covers who are not cancelled (a month list
 *   shows it). Statement triggers on booking_participants (covers added or removed) and row
 *   triggers on trip_participants (a status moving in or out of cancelled) keep it in the same
 *   transaction.
 *
 * - trip_booking_gaps: per trip, what its participants lack (no flight, no insurance, nights
 *   without a hotel), written by the application (routes/bookings/gaps.ts) because it follows the
 *   application's rules. Triggers on trips, trip_participants, bookings and booking_participants
 *   mark a trip's row stale in the same transaction as any change that may alter it; readers
 *   compute a stale trip's gaps themselves, and the server's refresher writes them again under the
 *   row's lock and clears the mark. How soon it runs changes only how fast the dashboard is.
 */
const covered = (rows: string, sign: 1 | -1) => `
  update bookings b set covered = b.covered + d.n
    from (select r.booking_id, ${sign} * count(*) as n
            from ${rows} r
            join trip_participants tp on tp.id = r.participant_id
           where tp.status <> 'cancelled'
           group by r.booking_id) d
   where b.id = d.booking_id;`;

/** Marks the trips of `tripIds` (a query of trip ids) stale, adding their rows when missing. */
const stale = (tripIds: string) => `
  insert into trip_booking_gaps (trip_id)
  select distinct trip_id from (${tripIds}) s(trip_id) where trip_id is not null
  on conflict (trip_id) do update set stale = true where not trip_booking_gaps.stale;`;

async function trigger(
  db: Kysely<any>,
  name: string,
  table: string,
  event: 'insert' | 'update' | 'delete',
  body: string,
) {
  const tables =
    event === 'insert'
      ? 'new table as added'
      : event === 'delete'
        ? 'old table as removed'
        : 'old table as removed new table as added';
  await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin ${sql.raw(body)} return null; end $$`.execute(db);
  await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)}
    referencing ${sql.raw(tables)}
    for each statement execute function ${sql.raw(name)}()`.execute(db);
}

const TRIGGERS: [string, string, 'insert' | 'update' | 'delete'][] = [
  ['booking_covers_insert', 'booking_participants', 'insert'],
  ['booking_covers_delete', 'booking_participants', 'delete'],
  ['booking_covers_update', 'booking_participants', 'update'],
  ['trip_gaps_trips_insert', 'trips', 'insert'],
  ['trip_gaps_participants_insert', 'trip_participants', 'insert'],
  ['trip_gaps_participants_delete', 'trip_participants', 'delete'],
  ['trip_gaps_bookings_insert', 'bookings', 'insert'],
  ['trip_gaps_bookings_delete', 'bookings', 'delete'],
  ['trip_gaps_covers_insert', 'booking_participants', 'insert'],
  ['trip_gaps_covers_delete', 'booking_participants', 'delete'],
  ['trip_gaps_covers_update', 'booking_participants', 'update'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings add column covered integer not null default 0
    check (covered >= 0)`.execute(db);
  await sql`update bookings b set covered = d.n
    from (select bp.booking_id, count(*) as n from booking_participants bp
            join trip_participants tp on tp.id = bp.participant_id
           where tp.status <> 'cancelled' group by bp.booking_id) d
   where b.id = d.booking_id`.execute(db);

  await sql`create table trip_booking_gaps (
    trip_id bigint primary key references trips (id) on delete cascade,
    -- [{ participant_id, problems: [...], nights_missing }], participants with a gap only
    participants jsonb not null default '[]'::jsonb,
    missing integer not null default 0 check (missing >= 0),
    stale boolean not null default true
  )`.execute(db);
  await sql`insert into trip_booking_gaps (trip_id) select id from trips`.execute(db);
  await sql`create index trip_booking_gaps_stale_idx on trip_booking_gaps (trip_id)
    where stale`.execute(db);

  const body: Record<string, string> = {
    booking_covers_insert: covered('added', 1),
    booking_covers_delete: covered('removed', -1),
    booking_covers_update: covered('removed', -1) + covered('added', 1),
    trip_gaps_trips_insert: stale('select id from added'),
    trip_gaps_participants_insert: stale('select trip_id from added'),
    trip_gaps_participants_delete: stale('select trip_id from removed'),
    trip_gaps_bookings_insert: stale('select trip_id from added'),
    trip_gaps_bookings_delete: stale('select trip_id from removed'),
    trip_gaps_covers_insert: stale(
      'select b.trip_id from added a join bookings b on b.id = a.booking_id',
    ),
    trip_gaps_covers_delete: stale(
      'select b.trip_id from removed r join bookings b on b.id = r.booking_id',
    ),
    trip_gaps_covers_update: stale(
      `select b.trip_id from added a join bookings b on b.id = a.booking_id
       union all select b.trip_id from removed r join bookings b on b.id = r.booking_id`,
    ),
  };
  for (const [name, table, event] of TRIGGERS) {
    await trigger(db, name, table, event, body[name]!);
  }
  // Updates: row triggers that fire only when a column that matters changed. Participants'
  // paid sums and bookings' paid are rewritten in bulk by the ledger's triggers; a statement
  // trigger would pair their old and new rows on every confirmation.
  for (const [name, table, when, work] of ROW_TRIGGERS) {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin ${sql.raw(work)} return null; end $$`.execute(db);
    await sql`create trigger ${sql.raw(name)} after update on ${sql.raw(table)}
      for each row when (${sql.raw(when)}) execute function ${sql.raw(name)}()`.execute(db);
  }
}

/** Marks one trip stale (a row trigger's statement). */
const staleTrip = (tripId: string) => `
  insert into trip_booking_gaps (trip_id) values (${tripId})
  on conflict (trip_id) do update set stale = true where not trip_booking_gaps.stale;`;

const ROW_TRIGGERS: [string, string, string, string][] = [
  [
    // A participant cancelled or brought back: each booking covering it counts one less or
    // more, and its trip's gaps may change (as both trips' when it moves).
    'trip_participants_bookings_update',
    'trip_participants',
    'old.status is distinct from new.status or old.trip_id <> new.trip_id',
    `if (old.status <> 'cancelled') <> (new.status <> 'cancelled') then
       update bookings b set covered = b.covered
           + case when new.status <> 'cancelled' then 1 else -1 end
         where b.id in (select bp.booking_id from booking_participants bp
                         where bp.participant_id = new.id);
     end if;
     ${staleTrip('new.trip_id')}
     if old.trip_id <> new.trip_id then ${staleTrip('old.trip_id')} end if;`,
  ],
  [
    // Dates, country or status: what a trip needs (seats and notes change nothing here).
    'trips_gaps_update',
    'trips',
    '(old.starts_on, old.ends_on, old.country, old.status) is distinct from ' +
      '(new.starts_on, new.ends_on, new.country, new.status)',
    staleTrip('new.id'),
  ],
  [
    // What a supplier was paid changes no gap; its kind, status, dates or trip may.
    'bookings_gaps_update',
    'bookings',
    '(old.trip_id, old.kind, old.status, old.starts_on, old.ends_on) is distinct from ' +
      '(new.trip_id, new.kind, new.status, new.starts_on, new.ends_on)',
    `${staleTrip('new.trip_id')}
     if old.trip_id <> new.trip_id then ${staleTrip('old.trip_id')} end if;`,
  ],
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table] of [...TRIGGERS, ...ROW_TRIGGERS]) {
    await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
  }
  await sql`drop table if exists trip_booking_gaps`.execute(db);
  await sql`alter table bookings drop column if exists covered`.execute(db);
}
