import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * users_tally: how many users there are and the sum of their ids, kept by statement triggers in
 * the same transaction as every insert, delete and truncate, so the whole users list knows its
 * total (and the fingerprint of its page anchors) from one row instead of a pass over 100k.
 * Statement triggers with transition tables: a bulk insert updates the row once, not per user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table users_tally (
    only_row boolean primary key default true check (only_row),
    total bigint not null,
    id_sum numeric not null
  )`.execute(db);
  await sql`insert into users_tally (total, id_sum)
    select count(*), coalesce(sum(id), 0) from users`.execute(db);
  await sql`create function users_tally_insert() returns trigger language plpgsql as $$
    begin
      update users_tally
         set total = total + (select count(*) from inserted),
             id_sum = id_sum + (select coalesce(sum(id), 0) from inserted);
      return null;
    end $$`.execute(db);
  await sql`create function users_tally_delete() returns trigger language plpgsql as $$
    begin
      update users_tally
         set total = total - (select count(*) from deleted),
             id_sum = id_sum - (select coalesce(sum(id), 0) from deleted);
      return null;
    end $$`.execute(db);
  await sql`create function users_tally_truncate() returns trigger language plpgsql as $$
    begin
      -- An upsert: a truncate of several tables may have emptied users_tally too.
      insert into users_tally (total, id_sum) values (0, 0)
        on conflict (only_row) do update set total = 0, id_sum = 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_tally_insert after insert on users
    referencing new table as inserted for each statement execute function users_tally_insert()`.execute(
    db,
  );
  await sql`create trigger users_tally_delete after delete on users
    referencing old table as deleted for each statement execute function users_tally_delete()`.execute(
    db,
  );
  await sql`create trigger users_tally_truncate after truncate on users
    for each statement execute function users_tally_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_tally_truncate on users`.execute(db);
  await sql`drop trigger if exists users_tally_delete on users`.execute(db);
  await sql`drop trigger if exists users_tally_insert on users`.execute(db);
  await sql`drop function if exists users_tally_truncate()`.execute(db);
  await sql`drop function if exists users_tally_delete()`.execute(db);
  await sql`drop function if exists users_tally_insert()`.execute(db);
  await sql`drop table if exists users_tally`.execute(db);
}
