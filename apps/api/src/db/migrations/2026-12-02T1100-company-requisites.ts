import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The company's requisites (DESIGN.md 9): one row, printed on every document and export header.
 * Empty until an administrator fills them in (the demo seed fills the demo company's); a
 * document names in its dialog what it would print blank. The logo is kept here too, as the
 * uploaded PNG or JPEG bytes with their type and size in pixels (the documents scale it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table company_requisites (
    only_row boolean primary key default true check (only_row),
    legal_form text check (legal_form in ('osoo', 'oao', 'zao', 'ip')),
    name text,
    inn text,
    okpo text,
    licence text,
    city text,
    address text,
    phone text,
    email text,
    bank_name text,
    bank_account text,
    bank_bic text,
    director_position text,
    director_name text,
    director_name_genitive text,
    logo bytea,
    logo_mime text check (logo_mime in ('image/png', 'image/jpeg')),
    logo_width integer,
    logo_height integer,
    logo_updated_at timestamptz,
    updated_by bigint references users (id) on delete set null,
    updated_at timestamptz,
    check ((logo is null) = (logo_mime is null))
  )`.execute(db);
  await sql`insert into company_requisites (only_row) values (true)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists company_requisites`.execute(db);
}
