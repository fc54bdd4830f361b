import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A trip's money (what its participants owe and paid, DESIGN.md 3b) read from indexes alone: the
 * participants' index by trip carries each one's price, discount and status, and the trip's
 * index of transactions carries what the debts add up. A page of twenty trips then reads a few
 * index pages instead of a heap page per participant and per payment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index trip_participants_unique`.execute(db);
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)
    include (id, price, discount, status)`.execute(db);
  await sql`drop index transactions_trip_idx`.execute(db);
  await sql`create index transactions_trip_idx on transactions (trip_id, id)
    include (participant_id, type, status, currency, amount, confirmed_at)
    where trip_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index trip_participants_unique`.execute(db);
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)`.execute(
    db,
  );
  await sql`drop index transactions_trip_idx`.execute(db);
  await sql`create index transactions_trip_idx on transactions (trip_id, id) where trip_id is not null`.execute(
    db,
  );
}
