import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app';
import { createDatabase, type Db } from '../src/db/database';
import { publishBalanceUpdated } from '../src/routes/events';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// GET /api/events (SPEC.md 4 balance-updated across browsers): a page's open stream hears of
// every wallet a movement, a confirmation or a rejection touched, with the owners, and nothing
// about amounts; a guest gets no stream.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let port: number;

interface Stream {
  events: { event: string; data: unknown }[];
  next: () => Promise<{ event: string; data: unknown }>;
  close: () => void;
  status: number;
}

function open(browser: Browser): Promise<Stream> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: { cookie } },
      (response) => {
        const events: Stream['events'] = [];
        const waiting: ((e: Stream['events'][number]) => void)[] = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) {
              const item = { event, data: JSON.parse(data) as unknown };
              const waiter = waiting.shift();
              if (waiter) waiter(item);
              else events.push(item);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({
          events,
          status: response.statusCode ?? 0,
          next: () => {
            const ready = events.shift();
            if (ready) return Promise.resolve(ready);
            return new Promise((done) => waiting.push(done));
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

beforeAll(async () => {
  app = await buildTestApp(db());
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

it('tells an open page which wallets a payment and its confirmation touched', async () => {
  const sales = await signedIn(app, db(), ['sales_manager']);
  const accountant = await signedIn(app, db(), ['accountant']);
  const tourist = await createTestUser(db(), { manager_id: sales.id });
  const { id: walletId } = await db()
    .insertInto('wallets')
    .values({ type: 'user', user_id: tourist, name: 'Депозит (сом)', currency: 'kgs' })
    .returning('id')
    .executeTakeFirstOrThrow();

  const watcher = await open(accountant.browser);
  try {
    expect(watcher.status).toBe(200);
    const recorded = await sales.browser.post(
      '/api/admin/balance/movements',
      { type: 'income', wallet_id: walletId, amount: 1500 },
      { headers: { 'idempotency-key': 'events-1' } },
    );
    expect(await watcher.next()).toEqual({
      event: 'balance-updated',
      data: { walletIds: [walletId], userIds: [tourist] },
    });
    const id = recorded.json().data.id as number;
    expect(
      (await accountant.browser.post(`/api/admin/balance/operations/${id}/confirm`)).statusCode,
    ).toBe(200);
    expect(await watcher.next()).toEqual({
      event: 'balance-updated',
      data: { walletIds: [walletId], userIds: [tourist] },
    });
  } finally {
    watcher.close();
  }
});

it('refuses a guest and an agent a stream', async () => {
  const guest = new Browser(app);
  await guest.get('/api/get-laravel-permission-to-vuejs');
  const refused = await open(guest);
  refused.close();
  expect(refused.status).toBe(401);
  const agent = await signedIn(app, db(), ['counterparty']);
  const forbidden = await open(agent.browser);
  forbidden.close();
  expect(forbidden.status).toBe(403);
});

it('still announces the wallets when the owners cannot be read, and never fails the caller', async () => {
  const accountant = await signedIn(app, db(), ['accountant']);
  const watcher = await open(accountant.browser);
  try {
    const gone = createDatabase({ url: database().url, max: 1 });
    await gone.destroy();
    await expect(publishBalanceUpdated(gone, [424242])).resolves.toBeUndefined();
    expect(await watcher.next()).toEqual({
      event: 'balance-updated',
      data: { walletIds: [424242], userIds: [] },
    });
  } finally {
    watcher.close();
  }
});
