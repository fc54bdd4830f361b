import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A number that grows with every committed change of what the booking screens show (bookings,
 * their participants, the trips and participants they belong to, suppliers' and people's names):
 * the month lists and the dashboard are remembered under it, by any number of API instances, and
 * computed again once it has moved. It moves in the same transaction as the change, so a reader
 * that reads it before its data never keeps older data under a newer number.
 *
 * Statement triggers bump it once per statement that changed rows (an empty statement, such as
 * the ledger's triggers rewriting no booking's paid sum, bumps nothing); updates of participants,
 * trips and users bump it only when a column the screens show changed (participants' and trips'
 * money is rewritten on every confirmation).
 *
 * Its row is the last lock any statement takes: triggers fire in the order of their names, and
 * these are named zz_… so that every writer locks the trip, wallets, bookings and gaps it touches
 * first and this row last (one order for all: no deadlock through it).
 */
const STATEMENT_TRIGGERS: [string, 'insert' | 'update' | 'delete'][] = [
  ['bookings', 'insert'],
  ['bookings', 'update'],
  ['bookings', 'delete'],
  ['booking_participants', 'insert'],
  ['booking_participants', 'update'],
  ['booking_participants', 'delete'],
  ['trip_participants', 'insert'],
  ['trip_participants', 'delete'],
  ['trips', 'insert'],
  ['trips', 'delete'],
  ['suppliers', 'update'],
];

const ROW_TRIGGERS: [string, string][] = [
  ['trip_participants', 'old.status is distinct from new.status or old.trip_id <> new.trip_id'],
  [
    'trips',
    '(old.title, old.starts_on, old.ends_on, old.status, old.country) is distinct from ' +
      '(new.title, new.starts_on, new.ends_on, new.status, new.country)',
  ],
  ['users', 'old.full_name is distinct from new.full_name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table booking_generation (
    id smallint primary key default 1 check (id = 1),
    n bigint not null default 0
  )`.execute(db);
  await sql`insert into booking_generation default values`.execute(db);
  await sql`create function booking_generation_bump_rows() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from changed) then update booking_generation set n = n + 1; end if;
      return null;
    end $$`.execute(db);
  await sql`create function booking_generation_bump() returns trigger language plpgsql as $$
    begin update booking_generation set n = n + 1; return null; end $$`.execute(db);
  for (const [table, event] of STATEMENT_TRIGGERS) {
    const name = `zz_booking_generation_${table}_${event}`;
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)}
      referencing ${sql.raw(event === 'delete' ? 'old' : 'new')} table as changed
      for each statement execute function booking_generation_bump_rows()`.execute(db);
  }
  for (const [table, when] of ROW_TRIGGERS) {
    const name = `zz_booking_generation_${table}_shown`;
    await sql`create trigger ${sql.raw(name)} after update on ${sql.raw(table)}
      for each row when (${sql.raw(when)}) execute function booking_generation_bump()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, event] of STATEMENT_TRIGGERS) {
    await sql`drop trigger if exists ${sql.raw(`zz_booking_generation_${table}_${event}`)}
      on ${sql.raw(table)}`.execute(db);
  }
  for (const [table] of ROW_TRIGGERS) {
    await sql`drop trigger if exists ${sql.raw(`zz_booking_generation_${table}_shown`)}
      on ${sql.raw(table)}`.execute(db);
  }
  await sql`drop function if exists booking_generation_bump_rows()`.execute(db);
  await sql`drop function if exists booking_generation_bump()`.execute(db);
  await sql`drop table if exists booking_generation`.execute(db);
}
