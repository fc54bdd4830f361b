import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The trip's index of transactions carries what its participants' money adds up (who, kind,
 * status, currency, amount and when it was confirmed), so a trip's payments are read from the
 * index alone instead of a heap page per payment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index transactions_trip_idx`.execute(db);
  await sql`create index transactions_trip_idx on transactions (trip_id, id)
    include (participant_id, type, status, currency, amount, confirmed_at)
    where trip_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index transactions_trip_idx`.execute(db);
  await sql`create index transactions_trip_idx on transactions (trip_id, id) where trip_id is not null`.execute(
    db,
  );
}
