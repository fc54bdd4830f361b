import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The inputs the review of the running product answered badly, side by side: each is refused
// with a 4xx in the product's envelope, carrying the very security headers of an ordinary answer
// and a request id, and nothing of it is written.

const database = useTestDatabase();
let app: App;

// Every header helmet sets, with its value on an ordinary answer (read in beforeAll).
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];
let ordinary: Record<string, unknown>;

let admin: Browser;
let agent: Browser;
let tourist: number;

beforeAll(async () => {
  app = await buildTestApp(database().db);
  const response = await app.inject({ method: 'GET', url: '/api/get-laravel-permission-to-vuejs' });
  ordinary = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers[name]]));
  admin = (await signedIn(app, database().db, ['admin'])).browser;
  agent = (await signedIn(app, database().db, ['reservation_agent'])).browser;
  tourist = await createTestUser(database().db, { password: null, full_name: 'Турист Тестов' });
});
afterAll(async () => {
  await app.close();
});

function expectRefused(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ code: 0, message: expect.any(String) });
  expect(ordinary['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(ordinary['x-content-type-options']).toBe('nosniff');
  for (const name of SECURITY_HEADERS) {
    expect(`${name}: ${String(response.headers[name])}`).toBe(`${name}: ${String(ordinary[name])}`);
  }
  expect(response.headers['x-request-id']).toEqual(expect.any(String));
}

describe('the inputs of the review', () => {
  it('a NUL character in the login', async () => {
    const guest = new Browser(app);
    await guest.get('/api/get-laravel-permission-to-vuejs');
    const response = await guest.post('/api/login', { login: 'a\u0000@x.kg', password: 'x' });
    expectRefused(response, 422);
    expect(response.json().errors).toEqual({ login: ['Недопустимый символ (U+0000)'] });
  });

  it('a NUL character in a search', async () => {
    expectRefused(await admin.get('/api/admin/users?search=%00'), 422);
  });

  it('a malformed percent-encoding in the path', async () => {
    expectRefused(await admin.get('/api/admin/user/%zz'), 400);
  });

  it('a 200-digit id', async () => {
    expectRefused(await admin.get(`/api/admin/user/${'9'.repeat(200)}`), 414);
  });

  it('a payment of 1e15 KGS', async () => {
    const response = await admin.post(
      `/api/admin/user/${tourist}/payments`,
      { currency: 'kgs', amount: 1e15 },
      { headers: { 'idempotency-key': 'hostile-1e15' } },
    );
    expectRefused(response, 422);
    expect(response.json().errors).toEqual({
      amount: ['Сумма не может быть больше С1\u00a0000\u00a0000\u00a0000,00'],
    });
    const written = await database()
      .db.selectFrom('transactions')
      .select('id')
      .where('idempotency_key', '=', 'hostile-1e15')
      .execute();
    expect(written).toEqual([]);
  });

  it("a reservation agent reading a user's wallets", async () => {
    expectRefused(await agent.get(`/api/admin/user/${tourist}/wallets`), 403);
  });
});
