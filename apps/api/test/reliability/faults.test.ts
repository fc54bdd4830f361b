import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runningEmbeddedUrl } from '../../src/db/backup';
import { freePort } from '../../src/db/cluster';
import { createDatabase, type Db } from '../../src/db/database';
import { recordMovement } from '../../src/domain/ledger/movements';
import { checkLedger } from '../../src/routes/ledger/check';
import { createTestDatabase, makeTempDir, type TestDatabase } from '../database';
import { createTestUser, TEST_PASSWORD } from '../http';
import { recordFigures } from './figures';

// Money under faults: the real API process (`node -r @swc-node/register src/server.ts`) with
// CONFIRMATIONS pending incomes an admin recorded, confirmed all at once by an accountant
// (POST /api/admin/balance/operations/:id/confirm, with CSRF). When a third of them are confirmed
// (answered 200, or committed: the server outruns the client's reading), a fault strikes:
//   1. kill -9 of the API (on its own database, DATABASE_URL: the test cluster's);
//   2. kill -9 of the embedded PostgreSQL's postmaster under the API (DATA_DIR); the API, still
//      running, is stopped (SIGTERM, as an operator or systemd would) and started again, its
//      embedded server recovering from the crash.
// After the restart: the ledger check finds nothing, every confirmation answered 200 is confirmed,
// each unanswered one is confirmed or still pending (never half), every balance is the sum of its
// confirmed incomes; then every confirmation is retried and no money moves twice (an answered or
// committed one gets 409, the pending rest 200).
//
// The 200 confirmations per fault, in npm test: the API's starts take the time (about
// 15-30 s for the file on two cores), not their number.

const CONFIRMATIONS = 200;
const API_DIR = path.resolve(__dirname, '../..');
const WALLETS = ['kgs', 'usd', 'eur', 'jpy'] as const;

jest.setTimeout(180_000);

interface Api {
  child: ChildProcess;
  base: string;
  stderr(): string;
}

/** Every API process this file started: none may outlive it, whatever failed. */
const spawned = new Set<ChildProcess>();

function startApi(port: number, env: Record<string, string>): Api {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'fatal', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

/** Waits for the API's /api/ready (database answers, migrations applied). */
async function ready(api: Api): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) {
      throw new Error(`API exited ${api.child.exitCode}: ${api.stderr()}`);
    }
    try {
      if ((await fetch(`${api.base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`API not ready: ${api.stderr()}`);
}

function exited(api: Api): Promise<number | null> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) {
    return Promise.resolve(api.child.exitCode);
  }
  return new Promise((resolve) => api.child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, then SIGKILL if it has not exited within `ms`; its exit code (null if killed). */
async function stopApi(api: Api, ms = 30_000): Promise<number | null> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return api.child.exitCode;
  const done = exited(api);
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), ms);
  try {
    return await done;
  } finally {
    clearTimeout(timer);
  }
}

/** Signs in through the form (guest XSRF token first); the headers of a signed-in request. */
async function signIn(base: string, login: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  });
  keep(await fetch(`${base}/api/get-laravel-permission-to-vuejs`));
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers() },
    body: JSON.stringify({ login, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  keep(response);
  return headers();
}

interface Ledger {
  accountant: string;
  /** The pending incomes, with their wallets and amounts in minor units. */
  operations: { id: number; walletId: number; amount: number }[];
}

/** Staff who sign in, wallets, and CONFIRMATIONS pending incomes recorded by the admin. */
async function prepare(db: Db): Promise<Ledger> {
  const stamp = `${process.pid}.${Date.now()}`;
  const admin = await createTestUser(db, {
    roles: ['admin'],
    email: `admin.${stamp}@test.example`,
  });
  const accountant = `accountant.${stamp}@test.example`;
  await createTestUser(db, { roles: ['accountant'], email: accountant });
  const tourist = await createTestUser(db, { password: null });
  const wallets = await db
    .insertInto('wallets')
    .values(
      WALLETS.map((currency, i) => ({
        type: 'user' as const,
        user_id: tourist,
        name: `Кошелёк ${i + 1}`,
        currency,
      })),
    )
    .returning(['id', 'currency'])
    .execute();
  const operations = await db.transaction().execute(async (trx) => {
    const recorded: Ledger['operations'] = [];
    for (let i = 0; i < CONFIRMATIONS; i += 1) {
      const wallet = wallets[i % wallets.length]!;
      const amount = 100 + ((i * 7919) % 100_000);
      const { id } = await recordMovement(trx, {
        kind: 'income',
        walletId: wallet.id,
        amountMinor: amount,
        currency: wallet.currency as (typeof WALLETS)[number],
        comment: `Платёж №${i + 1}`,
        createdBy: admin,
        idempotency: null,
      });
      recorded.push({ id, walletId: wallet.id, amount });
    }
    return recorded;
  });
  return { accountant, operations };
}

interface Outcome {
  /** Answered 200 with the operation confirmed. */
  acknowledged: Set<number>;
  /** Every answer by status ('network' when none came). */
  statuses: Record<string, number>;
}

interface Fault {
  /** Strikes (kill -9). */
  strike(): void;
  /** How many of the operations the database holds confirmed now. */
  committed(): Promise<number>;
}

/**
 * Every confirmation at once. A fault strikes once a third of them are answered 200, or once the
 * database holds a third confirmed, whichever comes first: the server may commit faster than the
 * client reads its answers, and the fault must land in the middle either way.
 */
async function confirmAll(
  base: string,
  headers: Record<string, string>,
  ids: number[],
  fault?: Fault,
): Promise<Outcome> {
  const acknowledged = new Set<number>();
  const statuses: Record<string, number> = {};
  const threshold = Math.ceil(ids.length / 3);
  let struck = !fault;
  let answered = 0;
  const strike = () => {
    if (struck) return;
    struck = true;
    fault!.strike();
  };
  const watch = (async () => {
    while (!struck && answered < ids.length) {
      const committed = await fault!.committed().catch(() => 0);
      if (committed >= threshold) strike();
      else await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  await Promise.all(
    ids.map(async (id) => {
      let status: string;
      try {
        const response = await fetch(`${base}/api/admin/balance/operations/${id}/confirm`, {
          method: 'POST',
          headers,
          signal: AbortSignal.timeout(60_000),
        });
        status = String(response.status);
        const body = (await response.json().catch(() => null)) as {
          data?: { status?: string };
        } | null;
        if (response.status === 200 && body?.data?.status === 'confirmed') acknowledged.add(id);
      } catch {
        status = 'network';
      }
      answered += 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (acknowledged.size >= threshold) strike();
    }),
  );
  await watch;
  return { acknowledged, statuses };
}

interface Checked {
  /** Answered 200 but not confirmed, or missing. */
  lost: number;
  /** Neither confirmed nor pending, or a status and its resolution mark that disagree. */
  half: number;
  ledger: string[];
  /** Wallets whose balance is not the sum of their confirmed incomes. */
  balances: number;
  confirmed: Set<number>;
}

async function check(db: Db, ledger: Ledger, acknowledged: Set<number>): Promise<Checked> {
  const ids = ledger.operations.map((op) => op.id);
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'status', 'confirmed_at', 'confirmed_by'])
    .where('id', 'in', ids)
    .execute();
  const confirmed = new Set(rows.filter((row) => row.status === 'confirmed').map((row) => row.id));
  const lost =
    [...acknowledged].filter((id) => !confirmed.has(id)).length + (ids.length - rows.length);
  const half = rows.filter(
    (row) =>
      (row.status === 'confirmed' && (row.confirmed_at === null || row.confirmed_by === null)) ||
      (row.status === 'pending' && (row.confirmed_at !== null || row.confirmed_by !== null)) ||
      (row.status !== 'confirmed' && row.status !== 'pending'),
  ).length;
  const expected = new Map<number, number>();
  for (const op of ledger.operations) {
    if (confirmed.has(op.id))
      expected.set(op.walletId, (expected.get(op.walletId) ?? 0) + op.amount);
  }
  const wallets = await db
    .selectFrom('wallets')
    .select(['id', 'balance'])
    .where('id', 'in', [...new Set(ledger.operations.map((op) => op.walletId))])
    .execute();
  const balances = wallets.filter(
    (wallet) => Number(wallet.balance) !== (expected.get(wallet.id) ?? 0),
  ).length;
  const differences = (await checkLedger(db)).map((difference) => difference.message);
  return { lost, half, ledger: differences, balances, confirmed };
}

/**
 * Retries every confirmation after the restart; `double` counts those answered 200 for an
 * operation the database held confirmed before the retry (money moved twice).
 */
async function retry(base: string, login: string, ids: number[], before: Set<number>) {
  const headers = await signIn(base, login);
  const again = await confirmAll(base, headers, ids);
  const double = [...again.acknowledged].filter((id) => before.has(id)).length;
  return { double, statuses: again.statuses, acknowledged: again.acknowledged };
}

const totals = {
  survived: 0,
  acknowledged: 0,
  lost: 0,
  double: 0,
  ledger: 0,
  sent: 0,
};
/** What each fault did, measured: plain counts beside the safe ones. */
const measured: { name: string; value: number; safe?: number }[] = [];

afterAll(async () => {
  for (const child of spawned) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
  recordFigures('Деньги при сбоях', [
    { name: 'сбоев пережито', value: totals.survived },
    { name: 'подтверждений отправлено', value: totals.sent },
    { name: 'подтверждений подтверждено клиенту', value: totals.acknowledged },
    { name: 'движений потеряно', value: totals.lost, safe: 0 },
    { name: 'двойных подтверждений', value: totals.double, safe: 0 },
    { name: 'расхождений проверки книги', value: totals.ledger, safe: 0 },
    ...measured,
  ]);
});

function otherFiveHundreds(statuses: Record<string, number>): number {
  return Object.entries(statuses)
    .filter(([status]) => status.startsWith('5') && status !== '500' && status !== '503')
    .reduce((sum, [, count]) => sum + count, 0);
}

/** The whole scenario once the API runs on its database: confirm, fault, restart, check. */
async function survive(options: {
  name: string;
  db: () => Db;
  api: Api;
  fault: (api: Api) => void;
  /** After the fault: what brings the API back (it returns the new process). */
  restart: (api: Api) => Promise<Api>;
}): Promise<Api> {
  const ledger = await prepare(options.db());
  const ids = ledger.operations.map((op) => op.id);
  const headers = await signIn(options.api.base, ledger.accountant);
  const outcome = await confirmAll(options.api.base, headers, ids, {
    strike: () => options.fault(options.api),
    committed: async () => {
      const row = await options
        .db()
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
  totals.sent += ids.length;
  totals.acknowledged += outcome.acknowledged.size;

  const started = performance.now();
  const api = await options.restart(options.api);
  const restartMs = Math.round(performance.now() - started);

  const after = await check(options.db(), ledger, outcome.acknowledged);
  const retried = await retry(api.base, ledger.accountant, ids, after.confirmed);
  const final = await check(options.db(), ledger, outcome.acknowledged);
  totals.lost += after.lost + after.half;
  totals.double += retried.double;
  totals.ledger += after.ledger.length + after.balances + final.ledger.length + final.balances;

  const pendingAfter = ids.length - after.confirmed.size;
  measured.push(
    { name: `${options.name}: ответов 200 до сбоя`, value: outcome.acknowledged.size },
    {
      name: `${options.name}: без ответа, но подтверждено`,
      value: after.confirmed.size - outcome.acknowledged.size,
    },
    { name: `${options.name}: без ответа, ожидает`, value: pendingAfter },
    // While the database is gone the API answers 503 with Retry-After: an outage, never a 500.
    { name: `${options.name}: ответов 500`, value: outcome.statuses['500'] ?? 0, safe: 0 },
    { name: `${options.name}: ответов 503 (база недоступна)`, value: outcome.statuses['503'] ?? 0 },
    { name: `${options.name}: других ответов 5xx`, value: otherFiveHundreds(outcome.statuses) },
    { name: `${options.name}: перезапуск, мс`, value: restartMs },
  );
  expect({
    lost: after.lost,
    half: after.half,
    ledger: after.ledger,
    balances: after.balances,
    double: retried.double,
    finalLedger: final.ledger,
    finalBalances: final.balances,
    finalConfirmed: final.confirmed.size,
    // The fault struck in the middle: some confirmations never got their answer.
    inTheMiddle: outcome.acknowledged.size < ids.length,
    internalErrors: outcome.statuses['500'] ?? 0,
  }).toEqual({
    lost: 0,
    half: 0,
    ledger: [],
    balances: 0,
    double: 0,
    finalLedger: [],
    finalBalances: 0,
    finalConfirmed: ids.length,
    inTheMiddle: true,
    internalErrors: 0,
  });
  // Each operation was confirmed by exactly one request: the retries confirmed the pending rest.
  expect(retried.acknowledged.size).toBe(pendingAfter);
  expect(retried.statuses['409'] ?? 0).toBe(after.confirmed.size);
  totals.survived += 1;
  return api;
}

describe('money under faults', () => {
  it(`kill -9 of the API in the middle of ${CONFIRMATIONS} confirmations`, async () => {
    let database: TestDatabase | null = null;
    let api: Api | null = null;
    try {
      database = await createTestDatabase({ max: 4 });
      const port = await freePort();
      api = startApi(port, { DATABASE_URL: database.url, DATA_DIR: '' });
      await ready(api);
      api = await survive({
        name: 'kill -9 API',
        db: () => database!.db,
        api,
        fault: (running) => running.child.kill('SIGKILL'),
        restart: async (killed) => {
          await exited(killed);
          const again = startApi(port, { DATABASE_URL: database!.url, DATA_DIR: '' });
          await ready(again);
          return again;
        },
      });
      expect(await stopApi(api)).toBe(0);
    } finally {
      if (api) await stopApi(api);
      await database?.drop();
    }
  });

  it(`kill -9 of the embedded PostgreSQL in the middle of ${CONFIRMATIONS} confirmations`, async () => {
    const dataDir = makeTempDir('tour-faults-');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    let api: Api | null = startApi(port, env);
    let db: Db | null = null;
    const connect = async () => {
      await db?.destroy();
      const url = await runningEmbeddedUrl(dataDir);
      if (!url) throw new Error('no embedded server running');
      db = createDatabase({ url, max: 4 });
      return db;
    };
    try {
      await ready(api);
      await connect();
      let postmaster = 0;
      api = await survive({
        name: 'kill -9 postgres',
        db: () => db!,
        api,
        fault: () => {
          const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
          postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
          process.kill(postmaster, 'SIGKILL');
        },
        restart: async (running) => {
          await db?.destroy();
          db = null;
          // The API outlives its database; stopped as an operator (or systemd) would, it must
          // exit cleanly, and its next start must bring the crashed server back.
          const exit = await stopApi(running);
          expect({ exit, stderr: running.stderr() }).toEqual({ exit: 0, stderr: '' });
          const again = startApi(port, env);
          await ready(again);
          await connect();
          return again;
        },
      });
      expect(postmaster).toBeGreaterThan(0);
      expect(await stopApi(api)).toBe(0);
      api = null;
    } finally {
      await (db as Db | null)?.destroy();
      if (api) await stopApi(api);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
