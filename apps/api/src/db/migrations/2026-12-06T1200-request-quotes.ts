import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A request's quotes («Коммерческое предложение», issue 33): each save is a new quote of the
 * request, made from one saved costing version (never changed afterwards) at one group size and
 * occupancy, so its price per person is the cell of that version's table, kept here in minor
 * units with its currency: converting the request gives the participants this price. The quote's
 * paper is numbered in the series quote (`papers`); its number and day are kept here too, for
 * the lists. `sent_at`: when it was last put into the outbox for the client.
 *
 * The outbox gets its kind `quote` (the quote to the request's e-mail, with the DOCX attached by
 * reference, made when the message is sent).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table request_quotes (
    id bigserial primary key,
    request_id bigint not null references requests (id),
    costing_id bigint not null references costings (id),
    version integer not null check (version > 0),
    group_size integer not null check (group_size between 1 and 200),
    occupancy text not null check (occupancy in ('single', 'double')),
    price bigint not null check (price >= 0),
    currency text not null check (currency in ('kgs', 'usd', 'eur', 'jpy')),
    included text not null check (length(included) <= 2000),
    not_included text not null check (length(not_included) <= 2000),
    valid_until date,
    paper_number integer not null check (paper_number > 0),
    issued_on date not null,
    sent_at timestamptz,
    created_by bigint references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index request_quotes_request on request_quotes (request_id, id desc)`.execute(
    db,
  );
  await sql`insert into message_kinds (kind) values ('quote')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from outbox_messages where kind = 'quote'`.execute(db);
  await sql`delete from message_kinds where kind = 'quote'`.execute(db);
  await sql`drop table if exists request_quotes`.execute(db);
}
