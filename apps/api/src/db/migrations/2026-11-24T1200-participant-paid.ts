import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * What each trip participant paid, kept on the participant so that a trips list adds up its
 * debts (DESIGN.md 3b) from the participants' index alone.
 *
 * Statement triggers on transactions keep, in the same transaction as every write whatever writes
 * it: paid_own, the confirmed incomes less confirmed refunds in the trip's currency (minor
 * units), and foreign_payments, how many confirmed ones are in another currency. Converting those
 * takes the rates of their days and the application's exact arithmetic, so paid_foreign (what
 * they come to in the trip's currency, rounded up once) and foreign_rate_missing (a day without
 * a rate) are written by the application. Whenever they may no longer hold, because such a
 * payment changed or a rate of its day (or of a day before it) did, a trigger sets foreign_stale
 * in the same transaction; the application then converts those payments itself until it has
 * written the participant's figures again, under the participant's row lock, and cleared it.
 *
 * A participant's trip keeps its currency once it has participants (the application refuses the
 * change), so "the trip's currency" of a payment never moves under these sums.
 */
const paidBy = (rows: string, sign: 1 | -1) => `
  select m.participant_id,
    sum(case when m.currency = tr.currency
      then ${sign} * (case when m.type = 'income' then m.amount else -m.amount end) else 0 end) as own,
    sum(case when m.currency <> tr.currency then ${sign} else 0 end) as foreign_count
  from ${rows} m
  join trips tr on tr.id = m.trip_id
  where m.participant_id is not null
    and m.type in ('income', 'outcome')
    and m.status = 'confirmed'
  group by m.participant_id`;

const apply = (rows: string, sign: 1 | -1) => `
  update trip_participants p
     set paid_own = p.paid_own + d.own,
         foreign_payments = p.foreign_payments + d.foreign_count,
         foreign_stale = p.foreign_stale or d.foreign_count <> 0
    from (${paidBy(rows, sign)}) d
   where p.id = d.participant_id;`;

/**
 * Rates changed from `since` on: every participant with a payment in another currency confirmed
 * that day or later may convert differently. A day early, whatever the business time zone.
 */
const ratesFrom = (since: string) => `
  update trip_participants p
     set foreign_stale = true
   where p.foreign_payments > 0
     and not p.foreign_stale
     and exists (select 1 from transactions t
                  where t.participant_id = p.id
                    and t.status = 'confirmed'
                    and t.type in ('income', 'outcome')
                    and t.confirmed_at >= (${since}) - interval '1 day');`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table trip_participants
    add column paid_own bigint not null default 0,
    add column foreign_payments integer not null default 0 check (foreign_payments >= 0),
    add column paid_foreign bigint not null default 0,
    add column foreign_rate_missing boolean not null default false,
    add column foreign_stale boolean not null default false`.execute(db);
  await sql`update trip_participants p
       set paid_own = d.own, foreign_payments = d.foreign_count,
           foreign_stale = d.foreign_count > 0
      from (${sql.raw(paidBy('transactions', 1))}) d
     where p.id = d.participant_id`.execute(db);

  // Payments and refunds: every insert, delete, update and truncate of transactions. An update
  // takes its old rows out and puts its new ones in, so a confirmation, a rejection or a changed
  // amount all count; touching a payment in another currency makes the participant's stale.
  await sql`create function trip_participants_paid_add() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('added', 1))} return null; end $$`.execute(db);
  await sql`create function trip_participants_paid_remove() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('removed', -1))} return null; end $$`.execute(db);
  await sql`create function trip_participants_paid_change() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('removed', -1) + apply('added', 1))} return null; end $$`.execute(db);
  await sql`create function trip_participants_paid_truncate() returns trigger language plpgsql as $$
    begin
      update trip_participants
         set paid_own = 0, foreign_payments = 0, paid_foreign = 0, foreign_rate_missing = false,
             foreign_stale = false
       where paid_own <> 0 or foreign_payments <> 0 or foreign_stale;
      return null;
    end $$`.execute(db);
  await sql`create trigger trip_participants_paid_insert after insert on transactions
    referencing new table as added
    for each statement execute function trip_participants_paid_add()`.execute(db);
  await sql`create trigger trip_participants_paid_delete after delete on transactions
    referencing old table as removed
    for each statement execute function trip_participants_paid_remove()`.execute(db);
  await sql`create trigger trip_participants_paid_update after update on transactions
    referencing old table as removed new table as added
    for each statement execute function trip_participants_paid_change()`.execute(db);
  await sql`create trigger trip_participants_paid_truncate after truncate on transactions
    for each statement execute function trip_participants_paid_truncate()`.execute(db);

  // Rates: a new, changed or removed rate of a day changes the conversion of that day and of
  // the days after it that have no rates of their own.
  await sql`create function trip_participants_rates_add() returns trigger language plpgsql as $$
    begin ${sql.raw(ratesFrom('select min(date) from added'))} return null; end $$`.execute(db);
  await sql`create function trip_participants_rates_remove() returns trigger language plpgsql as $$
    begin ${sql.raw(ratesFrom('select min(date) from removed'))} return null; end $$`.execute(db);
  await sql`create function trip_participants_rates_change() returns trigger language plpgsql as $$
    begin
      ${sql.raw(
        ratesFrom('select least((select min(date) from removed), (select min(date) from added))'),
      )}
      return null;
    end $$`.execute(db);
  await sql`create function trip_participants_rates_truncate() returns trigger language plpgsql as $$
    begin
      update trip_participants set foreign_stale = true
       where foreign_payments > 0 and not foreign_stale;
      return null;
    end $$`.execute(db);
  await sql`create trigger trip_participants_rates_insert after insert on currency_rates
    referencing new table as added
    for each statement execute function trip_participants_rates_add()`.execute(db);
  await sql`create trigger trip_participants_rates_delete after delete on currency_rates
    referencing old table as removed
    for each statement execute function trip_participants_rates_remove()`.execute(db);
  await sql`create trigger trip_participants_rates_update after update on currency_rates
    referencing old table as removed new table as added
    for each statement execute function trip_participants_rates_change()`.execute(db);
  await sql`create trigger trip_participants_rates_truncate after truncate on currency_rates
    for each statement execute function trip_participants_rates_truncate()`.execute(db);

  // The participants' index by trip carries what a trip's debt adds up; the stale ones are found
  // by their own index.
  await sql`drop index trip_participants_unique`.execute(db);
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)
    include (id, price, discount, status, paid_own, foreign_payments, paid_foreign,
             foreign_rate_missing, foreign_stale)`.execute(db);
  await sql`create index trip_participants_stale_idx on trip_participants (id)
    where foreign_stale`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index trip_participants_stale_idx`.execute(db);
  await sql`drop index trip_participants_unique`.execute(db);
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)`.execute(
    db,
  );
  for (const [table, triggers] of [
    ['currency_rates', ['rates_truncate', 'rates_update', 'rates_delete', 'rates_insert']],
    ['transactions', ['paid_truncate', 'paid_update', 'paid_delete', 'paid_insert']],
  ] as const) {
    for (const trigger of triggers) {
      await sql`drop trigger if exists ${sql.raw(`trip_participants_${trigger}`)} on ${sql.raw(table)}`.execute(
        db,
      );
    }
  }
  for (const fn of [
    'rates_truncate',
    'rates_change',
    'rates_remove',
    'rates_add',
    'paid_truncate',
    'paid_change',
    'paid_remove',
    'paid_add',
  ]) {
    await sql`drop function if exists ${sql.raw(`trip_participants_${fn}`)}()`.execute(db);
  }
  await sql`alter table trip_participants
    drop column paid_own, drop column foreign_payments, drop column paid_foreign,
    drop column foreign_rate_missing, drop column foreign_stale`.execute(db);
}
