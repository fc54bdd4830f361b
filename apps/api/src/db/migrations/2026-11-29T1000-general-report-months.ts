import { sql, type Kysely, type RawBuilder } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The general report's stored figures summed per report currency and month of the trips' start,
 * so a period of whole months reads a dozen rows instead of every trip's figures: income, costs,
 * exchange difference and how many trips' figures they add up, and how many trips had a sum
 * without a rate on each day and currency. Each figures row carries the month it is counted in
 * (its trip's start when it was computed).
 *
 * Triggers on trip_report_figures keep both tallies in the transaction that writes the figures
 * (only the refresher writes them, and a trip deleted takes its figures with it), locking tally
 * rows in key order; a row whose count falls to zero is removed. So the tally is always the sum of
 * the stored figures, exactly. Which of those figures still hold is the queue's business, as
 * before: a reader takes the queued trips' figures back out and computes them afresh. For that
 * every trip has figures or is queued: a new trip is queued, and so is a trip whose start moves
 * (its figures then count in another month).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table trip_report_figures add column month date`.execute(db);
  await sql`update trip_report_figures f set month = date_trunc('month', tr.starts_on)::date
    from trips tr where tr.id = f.trip_id`.execute(db);
  await sql`alter table trip_report_figures alter column month set not null`.execute(db);

  await sql`create table trip_report_months (
    currency text not null,
    month date not null,
    trips integer not null,
    income bigint not null,
    costs bigint not null,
    exchange_difference bigint not null,
    primary key (currency, month)
  )`.execute(db);
  await sql`create table trip_report_month_missing (
    currency text not null,
    month date not null,
    day date not null,
    from_currency text not null,
    trips integer not null,
    primary key (currency, month, day, from_currency)
  )`.execute(db);
  await sql`insert into trip_report_months
    select currency, month, count(*), sum(income), sum(costs), sum(exchange_difference)
    from trip_report_figures group by 1, 2`.execute(db);
  await sql`insert into trip_report_month_missing
    select f.currency, f.month, (m ->> 0)::date, m ->> 1, count(*)
    from trip_report_figures f, jsonb_array_elements(f.missing) m
    group by 1, 2, 3, 4`.execute(db);

  // Added (sign 1) or taken out (sign -1): the rows of one transition table, summed per key and
  // applied in key order.
  await tallyApply('create', MONTH_SUMS).execute(db);
  await sql`create function trip_report_tally() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform trip_report_tally_apply(-1, (select jsonb_agg(o) from old_figures o));
      end if;
      if tg_op <> 'DELETE' then
        perform trip_report_tally_apply(1, (select jsonb_agg(n) from new_figures n));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger trip_report_figures_tally_insert after insert on trip_report_figures
    referencing new table as new_figures
    for each statement execute function trip_report_tally()`.execute(db);
  await sql`create trigger trip_report_figures_tally_update after update on trip_report_figures
    referencing old table as old_figures new table as new_figures
    for each statement execute function trip_report_tally()`.execute(db);
  await sql`create trigger trip_report_figures_tally_delete after delete on trip_report_figures
    referencing old table as old_figures
    for each statement execute function trip_report_tally()`.execute(db);

  // Every trip has figures or is queued.
  await sql`create function trip_report_queue_trip() returns trigger language plpgsql as $$
    begin
      insert into trip_report_queue (trip_id) values (new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger trips_trip_report_insert after insert on trips
    for each row execute function trip_report_queue_trip()`.execute(db);
  await sql`create trigger trips_trip_report_start after update of starts_on on trips
    for each row when (old.starts_on is distinct from new.starts_on)
    execute function trip_report_queue_trip()`.execute(db);
  await sql`insert into trip_report_queue (trip_id)
    select id from trips tr
    where not exists (select 1 from trip_report_figures f where f.trip_id = tr.id)
    order by id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists trips_trip_report_start on trips`.execute(db);
  await sql`drop trigger if exists trips_trip_report_insert on trips`.execute(db);
  await sql`drop function if exists trip_report_queue_trip()`.execute(db);
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`trip_report_figures_tally_${op}`)}
      on trip_report_figures`.execute(db);
  }
  await sql`drop function if exists trip_report_tally()`.execute(db);
  await sql`drop function if exists trip_report_tally_apply(integer, jsonb)`.execute(db);
  await sql`drop table if exists trip_report_month_missing`.execute(db);
  await sql`drop table if exists trip_report_months`.execute(db);
  await sql`alter table trip_report_figures drop column if exists month`.execute(db);
}

/**
 * The tally's function: `sums` adds the figures of the rows into trip_report_months; then the
 * months a removal emptied go, and the missing rates are tallied the same way. Migration
 * trip-report-revenue writes it again (`create or replace`) with its new figures' sums, and its
 * down with these: so both are frozen here, with this migration.
 */
export function tallyApply(create: 'create' | 'create or replace', sums: RawBuilder<unknown>) {
  return sql`${sql.raw(create)} function trip_report_tally_apply(sign integer, rows jsonb)
    returns void language sql as $$
      ${sums}
      delete from trip_report_months t
      using (select distinct r.currency, r.month
        from jsonb_to_recordset(rows) as r(currency text, month date)) k
      where sign < 0 and t.currency = k.currency and t.month = k.month and t.trips = 0;
      insert into trip_report_month_missing as t (currency, month, day, from_currency, trips)
      select r.currency, r.month, (m ->> 0)::date, m ->> 1, sign * count(*)
      from jsonb_to_recordset(rows) as r(currency text, month date, missing jsonb),
        jsonb_array_elements(r.missing) m
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (currency, month, day, from_currency) do update set
        trips = t.trips + excluded.trips;
      delete from trip_report_month_missing t
      using (select distinct r.currency, r.month, (m ->> 0)::date as day, m ->> 1 as from_currency
        from jsonb_to_recordset(rows) as r(currency text, month date, missing jsonb),
          jsonb_array_elements(r.missing) m) k
      where sign < 0 and t.currency = k.currency and t.month = k.month and t.day = k.day
        and t.from_currency = k.from_currency and t.trips = 0;
    $$`;
}

/** This migration's figures summed per month: income, costs and exchange difference. */
export const MONTH_SUMS = sql`insert into trip_report_months as t
        (currency, month, trips, income, costs, exchange_difference)
      select r.currency, r.month, sign * count(*), sign * sum(r.income), sign * sum(r.costs),
        sign * sum(r.exchange_difference)
      from jsonb_to_recordset(rows) as r(currency text, month date, income bigint, costs bigint,
        exchange_difference bigint)
      group by 1, 2
      order by 1, 2
      on conflict (currency, month) do update set
        trips = t.trips + excluded.trips,
        income = t.income + excluded.income,
        costs = t.costs + excluded.costs,
        exchange_difference = t.exchange_difference + excluded.exchange_difference;`;
