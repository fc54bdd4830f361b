import type { App } from '../src/app';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn, TEST_PASSWORD } from './http';

// ASVS 5.0 6.2.3: changing one's own password takes the current one, and guessing it here counts
// against the account exactly as wrong passwords at POST /api/login do.

const database = useTestDatabase();
const db = () => database().db;
let app: App;

beforeAll(async () => {
  app = await buildTestApp(db());
});
afterEach(async () => {
  // Every request here comes from 127.0.0.1: one test's wrong passwords never count in the next.
  await db().deleteFrom('login_failures').execute();
});
afterAll(async () => {
  await app.close();
});

const NEW_PASSWORD = 'brand-new-password-7';
const WRONG_PASSWORD = 'not-my-password-3';

async function save(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.post('/api/admin/users', body);
  return { status: response.statusCode, body: response.json(), raw: response.body, response };
}

async function passwordHash(id: number) {
  const row = await db()
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** The status POST /api/login answers for this login and password, from a fresh browser. */
async function signInStatus(login: string, password: string) {
  const browser = new Browser(app);
  await browser.get('/api/get-laravel-permission-to-vuejs');
  return (await browser.post('/api/login', { login, password })).statusCode;
}

async function sessionCount(userId: number) {
  const row = await db()
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/admin/users: a user changing its own password', () => {
  it('asks for the current password and changes nothing without it', async () => {
    const me = await signedIn(app, db(), ['sales_manager'], { full_name: 'Старое Имя' });
    const hash = await passwordHash(me.id);
    const result = await save(me.browser, {
      id: me.id,
      full_name: 'Новое Имя',
      password: NEW_PASSWORD,
    });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      code: 0,
      message: 'Проверьте правильность заполнения полей',
      errors: { current_password: ['Укажите текущий пароль'] },
    });
    expect(await passwordHash(me.id)).toBe(hash);
    const row = await db()
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Старое Имя');
    expect(await signInStatus(me.email, TEST_PASSWORD)).toBe(200);
    expect(await signInStatus(me.email, NEW_PASSWORD)).toBe(422);
  });

  it('treats a blank or null current password as none given', async () => {
    const me = await signedIn(app, db(), ['accountant']);
    for (const current of ['', null]) {
      const result = await save(me.browser, {
        id: me.id,
        full_name: 'Я',
        password: NEW_PASSWORD,
        current_password: current,
      });
      expect(result.status).toBe(422);
      expect(result.body.errors).toEqual({ current_password: ['Укажите текущий пароль'] });
    }
    // Nothing given is no guess: the account is not any closer to its limit.
    const failures = await db().selectFrom('login_failures').selectAll().execute();
    expect(failures).toEqual([]);
  });

  it('refuses a wrong current password, with every other field error, and changes nothing', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const hash = await passwordHash(me.id);
    const result = await save(me.browser, {
      id: me.id,
      full_name: '   ',
      password: NEW_PASSWORD,
      current_password: WRONG_PASSWORD,
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({
      full_name: ['Обязательное поле'],
      current_password: ['Неверный текущий пароль'],
    });
    expect(result.raw).not.toContain(WRONG_PASSWORD);
    expect(await passwordHash(me.id)).toBe(hash);
    expect(await signInStatus(me.email, TEST_PASSWORD)).toBe(200);
    expect(await signInStatus(me.email, NEW_PASSWORD)).toBe(422);
  });

  it('changes it with the right current password; the new one signs in, the old one not', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const result = await save(me.browser, {
      id: me.id,
      full_name: 'Сменивший Пароль',
      password: NEW_PASSWORD,
      current_password: TEST_PASSWORD,
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      id: me.id,
      full_name: 'Сменивший Пароль',
      has_password: true,
    });
    expect(result.raw).not.toMatch(/current_password|test-password|brand-new-password/);
    expect(await signInStatus(me.email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(me.email, TEST_PASSWORD)).toBe(422);
  });

  it('ends the other sessions of the user and keeps the one that changed it', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const laptop = new Browser(app);
    await laptop.login(me.email);
    const phone = new Browser(app);
    await phone.login(me.email);
    expect(await sessionCount(me.id)).toBe(3);
    const result = await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: NEW_PASSWORD,
      current_password: TEST_PASSWORD,
    });
    expect(result.status).toBe(200);
    expect((await me.browser.get('/api/user')).statusCode).toBe(200);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect(await sessionCount(me.id)).toBe(1);
  });

  it('needs no current password for the rest of its own card', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const result = await save(me.browser, { id: me.id, full_name: 'Только Имя', password: null });
    expect(result.status).toBe(200);
    expect(result.body.data.full_name).toBe('Только Имя');
  });

  it('needs none for a first password of its own (it has none to give)', async () => {
    // A user without a password signs in no more; a session it still holds sets the first one.
    const me = await signedIn(app, db(), ['sales_manager']);
    await db().updateTable('users').set({ password_hash: null }).where('id', '=', me.id).execute();
    const result = await save(me.browser, { id: me.id, full_name: 'Я', password: NEW_PASSWORD });
    expect(result.status).toBe(200);
    expect(await signInStatus(me.email, NEW_PASSWORD)).toBe(200);
  });
});

describe('POST /api/admin/users: an admin setting another user password', () => {
  it('needs no current password, and ends every session of that user', async () => {
    const admin = await signedIn(app, db(), ['admin']);
    const target = await signedIn(app, db(), ['sales_manager']);
    const result = await save(admin.browser, {
      id: target.id,
      full_name: 'Сотрудник',
      password: NEW_PASSWORD,
    });
    expect(result.status).toBe(200);
    expect((await target.browser.get('/api/user')).statusCode).toBe(401);
    expect(await signInStatus(target.email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(target.email, TEST_PASSWORD)).toBe(422);
    expect((await admin.browser.get('/api/user')).statusCode).toBe(200);
  });

  it("ignores a current password given for another user's, right or wrong", async () => {
    const admin = await signedIn(app, db(), ['admin']);
    const target = await createTestUser(db(), { roles: ['counterparty'] });
    const result = await save(admin.browser, {
      id: target,
      full_name: 'Агент',
      password: NEW_PASSWORD,
      current_password: WRONG_PASSWORD,
    });
    expect(result.status).toBe(200);
    expect(await db().selectFrom('login_failures').selectAll().execute()).toEqual([]);
  });
});

describe('POST /api/admin/users: guessing the current password', () => {
  it('is throttled as sign-ins are: the 6th try is 429 with Retry-After, even when right', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const hash = await passwordHash(me.id);
    const change = (current: string) =>
      save(me.browser, {
        id: me.id,
        full_name: 'Я',
        password: NEW_PASSWORD,
        current_password: current,
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await change(`${WRONG_PASSWORD}-${attempt}`);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: ['Неверный текущий пароль'] });
    }
    const refused = await change(`${WRONG_PASSWORD}-6`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(0);
    expect(refused.body.message).toMatch(
      /^Слишком много попыток входа\. Повторите через \d+ мин\.$/,
    );
    const retryAfter = Number(refused.response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The right one waits too, or guessing would simply go on; nothing changed.
    expect((await change(TEST_PASSWORD)).status).toBe(429);
    expect(await passwordHash(me.id)).toBe(hash);
    // The same account's sign-in waits as well: one count for the account, wherever it guesses.
    expect(await signInStatus(me.email, TEST_PASSWORD)).toBe(429);
    // The session itself is not ended by it.
    expect((await me.browser.get('/api/user')).statusCode).toBe(200);
  });

  it('waits when wrong sign-ins of the account already reached the limit', async () => {
    const me = await signedIn(app, db(), ['sales_manager'], { phone: '+996555101202' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await signInStatus('+996 555 101 202', `${WRONG_PASSWORD}-${attempt}`)).toBe(422);
    }
    const refused = await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: NEW_PASSWORD,
      current_password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a wrong current password under the login the account signs in with', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: NEW_PASSWORD,
      current_password: WRONG_PASSWORD,
    });
    const failures = await db().selectFrom('login_failures').select(['login', 'ip']).execute();
    expect(failures).toEqual([{ login: me.email, ip: '127.0.0.1' }]);
  });
});

describe('POST /api/admin/users: the current password is kept nowhere', () => {
  it('never reaches the audit log, the answer or the user row', async () => {
    const me = await signedIn(app, db(), ['sales_manager', 'accountant']);
    const wrong = 'audit-probe-wrong-91';
    await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: NEW_PASSWORD,
      current_password: wrong,
    });
    // A role change of the same user writes a row on it: the log is not empty by chance.
    const admin = await signedIn(app, db(), ['admin']);
    await save(admin.browser, { id: me.id, full_name: 'Я', roles: ['sales_manager'] });
    const right = await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: NEW_PASSWORD,
      current_password: TEST_PASSWORD,
    });
    expect(right.status).toBe(200);
    expect(right.raw).not.toContain(TEST_PASSWORD);
    expect(right.raw).not.toContain('current_password');
    // Refusals and other rows are written after the answer: give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await db().selectFrom('audit_log').selectAll().execute();
    expect(rows.some((row) => row.action === 'roles' && row.record_id === me.id)).toBe(true);
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(wrong);
    expect(logged).not.toContain(TEST_PASSWORD);
    expect(logged).not.toContain('current_password');
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/audit-probe|test-password|current_password/);
  });

  it('is refused past the longest password', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const result = await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: NEW_PASSWORD,
      current_password: 'x'.repeat(129),
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ current_password: ['Не длиннее 128 символов'] });
    expect(result.raw).not.toContain('x'.repeat(129));
  });
});
