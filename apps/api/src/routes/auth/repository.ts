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

/** Sets a new hash of the same password, unless the password was changed meanwhile. */
export async function replacePasswordHash(
  db: Db,
  id: number,
  hash: { from: string; to: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash.to })
    .where('id', '=', id)
    .where('password_hash', '=', hash.from)
    .execute();
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

/** Failed logins of one login or from one address after `since`: how many, the first. */
export function loginFailuresSince(
  db: Db,
  by: { login: string } | { ip: string },
  since: Date,
): Promise<{ count: string | number; first: Date | string | null }> {
  return db
    .selectFrom('login_failures')
    .select([
      (eb) => eb.fn.countAll<string>().as('count'),
      (eb) => eb.fn.min('created_at').as('first'),
    ])
    .where((eb) => ('login' in by ? eb('login', '=', by.login) : eb('ip', '=', by.ip)))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
}

export async function insertLoginFailure(
  db: Db,
  failure: { login: string; ip: string; at: Date },
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ login: failure.login, ip: failure.ip, created_at: failure.at })
    .execute();
}

/** Drops the failures from before `before`. */
export async function deleteLoginFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', before).execute();
}

export async function deleteLoginFailuresOf(db: Db, login: string): Promise<void> {
  await db.deleteFrom('login_failures').where('login', '=', login).execute();
}
