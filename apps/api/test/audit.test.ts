import { buildApp, type App } from '../src/app';
import { Browser, createTestUser, TEST_PASSWORD } from './http';
import { useTestDatabase } from './database';

// The audit log (issue "Reliability and security suite", item 7): every sign-in, refusal, money
// movement, confirmation, role change and export leaves one row with who, when and from where,
// and GET /api/admin/audit finds them, for developers and admins only. The app trusts the
// injecting address as its proxy, so each client is told apart by its X-Forwarded-For.

const database = useTestDatabase();
const db = () => database().db;

const CLIENT = '203.0.113.7';
const OTHER = '198.51.100.9';

let app: App;
let n = 0;

interface Person {
  id: number;
  email: string;
  browser: Browser;
}

/** A browser that always comes from `ip` (through the trusted proxy). */
function browserFrom(ip: string, target: App = app): Browser {
  const browser = new Browser(target);
  const request = browser.request.bind(browser);
  browser.request = (method, url, payload, options = {}) =>
    request(method, url, payload, {
      ...options,
      headers: { 'x-forwarded-for': ip, ...options.headers },
    });
  return browser;
}

async function person(roles: string[], ip = CLIENT): Promise<Person> {
  const email = `audit${++n}.${process.pid}@test.example`;
  const id = await createTestUser(db(), { roles, email, full_name: `Аудит ${n}` });
  const browser = browserFrom(ip);
  await browser.login(email);
  return { id, email, browser };
}

interface Row {
  user_id: number | null;
  ip: string | null;
  action: string;
  record_type: string;
  record_id: number | null;
  changes: { field: string; old: unknown; new: unknown }[];
  created_at: Date;
}

function rowsOf(where: { action: string; user_id?: number | null; record_id?: number }) {
  let query = db()
    .selectFrom('audit_log')
    .select(['user_id', 'ip', 'action', 'record_type', 'record_id', 'changes', 'created_at'])
    .where('action', '=', where.action);
  if (where.user_id === null) query = query.where('user_id', 'is', null);
  else if (where.user_id !== undefined) query = query.where('user_id', '=', where.user_id);
  if (where.record_id !== undefined) query = query.where('record_id', '=', where.record_id);
  return query.orderBy('id').execute() as Promise<Row[]>;
}

/** Rows written after the answer (refusals, exports) may land a moment later. */
async function eventually(where: Parameters<typeof rowsOf>[0], count = 1): Promise<Row[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await rowsOf(where);
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return rowsOf(where);
}

const detail = (row: Row, field: string) => row.changes.find((c) => c.field === field)?.new;

function recent(row: Row) {
  expect(Date.now() - new Date(row.created_at).getTime()).toBeLessThan(60_000);
}

beforeAll(async () => {
  app = await buildApp({ db: db(), logger: false, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await app.close();
});

describe('the audit log records', () => {
  it('a sign-in with who, when and the client address', async () => {
    const staff = await person(['sales_manager']);
    const [row, ...more] = await rowsOf({ action: 'login', user_id: staff.id });
    expect(more).toEqual([]);
    expect(row).toMatchObject({ ip: CLIENT, record_type: 'user', record_id: staff.id });
    expect(detail(row!, 'login')).toBe(staff.email);
    recent(row!);
  });

  it('a failed sign-in: the user when the login names one, never the password', async () => {
    const email = `audit-fail${++n}.${process.pid}@test.example`;
    const id = await createTestUser(db(), { roles: ['accountant'], email });
    const browser = browserFrom(OTHER);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const wrong = await browser.post('/api/login', { login: email, password: 'wrong-secret-1' });
    expect(wrong.statusCode).toBe(422);
    const [row, ...more] = await rowsOf({ action: 'login_failed', user_id: id });
    expect(more).toEqual([]);
    expect(row).toMatchObject({ ip: OTHER, record_id: id });
    expect(detail(row!, 'reason')).toBe('bad-credentials');
    expect(JSON.stringify(row!.changes)).not.toContain('wrong-secret-1');

    const unknown = `nobody-${n}.${process.pid}@test.example`;
    expect(
      (await browser.post('/api/login', { login: unknown, password: TEST_PASSWORD })).statusCode,
    ).toBe(422);
    const anonymous = (await rowsOf({ action: 'login_failed', user_id: null })).filter(
      (r) => detail(r, 'login') === unknown,
    );
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).toMatchObject({ ip: OTHER, record_id: null });
  });

  it('a refusal (403 and a CSRF 419), once each, with the caller and its address', async () => {
    const staff = await person(['reservation_agent']);
    expect((await staff.browser.get('/api/admin/audit')).statusCode).toBe(403);
    const [row, ...more] = await eventually({ action: 'refused', user_id: staff.id });
    expect(more).toEqual([]);
    expect(row).toMatchObject({ ip: CLIENT, record_type: 'access', record_id: null });
    expect(detail(row!, 'status')).toBe(403);
    expect(detail(row!, 'url')).toBe('/api/admin/audit');

    const forged = await staff.browser.post('/api/admin/users', {}, { withoutCsrf: true });
    expect(forged.statusCode).toBe(419);
    const rows = await eventually({ action: 'refused', user_id: staff.id }, 2);
    expect(rows.map((r) => detail(r, 'status'))).toEqual([403, 419]);
  });

  it('no refusal for a visitor asking who is signed in, one for a visitor at a staff route', async () => {
    const visitor = browserFrom('198.51.100.77');
    const urlsRefused = async () =>
      (await rowsOf({ action: 'refused', user_id: null }))
        .filter((row) => row.ip === '198.51.100.77')
        .map((row) => detail(row, 'url'));
    // The sign-in page asks GET /api/user: 401 is the answer, not an act refused.
    expect((await visitor.get('/api/user')).statusCode).toBe(401);
    expect((await visitor.get('/api/admin/users')).statusCode).toBe(401);
    await eventually({ action: 'refused', user_id: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await urlsRefused()).toEqual(['/api/admin/users']);
  });

  it('a flood of refusals: ten a minute one by one, the rest as one row with their count', async () => {
    // An app of its own, with a clock the test moves: a minute passes in no time.
    let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
    const flooded = await buildApp({
      db: db(),
      logger: false,
      trustProxy: ['127.0.0.1'],
      audit: { now: () => clock },
    });
    const ip = '198.51.100.200';
    const script = browserFrom(ip, flooded);
    const mine = async (action: string) =>
      (await rowsOf({ action, user_id: null })).filter((row) => row.ip === ip);
    try {
      for (let i = 0; i < 25; i += 1) {
        clock += 1_000;
        expect((await script.get(`/api/admin/users?page=${i + 1}`)).statusCode).toBe(401);
      }
      await eventually({ action: 'refused', user_id: null }, 10);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Written after each answer, so not always in order.
      const single = (await mine('refused')).map((row) => String(detail(row, 'url')));
      expect(single.sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `/api/admin/users?page=${i + 1}`).sort(),
      );
      expect(await mine('refused_repeated')).toEqual([]);

      // The minute over, the next refusal ends it: one row counts the other 15.
      clock += 60_000;
      expect((await script.post('/api/admin/users', {})).statusCode).toBe(401);
      await eventually({ action: 'refused_repeated', user_id: null });
      const [repeated, ...more] = await mine('refused_repeated');
      expect(more).toEqual([]);
      expect(repeated).toMatchObject({ record_type: 'access', record_id: null });
      expect(detail(repeated!, 'status')).toBe(401);
      expect(detail(repeated!, 'count')).toBe(15);
      expect(detail(repeated!, 'first')).toBe('2026-11-26T09:00:11.000Z');
      expect(detail(repeated!, 'last')).toBe('2026-11-26T09:00:25.000Z');
      expect(detail(repeated!, 'url')).toBe('/api/admin/users?page=25');
      // And that refusal opens a new minute, written one by one.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await mine('refused')).toHaveLength(11);

      // Counted refusals of a minute not yet over are written when the API stops.
      for (let i = 0; i < 12; i += 1) await script.get('/api/admin/wallets');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await mine('refused_repeated')).toHaveLength(1);
    } finally {
      await flooded.close();
    }
    const written = await mine('refused_repeated');
    expect(written.map((row) => detail(row, 'count'))).toEqual([15, 3]);
    expect(detail(written[1]!, 'url')).toBe('/api/admin/wallets');
  });

  it('a money movement and its confirmation, each by its own person', async () => {
    const accountant = await person(['accountant']);
    const admin = await person(['admin'], OTHER);
    const { id: walletId } = await db()
      .insertInto('wallets')
      .values({ type: 'site', user_id: null, name: 'Касса аудита', currency: 'kgs', balance: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await accountant.browser.post(
      '/api/admin/balance/movements',
      { type: 'income', wallet_id: walletId, amount: '150' },
      { headers: { 'idempotency-key': `audit-${process.pid}-1` } },
    );
    expect([moved.statusCode, moved.body]).toEqual([200, expect.stringContaining('"code":1')]);
    const operation = moved.json().data.id as number;
    const [created, ...again] = await rowsOf({ action: 'created', record_id: operation });
    expect(again).toEqual([]);
    expect(created).toMatchObject({ user_id: accountant.id, ip: CLIENT, record_type: 'operation' });
    expect(detail(created!, 'amount')).toBe(150);

    const confirmed = await admin.browser.post(
      `/api/admin/balance/operations/${operation}/confirm`,
    );
    expect(confirmed.statusCode).toBe(200);
    const rows = await rowsOf({ action: 'confirmed', record_id: operation });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: admin.id, ip: OTHER, record_type: 'operation' });
  });

  it('a role change, with the old and the new roles and who changed them', async () => {
    const admin = await person(['admin']);
    const target = await createTestUser(db(), {
      roles: ['sales_manager'],
      full_name: 'Смена Ролей',
    });
    const saved = await admin.browser.post('/api/admin/users', {
      id: target,
      full_name: 'Смена Ролей',
      roles: ['accountant', 'sales_manager'],
    });
    expect(saved.statusCode).toBe(200);
    const rows = await rowsOf({ action: 'roles', record_id: target });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: admin.id, ip: CLIENT, record_type: 'user' });
    expect(rows[0]!.changes).toEqual([
      { field: 'roles', old: ['sales_manager'], new: ['accountant', 'sales_manager'] },
    ]);
    // A save that leaves the roles as they were writes no role change.
    await admin.browser.post('/api/admin/users', { id: target, full_name: 'Смена Ролей 2' });
    expect(await rowsOf({ action: 'roles', record_id: target })).toHaveLength(1);
  });

  it('an export, with the file', async () => {
    const staff = await person(['sales_manager']);
    const exported = await staff.browser.get('/api/admin/trips/export');
    expect(exported.statusCode).toBe(200);
    const [row, ...more] = await eventually({ action: 'exported', user_id: staff.id });
    expect(more).toEqual([]);
    expect(row).toMatchObject({ ip: CLIENT, record_type: 'export' });
    expect(detail(row!, 'url')).toBe('/api/admin/trips/export');
    expect(String(detail(row!, 'file'))).toMatch(/\.xlsx$/);
  });
});

describe('GET /api/admin/audit', () => {
  it('is for developers and admins only', async () => {
    for (const roles of [
      ['sales_manager'],
      ['accountant'],
      ['reservation_agent'],
      ['counterparty'],
    ]) {
      const someone = await person(roles);
      expect((await someone.browser.get('/api/admin/audit')).statusCode).toBe(403);
    }
    expect((await new Browser(app).get('/api/admin/audit')).statusCode).toBe(401);
    for (const roles of [['developer'], ['admin']]) {
      const someone = await person(roles);
      expect((await someone.browser.get('/api/admin/audit')).statusCode).toBe(200);
    }
  });

  it('finds rows by user, action, text and period, newest first, with who and where', async () => {
    const admin = await person(['admin']);
    const staff = await person(['sales_manager'], OTHER);
    await staff.browser.get('/api/admin/trips/export');
    await eventually({ action: 'exported', user_id: staff.id });

    const byUser = (await admin.browser.get(`/api/admin/audit?user_id=${staff.id}`)).json().data;
    expect(byUser.data.map((r: { action: string }) => r.action)).toEqual(['exported', 'login']);
    expect(byUser.data[1]).toMatchObject({
      user_id: staff.id,
      user_name: expect.stringMatching(/^Аудит/),
      ip: OTHER,
      record_type: 'user',
      record_id: staff.id,
    });
    expect(byUser.per_page).toBe(50);

    const logins = (
      await admin.browser.get(`/api/admin/audit?user_id=${staff.id}&action=login`)
    ).json().data.data;
    expect(logins).toHaveLength(1);

    const searched = (
      await admin.browser.get(`/api/admin/audit?search=${encodeURIComponent(staff.email)}`)
    ).json().data.data;
    expect(searched.map((r: { user_id: number }) => r.user_id)).toEqual([staff.id]);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Bishkek' });
    const inPeriod = await admin.browser.get(
      `/api/admin/audit?user_id=${staff.id}&from=${today}&to=${today}`,
    );
    expect(inPeriod.json().data.data).toHaveLength(2);
    const before = await admin.browser.get(
      `/api/admin/audit?user_id=${staff.id}&from=2020-01-01&to=2020-01-31`,
    );
    expect(before.json().data.data).toEqual([]);

    const ids = (await admin.browser.get('/api/admin/audit'))
      .json()
      .data.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
