import type { Db } from '../../db/database';
import * as repo from './repository';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords allowed per account in the window; the next attempt is refused (429). */
export const ACCOUNT_LIMIT = 5;
/** Per address the limit is wider: one office behind one address has many people. */
export const ADDRESS_LIMIT = 20;

/**
 * Seconds until the caller may try again, or 0 when it may try now. `ip` is request.ip: the
 * client's own address only behind a proxy named in TRUST_PROXY (README "Settings").
 */
export async function loginRetryAfter(db: Db, login: string, ip: string): Promise<number> {
  const window = LOGIN_WINDOW_MS / 1000;
  const [byLogin, byIp] = await Promise.all([
    repo.loginFailuresSince(db, { login }, window),
    repo.loginFailuresSince(db, { ip }, window),
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
  await repo.insertLoginFailure(db, login, ip);
  // Keep the table small: what is older than the window no longer counts.
  await repo.deleteStaleLoginFailures(db);
}

export async function clearLoginFailures(db: Db, login: string): Promise<void> {
  await repo.deleteLoginFailuresOf(db, login);
}
