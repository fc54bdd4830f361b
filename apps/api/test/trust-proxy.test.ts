import type { App } from '../src/app';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { ADDRESS_LIMIT } from '../src/routes/auth/login-throttle';
import { useTestDatabase } from './database';
import { Browser, createTestUser, TEST_PASSWORD } from './http';

// Behind a reverse proxy every client arrives from the proxy's address. With TRUST_PROXY naming
// that proxy, the per-address login limit counts each client by its X-Forwarded-For; without it,
// the header is ignored, so a forged one cannot dodge the limit.

const database = useTestDatabase();
const db = () => database().db;

// app.inject connects from 127.0.0.1: here, the proxy.
const PROXY = '127.0.0.1';
const CLIENT_A = '203.0.113.10';
const CLIENT_B = '203.0.113.20';

let n = 0;
async function staffEmail(): Promise<string> {
  const email = `proxy${++n}.${process.pid}@test.example`;
  await createTestUser(db(), { roles: ['sales_manager'], email });
  return email;
}

async function browserFrom(app: App): Promise<Browser> {
  const browser = new Browser(app);
  await browser.get('/api/get-laravel-permission-to-vuejs');
  return browser;
}

const loginFrom = (browser: Browser, address: string, login: string, password: string) =>
  browser.post('/api/login', { login, password }, { headers: { 'x-forwarded-for': address } });

/** ADDRESS_LIMIT wrong passwords from `address`, each for another login (no account limit). */
async function spray(browser: Browser, address: string) {
  for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt += 1) {
    const response = await loginFrom(
      browser,
      address,
      `nobody${attempt}@test.example`,
      'wrong-one',
    );
    expect(response.statusCode).toBe(422);
  }
}

describe('TRUST_PROXY and the per-address login limit', () => {
  let app: App | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
    await db().deleteFrom('login_failures').execute();
  });

  it('counts each client behind the trusted proxy by its own address', async () => {
    const config = readConfig({ TRUST_PROXY: PROXY });
    app = await buildApp({ db: db(), logger: false, trustProxy: config.trustProxy });
    const email = await staffEmail();
    const a = await browserFrom(app);
    await spray(a, CLIENT_A);
    // The 21st attempt from A is refused, whatever it sends...
    const refused = await loginFrom(a, CLIENT_A, email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    // ...while B, behind the same proxy, signs in.
    const b = await browserFrom(app);
    expect((await loginFrom(b, CLIENT_B, email, TEST_PASSWORD)).statusCode).toBe(200);
    const failures = await db().selectFrom('login_failures').select('ip').distinct().execute();
    expect(failures).toEqual([{ ip: CLIENT_A }]);
  });

  it('ignores X-Forwarded-For by default: a forged one does not dodge the limit', async () => {
    const config = readConfig({});
    app = await buildApp({ db: db(), logger: false, trustProxy: config.trustProxy });
    const email = await staffEmail();
    const a = await browserFrom(app);
    await spray(a, CLIENT_A);
    const forged = await loginFrom(await browserFrom(app), CLIENT_B, email, TEST_PASSWORD);
    expect(forged.statusCode).toBe(429);
    const failures = await db().selectFrom('login_failures').select('ip').distinct().execute();
    expect(failures).toEqual([{ ip: PROXY }]);
  });
});
