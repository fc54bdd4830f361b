import { sql } from 'kysely';
import type { Db } from '../../db/database';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords allowed per account in the window; the next attempt is refused (429). */
export const ACCOUNT_LIMIT = 5;
/** Per address the limit is wider: one office behind one address has many people. */
export const ADDRESS_LIMIT = 20;

/** Seconds until the caller may try again, or 0 when it may try now. */
export async function loginRetryAfter(db: Db, login: string, ip: string): Promise<number> {
  const since = sql<Date>`now() - make_interval(secs => ${LOGIN_WINDOW_MS / 1000})`;
  const [byLogin, byIp] = await Promise.all([
    db
      .selectFrom('login_failures')
      .select([
        (eb) => eb.fn.countAll<string>().as('count'),
        (eb) => eb.fn.min('created_at').as('first'),
      ])
      .where('login', '=', login)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_failures')
      .select([
        (eb) => eb.fn.countAll<string>().as('count'),
        (eb) => eb.fn.min('created_at').as('first'),
      ])
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  const wait = (row: { count: string | number; first: Date | string | null }, limit: number) =>
    Number(row.count) >= limit && row.first
      ? Math.max(
          1,
          Math.ceil((new Date(row.first).getTime() + LOGIN_WINDOW_MS - Date.now()) / 1000),
        )
      : 0;
  return Math.max(wait(byLogin, ACCOUNT_LIMIT), wait(byIp, ADDRESS_LIMIT));
}

export async function recordLoginFailure(db: Db, login: string, ip: string): Promise<void> {
  await db.insertInto('login_failures').values({ login, ip }).execute();
  // Keep the table small: what is older than the window no longer counts.
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

export async function clearLoginFailures(db: Db, login: string): Promise<void> {
  await db.deleteFrom('login_failures').where('login', '=', login).execute();
}
