import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The transactional outbox of e-mail messages (DESIGN.md 9, issue 32): a message is written in
 * the transaction of its event and sent by a worker that claims due rows with FOR UPDATE SKIP
 * LOCKED, so two API instances never send one message twice.
 *
 * - `recipient` is null when the addressee has no e-mail address; `missing_reason` then says so
 *   in Russian and the message stays `no_address` (shown, never an error).
 * - `status`: waiting (due at `next_attempt_at`), sent, retry (failed, will be retried at
 *   `next_attempt_at` with exponential backoff), not_configured (no SMTP_URL: sent once it is),
 *   no_address.
 * - An attachment is kept as the bytes with its name and type, or as a reference to a kept paper
 *   (`attachment_ref`), whichever the kind needs.
 *
 * `message_kinds` switches each kind on or off (create_admin); a switched-off kind enqueues
 * nothing. Kinds are rows, so a later one is one insert.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table message_kinds (
    kind text primary key,
    enabled boolean not null default true,
    updated_by bigint references users (id) on delete set null,
    updated_at timestamptz
  )`.execute(db);
  await sql`insert into message_kinds (kind) values
    ('request_received'), ('request_converted'), ('payment_confirmed')`.execute(db);

  await sql`create table outbox_messages (
    id bigserial primary key,
    kind text not null references message_kinds (kind),
    recipient_user_id bigint references users (id) on delete set null,
    recipient text,
    missing_reason text,
    subject text not null,
    body_text text not null,
    body_html text,
    attachment_name text,
    attachment_mime text,
    attachment bytea,
    attachment_ref text,
    request_id bigint references requests (id) on delete set null,
    trip_id bigint references trips (id) on delete set null,
    transaction_id bigint references transactions (id) on delete set null,
    status text not null default 'waiting'
      check (status in ('waiting', 'sent', 'retry', 'not_configured', 'no_address')),
    attempts integer not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    last_error text,
    sent_at timestamptz,
    created_at timestamptz not null default now(),
    check ((recipient is null) = (missing_reason is not null)),
    check ((recipient is null) = (status = 'no_address')),
    check ((status = 'sent') = (sent_at is not null)),
    check ((attachment is null) = (attachment_name is null))
  )`.execute(db);
  // The worker's claim: due messages in order, only those it may send.
  await sql`create index outbox_messages_due on outbox_messages (next_attempt_at, id)
    where status in ('waiting', 'retry', 'not_configured')`.execute(db);
  // The screen's list: newest first, by status or kind.
  await sql`create index outbox_messages_list on outbox_messages (id desc)`.execute(db);
  await sql`create index outbox_messages_status on outbox_messages (status, id desc)`.execute(db);
  await sql`create index outbox_messages_kind on outbox_messages (kind, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists outbox_messages`.execute(db);
  await sql`drop table if exists message_kinds`.execute(db);
}
