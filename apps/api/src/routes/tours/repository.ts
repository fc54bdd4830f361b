import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, PreparedTourRow, PreparedToursTable } from '../../db/schema';
import type { Insertable } from 'kysely';
import { containing } from '../../lib/search';

// Every function takes `db` or a transaction first: the route handler decides which.

export interface TourFilters {
  search?: string;
  country?: string;
  published?: boolean;
  archived: boolean;
}

// Tens of rows: searched by a scan, no index.
const SEARCH_TEXT = sql<string>`lower(title || ' ' || key || ' ' || country || ' ' || array_to_string(cities, ' '))`;

export type TourWithUse = PreparedTourRow & { trips_count: number };

function matchingTours(
  db: Db,
  filters: TourFilters,
): SelectQueryBuilder<Database, 'prepared_tours', object> {
  let query = db.selectFrom('prepared_tours');
  query = query.where('archived_at', filters.archived ? 'is not' : 'is', null);
  if (filters.search) query = query.where(SEARCH_TEXT, 'like', containing(filters.search));
  if (filters.country) query = query.where(sql`lower(country)`, '=', filters.country.toLowerCase());
  if (filters.published !== undefined) query = query.where('published', '=', filters.published);
  return query;
}

const tripsCount = sql<number>`(select count(*)::int from trips t where t.prepared_tour_id = prepared_tours.id)`;

export function pageOfTours(
  db: Db,
  filters: TourFilters,
  limit: number,
  offset: number,
): Promise<TourWithUse[]> {
  return matchingTours(db, filters)
    .selectAll()
    .select(tripsCount.as('trips_count'))
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTours(db: Db, filters: TourFilters): Promise<number> {
  const row = await matchingTours(db, filters)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findTour(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<TourWithUse | undefined> {
  let query = db
    .selectFrom('prepared_tours')
    .selectAll()
    .select(tripsCount.as('trips_count'))
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The countries of the prepared tours, for the list's filter. */
export async function tourCountries(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('prepared_tours')
    .select('country')
    .distinct()
    .orderBy('country')
    .execute();
  return rows.map((row) => row.country);
}

export async function keyTaken(db: Db, key: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('prepared_tours').select('id').where('key', '=', key);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type TourValues = Omit<
  Insertable<PreparedToursTable>,
  'id' | 'created_at' | 'updated_at' | 'archived_at'
>;

export async function insertTour(trx: Db, values: TourValues): Promise<number> {
  const row = await trx
    .insertInto('prepared_tours')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTour(trx: Db, id: number, values: TourValues): Promise<void> {
  await trx
    .updateTable('prepared_tours')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setArchived(trx: Db, id: number, archived: boolean): Promise<void> {
  await trx
    .updateTable('prepared_tours')
    .set({ archived_at: archived ? sql`now()` : null, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function countTripsOfTour(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('trips')
    .select(sql<string>`count(*)`.as('total'))
    .where('prepared_tour_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function deleteTour(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('prepared_tours').where('id', '=', id).execute();
}
