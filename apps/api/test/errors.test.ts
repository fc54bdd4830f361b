import { Writable } from 'node:stream';
import type { App } from '../src/app';
import { buildApp } from '../src/app';
import { useTestDatabase } from './database';
import { Browser, createTestUser, TEST_PASSWORD } from './http';

const database = useTestDatabase();
let app: App;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ db: database().db, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await app.close();
});

describe('errors', () => {
  it('answers an unknown path with a Russian 404 in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 0, message: 'Не найдено' });
  });

  it('answers broken JSON with 400 and no internals', async () => {
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: {
        'content-type': 'application/json',
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': browser.cookies.get('XSRF-TOKEN')!,
      },
      payload: '{"login": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 0, message: 'Тело запроса не является корректным JSON' });
    expect(broken.body).not.toMatch(/at .*\.js|stack|SyntaxError/);
  });

  it('sends security headers on every response, errors included', async () => {
    for (const url of ['/api/get-laravel-permission-to-vuejs', '/api/no-such-thing', '/api/user']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeDefined();
      expect(response.headers['x-request-id']).toBeTruthy();
    }
  });
});

describe('request ids', () => {
  const idOf = async (given?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/get-laravel-permission-to-vuejs',
        headers: given === undefined ? {} : { 'x-request-id': given },
      })
    ).headers['x-request-id'];

  it("keeps a proxy's request id that looks like one", async () => {
    await expect(idOf('3f2b9c1e-0d4a-4f5e-9b7a-1c2d3e4f5a6b')).resolves.toBe(
      '3f2b9c1e-0d4a-4f5e-9b7a-1c2d3e4f5a6b',
    );
    await expect(idOf('lb-0001.edge:42')).resolves.toBe('lb-0001.edge:42');
  });

  it('replaces a missing, short, long or odd one with its own', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const given of [
      undefined,
      'abc',
      'x'.repeat(65),
      '<script>alert(1)</script>',
      'a b c d e f',
    ]) {
      await expect(idOf(given)).resolves.toMatch(uuid);
    }
  });
});

describe('logs', () => {
  it('logs every login attempt and every refused request, with request ids', async () => {
    const email = `logged${process.pid}@test.example`;
    await createTestUser(database().db, { roles: ['sales_manager'], email });
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    await browser.post('/api/login', { login: email, password: 'wrong-password' });
    await browser.post('/api/login', { login: email, password: TEST_PASSWORD });
    await browser.get('/api/admin/wallets');
    const logins = logLines.filter((line) => line.event === 'login');
    expect(logins.map((line) => line.ok)).toEqual([false, true]);
    expect(logins.every((line) => line.login === email)).toBe(true);
    expect(logins.every((line) => typeof line.reqId === 'string')).toBe(true);
    const refused = logLines.filter((line) => line.event === 'refused');
    expect(refused).toContainEqual(
      expect.objectContaining({ status: 403, url: '/api/admin/wallets', method: 'GET' }),
    );
    expect(JSON.stringify(logLines)).not.toContain('wrong-password');
  });
});

describe('OpenAPI', () => {
  it('serves the document and its UI at /api/docs', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/user', '/api/roles']),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
