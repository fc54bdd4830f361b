import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * wallets.listed_transactions: how many operations a wallet's page lists (its own, plus the
 * transfers it receives from other wallets), kept by statement triggers in the same transaction
 * as every write, so a wallet's paged history knows its total from its own row instead of three
 * counts over up to a hundred thousand index entries.
 *
 * The triggers update the wallets involved; a write that moves money already holds their row
 * locks (taken in id order), so the update waits for nobody.
 */
const LISTED_BY = (rows: string) =>
  sql.raw(`
  select id, count(*) as n from (
    select wallet_id as id from ${rows}
    union all
    select target_wallet_id from ${rows}
     where target_wallet_id is not null and target_wallet_id <> wallet_id
  ) as listed group by id`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallets add column listed_transactions bigint not null default 0`.execute(
    db,
  );
  await sql`update wallets w set listed_transactions = c.n
    from (${LISTED_BY('transactions')}) as c where c.id = w.id`.execute(db);
  await sql`create function wallets_listed_add() returns trigger language plpgsql as $$
    begin
      update wallets w set listed_transactions = w.listed_transactions + c.n
        from (${LISTED_BY('added')}) as c where c.id = w.id;
      return null;
    end $$`.execute(db);
  await sql`create function wallets_listed_remove() returns trigger language plpgsql as $$
    begin
      update wallets w set listed_transactions = w.listed_transactions - c.n
        from (${LISTED_BY('removed')}) as c where c.id = w.id;
      return null;
    end $$`.execute(db);
  await sql`create function wallets_listed_truncate() returns trigger language plpgsql as $$
    begin
      update wallets set listed_transactions = 0 where listed_transactions <> 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger wallets_listed_insert after insert on transactions
    referencing new table as added for each statement execute function wallets_listed_add()`.execute(
    db,
  );
  await sql`create trigger wallets_listed_delete after delete on transactions
    referencing old table as removed for each statement execute function wallets_listed_remove()`.execute(
    db,
  );
  // An operation stays on the wallets it was recorded on: moving it would rewrite the history.
  await sql`create function transactions_keep_wallets() returns trigger language plpgsql as $$
    begin
      raise exception 'an operation cannot move to another wallet'
        using errcode = 'check_violation';
    end $$`.execute(db);
  await sql`create trigger transactions_keep_wallets before update of wallet_id, target_wallet_id
    on transactions for each row
    when (old.wallet_id is distinct from new.wallet_id
          or old.target_wallet_id is distinct from new.target_wallet_id)
    execute function transactions_keep_wallets()`.execute(db);
  await sql`create trigger wallets_listed_truncate after truncate on transactions
    for each statement execute function wallets_listed_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of [
    'wallets_listed_truncate',
    'transactions_keep_wallets',
    'wallets_listed_delete',
    'wallets_listed_insert',
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on transactions`.execute(db);
  }
  for (const fn of [
    'wallets_listed_truncate',
    'transactions_keep_wallets',
    'wallets_listed_remove',
    'wallets_listed_add',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  }
  await sql`alter table wallets drop column if exists listed_transactions`.execute(db);
}
