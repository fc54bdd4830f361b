import type { Db } from '../../db/database';
import * as repo from './repository';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords allowed per account in the window; the next attempt is refused (429). */
export const ACCOUNT_LIMIT = 5;
/** Per address the limit is wider: one office behind one address has many people. */
export const ADDRESS_LIMIT = 20;

// Failures older than this are deleted: long past any window that counts them.
const KEEP_FAILURES_MS = 24 * 60 * 60 * 1000;

/**
 * Seconds until the caller may try again, or 0 when it may try now. `ip` is request.ip: the
 * client's own address only behind a proxy named in TRUST_PROXY (README "Settings"). The login
 * is counted whether or not such an account exists: an unknown one is refused alike. `now` is the
 * app's clock (app.sessions.now()).
 */
export async function loginRetryAfter(
  db: Db,
  login: string,
  ip: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [byLogin, byIp] = await Promise.all([
    repo.loginFailuresSince(db, { login }, since),
    repo.loginFailuresSince(db, { ip }, since),
  ]);
  const wait = (row: { count: string | number; first: Date | string | null }, limit: number) =>
    Number(row.count) >= limit && row.first
      ? Math.max(
          1,
          Math.ceil((new Date(row.first).getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000),
        )
      : 0;
  return Math.max(wait(byLogin, ACCOUNT_LIMIT), wait(byIp, ADDRESS_LIMIT));
}

export async function recordLoginFailure(
  db: Db,
  login: string,
  ip: string,
  now: Date,
): Promise<void> {
  await repo.insertLoginFailure(db, { login, ip, at: now });
  // Keep the table small: what is older than the window no longer counts.
  await repo.deleteLoginFailuresBefore(db, new Date(now.getTime() - KEEP_FAILURES_MS));
}

export async function clearLoginFailures(db: Db, login: string): Promise<void> {
  await repo.deleteLoginFailuresOf(db, login);
}
