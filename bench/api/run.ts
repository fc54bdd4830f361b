// API under load (not a test): bench data in the embedded PostgreSQL 15 (or Debian's, BENCH_PG),
// measured with autocannon (20 connections, BENCH_CONNECTIONS), plus the time from a cold start to the first answer.
// Run: npm run bench:api  (BENCH_SECONDS=10 per scenario by default)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import {
  embeddedBinDir,
  freePort,
  POSTGRES15_BIN_DIR,
  startCluster,
} from '../../apps/api/src/db/cluster';
import { createDatabase } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import { syncRolesAndPermissions } from '../../apps/api/src/routes/auth/roles-sync';
import { checkLedger } from '../../apps/api/src/routes/ledger/check';
import { BENCH_SIZES, benchIdsOf, seedBenchData, TRIP_TITLES, type BenchIds } from './seed';

const API_DIR = path.resolve(__dirname, '../../apps/api');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Each scenario first runs this long unmeasured: figures of a warm server (JIT-compiled code,
// plans of the prepared statements cached on each pooled connection), as in production.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
// Clients at once (20 by default: a busy office); BENCH_CONNECTIONS=1 is one person's own wait.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// BENCH_ONLY=users runs the scenarios whose name contains it (several: separated by `|`, such as
// `queue|trips list`). BENCH_PG: `embedded` (default: the npm-installed PostgreSQL 15 that
// `npm start` runs), `debian` (Debian's postgresql-15 build, what production installs), or both
// (`embedded,debian`); the same major either way.
const ONLY = process.env.BENCH_ONLY ?? '';
const chosen = (name: string) => ONLY.split('|').some((part) => name.includes(part.trim()));
const FLAVORS = (process.env.BENCH_PG ?? 'embedded').split(',').map((flavor) => flavor.trim());
// BENCH_HOLD=1 keeps each seeded database up (its URL printed) until SIGINT, for EXPLAIN by hand.
const HOLD = process.env.BENCH_HOLD === '1';
// BENCH_URL=postgres://… measures a database seeded before (one held by BENCH_HOLD): no new seed.
const REUSED_URL = process.env.BENCH_URL ?? '';
const PASSWORD = 'bench-password';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per measured request, ms: the API's process and PostgreSQL's (null: not readable). */
  cpu: { api: number; db: number | null } | null;
}

// CPU time from /proc (Linux), in ms: a figure per request that another load on the machine
// changes far less than it changes latencies (several runs share a small machine).
const TICK_MS = 1000 / Number(process.env.CLK_TCK ?? 100);
function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Reads the CPU the API and the database server have used so far. */
interface CpuMeter {
  read(): { api: number; db: number | null };
}
async function cpuMeter(api: ChildProcess, url: string): Promise<CpuMeter | null> {
  if (!fs.existsSync('/proc/self/stat') || api.pid === undefined) return null;
  let postmaster: number | null = null;
  const db = createDatabase({ url, max: 1 });
  try {
    // The server's data folder names its postmaster (readable on this machine only).
    const { rows } = await sql<{ setting: string }>`
      select setting from pg_settings where name = 'data_directory'`.execute(db);
    const pidFile = path.join(rows[0]!.setting, 'postmaster.pid');
    postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    postmaster = null;
  } finally {
    await db.destroy();
  }
  const apiPid = api.pid;
  return {
    read: () => ({
      api: cpuMsOf(apiPid),
      db:
        postmaster === null
          ? null
          : childrenOf(postmaster).reduce((sum, pid) => sum + cpuMsOf(pid), cpuMsOf(postmaster)),
    }),
  };
}

function startApi(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilAnswering(base: string, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/get-laravel-permission-to-vuejs`);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(base: string, login: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  keep(await fetch(`${base}/api/get-laravel-permission-to-vuejs`));
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ login, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  keep(response);
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  };
}

async function load(
  base: string,
  headers: Record<string, string>,
  paths: () => string,
  cpu: CpuMeter | null,
  method: 'GET' | 'POST' = 'GET',
): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers,
      requests: [{ setupRequest: (request) => ({ ...request, method, path: paths() }) }],
    });
  // The warm-up apart, so that the CPU read covers the measured requests alone.
  if (WARMUP_SECONDS > 0) await run(WARMUP_SECONDS);
  const before = cpu?.read();
  const result = await run(SECONDS);
  const after = cpu?.read();
  const requests = Math.max(1, result.requests.total);
  const perRequest = (from: number, to: number) => Math.round(((to - from) / requests) * 10) / 10;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    cpu:
      before && after
        ? {
            api: perRequest(before.api, after.api),
            db: before.db === null || after.db === null ? null : perRequest(before.db, after.db),
          }
        : null,
  };
}

let ledgerAfterRun = '';

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const TRIP_SEARCHES = [...TRIP_TITLES.map((title) => title.split(' ')[0]!), 'Япония', '№4242'];
const SEARCHES = ['Иван', 'асанов', '+996000012', 'AC00077', 'tourist4242@', 'Чолпон Осмонов'];

async function benchFlavor(label: string, binDir: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-bench-'));
  fs.chmodSync(folder, 0o755); // the server runs as the postgres account and must enter it
  const cluster = await startCluster({ binDir, dataDir: path.join(folder, 'pg') });
  try {
    const admin = createDatabase({ url: cluster.url('postgres'), max: 1 });
    await sql`create database bench`.execute(admin);
    await admin.destroy();
    const url = cluster.url('bench');
    const db = createDatabase({ url, max: 4 });
    await migrateToLatest(db);
    await syncRolesAndPermissions(db);
    const { id: adminId } = await db
      .insertInto('users')
      .values({
        full_name: 'Админ Бенчмарков',
        email: 'admin@bench.example',
        password_hash: await hashPassword(PASSWORD),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: adminId, role: 'admin' }).execute();
    const { id: accountantId } = await db
      .insertInto('users')
      .values({
        full_name: 'Бухгалтер Бенчмарков',
        email: 'accountant@bench.example',
        password_hash: await hashPassword(PASSWORD),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: accountantId, role: 'accountant' })
      .execute();
    const seeding = performance.now();
    const ids = await seedBenchData(db, adminId, accountantId);
    const seedSeconds = (performance.now() - seeding) / 1000;
    await db.destroy();
    if (HOLD) {
      console.log(`${label} seeded, held at ${url} until SIGINT (pid ${process.pid})`);
      const alive = setInterval(() => {}, 60_000); // a signal listener alone lets Node exit
      await new Promise((resolve) => process.once('SIGINT', resolve));
      clearInterval(alive);
    }

    return { label, seedSeconds, figures: await measure(label, url, ids) };
  } finally {
    await cluster.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The scenarios against a seeded database: a server on it, signed in as the bench's admin. */
async function measure(label: string, url: string, ids: BenchIds) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startApi({ DATABASE_URL: url, PORT: String(port), SEED_DEMO: '0' });
  try {
    await waitUntilAnswering(base, api);
    const cpu = await cpuMeter(api, url);
    const headers = await signIn(base, 'admin@bench.example');
    const userPages = Math.ceil(BENCH_SIZES.users / 20);
    const scenarios: [string, () => string][] = [
      [
        'users list, paged',
        () => `/api/admin/users?page=${1 + Math.floor(Math.random() * userPages)}`,
      ],
      ['users list, search', () => `/api/admin/users?search=${encodeURIComponent(pick(SEARCHES))}`],
      [
        'transactions, busy wallet',
        () =>
          `/api/admin/transactions/${ids.siteWalletId}?page=${1 + Math.floor(Math.random() * 50)}`,
      ],
      [
        'transactions, user wallet',
        () => `/api/admin/transactions/${ids.firstUserWalletId + Math.floor(Math.random() * 1000)}`,
      ],
      [
        'wallets, paged',
        () => `/api/admin/wallets-pagination?page=${1 + Math.floor(Math.random() * 500)}`,
      ],
      [
        'trips list, paged',
        () => `/api/admin/trips?page=${1 + Math.floor(Math.random() * (BENCH_SIZES.trips / 20))}`,
      ],
      [
        'trips list, search',
        () => `/api/admin/trips?search=${encodeURIComponent(pick(TRIP_SEARCHES))}`,
      ],
      [
        'trip summary, 40 participants',
        () =>
          `/api/admin/trip/${ids.firstTripId + Math.floor(Math.random() * BENCH_SIZES.bigTrips)}/summary`,
      ],
    ];
    const dayOf = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [yesterday, weekAgo] = [dayOf(1), dayOf(7)];
    const operationFilterOf: Record<string, () => string> = {
      "a user's wallet": () =>
        `wallet=${ids.firstUserWalletId + Math.floor(Math.random() * 100_000)}`,
      'an owner': () =>
        `owner=${ids.firstClientId + Math.floor(Math.random() * BENCH_SIZES.users)}`,
      'a trip': () => `trip=${ids.firstTripId + Math.floor(Math.random() * BENCH_SIZES.bigTrips)}`,
      'the busy wallet': () =>
        `wallet=${ids.siteWalletId}&page=${1 + Math.floor(Math.random() * 50)}`,
      'the pending since yesterday': () => `status=pending&from=${yesterday}`,
      "one day's incomes": () => `type=income&from=${weekAgo}&to=${weekAgo}`,
    };
    const operationFilters = Object.values(operationFilterOf);
    scenarios.push([
      'wallet statement, busy wallet',
      () =>
        `/api/admin/wallet/${ids.siteWalletId}/statement?from=${dayOf(30)}&to=${dayOf(0)}` +
        `&page=${1 + Math.floor(Math.random() * 20)}`,
    ]);
    scenarios.push([
      'all operations, filtered',
      () => `/api/admin/balance/operations?${pick(operationFilters)()}`,
    ]);
    // Each filter of that mix alone (BENCH_EACH_FILTER=1): which of them makes its p99.
    if (process.env.BENCH_EACH_FILTER === '1') {
      for (const [name, filter] of Object.entries(operationFilterOf)) {
        scenarios.push([
          `all operations, ${name}`,
          () => `/api/admin/balance/operations?${filter()}`,
        ]);
      }
    }
    // The confirmation queue (every pending operation: a twentieth of the incomes and every
    // withdrawal), each filter alone as a person picks it, with the page's totals and counts.
    const queueFilters = [
      () => `page=${1 + Math.floor(Math.random() * 50)}`,
      () => `sort=newest&page=${1 + Math.floor(Math.random() * 50)}`,
      () => 'sort=amount_desc',
      () => `type=${pick(['income', 'outcome'])}`,
      () => `currency=${pick(['kgs', 'usd', 'eur', 'jpy'])}`,
      () => `author=${ids.adminId}`,
      () => `tourist=${ids.firstClientId + Math.floor(Math.random() * BENCH_SIZES.users)}`,
      () => `trip=${ids.firstTripId + Math.floor(Math.random() * BENCH_SIZES.bigTrips)}`,
      () => `wallet=${ids.firstUserWalletId + Math.floor(Math.random() * 100_000)}`,
      () => `wallet=${ids.siteWalletId}`,
      () => `from=${yesterday}`,
      () => 'amount_from=100&amount_to=500',
      () => 'overpayment=true',
    ];
    scenarios.push([
      'confirmation queue, filtered',
      () => `/api/admin/balance/waitings?${pick(queueFilters)()}`,
    ]);
    scenarios.push([
      'confirmation queue, search',
      () => `/api/admin/balance/waitings?search=${encodeURIComponent(pick(SEARCHES))}`,
    ]);
    const BOOKING_KINDS = [
      'hotel',
      'air_ticket',
      'health_insurance',
      'transfer',
      'guide',
      'activity',
      'tour_expense',
    ];
    // The trips (and their bookings) span 2025-2027.
    const month = () =>
      `${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${2025 + Math.floor(Math.random() * 3)}`;
    scenarios.push([
      'bookings month list, per kind',
      () => `/api/admin/bookings?kind=${pick(BOOKING_KINDS)}&month=${month()}`,
    ]);
    scenarios.push(['booking dashboard', () => `/api/admin/bookings/dashboard?month=${month()}`]);
    // Reports over the same trips: a month's and a whole year's trips in a random currency, and
    // a big trip's participants (40, two payments each).
    const CURRENCIES = ['kgs', 'usd', 'eur', 'jpy'];
    scenarios.push([
      'general report, a month',
      () => {
        const [mm, yyyy] = month().split('-') as [string, string];
        const last = new Date(Date.UTC(Number(yyyy), Number(mm), 0)).getUTCDate();
        return (
          `/api/admin/reports/general?from=${yyyy}-${mm}-01&to=${yyyy}-${mm}-${last}` +
          `&currency=${pick(CURRENCIES)}`
        );
      },
    ]);
    scenarios.push([
      'general report, a year',
      () => {
        const year = 2025 + Math.floor(Math.random() * 3);
        return `/api/admin/reports/general?from=${year}-01-01&to=${year}-12-31&currency=${pick(CURRENCIES)}`;
      },
    ]);
    scenarios.push([
      'administrative report, a year',
      // The operations span the last 90 days: the year up to today holds all of them.
      () => {
        const day = (daysAgo: number) =>
          new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
        return `/api/admin/reports/administrative?from=${day(365)}&to=${day(0)}&currency=${pick(CURRENCIES)}`;
      },
    ]);
    scenarios.push([
      'tour summary report, a big trip',
      () =>
        `/api/admin/reports/tour?trip_id=${ids.firstTripId + Math.floor(Math.random() * BENCH_SIZES.bigTrips)}` +
        `&currency=${pick(CURRENCIES)}`,
    ]);
    scenarios.push([
      "general report, a big trip's users",
      () =>
        `/api/admin/reports/general/${ids.firstTripId + Math.floor(Math.random() * BENCH_SIZES.bigTrips)}` +
        `/users?currency=${pick(CURRENCIES)}`,
    ]);
    const figures: Record<string, Figures> = {};
    for (const [name, paths] of scenarios) {
      if (chosen(name)) figures[name] = await load(base, headers, paths, cpu);
    }
    const confirmations = `confirmations, ${CONNECTIONS} clients`;
    if (chosen(confirmations)) {
      // Pending incomes the admin recorded; the accountant confirms them (four eyes), each once.
      const reader = createDatabase({ url, max: 2 });
      try {
        const pending = await reader
          .selectFrom('transactions')
          .select('id')
          .where('status', '=', 'pending')
          .where('type', '=', 'income')
          .orderBy('id')
          .limit(40_000)
          .execute();
        let next = 0;
        const accountant = await signIn(base, 'accountant@bench.example');
        figures[confirmations] = await load(
          base,
          accountant,
          () => `/api/admin/balance/operations/${pending[next++ % pending.length]!.id}/confirm`,
          cpu,
          'POST',
        );
        const differences = await checkLedger(reader);
        ledgerAfterRun =
          differences.length === 0
            ? `${label}: ledger check after the confirmations: no differences`
            : `${label}: ledger check after the confirmations: ${differences.length} differences, first: ${differences[0]!.message}`;
        console.log(ledgerAfterRun);
      } finally {
        await reader.destroy();
      }
    }
    return figures;
  } finally {
    await stopApi(api);
  }
}

/** From starting the server on a new DATA_DIR (initdb, migrations, demo data) to its first answer. */
async function startupTimes() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-bench-start-'));
  fs.chmodSync(dataDir, 0o755);
  const times: Record<string, number> = {};
  try {
    for (const run of ['first start (initdb, migrations, demo data)', 'next start']) {
      const port = await freePort();
      const api = startApi({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' });
      times[run] = await waitUntilAnswering(`http://127.0.0.1:${port}`, api);
      await stopApi(api);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return times;
}

async function main() {
  console.log(
    `Data: ${BENCH_SIZES.users} users, ${BENCH_SIZES.wallets} wallets, ${BENCH_SIZES.transactions} transactions, ` +
      `${BENCH_SIZES.trips} trips with ${BENCH_SIZES.participants} participants; ` +
      `autocannon ${CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP_SECONDS} s of warm-up; ${os.cpus().length} cores.`,
  );
  const results: Awaited<ReturnType<typeof benchFlavor>>[] = [];
  if (REUSED_URL) {
    const db = createDatabase({ url: REUSED_URL, max: 1 });
    const ids = await benchIdsOf(db);
    await db.destroy();
    results.push({
      label: 'the database of BENCH_URL',
      seedSeconds: 0,
      figures: await measure('BENCH_URL', REUSED_URL, ids),
    });
  } else if (FLAVORS.includes('embedded')) {
    results.push(await benchFlavor('embedded PostgreSQL 15', embeddedBinDir()));
  }
  if (REUSED_URL || !FLAVORS.includes('debian')) {
    // reused, or not asked for
  } else if (fs.existsSync(path.join(POSTGRES15_BIN_DIR, 'postgres'))) {
    results.push(await benchFlavor("Debian's PostgreSQL 15", POSTGRES15_BIN_DIR));
  } else {
    console.log(`Debian's PostgreSQL 15 skipped: no binaries in ${POSTGRES15_BIN_DIR}`);
  }
  for (const { label, seedSeconds } of results)
    console.log(`${label}: bulk seed ${seedSeconds.toFixed(1)} s`);
  const scenarios = Object.keys(results[0]!.figures);
  const rows = scenarios.map((scenario) => {
    const row: Record<string, string> = { scenario };
    for (const { label, figures } of results) {
      const f = figures[scenario]!;
      const cpu = f.cpu ? `, CPU ${f.cpu.api}${f.cpu.db === null ? '' : ` + ${f.cpu.db}`} ms` : '';
      row[label] =
        `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${cpu}${f.errors ? `, ${f.errors} errors` : ''}`;
    }
    return row;
  });
  console.table(rows);
  if (ONLY) return;
  const startup = await startupTimes();
  for (const [run, ms] of Object.entries(startup)) {
    console.log(`API ${run} to first answer: ${Math.round(ms)} ms`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
