import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * What each trip participant paid in its trip's currency (confirmed incomes less confirmed
 * refunds, minor units) and how many of its confirmed payments and refunds are in another
 * currency, kept by statement triggers on transactions in the same transaction as every write,
 * whatever writes it. A trips list then adds up its debts from the participants' index alone;
 * only participants with payments in another currency need those payments and their days' rates
 * (DESIGN.md 3b), which the application converts.
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
     set paid_own = p.paid_own + d.own, foreign_payments = p.foreign_payments + d.foreign_count
    from (${paidBy(rows, sign)}) d
   where p.id = d.participant_id;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table trip_participants
    add column paid_own bigint not null default 0,
    add column foreign_payments integer not null default 0 check (foreign_payments >= 0)`.execute(
    db,
  );
  await sql`update trip_participants p
       set paid_own = d.own, foreign_payments = d.foreign_count
      from (${sql.raw(paidBy('transactions', 1))}) d
     where p.id = d.participant_id`.execute(db);
  await sql`create function trip_participants_paid_add() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('added', 1))} return null; end $$`.execute(db);
  await sql`create function trip_participants_paid_remove() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('removed', -1))} return null; end $$`.execute(db);
  await sql`create function trip_participants_paid_change() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('removed', -1) + apply('added', 1))} return null; end $$`.execute(db);
  await sql`create function trip_participants_paid_truncate() returns trigger language plpgsql as $$
    begin
      update trip_participants set paid_own = 0, foreign_payments = 0
       where paid_own <> 0 or foreign_payments <> 0;
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

  // The participants' index by trip carries what a trip's debt adds up.
  await sql`drop index trip_participants_unique`.execute(db);
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)
    include (id, price, discount, status, paid_own, foreign_payments)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index trip_participants_unique`.execute(db);
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)`.execute(
    db,
  );
  for (const trigger of ['truncate', 'update', 'delete', 'insert']) {
    await sql`drop trigger if exists ${sql.raw(`trip_participants_paid_${trigger}`)} on transactions`.execute(
      db,
    );
  }
  for (const fn of ['truncate', 'change', 'remove', 'add']) {
    await sql`drop function if exists ${sql.raw(`trip_participants_paid_${fn}`)}()`.execute(db);
  }
  await sql`alter table trip_participants drop column paid_own, drop column foreign_payments`.execute(
    db,
  );
}
