import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The ledger's generation (sequence ledger_generation), so that what an API instance remembers
 * of the ledger (totals per filter, the queue's counts, a statement's figures) is forgotten when
 * any instance writes: a statement that changes operations or wallets moves it inside its
 * transaction, and the writer moves it again once its transaction committed (routes/events), so
 * a value read under a generation is never older than the writes that generation covers. A
 * sequence, not a counter row: writers never wait on each other for it.
 */
const TABLES = ['transactions', 'wallets'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence ledger_generation`.execute(db);
  await sql`create function ledger_generation_bump() returns trigger language plpgsql as $$
    begin perform nextval('ledger_generation'); return null; end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`zz_ledger_generation_${table}`)}
      after insert or update or delete on ${sql.raw(table)}
      for each statement execute function ledger_generation_bump()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`zz_ledger_generation_${table}`)} on ${sql.raw(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists ledger_generation_bump()`.execute(db);
  await sql`drop sequence if exists ledger_generation`.execute(db);
}
