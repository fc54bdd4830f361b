import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/app';
import { ARGON2_PARAMETERS, hashPassword, verifyPassword } from '../../src/lib/passwords';
import {
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  LOGIN_WINDOW_MS,
} from '../../src/routes/auth/login-throttle';
import { LOGIN_MESSAGES } from '../../src/routes/auth/service';
import { useTestDatabase } from '../database';
import { Browser, createTestUser, TEST_PASSWORD } from '../http';
import { recordFigures } from './figures';

// Sessions and sign-in against OWASP ASVS 5.0 V6 (authentication) and V7 (session management):
// fixation, logout replay, idle and absolute expiry on a test clock, a disabled user, a password
// changed, a role removed, the login throttle at its limits, no account enumeration, argon2id's
// cost. What the product already had is proved here; auth.test.ts keeps the everyday cases.

const SECTION = 'Сессии и вход';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// The lifetimes chosen (config.ts DEFAULT_SESSION_LIFETIMES, README "Sessions"), written out.
const IDLE = 2 * HOUR;
const ABSOLUTE = 12 * HOUR;
const REMEMBER_IDLE = 14 * DAY;
const REMEMBER_ABSOLUTE = 30 * DAY;

const database = useTestDatabase();
const db = () => database().db;

// The test clock: sessions and the login throttle read it (buildApp's `sessions.now`); it moves
// only when a test moves it, so a Retry-After or an expiry is exact.
let clock = Date.now();
const now = () => new Date(clock);
const advance = (ms: number) => {
  clock += ms;
};

let app: App;
const tally = { checks: 0, violations: 0 };
const measured = { hashMs: 0, loginMs: 0 };

beforeAll(async () => {
  // No lifetimes given: the SESSION_* settings' defaults, as server.ts builds it.
  app = await buildApp({ db: db(), logger: false, sessions: { now } });
});
afterEach(async () => {
  // Every sign-in here comes from 127.0.0.1: one test's wrong passwords never count in the next.
  await db().deleteFrom('login_failures').execute();
});
afterAll(async () => {
  await app.close();
  recordFigures(SECTION, [
    { name: 'проверок', value: tally.checks },
    { name: 'нарушений', value: tally.violations, safe: 0 },
    { name: 'хеш argon2id, мс', value: Math.round(measured.hashMs) },
    { name: 'вход целиком, мс', value: Math.round(measured.loginMs) },
  ]);
});

/** One rule checked: counted; a violation is counted too and fails the test under its name. */
function rule(name: string, actual: unknown, expected: unknown): void {
  tally.checks += 1;
  try {
    expect(actual).toEqual(expected);
  } catch (error) {
    tally.violations += 1;
    throw new Error(`${name}\n${(error as Error).message}`);
  }
}

let n = 0;
async function account(roles: string[] = ['sales_manager'], password?: string | null) {
  const email = `sess${++n}.${process.pid}@test.example`;
  const id = await createTestUser(db(), { roles, email, password });
  return { id, email };
}

/** A browser signed in as a new user (at the clock's time). */
async function signedIn(roles: string[] = ['sales_manager'], remember = false) {
  const user = await account(roles);
  const browser = new Browser(app);
  await browser.login(user.email, TEST_PASSWORD, remember);
  return { ...user, browser };
}

/** A second browser (another device) signed in as the same user. */
async function alsoSignedIn(email: string, password = TEST_PASSWORD): Promise<Browser> {
  const browser = new Browser(app);
  await browser.login(email, password);
  return browser;
}

/** A browser holding only this session cookie (a copy an attacker kept). */
function replay(cookie: string, xsrf?: string): Browser {
  const browser = new Browser(app);
  browser.cookies.set('tour_session', cookie);
  if (xsrf) browser.cookies.set('XSRF-TOKEN', xsrf);
  return browser;
}

async function status(browser: Browser, url = '/api/user'): Promise<number> {
  return (await browser.get(url)).statusCode;
}

/** A guest browser with its XSRF token, as the login page has it. */
async function guest(): Promise<Browser> {
  const browser = new Browser(app);
  await browser.get('/api/get-laravel-permission-to-vuejs');
  return browser;
}

const attempt = (browser: Browser, login: string, password: string) =>
  browser.post('/api/login', { login, password });

/** The headers that do not differ between two identical answers: all but the date and the id. */
function stableHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
  return rest;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function sessionRows(userId: number) {
  return db().selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
}

/** Saves a user through the admin's form (POST /admin/users) as a fresh administrator. */
async function adminSaves(body: Record<string, unknown>) {
  const admin = await signedIn(['admin']);
  const response = await admin.browser.post('/api/admin/users', body);
  rule(`the admin's save of ${JSON.stringify(body)} succeeds`, response.statusCode, 200);
  return admin;
}

describe('session fixation (ASVS 7.2.3, 7.2.4)', () => {
  it('gives a new session id and XSRF token at sign-in; the guest cookie from before stays a guest', async () => {
    const { email } = await account();
    const browser = await guest();
    const before = browser.cookies.get('tour_session')!;
    const xsrfBefore = browser.cookies.get('XSRF-TOKEN')!;
    await browser.login(email);
    const after = browser.cookies.get('tour_session')!;
    rule('the session cookie changes at sign-in', after !== before, true);
    rule(
      'the XSRF token changes at sign-in',
      browser.cookies.get('XSRF-TOKEN') !== xsrfBefore,
      true,
    );
    // Whoever kept the cookie from before the sign-in holds a guest, not the user.
    const kept = replay(before, xsrfBefore);
    rule('the pre-login cookie is still a guest', await status(kept), 401);
    rule(
      'the pre-login cookie has no permissions',
      (await kept.get('/api/get-laravel-permission-to-vuejs')).json(),
      0,
    );
  });

  it('never adopts a session id planted by an attacker', async () => {
    const { id, email } = await account();
    const planted = 'attacker-chosen-session-id-AAAAAAAAAAAAAAAAAAAAA';
    const browser = new Browser(app);
    browser.cookies.set('tour_session', planted);
    const first = await browser.get('/api/get-laravel-permission-to-vuejs');
    rule('a made-up id is answered with a guest cookie of the server', first.json(), 0);
    rule(
      'the made-up id is replaced at once',
      browser.cookies.get('tour_session') !== planted,
      true,
    );
    // Planted again just before the form is sent: the id names no session, so the request is a
    // new guest's whose XSRF token nobody knows yet (419), and nothing is signed in.
    browser.cookies.set('tour_session', planted);
    const sent = await attempt(browser, email, TEST_PASSWORD);
    rule('a sign-in carrying a planted id is refused as forged', sent.statusCode, 419);
    rule('no session was made', await sessionRows(id), []);
    // The page reloaded (the planted id already replaced), the sign-in makes an id of its own.
    await browser.login(email);
    const issued = browser.cookies.get('tour_session')!;
    rule('the sign-in issues its own id, not the planted one', issued !== planted, true);
    const rows = await sessionRows(id);
    rule('one session row for the user', rows.length, 1);
    rule('the row is keyed by the sha256 of the issued cookie', rows[0]!.id, sha256(issued));
    rule(
      'no row for the planted id',
      await db()
        .selectFrom('sessions')
        .select('id')
        .where('id', 'in', [planted, sha256(planted)])
        .execute(),
      [],
    );
    rule('the planted id is worth nothing after the sign-in', await status(replay(planted)), 401);
  });

  it('never adopts a signed guest cookie an attacker obtained and planted', async () => {
    const attacker = await guest();
    const attackerCookie = attacker.cookies.get('tour_session')!;
    const { email } = await account();
    const victim = new Browser(app);
    victim.cookies.set('tour_session', attackerCookie);
    await victim.login(email);
    rule('the victim gets a new id', victim.cookies.get('tour_session') !== attackerCookie, true);
    rule('the attacker still holds a guest', await status(attacker), 401);
  });

  it('issues 256-bit random ids, stored only as their sha256', async () => {
    const { id, browser } = await signedIn();
    const cookie = browser.cookies.get('tour_session')!;
    rule('43 base64url characters (32 random bytes)', /^[A-Za-z0-9_-]{43}$/.test(cookie), true);
    const [row] = await sessionRows(id);
    rule('the cookie is not stored as such', Object.values(row!).includes(cookie), false);
  });

  it('replaces the session when a signed-in browser signs in again', async () => {
    const { id, email, browser } = await signedIn();
    const old = browser.cookies.get('tour_session')!;
    await browser.login(email);
    rule('a new id', browser.cookies.get('tour_session') !== old, true);
    rule('the old id is ended', await status(replay(old)), 401);
    rule('only the new session remains', (await sessionRows(id)).length, 1);
  });
});

describe('logout (ASVS 7.4.1)', () => {
  it('ends the session on the server: the old cookie gets 401 on every signed-in route', async () => {
    const { browser } = await signedIn(['admin']);
    const cookie = browser.cookies.get('tour_session')!;
    const xsrf = browser.cookies.get('XSRF-TOKEN')!;
    rule('logout answers 200', (await browser.post('/api/logout')).statusCode, 200);

    const routes = app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && route.access && !('public' in route.access),
    );
    expect(routes.length).toBeGreaterThan(50);
    const answers: Record<string, number> = {};
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const response = await replay(cookie, xsrf).request(method, url);
      answers[`${route.method} ${route.url}`] = response.statusCode;
    }
    // A read is refused as unauthenticated; a change first fails the CSRF check (419): the old
    // session's token belongs to no session any more.
    rule(
      'every signed-in route refuses the old cookie and its token',
      answers,
      Object.fromEntries(
        routes.map((route) => [`${route.method} ${route.url}`, route.method === 'GET' ? 401 : 419]),
      ),
    );
  });

  it('cannot be revived: not by signing in with it, not with its XSRF token', async () => {
    const { id, email, browser } = await signedIn();
    const cookie = browser.cookies.get('tour_session')!;
    const xsrf = browser.cookies.get('XSRF-TOKEN')!;
    await browser.post('/api/logout');
    rule('no session row is left', await sessionRows(id), []);

    // The old token with the browser's new guest session: refused as a forged request.
    const forged = await browser.post('/api/logout', undefined, {
      withoutCsrf: true,
      headers: { 'x-xsrf-token': xsrf },
    });
    rule('the old XSRF token is refused (419)', forged.statusCode, 419);
    const forgedLogin = await browser.post(
      '/api/login',
      { login: email, password: TEST_PASSWORD },
      { withoutCsrf: true, headers: { 'x-xsrf-token': xsrf } },
    );
    rule('a sign-in with the old XSRF token is refused (419)', forgedLogin.statusCode, 419);

    // Signing in while presenting the old cookie makes a new session; the old one stays dead.
    const again = replay(cookie);
    await again.get('/api/get-laravel-permission-to-vuejs');
    await again.login(email);
    rule('the new session has another id', again.cookies.get('tour_session') !== cookie, true);
    rule('the old cookie is still 401', await status(replay(cookie, xsrf)), 401);
    rule('the new session works', await status(again), 200);
  });

  it("ends only the browser's own session: another device of the user stays signed in", async () => {
    const { email, browser } = await signedIn();
    const other = await alsoSignedIn(email);
    await browser.post('/api/logout');
    rule('the other device keeps its session', await status(other), 200);
  });
});

describe('idle and absolute expiry on a test clock (ASVS 7.3.1, 7.3.2)', () => {
  it('ends a session after 2 hours without a request, counted from the last one', async () => {
    const { browser } = await signedIn();
    advance(IDLE - SECOND);
    rule('1 s before the idle limit: still signed in', await status(browser), 200);
    // That request counted: the limit now runs from it.
    advance(IDLE - SECOND);
    rule('1 s before the next idle limit: still signed in', await status(browser), 200);
    advance(IDLE + SECOND);
    rule('1 s after the idle limit: ended', await status(browser), 401);
    rule(
      'and a guest, not the user',
      (await browser.get('/api/get-laravel-permission-to-vuejs')).json(),
      0,
    );
  });

  it('ends a busy session 12 hours after the sign-in, however recent its last request', async () => {
    const { browser } = await signedIn();
    const signedInAt = clock;
    while (clock + IDLE - MINUTE < signedInAt + ABSOLUTE - SECOND) {
      advance(IDLE - MINUTE);
      rule('within the working day, busy: signed in', await status(browser), 200);
    }
    clock = signedInAt + ABSOLUTE - SECOND;
    rule('1 s before the absolute limit: signed in', await status(browser), 200);
    advance(2 * SECOND);
    rule(
      '1 s after the absolute limit: ended, a second after a request',
      await status(browser),
      401,
    );
  });

  it('with "remember me": 14 days idle and 30 days in all, in a cookie of 30 days', async () => {
    const { email } = await account();
    const browser = new Browser(app);
    const response = await browser.login(email, TEST_PASSWORD, true);
    const cookie = (response.cookies as Array<{ name: string; maxAge?: number }>).find(
      (c) => c.name === 'tour_session',
    );
    rule('the cookie lasts the absolute lifetime', cookie?.maxAge, REMEMBER_ABSOLUTE / 1000);
    const signedInAt = clock;
    advance(REMEMBER_IDLE - SECOND);
    rule('1 s before 14 idle days: signed in', await status(browser), 200);
    advance(13 * DAY);
    rule('13 days later: signed in', await status(browser), 200);
    clock = signedInAt + REMEMBER_ABSOLUTE - SECOND;
    rule('1 s before 30 days: signed in', await status(browser), 200);
    advance(2 * SECOND);
    rule('1 s after 30 days: ended', await status(browser), 401);

    const idle = new Browser(app);
    await idle.login(email, TEST_PASSWORD, true);
    advance(REMEMBER_IDLE + SECOND);
    rule('1 s after 14 idle days: ended', await status(idle), 401);
  });

  it('takes other lifetimes from the settings', async () => {
    const strict = await buildApp({
      db: db(),
      logger: false,
      sessions: {
        now,
        lifetimes: {
          idleMs: 30 * MINUTE,
          absoluteMs: 8 * HOUR,
          rememberIdleMs: DAY,
          rememberAbsoluteMs: 7 * DAY,
        },
      },
    });
    try {
      const { email } = await account();
      const browser = new Browser(strict);
      await browser.login(email);
      advance(30 * MINUTE - SECOND);
      rule('idle 30 min: 1 s before, signed in', await status(browser), 200);
      advance(30 * MINUTE + SECOND);
      rule('idle 30 min: 1 s after, ended', await status(browser), 401);
    } finally {
      await strict.close();
    }
  });

  it('sweeps expired sessions at the next sign-in', async () => {
    const { id } = await signedIn();
    advance(ABSOLUTE + SECOND);
    await signedIn();
    rule('the expired row is gone', await sessionRows(id), []);
  });
});

describe('a disabled user (ASVS 7.4.2)', () => {
  it('loses access at its next request and cannot sign in, nor come back by being enabled', async () => {
    const user = await signedIn();
    const other = await alsoSignedIn(user.email);
    rule('signed in before', await status(user.browser), 200);
    await adminSaves({ id: user.id, full_name: 'Отключённый', disabled: true });
    rule('its session ends at the next request', await status(user.browser), 401);
    rule('its other device too', await status(other), 401);
    const refused = await attempt(await guest(), user.email, TEST_PASSWORD);
    rule(
      'the right password is refused as a wrong one',
      [refused.statusCode, refused.json()],
      [
        422,
        {
          code: 0,
          message: LOGIN_MESSAGES.badCredentials,
          errors: { login: [LOGIN_MESSAGES.badCredentials] },
        },
      ],
    );
    await adminSaves({ id: user.id, full_name: 'Отключённый', disabled: false });
    rule('enabled again, its old session stays ended', await status(user.browser), 401);
  });

  it('is out even when disabled_at is set without the form (the lookup checks it)', async () => {
    const { id, browser } = await signedIn();
    await db().updateTable('users').set({ disabled_at: now() }).where('id', '=', id).execute();
    rule('401 at the next request', await status(browser), 401);
  });
});

describe('a password changed (ASVS 7.4.3)', () => {
  it("one's own: the other sessions end, this one stays; the old password stops working", async () => {
    const user = await signedIn();
    const other = await alsoSignedIn(user.email);
    const response = await user.browser.post('/api/admin/users', {
      id: user.id,
      full_name: 'Сменивший пароль',
      password: 'a-new-password-1',
      current_password: TEST_PASSWORD,
    });
    rule('the save succeeds', response.statusCode, 200);
    rule('the session that changed it stays', await status(user.browser), 200);
    rule('the other session ends', await status(other), 401);
    rule(
      'the old password is refused',
      (await attempt(await guest(), user.email, TEST_PASSWORD)).statusCode,
      422,
    );
    rule(
      'the new one signs in',
      (await attempt(await guest(), user.email, 'a-new-password-1')).statusCode,
      200,
    );
  });

  it('reset by an administrator: every session of the user ends, the admin keeps its own', async () => {
    const user = await signedIn();
    const other = await alsoSignedIn(user.email);
    const admin = await adminSaves({
      id: user.id,
      full_name: 'Сброшенный',
      password: 'reset-by-admin-1',
    });
    rule('the first session ends', await status(user.browser), 401);
    rule('the second session ends', await status(other), 401);
    rule('the admin stays signed in', await status(admin.browser), 200);
    rule(
      'the old password is refused',
      (await attempt(await guest(), user.email, TEST_PASSWORD)).statusCode,
      422,
    );
    rule(
      'the new one signs in',
      (await attempt(await guest(), user.email, 'reset-by-admin-1')).statusCode,
      200,
    );
  });
});

describe('a role removed (ASVS 8.3.2: applied at once)', () => {
  it('counts from the next request of the existing session: 403 right after', async () => {
    const user = await signedIn(['sales_manager', 'accountant']);
    rule('the accountant reads the wallets', await status(user.browser, '/api/admin/wallets'), 200);
    await adminSaves({ id: user.id, full_name: 'Без бухгалтерии', roles: ['sales_manager'] });
    rule(
      '403 right after the role is removed',
      await status(user.browser, '/api/admin/wallets'),
      403,
    );
    rule(
      'its permissions say so at once',
      (await user.browser.get('/api/get-laravel-permission-to-vuejs')).json().roles,
      ['sales_manager'],
    );
    rule('the session itself goes on', await status(user.browser), 200);
  });

  it('without any role that signs in, the sessions end and the sign-in is refused', async () => {
    const user = await signedIn(['sales_manager']);
    await adminSaves({ id: user.id, full_name: 'Теперь клиент', roles: ['client'] });
    rule('the session ends', await status(user.browser), 401);
    const refused = await attempt(await guest(), user.email, TEST_PASSWORD);
    rule(
      'the sign-in is refused (client only)',
      [refused.statusCode, refused.json().message],
      [403, LOGIN_MESSAGES.notForClients],
    );
  });
});

describe('the login throttle at its limits (ASVS 6.3.1)', () => {
  it(`per account: ${ACCOUNT_LIMIT} wrong passwords pass, the next attempt waits out the window`, async () => {
    const { email } = await account();
    const browser = await guest();
    for (let i = 1; i <= ACCOUNT_LIMIT; i += 1) {
      rule(
        `wrong password ${i} of ${ACCOUNT_LIMIT}: 422`,
        (await attempt(browser, email, 'wrong-password')).statusCode,
        422,
      );
    }
    const refused = await attempt(browser, email, TEST_PASSWORD);
    rule(
      'the next one, right password and all: 429 for the whole window',
      [refused.statusCode, refused.headers['retry-after']],
      [429, String(LOGIN_WINDOW_MS / 1000)],
    );
    advance(LOGIN_WINDOW_MS - SECOND);
    const last = await attempt(browser, email, TEST_PASSWORD);
    rule(
      '1 s before the window ends: 429, retry after 1 s',
      [last.statusCode, last.headers['retry-after']],
      [429, '1'],
    );
    advance(2 * SECOND);
    rule(
      '1 s after: the right password signs in',
      (await attempt(browser, email, TEST_PASSWORD)).statusCode,
      200,
    );
  });

  it(`per address: ${ADDRESS_LIMIT} wrong passwords pass, the next sign-in from it waits`, async () => {
    const browser = await guest();
    for (let i = 1; i <= ADDRESS_LIMIT; i += 1) {
      rule(
        `wrong login ${i} of ${ADDRESS_LIMIT}: 422`,
        (await attempt(browser, `spray${i}@test.example`, 'wrong')).statusCode,
        422,
      );
    }
    const { email } = await account();
    rule(
      'the next one from the address, a real account: 429',
      (await attempt(browser, email, TEST_PASSWORD)).statusCode,
      429,
    );
    // Another address is not locked out (the cookies do not matter, the address does).
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.7',
      headers: {
        cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': browser.cookies.get('XSRF-TOKEN')!,
      },
      payload: { login: email, password: TEST_PASSWORD },
    });
    rule('the same account from another address signs in', elsewhere.statusCode, 200);
    advance(LOGIN_WINDOW_MS - SECOND);
    rule(
      '1 s before the window ends: 429',
      (await attempt(browser, email, TEST_PASSWORD)).statusCode,
      429,
    );
    advance(2 * SECOND);
    rule('1 s after: 200', (await attempt(browser, email, TEST_PASSWORD)).statusCode, 200);
  });

  it('answers a known and an unknown account alike', async () => {
    const { email } = await account();
    const unknown = `nobody${n}.${process.pid}@test.example`;
    const browser = await guest();
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) {
      await attempt(browser, email, 'wrong-password');
      await attempt(browser, unknown, 'wrong-password');
    }
    const known = await attempt(browser, email, 'wrong-password');
    const missing = await attempt(browser, unknown, 'wrong-password');
    rule('429 for both', [known.statusCode, missing.statusCode], [429, 429]);
    rule('the same body', missing.json(), known.json());
    rule('the same headers, Retry-After included', stableHeaders(missing), stableHeaders(known));
  });
});

describe('no account enumeration (ASVS 6.3.8)', () => {
  it('answers "no such user" and "wrong password" alike: status, body, headers', async () => {
    const browser = await guest();
    const known = await account();
    const disabled = await account();
    await db()
      .updateTable('users')
      .set({ disabled_at: now() })
      .where('id', '=', disabled.id)
      .execute();
    const passwordless = await account(['sales_manager'], null);
    const clientOnly = await account(['client']);
    const wrong = await attempt(browser, known.email, 'wrong-password');
    const cases = {
      'no such user': await attempt(browser, `ghost${n}@test.example`, 'wrong-password'),
      'no such phone': await attempt(browser, '+996 700 999 999', 'wrong-password'),
      'a disabled user': await attempt(browser, disabled.email, 'wrong-password'),
      'a user without a password': await attempt(browser, passwordless.email, 'wrong-password'),
      'a client with a wrong password': await attempt(browser, clientOnly.email, 'wrong-password'),
    };
    for (const [name, response] of Object.entries(cases)) {
      rule(`${name}: the status of a wrong password`, response.statusCode, wrong.statusCode);
      rule(`${name}: the body of a wrong password`, response.json(), wrong.json());
      rule(
        `${name}: the headers of a wrong password`,
        stableHeaders(response),
        stableHeaders(wrong),
      );
    }
  });

  it('takes about as long for a missing user as for a wrong password (an argon2 run each)', async () => {
    const { email } = await account();
    const browser = await guest();
    const ghost = `ghost-timing${n}@test.example`;
    await attempt(browser, ghost, 'warm-up'); // the dummy hash is made once, on first use
    const timed = async (login: string) => {
      advance(LOGIN_WINDOW_MS + SECOND); // never throttled: each attempt in a window of its own
      const started = process.hrtime.bigint();
      const response = await attempt(browser, login, 'wrong-password');
      expect(response.statusCode).toBe(422);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await timed(email));
      missing.push(await timed(ghost));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3]!;
    const ratio = median(missing) / median(known);
    // A missing user without the dummy hash would answer in a few ms against ~30-50 ms.
    rule(
      `median ${median(missing).toFixed(1)} ms for a missing user against ${median(known).toFixed(1)} ms`,
      ratio > 0.5 && ratio < 2,
      true,
    );
  });

  it('answers a user out of reach and a missing one alike (GET /admin/user/{id})', async () => {
    // A sales manager sees only the users it manages.
    const manager = await signedIn(['sales_manager']);
    const stranger = await account(['client'], null);
    const outOfReach = await manager.browser.get(`/api/admin/user/${stranger.id}`);
    const missing = await manager.browser.get('/api/admin/user/987654321');
    rule('404 for both', [outOfReach.statusCode, missing.statusCode], [404, 404]);
    rule('the same body', outOfReach.json(), missing.json());
  });
});

describe('argon2id (ASVS 11.4.2)', () => {
  // OWASP Password Storage Cheat Sheet, argon2id: any one row suffices, with p = 1.
  const OWASP_ROWS = [
    { m: 47_104, t: 1 },
    { m: 19_456, t: 2 },
    { m: 12_288, t: 3 },
    { m: 9_216, t: 4 },
    { m: 7_168, t: 5 },
  ];

  function parameters(hash: string) {
    const [, type, version, list] = hash.split('$');
    const values = Object.fromEntries(
      (list ?? '').split(',').map((pair) => {
        const [key, value] = pair.split('=');
        return [key, Number(value)];
      }),
    );
    return { type, version, m: values.m, t: values.t, p: values.p };
  }

  it("stores a new password as argon2id with the product's parameters, at OWASP's minimum or above", async () => {
    const admin = await signedIn(['admin']);
    const email = `argon${n}.${process.pid}@test.example`;
    const created = await admin.browser.post('/api/admin/users', {
      full_name: 'Новый Сотрудник',
      email,
      password: 'fresh-password-1',
      roles: ['sales_manager'],
    });
    rule('the new user is saved', created.statusCode, 200);
    const { password_hash: hash } = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const stored = parameters(hash!);
    rule('argon2id, version 19, the declared parameters', stored, {
      type: 'argon2id',
      version: 'v=19',
      m: ARGON2_PARAMETERS.memoryCost,
      t: ARGON2_PARAMETERS.timeCost,
      p: ARGON2_PARAMETERS.parallelism,
    });
    rule(
      `m=${stored.m} KiB, t=${stored.t}, p=${stored.p} meets a row of OWASP's table`,
      stored.p === 1 && OWASP_ROWS.some((row) => stored.m! >= row.m && stored.t! >= row.t),
      true,
    );
    rule('the password verifies against it', await verifyPassword(hash!, 'fresh-password-1'), true);
  });

  it('hashes in reasonable time, and a sign-in stays well under a second', async () => {
    await hashPassword('warm-up-password');
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = process.hrtime.bigint();
      await hashPassword(`password-${i}-to-time`);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    measured.hashMs = [...times].sort((a, b) => a - b)[2]!;
    const { email } = await account();
    const browser = await guest();
    const started = process.hrtime.bigint();
    rule('the sign-in succeeds', (await attempt(browser, email, TEST_PASSWORD)).statusCode, 200);
    measured.loginMs = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(
      `argon2id m=${ARGON2_PARAMETERS.memoryCost} KiB t=${ARGON2_PARAMETERS.timeCost} ` +
        `p=${ARGON2_PARAMETERS.parallelism}: one hash ${measured.hashMs.toFixed(1)} ms (median of ` +
        `5), a whole sign-in ${measured.loginMs.toFixed(1)} ms`,
    );
    rule('a sign-in under a second', measured.loginMs < 1000, true);
  });

  it('upgrades a hash made with weaker parameters at the next sign-in', async () => {
    // TEST_PASSWORD hashed with m = 4 096 KiB, t = 1 by the `argon2` package the product used
    // before `@node-rs/argon2` (issue 30): a stored hash of the old package verifies and upgrades.
    const weak =
      '$argon2id$v=19$m=4096,p=1,t=1$b6nfhV2itYx10Lue9ekQbQ$n6+BUBysSxnZCn4M2/CTybFTQCOTP9wv0Ogi4b/gIl8';
    const { id, email } = await account();
    await db().updateTable('users').set({ password_hash: weak }).where('id', '=', id).execute();
    rule(
      'the sign-in succeeds',
      (await attempt(await guest(), email, TEST_PASSWORD)).statusCode,
      200,
    );
    const { password_hash: hash } = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    rule(
      'the stored hash now has the declared parameters',
      parameters(hash!).m,
      ARGON2_PARAMETERS.memoryCost,
    );
    rule('and still verifies the password', await verifyPassword(hash!, TEST_PASSWORD), true);
  });
});
