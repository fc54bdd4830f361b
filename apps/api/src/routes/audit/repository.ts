import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, FieldChange } from '../../db/schema';
import { containing } from '../../lib/search';

// Every function takes `db` or a transaction first: the caller decides which.

export interface AuditFilter {
  search?: string;
  userId?: number;
  action?: string;
  from?: string;
  to?: string;
  timeZone: string;
}

export interface AuditRow {
  id: number;
  created_at: Date;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  action: string;
  record_type: string;
  record_id: number | null;
  entity_type: string;
  entity_id: number | null;
  changes: FieldChange[];
}

function filtered<O>(
  query: SelectQueryBuilder<Database & { a: Database['audit_log'] }, 'a', O>,
  filter: AuditFilter,
) {
  let q = query;
  if (filter.userId !== undefined) q = q.where('a.user_id', '=', filter.userId);
  if (filter.action !== undefined) q = q.where('a.action', '=', filter.action);
  if (filter.from !== undefined) {
    q = q.where(
      'a.created_at',
      '>=',
      sql<Date>`(${filter.from}::date)::timestamp at time zone ${filter.timeZone}`,
    );
  }
  if (filter.to !== undefined) {
    q = q.where(
      'a.created_at',
      '<',
      sql<Date>`(${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`,
    );
  }
  const term = filter.search?.trim();
  if (term) {
    const pattern = containing(term);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(a.action)`, 'like', pattern),
        eb(sql`lower(a.record_type)`, 'like', pattern),
        eb(sql`lower(coalesce(a.ip, ''))`, 'like', pattern),
        eb(sql`lower(a.changes::text)`, 'like', pattern),
        eb.exists(
          eb
            .selectFrom('users as s')
            .select(sql`1`.as('one'))
            .whereRef('s.id', '=', 'a.user_id')
            .where(sql`lower(s.full_name)`, 'like', pattern),
        ),
      ]),
    );
  }
  return q;
}

/** One page of the audit log, newest first. */
export function pageOfAudit(
  db: Db,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return filtered(db.selectFrom('audit_log as a'), filter)
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.created_at',
      'a.user_id',
      'u.full_name as user_name',
      'a.ip',
      'a.action',
      'a.record_type',
      'a.record_id',
      'a.entity_type',
      'a.entity_id',
      'a.changes',
    ])
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db.selectFrom('audit_log as a'), filter)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
