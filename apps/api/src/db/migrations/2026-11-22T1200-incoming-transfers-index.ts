import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The index of transfers a wallet receives carries the sending wallet too, so a wallet's history
 * reads the transfers it receives from other wallets without a heap read per row. Its own
 * operations and those transfers are then disjoint, and one page of the history is a merge of two
 * index scans in id order that stops at the page (no de-duplication, no sort).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index transactions_target_idx`.execute(db);
  await sql`create index transactions_target_idx on transactions (target_wallet_id, id desc)
    include (wallet_id) where target_wallet_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index transactions_target_idx`.execute(db);
  await sql`create index transactions_target_idx on transactions (target_wallet_id, id desc)
    where target_wallet_id is not null`.execute(db);
}
