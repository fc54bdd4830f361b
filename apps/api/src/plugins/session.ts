import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { readSessionLifetimes, type SessionLifetimes } from '../config';
import type { Db } from '../db/database';
import { compiledOnce, executePreparedFirst } from '../db/prepared';
import { HttpError } from '../lib/http-errors';

export const SESSION_COOKIE = 'tour_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

// last_seen_at is written at most this often, so reads do not each cost a write. The idle limit
// therefore counts from a request at most this much before the last one.
const TOUCH_EVERY_MS = 60 * 1000;

/** The signed-in user as every handler sees it. */
export interface Viewer {
  id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  roles: string[];
  permissions: string[];
}

interface SessionState {
  /** sha256 of the cookie's token for a signed-in session; null for a guest. */
  id: string | null;
  csrfToken: string;
  /** Set when the response must (re)write the session cookie. */
  cookie?: { value: string; maxAgeSeconds: number | null } | { clear: true };
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    session: SessionState;
  }
  interface FastifyInstance {
    sessions: SessionService;
  }
}

const token = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key that signs guest sessions; made once and kept in the database for every instance. */
async function sessionKey(db: Db): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name: 'session_key', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'session_key')
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface SessionService {
  /** The time sessions and the login throttle go by: the system clock unless a test sets one. */
  now(): Date;
  /** Starts a signed-in session for `userId` on this request (a new id: no fixation). */
  signIn(request: FastifyRequest, userId: number, remember: boolean): Promise<void>;
  /** Ends this request's session; the response carries a fresh guest session. */
  signOut(request: FastifyRequest): Promise<void>;
  /** Ends every session of a user (disabled, password changed). */
  endAllOf(userId: number): Promise<void>;
  /**
   * The user of a session as it is now, or null once the session has ended (expired, signed out,
   * ended, its user disabled). Touches nothing: a page held open does not keep a session alive.
   */
  currentViewer(sessionId: string): Promise<Viewer | null>;
  /**
   * A session's name in its owner's list («Мои сеансы»): a keyed hash of its id under the
   * session key, so neither the id nor the cookie is ever shown or derivable from it.
   */
  handleOf(sessionId: string): string;
}

export interface SessionOptions {
  /** The clock (tests move it); the system's by default. */
  now?: () => Date;
  /** How long sessions live; by default the SESSION_* settings (config.ts, README "Sessions"). */
  lifetimes?: SessionLifetimes;
}

/**
 * Server-side sessions in the database with an HttpOnly cookie, and Laravel-style CSRF: every
 * response carries a readable XSRF-TOKEN cookie tied to the session, every state-changing request
 * must echo it in X-XSRF-TOKEN (constant-time compare), else 419. A guest has no row: its cookie
 * is signed, and its token is derived from it, so anonymous traffic writes nothing.
 *
 * A signed-in session ends at whichever comes first: its idle limit after the last request, its
 * absolute limit after the sign-in, logout, the user disabled, or its password changed elsewhere.
 * Only the sha256 of the cookie is stored; the user's roles and permissions are read with the
 * session on every request, so a role removed counts from the user's next request.
 */
export async function registerSessions(
  app: FastifyInstance,
  {
    db,
    secureCookies,
    now = () => new Date(),
    // server.ts builds the app without them: the settings are read here (readConfig checks them
    // at start too).
    lifetimes = readSessionLifetimes(),
  }: { db: Db; secureCookies: boolean } & SessionOptions,
): Promise<void> {
  const key = await sessionKey(db);
  const sign = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  const guestCsrf = (id: string) => sign(`csrf:${id}`);

  function newGuest(): SessionState {
    const id = token();
    return {
      id: null,
      csrfToken: guestCsrf(id),
      cookie: { value: `g.${id}.${sign(`guest:${id}`)}`, maxAgeSeconds: null },
    };
  }

  function readGuest(cookie: string): SessionState | null {
    const [prefix, id, signature] = cookie.split('.');
    if (prefix !== 'g' || !id || !signature || !safeEqual(signature, sign(`guest:${id}`))) {
      return null;
    }
    return { id: null, csrfToken: guestCsrf(id) };
  }

  /** When a session touched at `at` expires: its idle limit, never past its absolute one. */
  function expiresAt(at: number, createdAt: number, remember: boolean): Date {
    const idle = remember ? lifetimes.rememberIdleMs : lifetimes.idleMs;
    const absolute = remember ? lifetimes.rememberAbsoluteMs : lifetimes.absoluteMs;
    return new Date(Math.min(at + idle, createdAt + absolute));
  }

  // Every signed-in request runs this lookup: a prepared statement, planned once per connection
  // (the time is a parameter: the clock is the app's, not the database server's), and compiled
  // once per app.
  const lookupQuery = compiledOnce(
    (id: string, at: Date) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.csrf_token',
          's.remember',
          's.created_at',
          's.last_seen_at',
          'u.id',
          'u.full_name',
          'u.email',
          'u.phone',
          sql<
            string[]
          >`array(select ur.role from user_roles ur where ur.user_id = u.id order by ur.role)`.as(
            'roles',
          ),
          sql<string[]>`array(select distinct rp.permission from user_roles ur
          join role_permissions rp on rp.role = ur.role where ur.user_id = u.id order by 1)`.as(
            'permissions',
          ),
        ])
        .where('s.id', '=', id)
        .where('s.expires_at', '>', at)
        .where('u.disabled_at', 'is', null),
    ['\u0000session id', new Date(0)],
  );

  /** A live session (by its id) with its enabled user's roles and permissions. */
  function lookup(id: string, at: Date) {
    return executePreparedFirst(db, lookupQuery(id, at));
  }

  const viewerOf = (row: NonNullable<Awaited<ReturnType<typeof lookup>>>): Viewer => ({
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    permissions: row.permissions,
  });

  async function readSignedIn(
    cookie: string,
  ): Promise<{ session: SessionState; viewer: Viewer } | null> {
    const id = sha256(cookie);
    const at = now();
    const row = await lookup(id, at);
    if (!row) return null;
    if (at.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
      await db
        .updateTable('sessions')
        .set({
          last_seen_at: at,
          expires_at: expiresAt(at.getTime(), new Date(row.created_at).getTime(), row.remember),
        })
        .where('id', '=', id)
        .execute();
    }
    return { session: { id, csrfToken: row.csrf_token }, viewer: viewerOf(row) };
  }

  app.decorateRequest('viewer', null);
  app.decorateRequest('session', undefined as unknown as SessionState);

  app.addHook('onRequest', async (request) => {
    // Sessions belong to the API; the front end's static files need none (and cost no query).
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie && !cookie.startsWith('g.')) {
      const signedIn = await readSignedIn(cookie);
      if (signedIn) {
        request.session = signedIn.session;
        request.viewer = signedIn.viewer;
        return;
      }
    }
    request.session = (cookie && readGuest(cookie)) || newGuest();
  });

  // CSRF runs before the access check and validation: a forged request learns nothing.
  app.addHook('preValidation', async (request) => {
    if (!request.session || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !safeEqual(header, request.session.csrfToken)) {
      throw new HttpError(419, 'Страница устарела: обновите её и повторите действие');
    }
  });

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const session = request.session;
    if (!session) return payload;
    const base = { path: '/', sameSite: 'lax' as const, secure: secureCookies };
    const cookie = session.cookie;
    if (cookie && 'clear' in cookie) {
      reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
    } else if (cookie) {
      reply.setCookie(SESSION_COOKIE, cookie.value, {
        ...base,
        httpOnly: true,
        ...(cookie.maxAgeSeconds !== null ? { maxAge: cookie.maxAgeSeconds } : {}),
      });
    }
    reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false });
    return payload;
  });

  const service: SessionService = {
    now,
    async signIn(request, userId, remember) {
      const value = token();
      const at = now();
      const csrfToken = token();
      if (request.session.id) {
        await db.deleteFrom('sessions').where('id', '=', request.session.id).execute();
      }
      // Expired sessions are worthless; each sign-in sweeps them (the expiry index finds them).
      await db.deleteFrom('sessions').where('expires_at', '<=', at).execute();
      await db
        .insertInto('sessions')
        .values({
          id: sha256(value),
          user_id: userId,
          csrf_token: csrfToken,
          remember,
          ip: request.ip,
          user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
          created_at: at,
          last_seen_at: at,
          expires_at: expiresAt(at.getTime(), at.getTime(), remember),
        })
        .execute();
      request.session = {
        id: sha256(value),
        csrfToken,
        cookie: {
          value,
          maxAgeSeconds: remember ? Math.floor(lifetimes.rememberAbsoluteMs / 1000) : null,
        },
      };
    },
    async signOut(request) {
      if (request.session.id) {
        await db.deleteFrom('sessions').where('id', '=', request.session.id).execute();
      }
      request.viewer = null;
      request.session = newGuest();
    },
    async endAllOf(userId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
    handleOf: (sessionId) =>
      createHmac('sha256', key).update(`session-handle:${sessionId}`).digest('hex').slice(0, 32),
    async currentViewer(sessionId) {
      const row = await lookup(sessionId, now());
      return row ? viewerOf(row) : null;
    },
  };
  app.decorate('sessions', service);
}
