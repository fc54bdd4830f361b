import type { Db } from '../../db/database';

/** A user's sessions not yet expired at `at`, the most recently active first. */
export function liveSessionsOf(db: Db, userId: number, at: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent', 'remember'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', at)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

const ENDED = ['created_at', 'ip', 'user_agent'] as const;

/** Deletes one live session of the user; what it was (for the audit), or undefined. */
export function deleteSession(db: Db, userId: number, id: string, at: Date) {
  return db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('expires_at', '>', at)
    .returning(ENDED)
    .executeTakeFirst();
}

/** Deletes every live session of the user but `keepId`; what each was, for the audit. */
export function deleteSessionsBut(db: Db, userId: number, keepId: string, at: Date) {
  return db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '<>', keepId)
    .where('expires_at', '>', at)
    .returning(ENDED)
    .execute();
}
