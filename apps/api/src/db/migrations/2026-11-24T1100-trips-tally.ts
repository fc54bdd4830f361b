import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * trips_tally: how many trips there are, kept by statement triggers in the same transaction as
 * every insert, delete and truncate (as users_tally is for users), so the whole trips list knows
 * its total from one row instead of counting every trip on every page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table trips_tally (
    only_row boolean primary key default true check (only_row),
    total bigint not null
  )`.execute(db);
  await sql`insert into trips_tally (total) select count(*) from trips`.execute(db);
  await sql`create function trips_tally_insert() returns trigger language plpgsql as $$
    begin
      update trips_tally set total = total + (select count(*) from inserted);
      return null;
    end $$`.execute(db);
  await sql`create function trips_tally_delete() returns trigger language plpgsql as $$
    begin
      update trips_tally set total = total - (select count(*) from deleted);
      return null;
    end $$`.execute(db);
  await sql`create function trips_tally_truncate() returns trigger language plpgsql as $$
    begin
      -- An upsert: a truncate of several tables may have emptied trips_tally too.
      insert into trips_tally (total) values (0) on conflict (only_row) do update set total = 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger trips_tally_insert after insert on trips
    referencing new table as inserted for each statement execute function trips_tally_insert()`.execute(
    db,
  );
  await sql`create trigger trips_tally_delete after delete on trips
    referencing old table as deleted for each statement execute function trips_tally_delete()`.execute(
    db,
  );
  await sql`create trigger trips_tally_truncate after truncate on trips
    for each statement execute function trips_tally_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists trips_tally_truncate on trips`.execute(db);
  await sql`drop trigger if exists trips_tally_delete on trips`.execute(db);
  await sql`drop trigger if exists trips_tally_insert on trips`.execute(db);
  await sql`drop function if exists trips_tally_truncate()`.execute(db);
  await sql`drop function if exists trips_tally_delete()`.execute(db);
  await sql`drop function if exists trips_tally_insert()`.execute(db);
  await sql`drop table if exists trips_tally`.execute(db);
}
