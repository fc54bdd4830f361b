import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Where a supplier is (suppliers.city, suppliers.address): a hotel's city fills a hotel booking's
 * own, its address goes on the voucher a traveller shows a taxi driver. The search finds a
 * supplier by its city too («Осака» finds the hotels there), through the same trigram index
 * widened by the city.
 */
const SEARCH = (city: boolean) =>
  `lower(name || ' ' || coalesce(contact_person, '') || ' ' || coalesce(phone, '') || ' ' ||
    coalesce(email, '')${city ? ` || ' ' || coalesce(city, '')` : ''})`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table suppliers
    add column city text check (length(city) between 1 and 100),
    add column address text check (length(address) between 1 and 500)`.execute(db);
  await sql`drop index if exists suppliers_search_trgm`.execute(db);
  await sql`create index suppliers_search_trgm on suppliers
    using gin ((${sql.raw(SEARCH(true))}) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists suppliers_search_trgm`.execute(db);
  await sql`alter table suppliers drop column if exists city, drop column if exists address`.execute(
    db,
  );
  await sql`create index suppliers_search_trgm on suppliers
    using gin ((${sql.raw(SEARCH(false))}) gin_trgm_ops)`.execute(db);
}
