import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The confirmation queue's sums, so its default view and its filters by type, currency, author,
 * company wallet and overpayment read a few dozen rows however long the queue is: the pending
 * operations counted and summed per type, currency, author (0: none), the company wallet they
 * leave (0: a user's wallet) and the overpayment mark.
 *
 * Statement triggers on transactions only insert signed deltas into pending_deltas (no writer
 * waits on another for a shared row): an operation recorded pending adds itself, one leaving
 * pending (confirmed, rejected) or deleted takes itself out. The application folds the deltas
 * into pending_tally in the background (lib/delta-tally.ts); readers add both tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table pending_tally (
    type text not null,
    currency text not null,
    created_by bigint not null,
    wallet_id bigint not null,
    overpayment boolean not null,
    count bigint not null,
    amount bigint not null,
    primary key (type, currency, created_by, wallet_id, overpayment)
  )`.execute(db);
  await sql`create table pending_deltas (
    id bigserial primary key,
    type text not null,
    currency text not null,
    created_by bigint not null,
    wallet_id bigint not null,
    overpayment boolean not null,
    count bigint not null,
    amount bigint not null
  )`.execute(db);

  // The key of each pending row of a transition table, with its sign.
  const deltasOf = (rows: string, sign: 1 | -1, where = 'true') => `
    insert into pending_deltas (type, currency, created_by, wallet_id, overpayment, count, amount)
    select r.type, r.currency, coalesce(r.created_by, 0),
      case when w.type = 'site' then r.wallet_id else 0 end, r.overpayment,
      ${sign} * count(*), ${sign} * sum(r.amount)
    from ${rows} r
    join wallets w on w.id = r.wallet_id
    where r.status = 'pending' and ${where}
    group by 1, 2, 3, 4, 5;`;
  await sql`create function pending_tally_insert() returns trigger language plpgsql as $$
    begin ${sql.raw(deltasOf('new_rows', 1))} return null; end $$`.execute(db);
  await sql`create function pending_tally_delete() returns trigger language plpgsql as $$
    begin ${sql.raw(deltasOf('old_rows', -1))} return null; end $$`.execute(db);
  // Only rows whose status or key changed move (a pending one's amounts and links never do).
  const changed = (other: string) =>
    `exists (select 1 from ${other} o where o.id = r.id and (o.status, o.type, o.currency,
      o.created_by, o.wallet_id, o.overpayment, o.amount) is distinct from (r.status, r.type,
      r.currency, r.created_by, r.wallet_id, r.overpayment, r.amount))`;
  await sql`create function pending_tally_update() returns trigger language plpgsql as $$
    begin
      ${sql.raw(deltasOf('old_rows', -1, changed('new_rows')))}
      ${sql.raw(deltasOf('new_rows', 1, changed('old_rows')))}
      return null;
    end $$`.execute(db);
  await sql`create function pending_tally_truncate() returns trigger language plpgsql as $$
    begin delete from pending_deltas; delete from pending_tally; return null; end $$`.execute(db);
  await sql`create trigger transactions_pending_tally_insert after insert on transactions
    referencing new table as new_rows
    for each statement execute function pending_tally_insert()`.execute(db);
  await sql`create trigger transactions_pending_tally_update after update on transactions
    referencing old table as old_rows new table as new_rows
    for each statement execute function pending_tally_update()`.execute(db);
  await sql`create trigger transactions_pending_tally_delete after delete on transactions
    referencing old table as old_rows
    for each statement execute function pending_tally_delete()`.execute(db);
  await sql`create trigger transactions_pending_tally_truncate after truncate on transactions
    for each statement execute function pending_tally_truncate()`.execute(db);

  await sql`insert into pending_tally
    select t.type, t.currency, coalesce(t.created_by, 0),
      case when w.type = 'site' then t.wallet_id else 0 end, t.overpayment, count(*), sum(t.amount)
    from transactions t join wallets w on w.id = t.wallet_id
    where t.status = 'pending'
    group by 1, 2, 3, 4, 5`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger if exists ${sql.raw(`transactions_pending_tally_${op}`)}
      on transactions`.execute(db);
    await sql`drop function if exists ${sql.raw(`pending_tally_${op}`)}()`.execute(db);
  }
  await sql`drop table if exists pending_deltas`.execute(db);
  await sql`drop table if exists pending_tally`.execute(db);
}
