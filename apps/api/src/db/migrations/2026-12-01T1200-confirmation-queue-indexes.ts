import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The confirmation queue's filters and orders over the pending operations alone, whatever the
 * ledger's length: a wallet's (its own and those it receives), by author, by amount within a
 * currency (read either way), the overpayments, and a word of the comment (pg_trgm, as the
 * users', trips' and suppliers' searches).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index transactions_pending_wallet_idx on transactions (wallet_id, id)
    where status = 'pending'`.execute(db);
  await sql`create index transactions_pending_target_idx on transactions (target_wallet_id, id)
    where status = 'pending' and target_wallet_id is not null`.execute(db);
  await sql`create index transactions_pending_author_idx on transactions (created_by, id)
    where status = 'pending'`.execute(db);
  await sql`create index transactions_pending_amount_idx on transactions (currency, amount, id)
    where status = 'pending'`.execute(db);
  await sql`create index transactions_pending_overpayment_idx on transactions (id)
    where status = 'pending' and overpayment`.execute(db);
  await sql`create index transactions_pending_comment_trgm on transactions
    using gin (lower(comment) gin_trgm_ops) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists transactions_pending_comment_trgm`.execute(db);
  await sql`drop index if exists transactions_pending_overpayment_idx`.execute(db);
  await sql`drop index if exists transactions_pending_amount_idx`.execute(db);
  await sql`drop index if exists transactions_pending_author_idx`.execute(db);
  await sql`drop index if exists transactions_pending_target_idx`.execute(db);
  await sql`drop index if exists transactions_pending_wallet_idx`.execute(db);
}
