import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A wallet's statement for a period counts only confirmed operations, by when they were
 * confirmed. Two partial indexes hold exactly those, in confirmation order per wallet, with what a
 * balance needs (the type and amount of its own operations, the credited amount of the transfers
 * it receives) and the other wallet of a transfer: the opening balance is one index-only
 * aggregate per side, however long the wallet's history, and the period's operations are two
 * ordered index-only range scans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index transactions_confirmed_wallet_idx
    on transactions (wallet_id, confirmed_at, id) include (type, amount, target_wallet_id)
    where status = 'confirmed'`.execute(db);
  await sql`create index transactions_confirmed_target_idx
    on transactions (target_wallet_id, confirmed_at, id) include (target_amount, wallet_id)
    where status = 'confirmed' and target_wallet_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists transactions_confirmed_target_idx`.execute(db);
  await sql`drop index if exists transactions_confirmed_wallet_idx`.execute(db);
}
