import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { SuppliersTable } from '../../db/schema';
import { containing } from '../../lib/search';

// Every function takes `db` or a transaction first: the route handler decides which.

export interface SupplierFilter {
  search?: string;
  kind?: string;
}

function filtered(db: Db, filter: SupplierFilter) {
  let query = db.selectFrom('suppliers');
  const term = filter.search?.trim();
  if (term) {
    query = query.where(
      // Exactly the expression of the suppliers_search_trgm index (migration supplier-city).
      sql`lower(name || ' ' || coalesce(contact_person, '') || ' ' || coalesce(phone, '') || ' ' ||
    coalesce(email, '') || ' ' || coalesce(city, ''))`,
      'like',
      containing(term),
    );
  }
  if (filter.kind) query = query.where(sql<boolean>`kinds @> array[${filter.kind}]::text[]`);
  return query;
}

/** A page of the suppliers the filter finds, by name. */
export function supplierPage(db: Db, filter: SupplierFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countSuppliers(db: Db, filter: SupplierFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findSupplier(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.selectFrom('suppliers').selectAll().where('id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export type SupplierValues = Omit<Insertable<SuppliersTable>, 'id' | 'created_at' | 'updated_at'>;

export async function insertSupplier(trx: Db, values: SupplierValues): Promise<number> {
  const { id } = await trx
    .insertInto('suppliers')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSupplier(trx: Db, id: number, values: SupplierValues): Promise<void> {
  await trx
    .updateTable('suppliers')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
