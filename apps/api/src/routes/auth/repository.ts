import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';

// Every function takes `db` or a transaction first: the route handler decides which.

/** The enabled user who signs in with this email (any case) or phone (normalised). */
export function findEnabledUserByLogin(
  db: Db,
  login: { kind: 'email' | 'phone'; value: string },
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(login.kind === 'email' ? sql`lower(email)` : sql`phone`, '=', login.value)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rolesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

/** Failed logins of one login or from one address in the last `seconds`: how many, the first. */
export function loginFailuresSince(
  db: Db,
  by: { login: string } | { ip: string },
  seconds: number,
): Promise<{ count: string | number; first: Date | string | null }> {
  return db
    .selectFrom('login_failures')
    .select([
      (eb) => eb.fn.countAll<string>().as('count'),
      (eb) => eb.fn.min('created_at').as('first'),
    ])
    .where((eb) => ('login' in by ? eb('login', '=', by.login) : eb('ip', '=', by.ip)))
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
}

export async function insertLoginFailure(db: Db, login: string, ip: string): Promise<void> {
  await db.insertInto('login_failures').values({ login, ip }).execute();
}

/** Drops the failures older than a day: long past any window that counts them. */
export async function deleteStaleLoginFailures(db: Db): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

export async function deleteLoginFailuresOf(db: Db, login: string): Promise<void> {
  await db.deleteFrom('login_failures').where('login', '=', login).execute();
}
