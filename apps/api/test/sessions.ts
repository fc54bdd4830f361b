import { createHash, randomBytes } from 'node:crypto';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { Browser } from './http';

/**
 * A browser holding a session made directly in the database, for a user that cannot sign in
 * through the form (a client-only account) or to skip argon2 in large matrices.
 */
export async function browserWithSession(app: App, db: Db, userId: number): Promise<Browser> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: createHash('sha256').update(token).digest('hex'),
      user_id: userId,
      csrf_token: csrf,
      expires_at: new Date(Date.now() + 60 * 60 * 1000),
    })
    .execute();
  const browser = new Browser(app);
  browser.cookies.set('tour_session', token);
  browser.cookies.set('XSRF-TOKEN', csrf);
  return browser;
}
