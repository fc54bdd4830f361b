import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FieldChange } from '../../db/schema';

// Every function takes `db` or a transaction first: the caller decides which.

export interface AuditRowWithUser {
  id: number;
  entity_type: string;
  entity_id: number;
  action: string;
  changes: FieldChange[];
  user_id: number | null;
  user_name: string | null;
  created_at: Date;
}

/** One page of a record's history, newest first. */
export function pageOfHistory(
  db: Db,
  recordType: string,
  recordId: number,
  limit: number,
  offset: number,
  excludeActions: readonly string[] = [],
): Promise<AuditRowWithUser[]> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.entity_type',
      'a.entity_id',
      'a.action',
      'a.changes',
      'a.user_id',
      'u.full_name as user_name',
      'a.created_at',
    ])
    .where('a.record_type', '=', recordType)
    .where('a.record_id', '=', recordId)
    // A record's rows always name their entity (only events without a record have none).
    .$narrowType<{ entity_id: number }>();
  if (excludeActions.length > 0) query = query.where('a.action', 'not in', [...excludeActions]);
  return query.orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countHistory(
  db: Db,
  recordType: string,
  recordId: number,
  excludeActions: readonly string[] = [],
): Promise<number> {
  let query = db
    .selectFrom('audit_log')
    .select(sql<string>`count(*)`.as('total'))
    .where('record_type', '=', recordType)
    .where('record_id', '=', recordId);
  if (excludeActions.length > 0) query = query.where('action', 'not in', [...excludeActions]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What a reference in a change points to (see REFERENCES in the service). */
export type ReferenceKind = 'user' | 'prepared_tour' | 'trip' | 'supplier';

/** The names of records of one kind, by id; a record that no longer exists is left out. */
export async function namesOf(
  db: Db,
  kind: ReferenceKind,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows =
    kind === 'user'
      ? await db
          .selectFrom('users')
          .select(['id', 'full_name as name'])
          .where('id', 'in', ids)
          .execute()
      : kind === 'prepared_tour'
        ? await db
            .selectFrom('prepared_tours')
            .select(['id', 'title as name'])
            .where('id', 'in', ids)
            .execute()
        : kind === 'supplier'
          ? await db.selectFrom('suppliers').select(['id', 'name']).where('id', 'in', ids).execute()
          : await db
              .selectFrom('trips')
              .select([
                'id',
                sql<string>`title || ', ' || to_char(starts_on, 'DD.MM.YYYY')`.as('name'),
              ])
              .where('id', 'in', ids)
              .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The tourists' names of trip participants, by participant id (a row of a trip's history names
 * the participant that changed).
 */
export async function participantNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('trip_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'u.full_name as name'])
    .where('p.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Supplier prices named by their service, room type and board («Стандарт, DBL, BB»). */
export async function supplierPriceNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('supplier_prices')
    .select(['id', 'service', 'variant', 'meal_plan', 'capacity'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      [row.service, row.variant, row.meal_plan, row.capacity ? `${row.capacity} мест` : null]
        .filter(Boolean)
        .join(', '),
    ]),
  );
}
