import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { recordChanges } from '../../domain/history';
import * as repo from './repository';
import type { OwnSessionJson } from '@tour/core/contract/sessions';

/**
 * A user's own sessions (ASVS 5.0 7.5.2): the list, ending one, ending all the others. A session
 * is named by a handle, a keyed hash of its id (the session plugin's handleOf): the id is the
 * sha256 of the cookie, so neither is ever shown, nor derivable from a handle without the key.
 */

export const SESSION_NOT_FOUND = 'Сеанс не найден';

/** Names a session by its handle (app.sessions.handleOf). */
export type HandleOf = (sessionId: string) => string;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The caller's live sessions, the most recently active first; `currentId` is the caller's own. */
export async function ownSessions(
  db: Db,
  handleOf: HandleOf,
  userId: number,
  currentId: string | null,
  at: Date,
): Promise<OwnSessionJson[]> {
  const rows = await repo.liveSessionsOf(db, userId, at);
  return rows.map((row) => ({
    handle: handleOf(row.id),
    created_at: iso(row.created_at),
    last_seen_at: iso(row.last_seen_at),
    expires_at: iso(row.expires_at),
    ip: row.ip,
    user_agent: row.user_agent,
    remember: row.remember,
    current: row.id === currentId,
  }));
}

interface Ended {
  created_at: Date | string;
  ip: string | null;
  user_agent: string | null;
}

/** The audit row of sessions a user ended itself: how many and which, never an id or handle. */
async function recordEnded(trx: Db, userId: number, ended: Ended[], currentIncluded: boolean) {
  const which = [...ended]
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .map((session) => ({ ip: session.ip, user_agent: session.user_agent }));
  await recordChanges(trx, [
    {
      record: { type: 'user', id: userId },
      entity: { type: 'user', id: userId },
      action: 'sessions_ended',
      changes: [
        { field: 'count', old: null, new: ended.length },
        { field: 'sessions', old: null, new: which },
        { field: 'current', old: null, new: currentIncluded },
      ],
      userId,
    },
  ]);
}

/**
 * Ends the caller's session named `handle` (in the caller's transaction); 404 for a handle that
 * names none of the caller's live sessions. Says whether it was the caller's own (a sign-out).
 */
export async function endOwnSession(
  trx: Db,
  handleOf: HandleOf,
  userId: number,
  currentId: string | null,
  handle: string,
  at: Date,
): Promise<{ current: boolean }> {
  const rows = await repo.liveSessionsOf(trx, userId, at);
  const target = rows.find((row) => handleOf(row.id) === handle);
  const ended = target && (await repo.deleteSession(trx, userId, target.id, at));
  if (!target || !ended) throw notFound(SESSION_NOT_FOUND);
  const current = target.id === currentId;
  await recordEnded(trx, userId, [ended], current);
  return { current };
}

/** Ends every live session of the caller but `currentId` (in its transaction); how many. */
export async function endOtherSessions(
  trx: Db,
  userId: number,
  currentId: string,
  at: Date,
): Promise<number> {
  const ended = await repo.deleteSessionsBut(trx, userId, currentId, at);
  if (ended.length > 0) await recordEnded(trx, userId, ended, false);
  return ended.length;
}
