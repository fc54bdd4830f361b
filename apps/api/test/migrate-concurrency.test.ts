import fs from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { isDatabaseEmpty, seedDemoData, type DemoSummary } from '../src/seed/demo';
import { createTestDatabase, queryOnce, testAdminUrl, type TestDatabase } from './database';
import { Browser } from './http';

// Several API instances starting together over one PostgreSQL (README "Health, readiness and
// shutdown"): Kysely's Migrator takes an advisory lock, so concurrent migrations apply each
// migration once; the demo seed takes its own lock and checks emptiness under it, so it runs
// once. Each instance here has its own pool, as separate processes would.

// The migrations as files: what the schema must hold, read apart from the code that applies them.
const MIGRATIONS_DIR = path.resolve(__dirname, '../src/db/migrations');
const MIGRATION_FILES = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((file) => /^\d{4}-\d{2}-\d{2}T\d{4}-[a-z0-9-]+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

/** A new database with nothing in it (template0): no tables, no migrations. */
async function emptyDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${label}_${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}`;
  await queryOnce(testAdminUrl(), `create database "${name}" template template0`);
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      queryOnce(testAdminUrl(), `drop database if exists "${name}" with (force)`).then(
        () => undefined,
      ),
  };
}

/** What a schema is made of, in a comparable form: tables, columns, constraints, indexes... */
async function schemaOf(url: string): Promise<Record<string, string[]>> {
  const list = async (text: string) =>
    (await queryOnce<{ item: string }>(url, text)).map((row) => row.item).sort();
  return {
    columns: await list(`select table_name || '.' || column_name || ' ' || data_type || ' ' ||
      is_nullable || ' ' || coalesce(column_default, '') as item
      from information_schema.columns where table_schema = 'public'`),
    constraints: await list(`select conrelid::regclass || ' ' || conname || ' ' ||
      pg_get_constraintdef(oid) as item from pg_constraint
      where connamespace = 'public'::regnamespace`),
    indexes: await list(`select indexdef as item from pg_indexes where schemaname = 'public'`),
    triggers: await list(`select tgrelid::regclass || ' ' || tgname as item from pg_trigger
      where not tgisinternal`),
    functions: await list(`select proname || '(' || pg_get_function_identity_arguments(oid) || ')'
      as item from pg_proc where pronamespace = 'public'::regnamespace`),
    extensions: await list(`select extname as item from pg_extension`),
  };
}

async function count(db: Db, table: 'users' | 'wallets' | 'transactions' | 'trips' | 'bookings') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('migrations from several instances at once', () => {
  jest.setTimeout(120_000);

  it('apply each migration once and leave the whole schema', async () => {
    const fresh = await emptyDatabase('migrate_race');
    const first = createDatabase({ url: fresh.url, max: 2 });
    const second = createDatabase({ url: fresh.url, max: 2 });
    const reference: TestDatabase = await createTestDatabase({ max: 1 });
    try {
      expect(MIGRATION_FILES.length).toBeGreaterThanOrEqual(20);
      const [a, b] = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      // One took the lock and applied them all; the other then found nothing to do.
      expect([a.length, b.length].sort((x, y) => x - y)).toEqual([0, MIGRATION_FILES.length]);
      expect([...a, ...b].sort()).toEqual(MIGRATION_FILES);

      const recorded = await queryOnce<{ name: string; times: number }>(
        fresh.url,
        'select name, count(*)::int as times from kysely_migration group by name order by name',
      );
      expect(recorded.map((row) => row.name)).toEqual(MIGRATION_FILES);
      expect(recorded.every((row) => row.times === 1)).toBe(true);

      // The same schema as the template every test database copies (migrated by one runner).
      const schema = await schemaOf(fresh.url);
      expect(schema).toEqual(await schemaOf(reference.url));
      for (const table of ['users', 'sessions', 'wallets', 'transactions', 'trips', 'bookings']) {
        expect(schema.columns).toContainEqual(expect.stringMatching(new RegExp(`^${table}\\.id `)));
      }
      // A third start finds everything applied.
      await expect(migrateToLatest(first)).resolves.toEqual([]);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
      await reference.drop();
      await fresh.drop();
    }
  });
});

describe('two instances starting together on an empty database', () => {
  jest.setTimeout(300_000);
  // 14:00 in Bishkek; the same moment and seed for every seeder, so they would write the same.
  const NOW = new Date('2026-11-21T08:00:00Z');
  const SEED = 42;

  it('migrate, seed the demo data once and share the session key', async () => {
    const fresh = await emptyDatabase('start_race');
    const pools = [
      createDatabase({ url: fresh.url, max: 3 }),
      createDatabase({ url: fresh.url, max: 3 }),
    ];
    const reference = await createTestDatabase({ max: 3 });
    // As much as one seeder writes on its own, in a database of its own, written meanwhile: a
    // seed waits on PostgreSQL most of its time, so the two overlap.
    const alone = seedDemoData(reference.db, { now: NOW, seed: SEED });
    alone.catch(() => undefined); // awaited below, or before its database is dropped
    const apps: App[] = [];
    try {
      // What server.ts does on start: migrations, the seed on an empty database, the app.
      const sawEmpty: boolean[] = [];
      const seeded = await Promise.all(
        pools.map(async (db): Promise<DemoSummary | null> => {
          await migrateToLatest(db);
          const empty = await isDatabaseEmpty(db);
          sawEmpty.push(empty);
          const summary = empty ? await seedDemoData(db, { now: NOW, seed: SEED }) : null;
          apps.push(await buildApp({ db, logger: false }));
          return summary;
        }),
      );
      // Both found the database empty and went to seed; exactly one wrote the demo data.
      expect(sawEmpty).toEqual([true, true]);
      expect(seeded.filter((summary) => summary !== null)).toHaveLength(1);

      expect(await alone).not.toBeNull();
      for (const table of ['users', 'wallets', 'transactions', 'trips', 'bookings'] as const) {
        const once = await count(reference.db, table);
        expect(once).toBeGreaterThan(0);
        expect(`${table}: ${await count(pools[0]!, table)}`).toBe(`${table}: ${once}`);
      }
      const secrets = await queryOnce<{ count: number }>(
        fresh.url,
        `select count(*)::int as count from app_secrets where name = 'session_key'`,
      );
      expect(secrets[0]?.count).toBe(1);

      // One key for both: a guest's cookie from one instance passes CSRF on the other, as behind
      // a load balancer that sends consecutive requests to different instances.
      const browser = new Browser(apps[0]!);
      await browser.get('/api/health');
      const other = new Browser(apps[1]!);
      for (const [name, value] of browser.cookies) other.cookies.set(name, value);
      const report = await other.post('/api/client-errors', { section: 'booking', message: 'x' });
      expect(report.statusCode).toBe(200);
      const signedIn = await other.post('/api/login', {
        login: 'admin@example.com',
        password: 'demo-password',
      });
      expect(signedIn.statusCode).toBe(200);
      for (const [name, value] of other.cookies) browser.cookies.set(name, value);
      const me = await browser.get('/api/user');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ code: 1, data: { email: 'admin@example.com' } });
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(pools.map((db) => db.destroy()));
      await alone.catch(() => undefined);
      await reference.drop();
      await fresh.drop();
    }
  });
});
