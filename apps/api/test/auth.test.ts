import { ROLE_PERMISSIONS } from '@tour/core';
import type { App } from '../src/app';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from '../src/routes/auth/login-throttle';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, TEST_PASSWORD } from './http';
import { browserWithSession } from './sessions';

const database = useTestDatabase();
let app: App;

beforeAll(async () => {
  app = await buildTestApp(database().db);
});
afterAll(async () => {
  await app.close();
});

const db = () => database().db;
let n = 0;
const uniqueEmail = () => `auth${++n}@test.example`;

async function staff(roles = ['admin'], extra: Parameters<typeof createTestUser>[1] = {}) {
  const email = uniqueEmail();
  const id = await createTestUser(db(), { roles, email, ...extra });
  return { id, email };
}

describe('login', () => {
  it('signs in by email, sets an HttpOnly session cookie and a readable XSRF-TOKEN', async () => {
    const { id, email } = await staff(['accountant']);
    const browser = new Browser(app);
    const response = await browser.login(email.toUpperCase());
    expect(response.json().user).toMatchObject({ id, email, roles: ['accountant'] });
    expect(response.json().user).not.toHaveProperty('password_hash');
    const cookies = response.cookies as Array<Record<string, unknown>>;
    const session = cookies.find((c) => c.name === 'tour_session');
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.maxAge).toBeUndefined();
    expect(xsrf?.httpOnly).toBeFalsy();

    const user = await browser.get('/api/user');
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ code: 1, data: { id, email } });
    const permissions = await browser.get('/api/get-laravel-permission-to-vuejs');
    expect(permissions.json()).toEqual({
      roles: ['accountant'],
      permissions: [...ROLE_PERMISSIONS.accountant].sort(),
    });
  });

  it('signs in by phone written any way', async () => {
    const { id } = await staff(['sales_manager'], { email: null, phone: '+996700123456' });
    const browser = new Browser(app);
    const response = await browser.login('+996 (700) 12-34-56');
    expect(response.json().user).toMatchObject({ id, email: null, phone: '+996700123456' });
  });

  it('answers an unknown login and a wrong password the same way, both checking a hash', async () => {
    const { email } = await staff();
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const timed = async (login: string) => {
      const started = process.hrtime.bigint();
      const response = await browser.post('/api/login', { login, password: 'wrong-password' });
      return { response, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const wrong = await timed(email);
    const unknown = await timed('nobody@test.example');
    expect(wrong.response.statusCode).toBe(422);
    expect(unknown.response.statusCode).toBe(422);
    expect(unknown.response.json()).toEqual(wrong.response.json());
    expect(wrong.response.json()).toEqual({
      code: 0,
      message: 'Неверный логин или пароль',
      errors: { login: ['Неверный логин или пароль'] },
    });
    // Without the dummy hash an unknown login would answer in a few ms instead of an argon2 run.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 3);
  });

  it('refuses the 6th wrong password within 15 minutes with 429 and Retry-After', async () => {
    const { email } = await staff();
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    for (let attempt = 1; attempt <= ACCOUNT_LIMIT; attempt += 1) {
      const response = await browser.post('/api/login', { login: email, password: 'nope-nope' });
      expect(response.statusCode).toBe(422);
    }
    const refused = await browser.post('/api/login', { login: email, password: 'nope-nope' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused.json().message).toMatch(/Слишком много попыток входа/);
    // Even the right password waits: otherwise guessing would just go on.
    const right = await browser.post('/api/login', { login: email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(429);
    // Another account from the same address is not locked out by this one.
    const other = await staff();
    expect(
      (await browser.post('/api/login', { login: other.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('limits wrong passwords per address too', async () => {
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    await db()
      .insertInto('login_failures')
      .values(
        Array.from({ length: ADDRESS_LIMIT }, (_, i) => ({
          login: `spray${i}@test.example`,
          ip: '127.0.0.1',
        })),
      )
      .execute();
    const { email } = await staff();
    const response = await browser.post('/api/login', { login: email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(429);
    await db().deleteFrom('login_failures').where('ip', '=', '127.0.0.1').execute();
  });

  it('refuses a client-only account with a Russian message and no session', async () => {
    const { email } = await staff(['client']);
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const response = await browser.post('/api/login', { login: email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Вход доступен только сотрудникам и агентам');
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('lets a counterparty sign in', async () => {
    const { email } = await staff(['counterparty']);
    expect((await new Browser(app).login(email)).statusCode).toBe(200);
  });

  it('refuses a disabled account as a wrong password', async () => {
    const { id, email } = await staff();
    await db().updateTable('users').set({ disabled_at: new Date() }).where('id', '=', id).execute();
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    expect(
      (await browser.post('/api/login', { login: email, password: TEST_PASSWORD })).statusCode,
    ).toBe(422);
  });

  it('validates the form in Russian and refuses unknown fields', async () => {
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const response = await browser.post('/api/login', { login: '', extra: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      login: ['Обязательное поле'],
      password: ['Обязательное поле'],
      extra: ['Неизвестное поле'],
    });
  });

  it('keeps a remembered session in a persistent cookie', async () => {
    const { email } = await staff();
    const response = await new Browser(app).login(email, TEST_PASSWORD, true);
    const session = (response.cookies as Array<Record<string, unknown>>).find(
      (c) => c.name === 'tour_session',
    );
    expect(session?.maxAge).toBe(30 * 24 * 60 * 60);
  });
});

describe('session', () => {
  it('gives a new session id and CSRF token at login (no fixation)', async () => {
    const { email } = await staff();
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const guestCookie = browser.cookies.get('tour_session');
    const guestToken = browser.cookies.get('XSRF-TOKEN');
    await browser.login(email);
    expect(browser.cookies.get('tour_session')).not.toBe(guestCookie);
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(guestToken);
  });

  it('destroys the session at logout: the old cookie is worthless', async () => {
    const { email } = await staff();
    const browser = new Browser(app);
    await browser.login(email);
    const stolen = browser.cookies.get('tour_session')!;
    const logout = await browser.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ code: 1 });
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect(await browser.get('/api/get-laravel-permission-to-vuejs').then((r) => r.json())).toBe(0);
    const replay = new Browser(app);
    replay.cookies.set('tour_session', stolen);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('ends at its expiry', async () => {
    const { id } = await staff();
    const browser = await browserWithSession(app, db(), id);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('ends when the user is disabled', async () => {
    const { id } = await staff();
    const browser = await browserWithSession(app, db(), id);
    await db().updateTable('users').set({ disabled_at: new Date() }).where('id', '=', id).execute();
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('answers 0 for permissions and 401 for the user when signed out', async () => {
    const browser = new Browser(app);
    const permissions = await browser.get('/api/get-laravel-permission-to-vuejs');
    expect(permissions.statusCode).toBe(200);
    expect(permissions.json()).toBe(0);
    const user = await browser.get('/api/user');
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ code: 0, message: 'Требуется вход в систему' });
  });

  it('ignores a forged guest cookie', async () => {
    const browser = new Browser(app);
    browser.cookies.set('tour_session', 'g.forged.signature');
    const response = await browser.get('/api/get-laravel-permission-to-vuejs');
    expect(browser.cookies.get('tour_session')).not.toBe('g.forged.signature');
    expect(response.statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('sets XSRF-TOKEN on every response, errors included', async () => {
    const browser = new Browser(app);
    const response = await browser.get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(browser.cookies.get('XSRF-TOKEN')).toBeTruthy();
  });

  it('answers 419 to a state-changing request without the header or with a wrong one', async () => {
    const { email } = await staff();
    const browser = new Browser(app);
    await browser.login(email);
    const missing = await browser.post('/api/logout', undefined, { withoutCsrf: true });
    expect(missing.statusCode).toBe(419);
    expect(missing.json().message).toMatch(/Страница устарела/);
    const wrong = await browser.post('/api/logout', undefined, {
      withoutCsrf: true,
      headers: { 'x-xsrf-token': 'not-the-token' },
    });
    expect(wrong.statusCode).toBe(419);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a login without the guest token', async () => {
    const { email } = await staff();
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(419);
  });

  it("does not accept one session's token for another session", async () => {
    const first = await staff();
    const second = await staff();
    const a = new Browser(app);
    const b = new Browser(app);
    await a.login(first.email);
    await b.login(second.email);
    const response = await b.post('/api/logout', undefined, {
      withoutCsrf: true,
      headers: { 'x-xsrf-token': a.cookies.get('XSRF-TOKEN')! },
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('roles', () => {
  it('lists role labels in Russian for staff', async () => {
    const { id } = await staff(['sales_manager']);
    const browser = await browserWithSession(app, db(), id);
    const response = await browser.get('/api/roles');
    expect(response.json()).toEqual({
      code: 1,
      data: {
        developer: 'Разработчик',
        admin: 'Администратор',
        sales_manager: 'Менеджер по продажам',
        reservation_agent: 'Агент по бронированию',
        accountant: 'Бухгалтер',
        counterparty: 'Контрагент',
        client: 'Клиент',
      },
    });
  });

  it('is refused to a counterparty and to anonymous callers', async () => {
    const { id } = await staff(['counterparty']);
    expect((await (await browserWithSession(app, db(), id)).get('/api/roles')).statusCode).toBe(
      403,
    );
    expect((await new Browser(app).get('/api/roles')).statusCode).toBe(401);
  });
});
