import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The general report's figures of each trip, stored per report currency (routes/reports/figures.ts
 * writes them): income, costs and exchange difference in minor units, the days whose sums had no
 * rate, and the last day any of its sums is converted at (a rate entered later than that day
 * cannot change them).
 *
 * Whatever changes them puts the trip in a queue, in the same transaction: a confirmed movement of
 * a participant or a booking of the trip written, changed or removed; a booking written, its cost,
 * penalty, status, currency or start changed, or removed; a rate entered, changed or removed on or
 * before a trip's last day. The queue only ever takes plain inserts (no unique key, so no writer
 * waits on another for it, whatever order it touches trips in). A trip in the queue, or without
 * figures, is computed afresh by whoever reads it; the refresher takes queued trips (their entries
 * deleted in the transaction that writes their figures, reading what committed before), so a
 * change racing with it leaves its own entry behind and the trip stays queued.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table trip_report_figures (
    trip_id bigint not null references trips (id) on delete cascade,
    currency text not null,
    income bigint not null,
    costs bigint not null,
    exchange_difference bigint not null,
    missing jsonb not null default '[]',
    last_day date,
    primary key (trip_id, currency)
  )`.execute(db);
  await sql`create index trip_report_figures_last_day_idx on trip_report_figures (last_day)`.execute(
    db,
  );
  await sql`create table trip_report_queue (
    id bigserial primary key,
    trip_id bigint not null
  )`.execute(db);
  await sql`create index trip_report_queue_trip_idx on trip_report_queue (trip_id)`.execute(db);

  await sql`create function trip_report_queue_movement() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into trip_report_queue (trip_id)
        select coalesce(old.trip_id, (select b.trip_id from bookings b where b.id = old.booking_id))
        where old.status = 'confirmed'
          and coalesce(old.trip_id, (select b.trip_id from bookings b where b.id = old.booking_id))
            is not null;
      end if;
      if tg_op <> 'DELETE' then
        insert into trip_report_queue (trip_id)
        select coalesce(new.trip_id, (select b.trip_id from bookings b where b.id = new.booking_id))
        where new.status = 'confirmed'
          and coalesce(new.trip_id, (select b.trip_id from bookings b where b.id = new.booking_id))
            is not null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger transactions_trip_report_insert after insert on transactions
    for each row when (new.status = 'confirmed'
      and (new.trip_id is not null or new.booking_id is not null))
    execute function trip_report_queue_movement()`.execute(db);
  await sql`create trigger transactions_trip_report_update after update on transactions
    for each row when ((old.status = 'confirmed' or new.status = 'confirmed')
      and (old.trip_id is not null or old.booking_id is not null
        or new.trip_id is not null or new.booking_id is not null)
      and (old.status, old.amount, old.currency, old.confirmed_at, old.trip_id,
          old.participant_id, old.booking_id, old.type)
        is distinct from (new.status, new.amount, new.currency, new.confirmed_at, new.trip_id,
          new.participant_id, new.booking_id, new.type))
    execute function trip_report_queue_movement()`.execute(db);
  await sql`create trigger transactions_trip_report_delete after delete on transactions
    for each row when (old.status = 'confirmed'
      and (old.trip_id is not null or old.booking_id is not null))
    execute function trip_report_queue_movement()`.execute(db);

  await sql`create function trip_report_queue_booking() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into trip_report_queue (trip_id) values (old.trip_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.trip_id <> old.trip_id) then
        insert into trip_report_queue (trip_id) values (new.trip_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_trip_report_insert after insert on bookings
    for each row execute function trip_report_queue_booking()`.execute(db);
  await sql`create trigger bookings_trip_report_update after update on bookings
    for each row when ((old.cost, old.penalty, old.status, old.currency, old.starts_on,
        old.trip_id)
      is distinct from (new.cost, new.penalty, new.status, new.currency, new.starts_on,
        new.trip_id))
    execute function trip_report_queue_booking()`.execute(db);
  await sql`create trigger bookings_trip_report_delete after delete on bookings
    for each row execute function trip_report_queue_booking()`.execute(db);

  // A rate of day D can change only the sums of days on or after D.
  await sql`create function trip_report_queue_rates() returns trigger language plpgsql as $$
    declare
      first_day date;
    begin
      if tg_op = 'DELETE' then
        select min(date) into first_day from old_rates;
      elsif tg_op = 'UPDATE' then
        select least((select min(date) from old_rates), (select min(date) from new_rates))
          into first_day;
      else
        select min(date) into first_day from new_rates;
      end if;
      if first_day is not null then
        insert into trip_report_queue (trip_id)
        select distinct trip_id from trip_report_figures where last_day >= first_day;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger currency_rates_trip_report_insert after insert on currency_rates
    referencing new table as new_rates
    for each statement execute function trip_report_queue_rates()`.execute(db);
  await sql`create trigger currency_rates_trip_report_update after update on currency_rates
    referencing old table as old_rates new table as new_rates
    for each statement execute function trip_report_queue_rates()`.execute(db);
  await sql`create trigger currency_rates_trip_report_delete after delete on currency_rates
    referencing old table as old_rates
    for each statement execute function trip_report_queue_rates()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists currency_rates_trip_report_delete on currency_rates`.execute(db);
  await sql`drop trigger if exists currency_rates_trip_report_update on currency_rates`.execute(db);
  await sql`drop trigger if exists currency_rates_trip_report_insert on currency_rates`.execute(db);
  await sql`drop function if exists trip_report_queue_rates()`.execute(db);
  await sql`drop trigger if exists bookings_trip_report_delete on bookings`.execute(db);
  await sql`drop trigger if exists bookings_trip_report_update on bookings`.execute(db);
  await sql`drop trigger if exists bookings_trip_report_insert on bookings`.execute(db);
  await sql`drop function if exists trip_report_queue_booking()`.execute(db);
  await sql`drop trigger if exists transactions_trip_report_delete on transactions`.execute(db);
  await sql`drop trigger if exists transactions_trip_report_update on transactions`.execute(db);
  await sql`drop trigger if exists transactions_trip_report_insert on transactions`.execute(db);
  await sql`drop function if exists trip_report_queue_movement()`.execute(db);
  await sql`drop table if exists trip_report_queue`.execute(db);
  await sql`drop table if exists trip_report_figures`.execute(db);
}
