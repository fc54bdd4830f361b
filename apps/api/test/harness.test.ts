import { sql } from 'kysely';
import { createTestDatabase, testFlavor, useTestDatabase } from './database';
import { argvList, selectedFlavors } from './global-setup';

const database = useTestDatabase();

describe('the integration-test harness', () => {
  it('gives each test file a migrated database of its own', async () => {
    const { db, name } = database();
    const tables = await db
      .selectFrom('information_schema.tables' as never)
      .select(sql<string>`table_name`.as('table_name'))
      .where(sql<boolean>`table_schema = 'public'`)
      .execute();
    const names = tables.map((t) => t.table_name);
    expect(names).toEqual(expect.arrayContaining(['users', 'roles', 'wallets', 'transactions']));
    expect(names).toContain('kysely_migration');
    const current = await sql<{ name: string }>`select current_database() as name`.execute(db);
    expect(current.rows[0]?.name).toBe(name);
  });

  it('keeps two test databases apart', async () => {
    const other = await createTestDatabase({ max: 2 });
    try {
      expect(other.name).not.toBe(database().name);
      await database()
        .db.insertInto('roles')
        .values({ name: 'harness', label: 'Харнесс' })
        .execute();
      const here = await database().db.selectFrom('roles').select('name').execute();
      const there = await other.db.selectFrom('roles').select('name').execute();
      expect(here.map((r) => r.name)).toContain('harness');
      expect(there.map((r) => r.name)).not.toContain('harness');
    } finally {
      await other.drop();
    }
  });

  it(`runs on PostgreSQL ${testFlavor() === 'pg15' ? 15 : 17} in this project`, async () => {
    const { rows } = await sql<{
      v: string;
    }>`select current_setting('server_version_num') as v`.execute(database().db);
    expect(Math.floor(Number(rows[0]?.v) / 10000)).toBe(testFlavor() === 'pg15' ? 15 : 17);
  });

  it('runs every connection in UTC', async () => {
    const { rows } = await sql<{ tz: string }>`select current_setting('TimeZone') as tz`.execute(
      database().db,
    );
    expect(rows[0]?.tz).toBe('UTC');
  });
});

describe('the choice of clusters in global-setup.ts', () => {
  it('reads Jest array options the way its CLI does', () => {
    const argv = [
      'node',
      'jest',
      '--selectProjects',
      'api',
      'api-pg15',
      '--ci',
      '--ignore-projects=x',
    ];
    expect(argvList(argv, 'selectProjects')).toEqual(['api', 'api-pg15']);
    expect(argvList(argv, 'ignoreProjects')).toEqual(['x']);
    expect(argvList(['node', 'jest'], 'selectProjects')).toBeNull();
  });

  it('starts the flavors of the selected projects that use it', () => {
    const registry = { api: 'pg17', 'api-pg15': 'pg15' } as const;
    const own = { globals: { __TEST_PG_FLAVOR__: 'pg17' } };
    expect(selectedFlavors(own, registry, ['jest'])).toEqual(['pg17', 'pg15']);
    expect(selectedFlavors(own, registry, ['jest', '--selectProjects', 'api'])).toEqual(['pg17']);
    expect(selectedFlavors(own, registry, ['jest', '--ignoreProjects', 'api-pg15'])).toEqual([
      'pg17',
    ]);
    const pg15 = { globals: { __TEST_PG_FLAVOR__: 'pg15' } };
    expect(selectedFlavors(pg15, { 'api-pg15': 'pg15' }, ['jest'])).toEqual(['pg15']);
  });
});
