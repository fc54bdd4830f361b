import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { SupplierPricesTable } from '../../db/schema';

// Every function takes `db` or a transaction first: the route handler decides which.

export type PriceValues = Omit<
  Insertable<SupplierPricesTable>,
  'id' | 'supplier_id' | 'created_by' | 'created_at' | 'updated_at'
>;

const COLUMNS = [
  'id',
  'supplier_id',
  'kind',
  'service',
  'variant',
  'meal_plan',
  'capacity',
  'unit',
  'currency',
  'price',
  sql<string>`valid_from::text`.as('valid_from'),
  sql<string>`valid_to::text`.as('valid_to'),
  'notes',
  'created_at',
  'updated_at',
] as const;

/** A supplier's prices, by kind, service, variant and season; only those valid on `on` if given. */
export function pricesOf(db: Db, supplierId: number, filter: { kind?: string; on?: string }) {
  return db
    .selectFrom('supplier_prices')
    .select(COLUMNS)
    .where('supplier_id', '=', supplierId)
    .$if(filter.kind !== undefined, (query) => query.where('kind', '=', filter.kind!))
    .$if(filter.on !== undefined, (query) =>
      query.where('valid_from', '<=', filter.on!).where('valid_to', '>=', filter.on!),
    )
    .orderBy(
      sql`array_position(array['hotel', 'transfer', 'guide', 'activity', 'tour_expense'],
      kind)`,
    )
    .orderBy(sql`lower(service)`)
    .orderBy('variant')
    .orderBy('meal_plan')
    .orderBy('capacity')
    .orderBy('valid_from')
    .orderBy('id')
    .execute();
}

export function findPrice(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  return db
    .selectFrom('supplier_prices')
    .select(COLUMNS)
    .where('id', '=', id)
    .$if(options.forUpdate === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The supplier's kinds, its row locked: its prices are checked and written one change at a time. */
export function lockSupplier(db: Db, id: number) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'kinds'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function countPrices(db: Db, supplierId: number): Promise<number> {
  const row = await db
    .selectFrom('supplier_prices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('supplier_id', '=', supplierId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A price of the same service (kind, service, variant, board, capacity, currency) whose season meets this one's. */
export function overlappingPrice(
  db: Db,
  supplierId: number,
  values: PriceValues,
  exceptId: number | null,
) {
  return db
    .selectFrom('supplier_prices')
    .select([
      sql<string>`valid_from::text`.as('valid_from'),
      sql<string>`valid_to::text`.as('valid_to'),
    ])
    .where('supplier_id', '=', supplierId)
    .where('kind', '=', values.kind)
    .where(sql`lower(service)`, '=', values.service.toLowerCase())
    .where(sql<boolean>`variant is not distinct from ${values.variant ?? null}`)
    .where(sql<boolean>`meal_plan is not distinct from ${values.meal_plan ?? null}`)
    .where(sql<boolean>`capacity is not distinct from ${values.capacity ?? null}::integer`)
    .where('currency', '=', values.currency)
    .where('valid_from', '<=', values.valid_to)
    .where('valid_to', '>=', values.valid_from)
    .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId!))
    .orderBy('valid_from')
    .executeTakeFirst();
}

export async function insertPrice(
  db: Db,
  supplierId: number,
  createdBy: number,
  values: PriceValues,
): Promise<number> {
  const { id } = await db
    .insertInto('supplier_prices')
    .values({ ...values, supplier_id: supplierId, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePrice(db: Db, id: number, values: PriceValues): Promise<void> {
  await db
    .updateTable('supplier_prices')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deletePrice(db: Db, id: number): Promise<void> {
  await db.deleteFrom('supplier_prices').where('id', '=', id).execute();
}
