import { sql } from 'kysely';
import { createTestDatabase, useTestDatabase } from './database';

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

  it('runs on PostgreSQL 15, the production floor', async () => {
    const { rows } = await sql<{
      v: string;
    }>`select current_setting('server_version_num') as v`.execute(database().db);
    expect(Math.floor(Number(rows[0]?.v) / 10000)).toBe(15);
  });

  it('runs every connection in UTC', async () => {
    const { rows } = await sql<{ tz: string }>`select current_setting('TimeZone') as tz`.execute(
      database().db,
    );
    expect(rows[0]?.tz).toBe('UTC');
  });
});
