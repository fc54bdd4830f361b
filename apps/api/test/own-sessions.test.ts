import { createHash } from 'node:crypto';
import { buildApp, type App } from '../src/app';
import { useTestDatabase } from './database';
import { Browser, createTestUser, TEST_PASSWORD } from './http';

// «Мои сеансы» (ASVS 5.0 7.5.2): a user sees its own live sessions and ends them, one or all the
// others. Every expected value is written by hand from apps/api/README.md ("Sessions": idle 2 h,
// 14 days with "remember me"; last activity written at most once a minute).

const database = useTestDatabase();
const db = () => database().db;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The sessions' clock: it moves only when a test moves it.
let clock = Date.parse('2026-11-20T06:00:00.000Z');
const now = () => new Date(clock);
const advance = (ms: number) => {
  clock += ms;
};

let app: App;

beforeAll(async () => {
  // Trusting the proxy lets each "browser" come from its own address (X-Forwarded-For).
  app = await buildApp({ db: db(), logger: false, sessions: { now }, trustProxy: true });
});
afterEach(async () => {
  await db().deleteFrom('login_failures').execute();
});
afterAll(async () => {
  await app.close();
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Device {
  ip: string;
  userAgent: string;
}

const OFFICE: Device = { ip: '203.0.113.10', userAgent: CHROME };
const HOME: Device = { ip: '198.51.100.20', userAgent: FIREFOX };
const PHONE: Device = { ip: '192.0.2.30', userAgent: SAFARI };

let n = 0;
async function account(roles: string[] = ['sales_manager']) {
  const email = `own-sessions${++n}.${process.pid}@test.example`;
  return { id: await createTestUser(db(), { roles, email }), email };
}

/** A browser on `device` signed in as `email` at the clock's time. */
async function signIn(email: string, device: Device, remember = false): Promise<Browser> {
  const browser = new Browser(app);
  const headers = { 'user-agent': device.userAgent, 'x-forwarded-for': device.ip };
  await browser.get('/api/get-laravel-permission-to-vuejs', { headers });
  const response = await browser.post(
    '/api/login',
    { login: email, password: TEST_PASSWORD, remember },
    { headers },
  );
  expect(response.statusCode).toBe(200);
  return browser;
}

interface Listed {
  handle: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  remember: boolean;
  current: boolean;
}

async function list(browser: Browser): Promise<Listed[]> {
  const response = await browser.get('/api/sessions');
  expect(response.statusCode).toBe(200);
  return (response.json() as { code: 1; data: Listed[] }).data;
}

const at = (ms: number) => new Date(ms).toISOString();
const cookieOf = (browser: Browser) => browser.cookies.get('tour_session')!;
const idOf = (browser: Browser) => createHash('sha256').update(cookieOf(browser)).digest('hex');
const userStatus = async (browser: Browser) => (await browser.get('/api/user')).statusCode;

async function handleOf(owner: Browser, current: boolean, ip: string): Promise<string> {
  const found = (await list(owner)).find((s) => s.current === current && s.ip === ip);
  return found!.handle;
}

async function auditRows(userId: number) {
  return db()
    .selectFrom('audit_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('action', '=', 'sessions_ended')
    .orderBy('id')
    .execute();
}

describe('GET /api/sessions', () => {
  it('lists the caller’s sessions, most recent activity first, the caller’s own marked', async () => {
    const me = await account();
    const start = clock;
    const office = await signIn(me.email, OFFICE);
    advance(5 * MINUTE);
    const home = await signIn(me.email, HOME, true);
    // Under a minute later: the home session's activity is still its sign-in.
    advance(30 * 1000);

    // The office asks: its own activity is written now (over a minute since its sign-in).
    const seen = start + 5 * MINUTE + 30 * 1000;
    const fromOffice = await list(office);
    expect(fromOffice.map(({ handle: _handle, ...rest }) => rest)).toEqual([
      {
        created_at: at(start),
        last_seen_at: at(seen),
        expires_at: at(seen + 2 * HOUR),
        ip: OFFICE.ip,
        user_agent: CHROME,
        remember: false,
        current: true,
      },
      {
        created_at: at(start + 5 * MINUTE),
        last_seen_at: at(start + 5 * MINUTE),
        // "Remember me": 14 days idle (within the 30 days in all).
        expires_at: at(start + 5 * MINUTE + 14 * DAY),
        ip: HOME.ip,
        user_agent: FIREFOX,
        remember: true,
        current: false,
      },
    ]);

    // The other browser sees the same two sessions under the same handles, itself marked.
    const fromHome = await list(home);
    expect(fromHome.map((s) => [s.ip, s.current, s.handle])).toEqual([
      [OFFICE.ip, false, fromOffice[0]!.handle],
      [HOME.ip, true, fromOffice[1]!.handle],
    ]);
  });

  it('names a session by an opaque handle: neither its id nor its cookie', async () => {
    const me = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const response = await office.get('/api/sessions');
    const handles = (response.json() as { data: Listed[] }).data.map((s) => s.handle);
    expect(handles).toHaveLength(2);
    for (const handle of handles) expect(handle).toMatch(/^[0-9a-f]{32}$/);
    for (const secret of [idOf(office), idOf(home), cookieOf(office), cookieOf(home)]) {
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain(secret.slice(0, 32));
    }
    expect(response.body).not.toContain(office.cookies.get('XSRF-TOKEN')!);
    // A handle is no cookie: presented as one, it is a stranger's.
    const forged = new Browser(app);
    forged.cookies.set('tour_session', handles[0]!);
    expect(await userStatus(forged)).toBe(401);
  });

  it('lists only the caller’s own sessions and leaves out the expired ones', async () => {
    const me = await account();
    const someoneElse = await account();
    const stale = await signIn(me.email, HOME);
    const staleHandle = await handleOf(stale, true, HOME.ip);
    advance(HOUR);
    const office = await signIn(me.email, OFFICE);
    await signIn(someoneElse.email, PHONE);
    // Two hours and a second after its last request the home session is over (idle limit)...
    advance(HOUR + 1000);
    const sessions = await list(office);
    expect(sessions.map((s) => [s.ip, s.current])).toEqual([[OFFICE.ip, true]]);
    // ...though its row is still there until a sign-in sweeps it.
    const row = await db()
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', idOf(stale))
      .executeTakeFirst();
    expect(row).toEqual({ id: idOf(stale) });
    // And it cannot be ended again.
    const ended = await office.delete(`/api/sessions/${staleHandle}`);
    expect(ended.statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const guest = new Browser(app);
    expect((await guest.get('/api/sessions')).statusCode).toBe(401);
  });
});

describe('DELETE /api/sessions/{handle}', () => {
  it('ends another session of the caller: that browser is signed out, this one stays', async () => {
    const me = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const handle = await handleOf(office, false, HOME.ip);

    const response = await office.delete(`/api/sessions/${handle}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, data: { ended: 1, signed_out: false } });
    expect(await userStatus(home)).toBe(401);
    expect(await userStatus(office)).toBe(200);
    expect((await list(office)).map((s) => [s.ip, s.current])).toEqual([[OFFICE.ip, true]]);
    // Once ended, the handle names nothing.
    const again = await office.delete(`/api/sessions/${handle}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 0, message: 'Сеанс не найден' });
  });

  it('ends the caller’s own session as a logout does', async () => {
    const me = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const oldCookie = cookieOf(office);
    const handle = await handleOf(office, true, OFFICE.ip);

    const response = await office.delete(`/api/sessions/${handle}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, data: { ended: 1, signed_out: true } });
    // The answer replaces the cookie with a guest's (as POST /api/logout does).
    const cookies = response.cookies as { name: string; value: string; httpOnly?: boolean }[];
    const session = cookies.find((cookie) => cookie.name === 'tour_session')!;
    expect(session.value.startsWith('g.')).toBe(true);
    expect(session.httpOnly).toBe(true);
    expect(await userStatus(office)).toBe(401);
    // The old cookie, kept by someone, is worth nothing; the other browser goes on.
    const replay = new Browser(app);
    replay.cookies.set('tour_session', oldCookie);
    expect(await userStatus(replay)).toBe(401);
    expect(await userStatus(home)).toBe(200);
    expect((await list(home)).map((s) => [s.ip, s.current])).toEqual([[HOME.ip, true]]);
  });

  it('answers 404 for another user’s handle and ends nothing', async () => {
    const me = await account();
    const other = await account();
    const mine = await signIn(me.email, OFFICE);
    const theirs = await signIn(other.email, HOME);
    const theirHandle = await handleOf(theirs, true, HOME.ip);

    const response = await mine.delete(`/api/sessions/${theirHandle}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 0, message: 'Сеанс не найден' });
    expect(await userStatus(theirs)).toBe(200);
    expect((await list(theirs)).map((s) => s.handle)).toEqual([theirHandle]);
    expect(await userStatus(mine)).toBe(200);
    // A made-up handle, and one too long for a handle.
    expect((await mine.delete(`/api/sessions/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await mine.delete(`/api/sessions/${'a'.repeat(65)}`)).statusCode).toBe(422);
    expect(await auditRows(me.id)).toEqual([]);
  });

  it('writes who ended which session in the audit, never an id, a handle or a cookie', async () => {
    const me = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const handle = await handleOf(office, false, HOME.ip);
    // The row keeps the address of the request that ended it (here the office's again).
    const headers = { 'x-forwarded-for': OFFICE.ip };
    expect((await office.delete(`/api/sessions/${handle}`, { headers })).statusCode).toBe(200);

    const rows = await auditRows(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      record_type: 'user',
      record_id: me.id,
      entity_type: 'user',
      entity_id: me.id,
      user_id: me.id,
      ip: OFFICE.ip,
      changes: [
        { field: 'count', old: null, new: 1 },
        { field: 'sessions', old: null, new: [{ ip: HOME.ip, user_agent: FIREFOX }] },
        { field: 'current', old: null, new: false },
      ],
    });
    const text = JSON.stringify(rows[0]);
    for (const secret of [handle, idOf(home), cookieOf(home), idOf(office), cookieOf(office)]) {
      expect(text).not.toContain(secret);
    }
  });

  it('needs the CSRF token', async () => {
    const me = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const handle = await handleOf(office, false, HOME.ip);
    const response = await office.delete(`/api/sessions/${handle}`, { withoutCsrf: true });
    expect(response.statusCode).toBe(419);
    expect(await userStatus(home)).toBe(200);
  });
});

describe('POST /api/sessions/end-others', () => {
  it('ends every other session of the caller and keeps its own', async () => {
    const me = await account(['counterparty']);
    const other = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const phone = await signIn(me.email, PHONE);
    const stranger = await signIn(other.email, HOME);

    const response = await home.post('/api/sessions/end-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, data: { ended: 2 } });
    expect(await userStatus(office)).toBe(401);
    expect(await userStatus(phone)).toBe(401);
    expect(await userStatus(home)).toBe(200);
    expect(await userStatus(stranger)).toBe(200);
    expect((await list(home)).map((s) => [s.ip, s.current])).toEqual([[HOME.ip, true]]);

    // The audit: how many and which (in the order they were signed in to), no ids.
    const rows = await auditRows(me.id);
    expect(rows.map((row) => row.changes)).toEqual([
      [
        { field: 'count', old: null, new: 2 },
        {
          field: 'sessions',
          old: null,
          new: [
            { ip: OFFICE.ip, user_agent: CHROME },
            { ip: PHONE.ip, user_agent: SAFARI },
          ],
        },
        { field: 'current', old: null, new: false },
      ],
    ]);
    for (const secret of [idOf(office), idOf(phone), idOf(home)]) {
      expect(JSON.stringify(rows)).not.toContain(secret);
    }

    // Nothing left to end: 0, and no second audit row.
    const again = await home.post('/api/sessions/end-others');
    expect(again.json()).toEqual({ code: 1, data: { ended: 0 } });
    expect(await auditRows(me.id)).toHaveLength(1);
  });

  it('needs the CSRF token', async () => {
    const me = await account();
    const office = await signIn(me.email, OFFICE);
    const home = await signIn(me.email, HOME);
    const response = await office.post('/api/sessions/end-others', undefined, {
      withoutCsrf: true,
    });
    expect(response.statusCode).toBe(419);
    expect(await userStatus(home)).toBe(200);
  });
});
