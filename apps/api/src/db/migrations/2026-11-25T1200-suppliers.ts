import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The suppliers directory (DESIGN.md 3 "Bookings"): hotels, airlines, insurers, transfer
 * companies, guides, venues; the kinds of booking each serves, contacts, a default currency. One
 * name once, whatever its case; searched by a trigram index on the name and contacts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table suppliers (
    id bigserial primary key,
    name text not null check (length(name) between 1 and 200),
    kinds text[] not null default '{}' check (kinds <@ array['hotel', 'air_ticket',
      'health_insurance', 'transfer', 'guide', 'activity', 'tour_expense']::text[]),
    contact_person text,
    phone text,
    email text,
    default_currency text check (default_currency in ('kgs', 'usd', 'eur', 'jpy')),
    notes text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index suppliers_name_unique on suppliers (lower(name))`.execute(db);
  await sql`create index suppliers_search_trgm on suppliers using gin (
    (lower(name || ' ' || coalesce(contact_person, '') || ' ' || coalesce(phone, '') || ' ' ||
      coalesce(email, ''))) gin_trgm_ops)`.execute(db);
  await sql`create index suppliers_kinds_idx on suppliers using gin (kinds)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists suppliers`.execute(db);
}
