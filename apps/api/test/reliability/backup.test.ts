import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  backupDatabase,
  databaseContents,
  findTools,
  pickTool,
  restoreDatabase,
  serverVersion,
  type BackupFormat,
} from '../../src/db/backup';
import { createDatabase, type Db } from '../../src/db/database';
import { runProcess } from '../../src/db/run-process';
import {
  confirmMovement,
  recordMovement,
  reverseMovement,
} from '../../src/domain/ledger/movements';
import { checkLedger } from '../../src/routes/ledger/check';
import { DEMO_PASSWORD, seedDemoData } from '../../src/seed/demo';
import { POSTGRES15_BIN_DIR } from '../../src/db/cluster';
import { makeTempDir, testAdminUrl, useTestDatabase } from '../database';
import { Browser, buildTestApp } from '../http';
import { recordFigures } from './figures';

// `npm run backup` / `npm run restore` (src/db/backup/): the demo data and a few more ledger
// movements, copied and restored into a new empty database, must come back table for table (rows
// and their content), pass the ledger check and serve a sign-in. The embedded PostgreSQL 15's npm
// package has no pg_dump: where Debian's postgresql-15 is installed (CI installs it) its pg_dump
// dumps the embedded server, and both pg_dump's custom format and the tour-dump are exercised;
// elsewhere the tour-dump alone.

const API_DIR = path.resolve(__dirname, '../..');
const NOW = new Date('2026-11-21T08:00:00Z');
const SEED = 42;

const source = useTestDatabase();
const dir = makeTempDir('tour-backup-test-');
const created: string[] = [];

/** A new empty database of the test cluster (from template1: nothing in it). */
async function emptyDatabase(): Promise<string> {
  const name = `restored_${process.pid}_${created.length + 1}`;
  await adminQuery((client) => client.query(`create database ${client.escapeIdentifier(name)}`));
  created.push(name);
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A pool on `url` for `work`, closed after (a restore refuses while an API pool is connected). */
async function withDb<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase({ url, max: 4 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

interface TableSum {
  rows: number;
  sum: string;
}

/**
 * Every table of the schema with its row count and a checksum of its rows' text (the migrations'
 * table by migration name: a tour-dump restore applies them anew, at another moment), and every
 * sequence's position.
 */
async function fingerprint(url: string): Promise<Map<string, TableSum | string>> {
  const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
  await client.connect();
  try {
    const found = new Map<string, TableSum | string>();
    const tables = await client.query<{ name: string }>(
      `select relname as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`,
    );
    for (const { name } of tables.rows) {
      const row = name === 'kysely_migration' ? 't.name' : 't::text';
      const { rows } = await client.query<{ n: string; sum: string }>(
        `select count(*) as n, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as sum
           from public.${client.escapeIdentifier(name)} t`,
      );
      found.set(name, { rows: Number(rows[0]!.n), sum: rows[0]!.sum });
    }
    const sequences = await client.query<{ name: string }>(
      `select relname as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname`,
    );
    for (const { name } of sequences.rows) {
      const { rows } = await client.query<{ v: string }>(
        `select last_value || '/' || is_called as v from public.${client.escapeIdentifier(name)}`,
      );
      found.set(`sequence ${name}`, rows[0]!.v);
    }
    return found;
  } finally {
    await client.end();
  }
}

/** The tables (and sequences) whose rows or position differ, by name. */
function differences(
  a: Map<string, TableSum | string>,
  b: Map<string, TableSum | string>,
): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => JSON.stringify(a.get(name)) !== JSON.stringify(b.get(name)));
}

/** Signs in as the demo admin on the database at `url` and reads the session's user. */
async function signInOn(url: string): Promise<number> {
  return withDb(url, async (db) => {
    const app = await buildTestApp(db);
    try {
      const browser = new Browser(app);
      await browser.login('admin@example.com', DEMO_PASSWORD);
      return (await browser.get('/api/user')).statusCode;
    } finally {
      await app.close();
    }
  });
}

function runCli(script: string, args: string[], env: Record<string, string>) {
  return runProcess(process.execPath, ['-r', '@swc-node/register', script, ...args], {
    cwd: API_DIR,
    env: { ...process.env, INIT_CWD: dir, ...env },
  });
}

const figures = {
  tables: 0,
  differences: 0,
  sizes: new Map<BackupFormat, { kb: number; backupMs: number; restoreMs: number }>(),
};

let original: Map<string, TableSum | string>;
let formats: BackupFormat[];

beforeAll(async () => {
  const db = source().db;
  await seedDemoData(db, { now: NOW, seed: SEED });
  // A few more movements through the ledger: an income confirmed by the other person, its
  // reversal confirmed too, and one left waiting.
  const ids = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@example.com', 'accountant@example.com'])
    .execute();
  const admin = ids.find((u) => u.email === 'admin@example.com')!.id;
  const accountant = ids.find((u) => u.email === 'accountant@example.com')!.id;
  const wallet = await db
    .selectFrom('wallets')
    .select('id')
    .where('type', '=', 'site')
    .where('currency', '=', 'kgs')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const base = {
    walletId: wallet.id,
    currency: 'kgs' as const,
    createdBy: admin,
    idempotency: null,
  };
  const income = await db
    .transaction()
    .execute((trx) => recordMovement(trx, { kind: 'income', amountMinor: 1_234_56, ...base }));
  await db.transaction().execute((trx) => confirmMovement(trx, income.id, accountant));
  const reversal = await db
    .transaction()
    .execute((trx) => reverseMovement(trx, income.id, admin, 'Ошибка кассира'));
  await db.transaction().execute((trx) => confirmMovement(trx, reversal.id, accountant));
  await db
    .transaction()
    .execute((trx) => recordMovement(trx, { kind: 'income', amountMinor: 500_00, ...base }));
  expect(await checkLedger(db)).toEqual([]);
  original = await fingerprint(source().url);

  const { major } = await serverVersion(source().url);
  const pgDump = pickTool(await findTools('pg_dump'), major);
  formats = pgDump ? ['pg_dump', 'tour-dump'] : ['tour-dump'];
}, 120_000);

afterAll(async () => {
  await adminQuery(async (client) => {
    for (const name of created) {
      await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
    }
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const sized = [...figures.sizes].flatMap(([format, size]) => [
    { name: `размер копии ${format}, КБ`, value: size.kb },
    { name: `копирование ${format}, мс`, value: size.backupMs },
    { name: `восстановление ${format}, мс`, value: size.restoreMs },
  ]);
  recordFigures('Резервная копия', [
    { name: 'таблиц сверено', value: figures.tables },
    { name: 'расхождений', value: figures.differences, safe: 0 },
    ...sized,
  ]);
});

describe('backup and restore', () => {
  it('copies and restores every table, the ledger agrees and a sign-in works', async () => {
    // Debian's pg_dump 15, where installed, dumps the server: its own format is covered then.
    if (fs.existsSync(path.join(POSTGRES15_BIN_DIR, 'pg_dump')))
      expect(formats).toContain('pg_dump');
    for (const format of formats) {
      const file = path.join(dir, `copy-${format}.dump`);
      const backup = await backupDatabase({ url: source().url, file, format });
      expect(backup.format).toBe(format);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(`${file}.partial`)).toBe(false);

      const target = await emptyDatabase();
      const restored = await restoreDatabase({ url: target, file });
      expect(restored).toMatchObject({ format, replaced: false, safetyCopy: null });

      const copy = await fingerprint(target);
      const differing = differences(original, copy);
      const ledger = await withDb(target, checkLedger);
      const signIn = await signInOn(target);
      figures.tables += [...copy.keys()].filter((name) => !name.startsWith('sequence ')).length;
      figures.differences += differing.length + ledger.length + (signIn === 200 ? 0 : 1);
      figures.sizes.set(format, {
        kb: Math.ceil(backup.bytes / 1024),
        backupMs: backup.milliseconds,
        restoreMs: restored.milliseconds,
      });
      expect({ format, differing, ledger, signIn }).toEqual({
        format,
        differing: [],
        ledger: [],
        signIn: 200,
      });
      // Every table of the schema, the migrations' own included.
      expect(copy.size).toBe(original.size);
      expect(copy.get('users')).toMatchObject({ rows: expect.any(Number) });
      expect((copy.get('transactions') as TableSum).rows).toBeGreaterThan(600);
    }
  });

  it('refuses a database that is not empty; --force saves it first, then replaces it', async () => {
    const file = path.join(dir, 'force.dump');
    await backupDatabase({ url: source().url, file });
    const target = await emptyDatabase();
    await restoreDatabase({ url: target, file });
    // Something that is not in the copy: --force must take it away.
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query('create table public.stray (id int)');
    await client.end();

    await expect(restoreDatabase({ url: target, file })).rejects.toThrow(
      /База данных не пуста \(таблиц: \d+\)\. .*--force/,
    );
    const safetyCopy = path.join(dir, 'before-restore.dump');
    const replaced = await restoreDatabase({ url: target, file, force: true, safetyCopy });
    expect(replaced.replaced).toBe(true);
    expect(replaced.safetyCopy?.file).toBe(safetyCopy);
    expect(fs.statSync(safetyCopy).size).toBeGreaterThan(0);
    expect(differences(original, await fingerprint(target))).toEqual([]);
  });

  it('refuses while an API is connected to the database, and changes nothing', async () => {
    // The test's own pool on the source database is an API pool (application_name tour-api).
    await source().db.selectFrom('users').select('id').limit(1).execute();
    const file = path.join(dir, 'live.dump');
    await backupDatabase({ url: source().url, file });
    await expect(
      restoreDatabase({ url: source().url, file, force: true, safetyCopy: null }),
    ).rejects.toThrow(/подключены работающие экземпляры API/);
    expect(differences(original, await fingerprint(source().url))).toEqual([]);
  });

  it('refuses a tour-dump cut short or made with other migrations before changing anything', async () => {
    const file = path.join(dir, 'whole.dump');
    await backupDatabase({ url: source().url, file, format: 'tour-dump' });
    const bytes = fs.readFileSync(file);

    const cut = path.join(dir, 'cut.dump');
    // The rows stop in the middle: the gzip stream ends early.
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const target = await emptyDatabase();
    await expect(restoreDatabase({ url: target, file: cut })).rejects.toThrow(
      /повреждена или не дописана/,
    );

    const lines = gunzipSync(bytes).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    const older = path.join(dir, 'older.dump');
    header.migrations.pop();
    fs.writeFileSync(older, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));
    await expect(restoreDatabase({ url: target, file: older })).rejects.toThrow(
      /более старой версией программы \(в ней нет миграций: /,
    );

    // A table block one row short: the counts do not match.
    const short = path.join(dir, 'short.dump');
    const firstRow = lines.findIndex((line) => line.startsWith('"'));
    fs.writeFileSync(
      short,
      gzipSync([...lines.slice(0, firstRow), ...lines.slice(firstRow + 1)].join('\n')),
    );
    await expect(restoreDatabase({ url: target, file: short })).rejects.toThrow(
      /повреждена или не дописана: таблица \S+: строк \d+, а записано \d+/,
    );
    expect(await databaseContents(target)).toEqual({ tables: 0, relations: 0, functions: 0 });
  });

  it('does without pg_dump when none can dump the server, and says so when one is demanded', async () => {
    const { major } = await serverVersion(source().url);
    const none = path.join(dir, 'nowhere');
    await expect(
      backupDatabase({
        url: source().url,
        file: path.join(dir, 'demanded.dump'),
        format: 'pg_dump',
        binDirs: [none],
      }),
    ).rejects.toThrow(`Нет pg_dump для PostgreSQL ${major}: pg_dump не найден`);
    const log: string[] = [];
    const fallback = await backupDatabase({
      url: source().url,
      file: path.join(dir, 'fallback.dump'),
      binDirs: [none],
      log: (message) => log.push(message),
    });
    expect(fallback.format).toBe('tour-dump');
    expect(log.join('\n')).toMatch(`pg_dump для PostgreSQL ${major} нет`);
    // An existing file is never overwritten.
    await expect(
      backupDatabase({ url: source().url, file: fallback.file, binDirs: [none] }),
    ).rejects.toThrow(/уже есть/);
  });

  it('runs as npm run backup and npm run restore', async () => {
    const file = path.join(dir, 'cli.dump');
    const backup = await runCli('src/cli/backup.ts', ['cli.dump'], {
      DATABASE_URL: source().url,
    });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toContain(`Копия готова: ${file}`);

    const target = await emptyDatabase();
    const restore = await runCli('src/cli/restore.ts', ['cli.dump'], { DATABASE_URL: target });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain(`Восстановлено из ${file}`);
    expect(differences(original, await fingerprint(target))).toEqual([]);

    const again = await runCli('src/cli/restore.ts', ['cli.dump'], { DATABASE_URL: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/База данных не пуста .*--force/);
  }, 60_000);
});
