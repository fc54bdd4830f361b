import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedBinDir } from '../src/db/cluster';
import { createDatabase, type Db } from '../src/db/database';

/** The database global-setup.ts migrated; every test database is a copy of it. */
export const TEMPLATE_DATABASE = 'tour_template';

/** The environment variable global-setup.ts puts the throwaway cluster's admin URL in. */
export const ADMIN_URL_VARIABLE = 'TEST_PG_ADMIN_URL';

/** URL of the `postgres` database of the run's throwaway cluster. */
export function testAdminUrl(): string {
  const url = process.env[ADMIN_URL_VARIABLE];
  if (!url) {
    throw new Error(
      `${ADMIN_URL_VARIABLE} не задана: тесты API запускаются через Jest-проект api ` +
        '(его globalSetup поднимает сервер).',
    );
  }
  return url;
}

/** The PostgreSQL binaries the tests run: the embedded ones, the same major as production. */
export function testBinDir(): string {
  return embeddedBinDir();
}

/** A fresh temp folder the postgres account can pass through (mkdtemp makes it 0700). */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface TestDatabase {
  db: Db;
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testAdminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let counter = 0;

/** A new database copied from the migrated template (a few tens of ms), with a Kysely pool on it. */
export async function createTestDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  counter += 1;
  const worker = process.env.JEST_WORKER_ID ?? '0';
  const name = `test_w${worker}_p${process.pid}_${counter}`;
  await admin((client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${TEMPLATE_DATABASE}`),
  );
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  const db = createDatabase({ url: url.toString(), max: options.max ?? 10 });
  let dropping: Promise<void> | null = null;
  return {
    db,
    url: url.toString(),
    name,
    drop: () => {
      dropping ??= (async () => {
        await db.destroy();
        await admin((client) =>
          client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
        );
      })();
      return dropping;
    },
  };
}

/** One test database per test file: created in beforeAll, dropped in afterAll. */
export function useTestDatabase(options: { max?: number } = {}): () => TestDatabase {
  let current: TestDatabase | null = null;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.drop();
    current = null;
  });
  return () => {
    if (!current) throw new Error('Тестовая база доступна только внутри тестов (после beforeAll).');
    return current;
  };
}

/** Runs one query on its own connection (tests of servers the pool does not know). */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
