import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Anchored, Fingerprint } from '../../lib/page-anchors';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { normalizePhone } from '../../lib/contacts';
import { containing } from '../../lib/search';
import type { UserScope } from '../../domain/reach';

// Every function takes `db` or a transaction first: the route handler decides which.

export interface UserFilters {
  id?: number;
  search?: string;
  role?: string;
  withTrips?: boolean;
  /** The tourists this agent brought. */
  counterpartyId?: number;
}

// Exactly the expression of the users_search_trgm index, so the planner can use it.
const SEARCH_TEXT = sql<string>`lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(passport_number, ''))`;
const PHONE_LIKE = /^[+\d\s().-]+$/;

/** The users within the scope that match the filters, to count or to page. */
export function matchingUsers(
  db: Db,
  scope: UserScope,
  filters: UserFilters,
): SelectQueryBuilder<Database, 'users', object> {
  let query = db.selectFrom('users').where(scope);
  if (filters.id !== undefined) query = query.where('users.id', '=', filters.id);
  if (filters.counterpartyId !== undefined) {
    query = query.where('users.counterparty_id', '=', filters.counterpartyId);
  }
  if (filters.role !== undefined) {
    const role = filters.role;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as ur')
          .select(sql.lit(1).as('one'))
          .whereRef('ur.user_id', '=', 'users.id')
          .where('ur.role', '=', role),
      ),
    );
  }
  if (filters.search) {
    const term = filters.search;
    // Phones are stored normalised: '+996 (700) 12-34' must find '+99670012...'.
    const phone = PHONE_LIKE.test(term) ? normalizePhone(term) : '';
    query = query.where((eb) =>
      phone.replace('+', '').length >= 3 && phone !== term
        ? eb.or([
            eb(SEARCH_TEXT, 'like', containing(term)),
            eb(SEARCH_TEXT, 'like', containing(phone)),
          ])
        : eb(SEARCH_TEXT, 'like', containing(term)),
    );
  }
  if (filters.withTrips) {
    // Taking part in at least one trip: a cancelled participation does not count.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('trip_participants as tp')
          .select(sql.lit(1).as('one'))
          .whereRef('tp.user_id', '=', 'users.id')
          .where('tp.status', '<>', 'cancelled'),
      ),
    );
  }
  return query;
}

/** How many users match the filters within the scope. */
export async function countUsers(db: Db, scope: UserScope, filters: UserFilters): Promise<number> {
  const row = await matchingUsers(db, scope, filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** How many users match and the sum of their ids: one pass over an index. */
export async function fingerprintUsers(
  db: Db,
  scope: UserScope,
  filters: UserFilters,
): Promise<Fingerprint> {
  const row = await matchingUsers(db, scope, filters)
    .select([
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`coalesce(sum(users.id), 0)::text`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), sum: row.sum };
}

const everyone: UserScope = () => sql<SqlBool>`true`;

/** The fingerprint of every user, kept by the users_tally triggers: one row, not a pass. */
export async function fingerprintAllUsers(db: Db): Promise<Fingerprint> {
  const row = await db
    .selectFrom('users_tally')
    .select(['total', sql<string>`id_sum::text`.as('sum')])
    .executeTakeFirst();
  return row ? { total: Number(row.total), sum: row.sum } : fingerprintUsers(db, everyone, {});
}

/** The matching users' ids at every `every`-th position, newest first, with their fingerprint. */
export async function anchorsOfUsers(
  db: Db,
  scope: UserScope,
  filters: UserFilters,
  every: number,
): Promise<Anchored> {
  const numbered = matchingUsers(db, scope, filters).select([
    'users.id',
    sql<string>`row_number() over (order by users.id desc) - 1`.as('position'),
    sql<string>`count(*) over ()`.as('total'),
    sql<string>`sum(users.id) over ()::text`.as('sum'),
  ]);
  const rows = await db
    .selectFrom(numbered.as('numbered'))
    .select(['numbered.id', 'numbered.total', 'numbered.sum'])
    .where(sql<string>`numbered.position % ${every}`, '=', '0')
    .orderBy('numbered.id', 'desc')
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    sum: rows[0]?.sum ?? '0',
    anchors: rows.map((row) => row.id),
  };
}

/** A users row with its roles, as the list reads it. */
export type UserWithRoles = UserRow & { roles: string[] };

export interface PageOptions {
  /** Oldest first: the page is counted from the list's far end (the caller reverses it). */
  fromEnd?: boolean;
  /** Only users with an id at most this (a page anchor): the offset counts from there. */
  atMostId?: number | null;
  /**
   * Read every match from the search index first, then sort them: for a search with few matches
   * (at most a few thousand). Walking the primary key in order and testing each row is fast only
   * when matches are many or recent, and the planner, which assumes them spread evenly, picks it
   * for rare terms too (100 ms for a phone prefix of old users at 100k, against 4 ms this way).
   */
  matchesFirst?: boolean;
}

/**
 * One page of the matching users, newest first, each with its roles. The page's ids come first
 * from the primary key (or the search index) alone, so only the page's own rows are read, and the
 * roles ride along in the same query.
 */
export function pageOfUsers(
  db: Db,
  scope: UserScope,
  filters: UserFilters,
  limit: number,
  offset: number,
  { fromEnd = false, atMostId = null, matchesFirst = false }: PageOptions = {},
): Promise<UserWithRoles[]> {
  const order = fromEnd ? 'asc' : 'desc';
  if (matchesFirst) {
    // Materialized, so the matches are planned alone (from the index), not walked in id order.
    const ids = db
      .with(
        (cte) => cte('matches').materialized(),
        () => matchingUsers(db, scope, filters).select('users.id'),
      )
      .selectFrom('matches')
      .select('matches.id')
      .orderBy('matches.id', order)
      .limit(limit)
      .offset(offset);
    return withRoles(db, ids, order);
  }
  let ids = matchingUsers(db, scope, filters)
    .select('users.id')
    .orderBy('users.id', order)
    .limit(limit)
    .offset(offset);
  if (atMostId !== null) ids = ids.where('users.id', '<=', atMostId);
  return withRoles(db, ids, order);
}

/** The users of a page of ids, in the given order, with their roles. */
function withRoles<PageDb, PageTables extends keyof PageDb>(
  db: Db,
  ids: SelectQueryBuilder<PageDb, PageTables, { id: number }>,
  order: 'asc' | 'desc',
): Promise<UserWithRoles[]> {
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('users', 'users.id', 'page.id')
    .selectAll('users')
    .select(
      sql<
        string[]
      >`array(select ur.role from user_roles ur where ur.user_id = users.id order by ur.role)`.as(
        'roles',
      ),
    )
    .orderBy('users.id', order)
    .execute();
}

/** The roles of several users in one query, each list sorted by name. */
export async function rolesOfUsers(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const roles = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return roles;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('user_id', 'in', ids)
    .orderBy('role')
    .execute();
  for (const row of rows) roles.get(row.user_id)?.push(row.role);
  return roles;
}

/** Users by id with their roles, whoever they are (to check a manager or a counterparty). */
export async function usersWithRoles(
  db: Db,
  ids: number[],
): Promise<Map<number, { disabled: boolean; roles: string[] }>> {
  const found = new Map<number, { disabled: boolean; roles: string[] }>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'disabled_at',
      sql<string[]>`array(select ur.role from user_roles ur where ur.user_id = users.id)`.as(
        'roles',
      ),
    ])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    found.set(row.id, { disabled: row.disabled_at !== null, roles: row.roles });
  }
  return found;
}

/** True when another user than `exceptId` has this (normalised) email. */
export async function emailTaken(db: Db, email: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** True when another user than `exceptId` has this (normalised) phone. */
export async function phoneTaken(db: Db, phone: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('phone', '=', phone);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: number, values: UserUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes the user's roles exactly `roles`. */
export async function replaceRoles(db: Db, userId: number, roles: string[]): Promise<void> {
  let removal = db.deleteFrom('user_roles').where('user_id', '=', userId);
  if (roles.length > 0) removal = removal.where('role', 'not in', roles);
  await removal.execute();
  if (roles.length > 0) {
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: userId, role })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Ends the user's sessions but `keepSessionId` (the caller's: kept when it is the user's own). */
export async function endSessionsOf(
  db: Db,
  userId: number,
  keepSessionId: string | null,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}

/** A passport number as compared: without spaces and dashes, upper case (index users_passport_key). */
export const PASSPORT_KEY = sql<string>`upper(regexp_replace(users.passport_number, '[[:space:]-]', '', 'g'))`;

/** `passportKey('ac 123-4567')` is `AC1234567`, as PASSPORT_KEY reads the stored number. */
export function passportKey(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** A client as the tourist lookups read it, with its manager's name. */
export interface ClientRow {
  id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
  passport_number: string | null;
  birth_date: string | null;
  manager_id: number | null;
  manager_name: string | null;
  counterparty_id: number | null;
}

/** Exact contacts to look a client up by, each already normalised; absent ones are not asked. */
export interface ClientContacts {
  phones?: string[];
  email?: string;
  passport?: string;
}

function clients(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('users as m', 'm.id', 'users.manager_id')
    .select([
      'users.id',
      'users.full_name',
      'users.phone',
      'users.email',
      'users.passport_number',
      'users.birth_date',
      'users.manager_id',
      'm.full_name as manager_name',
      'users.counterparty_id',
    ])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as ur')
          .select(sql.lit(1).as('one'))
          .whereRef('ur.user_id', '=', 'users.id')
          .where('ur.role', '=', 'client'),
      ),
    );
}

/**
 * Every client, whoever manages it, whose phone, email or passport number is exactly one of these
 * (through the unique indexes of phones and emails and users_passport_key), by name.
 */
export function clientsByContact(db: Db, contacts: ClientContacts): Promise<ClientRow[]> {
  const { phones = [], email, passport } = contacts;
  if (phones.length === 0 && !email && !passport) return Promise.resolve([]);
  return clients(db)
    .where((eb) =>
      eb.or([
        ...(phones.length > 0 ? [eb('users.phone', 'in', phones)] : []),
        ...(email ? [eb(sql<string>`lower(users.email)`, '=', email)] : []),
        ...(passport ? [eb(PASSPORT_KEY, '=', passport)] : []),
      ]),
    )
    .orderBy('users.full_name')
    .orderBy('users.id')
    .limit(20)
    .execute();
}

/**
 * Clients within `scope` whose name, email, phone or passport contains `search` (the users list's
 * search), by name; without a search, the newest. At most `limit`.
 */
export function clientsBySearch(
  db: Db,
  scope: UserScope,
  search: string | undefined,
  limit: number,
): Promise<ClientRow[]> {
  const ids = matchingUsers(db, scope, { search, role: 'client' }).select('users.id');
  if (!search) {
    return clients(db)
      .where('users.id', 'in', ids.orderBy('users.id', 'desc').limit(limit))
      .orderBy('users.id', 'desc')
      .execute();
  }
  return clients(db)
    .where('users.id', 'in', ids)
    .orderBy('users.full_name')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/** One user with what decides whether a staff member may put it on a trip. */
export function clientForTrip(
  db: Db,
  id: number,
): Promise<
  | (Pick<
      UserRow,
      'id' | 'full_name' | 'phone' | 'email' | 'passport_number' | 'manager_id' | 'counterparty_id'
    > & { is_client: boolean })
  | undefined
> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'full_name',
      'phone',
      'email',
      'passport_number',
      'manager_id',
      'counterparty_id',
      sql<boolean>`exists (select 1 from user_roles ur where ur.user_id = users.id and ur.role = 'client')`.as(
        'is_client',
      ),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Gives an unassigned user its manager; false when it has one by now (a concurrent taker won:
 * the condition is checked in the same statement).
 */
export async function takeUnassigned(db: Db, id: number, managerId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    // Not updated_at: the taking is the trip's doing, recorded in the user's История with its
    // time (and a demo seed replayed at another hour writes the same rows).
    .set({ manager_id: managerId })
    .where('id', '=', id)
    .where('manager_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
