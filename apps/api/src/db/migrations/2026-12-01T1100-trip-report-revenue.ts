import { sql, type Kysely } from 'kysely';
import { MONTH_SUMS, tallyApply } from './2026-11-29T1000-general-report-months';

// Frozen in time: this migration never imports application code (only the tally of migration
// general-report-months, frozen with it).

/**
 * The general report on the contract basis beside the cash one (DESIGN.md 3b): each trip's stored
 * figures, and their tally per month, also carry its revenue (the due of its active participants
 * and what cancelled ones paid and was kept, at the rate of the trip's start day) and the supplier
 * payments made; `income` is renamed `paid` (what participants paid: one name, one meaning).
 *
 * Revenue moves with more than money, so more queues a trip, in the same transaction and with
 * plain inserts as before: a participant added or removed, its price, discount, status or trip
 * changed; the trip's currency changed (a new start already queues it). A rate on or before the
 * trip's start changes its revenue: the refresher counts the start day among the days a trip
 * converts at (its last_day), so the rates trigger of trip-report-figures queues it.
 *
 * Every trip is queued here: the figures stored before are computed again with the new columns
 * (and read afresh by the report until they are).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['trip_report_figures', 'trip_report_months']) {
    await sql`alter table ${sql.table(table)} rename column income to paid`.execute(db);
    await sql`alter table ${sql.table(table)}
      add column revenue bigint not null default 0,
      add column supplier_paid bigint not null default 0`.execute(db);
    await sql`alter table ${sql.table(table)}
      alter column revenue drop default,
      alter column supplier_paid drop default`.execute(db);
  }
  // The covering index of migration general-report-indexes, with the new figures.
  await sql`drop index if exists trip_report_figures_currency_idx`.execute(db);
  await sql`create index trip_report_figures_currency_idx on trip_report_figures (currency, trip_id)
    include (revenue, costs, paid, supplier_paid, exchange_difference, missing)`.execute(db);

  // Migration general-report-months' tally, summing the new figures too.
  const sums = sql`insert into trip_report_months as t
        (currency, month, trips, revenue, costs, paid, supplier_paid, exchange_difference)
      select r.currency, r.month, sign * count(*), sign * sum(r.revenue), sign * sum(r.costs),
        sign * sum(r.paid), sign * sum(r.supplier_paid), sign * sum(r.exchange_difference)
      from jsonb_to_recordset(rows) as r(currency text, month date, revenue bigint, costs bigint,
        paid bigint, supplier_paid bigint, exchange_difference bigint)
      group by 1, 2
      order by 1, 2
      on conflict (currency, month) do update set
        trips = t.trips + excluded.trips,
        revenue = t.revenue + excluded.revenue,
        costs = t.costs + excluded.costs,
        paid = t.paid + excluded.paid,
        supplier_paid = t.supplier_paid + excluded.supplier_paid,
        exchange_difference = t.exchange_difference + excluded.exchange_difference;`;
  await tallyApply('create or replace', sums).execute(db);

  await sql`create function trip_report_queue_participant() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into trip_report_queue (trip_id) values (old.trip_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.trip_id <> old.trip_id) then
        insert into trip_report_queue (trip_id) values (new.trip_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger trip_participants_trip_report_insert after insert on trip_participants
    for each row execute function trip_report_queue_participant()`.execute(db);
  await sql`create trigger trip_participants_trip_report_update after update on trip_participants
    for each row when ((old.price, old.discount, old.status, old.trip_id)
      is distinct from (new.price, new.discount, new.status, new.trip_id))
    execute function trip_report_queue_participant()`.execute(db);
  await sql`create trigger trip_participants_trip_report_delete after delete on trip_participants
    for each row execute function trip_report_queue_participant()`.execute(db);
  // trip_report_queue_trip() (migration general-report-months) queues new.id.
  await sql`create trigger trips_trip_report_currency after update of currency on trips
    for each row when (old.currency is distinct from new.currency)
    execute function trip_report_queue_trip()`.execute(db);

  await sql`insert into trip_report_queue (trip_id) select id from trips order by id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists trips_trip_report_currency on trips`.execute(db);
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`trip_participants_trip_report_${op}`)}
      on trip_participants`.execute(db);
  }
  await sql`drop function if exists trip_report_queue_participant()`.execute(db);
  await sql`drop index if exists trip_report_figures_currency_idx`.execute(db);
  for (const table of ['trip_report_figures', 'trip_report_months']) {
    await sql`alter table ${sql.table(table)}
      drop column if exists revenue,
      drop column if exists supplier_paid`.execute(db);
    await sql`alter table ${sql.table(table)} rename column paid to income`.execute(db);
  }
  // The old tally's body names the old columns: written once they are back.
  await tallyApply('create or replace', MONTH_SUMS).execute(db);
  await sql`create index trip_report_figures_currency_idx on trip_report_figures (currency, trip_id)
    include (income, costs, exchange_difference, missing)`.execute(db);
}
