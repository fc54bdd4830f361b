import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type SelectQueryBuilder,
  type SqlBool,
  type Expression,
} from 'kysely';
import type { Db } from '../../db/database';
import type { Database, RequestRow, RequestsTable } from '../../db/schema';
import { containing } from '../../lib/search';

// Every function takes `db` or a transaction first: the route handler decides which.

/** Which requests a viewer reaches, as a condition on `requests`. */
export type RequestScope = (eb: ExpressionBuilder<Database, 'requests'>) => Expression<SqlBool>;

export interface RequestFilters {
  status?: string;
  source?: string;
  assigneeId?: number;
  unassigned?: boolean;
  search?: string;
  /** The agent who sent them. */
  counterpartyId?: number;
}

// Exactly the expression of the requests_search_trgm index.
const SEARCH_TEXT = sql<string>`lower(requests.contact_name || ' ' || coalesce(requests.phone, '') || ' ' || coalesce(requests.email, ''))`;

export type RequestWithNames = RequestRow & {
  assignee_name: string | null;
  prepared_tour_title: string | null;
  trip_title: string | null;
  counterparty_name: string | null;
};

function matching(
  db: Db,
  scope: RequestScope,
  filters: Omit<RequestFilters, 'status'>,
): SelectQueryBuilder<Database, 'requests', object> {
  let query = db.selectFrom('requests').where(scope);
  if (filters.source)
    query = query.where('requests.source', '=', filters.source as RequestRow['source']);
  if (filters.assigneeId) query = query.where('requests.assignee_id', '=', filters.assigneeId);
  if (filters.unassigned) query = query.where('requests.assignee_id', 'is', null);
  if (filters.search) query = query.where(SEARCH_TEXT, 'like', containing(filters.search));
  if (filters.counterpartyId) {
    query = query.where('requests.counterparty_id', '=', filters.counterpartyId);
  }
  return query;
}

function withNames(query: SelectQueryBuilder<Database, 'requests', object>) {
  return query
    .leftJoin('users as a', 'a.id', 'requests.assignee_id')
    .leftJoin('prepared_tours as pt', 'pt.id', 'requests.prepared_tour_id')
    .leftJoin('trips as t', 't.id', 'requests.trip_id')
    .leftJoin('users as agent', 'agent.id', 'requests.counterparty_id')
    .selectAll('requests')
    .select([
      'a.full_name as assignee_name',
      'agent.full_name as counterparty_name',
      'pt.title as prepared_tour_title',
      't.title as trip_title',
    ]);
}

export function pageOfRequests(
  db: Db,
  scope: RequestScope,
  filters: RequestFilters,
  limit: number,
  offset: number,
): Promise<RequestWithNames[]> {
  let query = matching(db, scope, filters);
  if (filters.status)
    query = query.where('requests.status', '=', filters.status as RequestRow['status']);
  return withNames(query).orderBy('requests.id', 'desc').limit(limit).offset(offset).execute();
}

/** How many requests match in each status (the tabs' counts). */
export async function countsByStatus(
  db: Db,
  scope: RequestScope,
  filters: RequestFilters,
): Promise<Map<string, number>> {
  const rows = await matching(db, scope, filters)
    .select(['requests.status', sql<string>`count(*)`.as('total')])
    .groupBy('requests.status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

export function findRequest(
  db: Db,
  scope: RequestScope,
  id: number,
): Promise<RequestWithNames | undefined> {
  return withNames(
    db.selectFrom('requests').where(scope).where('requests.id', '=', id),
  ).executeTakeFirst();
}

export function lockRequest(
  trx: Db,
  scope: RequestScope,
  id: number,
): Promise<RequestRow | undefined> {
  return trx
    .selectFrom('requests')
    .selectAll()
    .where(scope)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertRequest(trx: Db, values: Insertable<RequestsTable>): Promise<number> {
  const row = await trx
    .insertInto('requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRequest(
  trx: Db,
  id: number,
  values: Partial<Insertable<RequestsTable>>,
): Promise<void> {
  await trx
    .updateTable('requests')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A user whose phone or email is one of the given (normalised) ones: phone first. */
export async function userByContact(trx: Db, phone: string | null, email: string | null) {
  if (phone) {
    const byPhone = await trx
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (byPhone) return byPhone.id;
  }
  if (email) {
    const byEmail = await trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email)
      .executeTakeFirst();
    if (byEmail) return byEmail.id;
  }
  return null;
}

export async function tripExists(trx: Db, id: number): Promise<boolean> {
  return (
    (await trx.selectFrom('trips').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

export async function tourExists(trx: Db, id: number): Promise<boolean> {
  return (
    (await trx
      .selectFrom('prepared_tours')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined
  );
}
