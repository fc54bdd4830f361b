import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The administrative report adds up the confirmed administrative operations (those with a
 * category) of a period by when they were confirmed: a partial index holds exactly those, in
 * confirmation order, with everything the report sums, so a period is one index-only range scan
 * however many other operations the ledger holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index transactions_administrative_confirmed_idx
    on transactions (confirmed_at) include (category, type, currency, amount)
    where status = 'confirmed' and category is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists transactions_administrative_confirmed_idx`.execute(db);
}
