import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The scheduled messages of issue 32, written by a daily round (one per business day, Asia/Bishkek):
 * a tourist's payment due in N days and overdue (to the tourist and its manager), a passport
 * expiring within 6 months after the trip's end (to the trip's manager), a supplier's payment
 * deadline within N days (to the reservation agents).
 *
 * - `message_kinds.days`: the N of a kind that has one (null for the others), 1 to 90.
 * - `outbox_messages.dedupe_key`: what a scheduled message is about — kind, subject, its day and
 *   addressee — unique, so a round repeated (another API instance, a restart) adds nothing.
 * - `message_rounds`: the business days whose round is done; the row is taken in the round's
 *   transaction, so of two instances one runs the round and the other finds it taken.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table message_kinds
    add column days integer check (days between 1 and 90)`.execute(db);
  await sql`insert into message_kinds (kind, days) values
    ('payment_due', 7), ('payment_overdue', null), ('passport_expiring', null),
    ('supplier_payment_due', 7)`.execute(db);

  await sql`alter table outbox_messages
    add column dedupe_key text,
    add column booking_id bigint references bookings (id) on delete set null`.execute(db);
  await sql`create unique index outbox_messages_dedupe on outbox_messages (dedupe_key)
    where dedupe_key is not null`.execute(db);

  await sql`create table message_rounds (
    day date primary key,
    messages integer not null default 0 check (messages >= 0),
    done_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists message_rounds`.execute(db);
  await sql`drop index if exists outbox_messages_dedupe`.execute(db);
  await sql`alter table outbox_messages drop column if exists booking_id,
    drop column if exists dedupe_key`.execute(db);
  await sql`delete from outbox_messages where kind in
    ('payment_due', 'payment_overdue', 'passport_expiring', 'supplier_payment_due')`.execute(db);
  await sql`delete from message_kinds where kind in
    ('payment_due', 'payment_overdue', 'passport_expiring', 'supplier_payment_due')`.execute(db);
  await sql`alter table message_kinds drop column if exists days`.execute(db);
}
