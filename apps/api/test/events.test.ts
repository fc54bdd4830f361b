import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../src/app';
import { freePort } from '../src/db/cluster';
import { type Db } from '../src/db/database';
import { publishBalanceUpdated } from '../src/domain/ledger/announcements';
import { canReadWallet } from '../src/routes/wallets/service';
import { permissionsOfRoles } from '@tour/core';
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
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  next: () => Promise<{ event: string; data: unknown }>;
  close: () => void;
  status: number;
}

function open(browser: Browser, at = port): Promise<Stream> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.get(
      // No shared agent: a stream the server ends leaves no pooled socket behind.
      { host: '127.0.0.1', port: at, path: '/api/events', headers: { cookie }, agent: false },
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
        const ended = new Promise<void>((done) => response.on('close', () => done()));
        resolve({
          events,
          ended,
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

it('still announces a change when the wallets cannot be read, and never fails the caller', async () => {
  const accountant = await signedIn(app, db(), ['accountant']);
  const sales = await signedIn(app, db(), ['sales_manager']);
  const watcher = await open(accountant.browser);
  const other = await open(sales.browser);
  try {
    // The wallets out of reach a moment (their table renamed away), after the change committed.
    await sql`alter table wallets rename to wallets_away`.execute(db());
    try {
      await expect(publishBalanceUpdated(db(), [424242])).resolves.toBeUndefined();
    } finally {
      await sql`alter table wallets_away rename to wallets`.execute(db());
    }
    // Who reads every wallet hears which; anyone else only that something changed.
    expect(await watcher.next()).toEqual({
      event: 'balance-updated',
      data: { walletIds: [424242], userIds: [] },
    });
    expect(await other.next()).toEqual({
      event: 'balance-updated',
      data: { walletIds: [], userIds: [] },
    });
  } finally {
    watcher.close();
    other.close();
  }
});

it('tells each page only of the wallets its user may read, as GET /admin/wallet/{id} would', async () => {
  const salesA = await signedIn(app, db(), ['sales_manager']);
  const salesB = await signedIn(app, db(), ['sales_manager']);
  const reservation = await signedIn(app, db(), ['reservation_agent']);
  const accountant = await signedIn(app, db(), ['accountant']);
  const touristA = await createTestUser(db(), { manager_id: salesA.id });
  const touristB = await createTestUser(db(), { manager_id: salesB.id });
  const wallet = async (type: 'site' | 'user', userId: number | null) =>
    (
      await db()
        .insertInto('wallets')
        .values({ type, user_id: userId, name: `Кошелёк ${type}`, currency: 'usd' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const site = await wallet('site', null);
  const ofA = await wallet('user', touristA);
  const ofB = await wallet('user', touristB);
  const salesAOwn = await wallet('user', salesA.id);
  const reservationOwn = await wallet('user', reservation.id);

  const people = { salesA, salesB, reservation, accountant };
  const roles: Record<string, string[]> = {
    salesA: ['sales_manager'],
    salesB: ['sales_manager'],
    reservation: ['reservation_agent'],
    accountant: ['accountant'],
  };
  const streams = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(async ([name, who]) => [name, await open(who.browser)] as const),
    ),
  );
  const heard = async (name: keyof typeof people) => {
    const { data } = await streams[name]!.next();
    const { walletIds, userIds } = data as { walletIds: number[]; userIds: number[] };
    return {
      walletIds: [...walletIds].sort((a, b) => a - b),
      userIds: [...userIds].sort((a, b) => a - b),
    };
  };
  const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
  try {
    await publishBalanceUpdated(db(), [site, ofA, ofB, salesAOwn]);
    // The second announcement names only the reservation agent's own wallet: the first is what
    // every page but the reservation agent's heard, the second is its first event.
    await publishBalanceUpdated(db(), [reservationOwn]);

    expect(await heard('accountant')).toEqual({
      walletIds: sorted(site, ofA, ofB, salesAOwn),
      userIds: sorted(touristA, touristB, salesA.id),
    });
    expect(await heard('salesA')).toEqual({
      walletIds: sorted(ofA, salesAOwn),
      userIds: sorted(touristA, salesA.id),
    });
    expect(await heard('salesB')).toEqual({ walletIds: [ofB], userIds: [touristB] });
    // A reservation agent sees every user but takes no payments: no one's wallet but its own.
    expect(await heard('reservation')).toEqual({
      walletIds: [reservationOwn],
      userIds: [reservation.id],
    });
    expect(await heard('accountant')).toEqual({
      walletIds: [reservationOwn],
      userIds: [reservation.id],
    });

    // What each page heard is what the wallet's own read rule (with its query of the user's
    // reach) answers, wallet by wallet.
    const reads: Record<keyof typeof people, number[]> = {
      accountant: [site, ofA, ofB, salesAOwn, reservationOwn],
      salesA: [ofA, salesAOwn],
      salesB: [ofB],
      reservation: [reservationOwn],
    };
    const wallets = await db()
      .selectFrom('wallets')
      .select(['id', 'type', 'user_id'])
      .where('id', 'in', reads.accountant)
      .execute();
    for (const [name, who] of Object.entries(people)) {
      const viewer = { id: who.id, roles: [...roles[name]!], permissions: [] as string[] };
      viewer.permissions = permissionsOfRoles(viewer.roles);
      for (const wallet of wallets) {
        const byRule = await canReadWallet(db(), viewer, wallet);
        expect([name, wallet.id, byRule]).toEqual([
          name,
          wallet.id,
          reads[name as keyof typeof people].includes(wallet.id),
        ]);
      }
    }
  } finally {
    for (const stream of Object.values(streams)) stream.close();
  }
});

describe('a stream whose session ends or whose rights change', () => {
  // An app of its own that rechecks every open stream's session each 50 ms instead of 25 s.
  let quick: App;
  let quickPort: number;
  beforeAll(async () => {
    quick = await buildApp({ db: db(), logger: false, events: { keepAliveMs: 50 } });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    quickPort = (quick.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await quick.close();
  });

  /** Whether the stream was ended by the server within `ms`. */
  const endsWithin = async (stream: Stream, ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([stream.ended.then(() => true), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  it('stays open while its session holds with the same rights', async () => {
    const staff = await signedIn(quick, db(), ['accountant']);
    const stream = await open(staff.browser, quickPort);
    try {
      expect(await endsWithin(stream, 400)).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('ends when its user is disabled, signs out, or loses a role', async () => {
    const disabled = await signedIn(quick, db(), ['accountant']);
    const leaving = await signedIn(quick, db(), ['accountant']);
    const demoted = await signedIn(quick, db(), ['accountant', 'sales_manager']);
    const streams = await Promise.all(
      [disabled, leaving, demoted].map((who) => open(who.browser, quickPort)),
    );
    try {
      await db()
        .updateTable('users')
        .set({ disabled_at: new Date() })
        .where('id', '=', disabled.id)
        .execute();
      expect((await leaving.browser.post('/api/logout')).statusCode).toBe(200);
      await db()
        .deleteFrom('user_roles')
        .where('user_id', '=', demoted.id)
        .where('role', '=', 'accountant')
        .execute();
      expect(await Promise.all(streams.map((stream) => endsWithin(stream, 2_000)))).toEqual([
        true,
        true,
        true,
      ]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('two API instances over one database', () => {
  // Instance 2 is a real server process of its own (its memory and its buses apart from this
  // one's), over the same database: what it writes, instance 1 (this process) must count and tell.
  let second: ChildProcess;
  let secondBase: string;

  beforeAll(async () => {
    const secondPort = await freePort();
    secondBase = `http://127.0.0.1:${secondPort}`;
    second = spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: database().url,
        PORT: String(secondPort),
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    second.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (second.exitCode !== null) throw new Error(`instance 2 exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`instance 2 did not start: ${stderr}`);
      const ready = await fetch(`${secondBase}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A server process compiling its sources on a loaded two-core machine takes its time.
  }, 120_000);
  afterAll(async () => {
    const exited = new Promise((done) => second.once('exit', done));
    second.kill('SIGTERM');
    await exited;
  });

  /** The same person on instance 2 (sessions live in the database): a call with its cookies. */
  const onSecond =
    (browser: Browser) =>
    async (url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${secondBase}${url}`, {
        method: 'POST',
        headers: {
          cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { statusCode: response.status, body: text, json: () => JSON.parse(text) as unknown };
    };

  it('a payment recorded and confirmed on instance 2 is in instance 1’s totals, queue, statement and stream', async () => {
    const accountant = await signedIn(app, db(), ['accountant']);
    const owner = await createTestUser(db(), { full_name: 'Клиент Двух Серверов' });
    const { id: walletId } = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: owner, name: 'Депозит (доллар)', currency: 'usd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const data = <T>(response: { statusCode: number; body: string; json: () => unknown }) => {
      expect([response.statusCode, response.body]).toEqual([
        200,
        expect.stringContaining('"code":1'),
      ]);
      return (response.json() as { data: T }).data;
    };
    const totalsOnFirst = async () =>
      data<{ total: number; totals: { confirmed_count: number; income: number }[] }>(
        await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}`),
      );
    const queueOnFirst = async () =>
      data<{ total: number }>(
        await accountant.browser.get(`/api/admin/balance/waitings?wallet=${walletId}`),
      ).total;
    const statementOnFirst = async () =>
      data<{ total_in: number; movements: { total: number } }>(
        await accountant.browser.get(
          `/api/admin/wallet/${walletId}/statement?from=2000-01-01&to=2999-12-31`,
        ),
      );

    // Instance 1 has read (and remembered) the figures before the change.
    expect(await totalsOnFirst()).toMatchObject({ total: 0, totals: [] });
    expect(await queueOnFirst()).toBe(0);
    expect(await statementOnFirst()).toMatchObject({ total_in: 0, movements: { total: 0 } });
    const watcher = await open(accountant.browser);
    try {
      const accountantOnSecond = onSecond(accountant.browser);
      const recorded = data<{ id: number }>(
        await accountantOnSecond(
          '/api/admin/balance/movements',
          { type: 'income', wallet_id: walletId, amount: '125.50' },
          { 'idempotency-key': 'two-instances-1' },
        ),
      );
      // Instance 1's page hears of it within a second, and instance 1 counts it at once.
      const heard = await Promise.race([
        watcher.next(),
        new Promise((done) => setTimeout(() => done('не услышано за 1 с'), 1_000)),
      ]);
      expect(heard).toEqual({
        event: 'balance-updated',
        data: { walletIds: [walletId], userIds: [owner] },
      });
      expect(await queueOnFirst()).toBe(1);
      const pending = await totalsOnFirst();
      expect(pending.total).toBe(1);
      expect(pending.totals[0]).toMatchObject({ confirmed_count: 0, income: 0 });

      // Another accountant confirms it on instance 2 (four eyes).
      const confirmer = await signedIn(app, db(), ['accountant']);
      data(
        await onSecond(confirmer.browser)(`/api/admin/balance/operations/${recorded.id}/confirm`),
      );
      expect(
        await Promise.race([
          watcher.next(),
          new Promise((done) => setTimeout(() => done('не услышано за 1 с'), 1_000)),
        ]),
      ).toEqual({ event: 'balance-updated', data: { walletIds: [walletId], userIds: [owner] } });
      expect(await queueOnFirst()).toBe(0);
      expect((await totalsOnFirst()).totals[0]).toMatchObject({
        confirmed_count: 1,
        income: 125.5,
      });
      expect(await statementOnFirst()).toMatchObject({ total_in: 125.5, movements: { total: 1 } });
    } finally {
      watcher.close();
    }
  });
});
