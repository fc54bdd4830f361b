import type { FastifyBaseLogger } from 'fastify';
import { ROLE_LABELS, ROLES, signsIn } from '@tour/core';
import type { Db } from '../../db/database';
import { normalizeLogin } from '../../lib/contacts';
import { HttpError, validationError } from '../../lib/http-errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import type { Viewer } from '../../plugins/session';
import { recordChanges } from '../../domain/history';
import { userJson, type UserJson } from '../../domain/user-json';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle';
import * as repo from './repository';

// The login limit, which a user changing its own password also counts against (users' service).
export { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle';

export const LOGIN_MESSAGES = {
  badCredentials: 'Неверный логин или пароль',
  notForClients: 'Вход доступен только сотрудникам и агентам',
  throttled: (minutes: number) => `Слишком много попыток входа. Повторите через ${minutes} мин.`,
} as const;

export interface LoginAttempt {
  login: string;
  password: string;
  /** request.ip: the client's address (behind a proxy only with TRUST_PROXY). */
  ip: string;
  /** When: the app's clock (app.sessions.now()), which the throttle's window counts by. */
  at: Date;
}

export interface SignedInUser {
  user: UserJson;
  /** The login as compared and logged: a lower-case email or a normalised phone. */
  login: string;
}

/**
 * POST /login's rules: a caller past the throttle's limits waits (429 with Retry-After, even with
 * the right password); an unknown login and a wrong password answer alike, each after an argon2
 * run, and count as a failure; a client-only account is refused (it has no back office). Every
 * refusal is logged, and written to the audit log with the login as typed (never the password)
 * and the user when the login names one. The caller then starts the session.
 */
export async function logIn(
  db: Db,
  attempt: LoginAttempt,
  log: FastifyBaseLogger,
): Promise<SignedInUser> {
  const key = normalizeLogin(attempt.login);
  const refused = (reason: string, userId: number | null) =>
    recordLoginAttempt(db, attempt, userId, reason);
  const retryAfter = await loginRetryAfter(db, key.value, attempt.ip, attempt.at);
  if (retryAfter > 0) {
    log.warn({ event: 'login', login: key.value, ok: false, reason: 'throttled' });
    await refused('throttled', null);
    throw new HttpError(429, LOGIN_MESSAGES.throttled(Math.ceil(retryAfter / 60)), undefined, {
      'retry-after': String(retryAfter),
    });
  }
  const user = await repo.findEnabledUserByLogin(db, key);
  const ok = await verifyPassword(user?.password_hash ?? null, attempt.password);
  if (!user || !ok) {
    await recordLoginFailure(db, key.value, attempt.ip, attempt.at);
    log.warn({ event: 'login', login: key.value, ok: false, reason: 'bad-credentials' });
    await refused('bad-credentials', user?.id ?? null);
    throw validationError(
      { login: [LOGIN_MESSAGES.badCredentials] },
      LOGIN_MESSAGES.badCredentials,
    );
  }
  const roles = await repo.rolesOf(db, user.id);
  if (!signsIn(roles)) {
    log.warn({ event: 'login', login: key.value, ok: false, reason: 'client-only' });
    await refused('client-only', user.id);
    throw new HttpError(403, LOGIN_MESSAGES.notForClients, {
      login: [LOGIN_MESSAGES.notForClients],
    });
  }
  await clearLoginFailures(db, key.value);
  // A hash made with weaker parameters than today's is replaced while the password is at hand.
  if (user.password_hash && needsRehash(user.password_hash)) {
    const hash = await hashPassword(attempt.password);
    await repo.replacePasswordHash(db, user.id, { from: user.password_hash, to: hash });
  }
  return { user: userJson(user, roles), login: key.value };
}

/**
 * One sign-in in the audit log: `reason` null for a success. The login is kept as typed (cut to
 * 200 characters), so an admin sees what was tried even when it names nobody.
 */
export async function recordLoginAttempt(
  db: Db,
  attempt: LoginAttempt,
  userId: number | null,
  reason: string | null,
): Promise<void> {
  const changes = [{ field: 'login', old: null, new: attempt.login.slice(0, 200) }];
  if (reason !== null) changes.push({ field: 'reason', old: null, new: reason });
  await recordChanges(db, [
    {
      record: { type: 'user', id: userId },
      entity: { type: 'user', id: userId },
      action: reason === null ? 'login' : 'login_failed',
      changes,
      userId,
      ip: attempt.ip,
    },
  ]);
}

/** GET /user: the signed-in user's card, with the roles its session read. */
export async function currentUser(db: Db, viewer: Viewer): Promise<UserJson> {
  const row = await repo.findUser(db, viewer.id);
  if (!row) throw new Error(`Пользователь ${viewer.id} сеанса не найден`);
  return userJson(row, viewer.roles);
}

/** GET /get-laravel-permission-to-vuejs: roles and permissions, or 0 for a guest. */
export function permissionData(viewer: Viewer | null) {
  return viewer ? { roles: viewer.roles, permissions: viewer.permissions } : (0 as const);
}

/** GET /roles: every role with its Russian label. */
export function roleLabels(): Record<string, string> {
  return Object.fromEntries(ROLES.map((role) => [role, ROLE_LABELS[role]]));
}
