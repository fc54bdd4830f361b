import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster, stopRunningServer, type Cluster } from '../src/db/cluster';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ADMIN_URL_VARIABLE, makeTempDir, TEMPLATE_DATABASE, testBinDir } from './database';

export const TEMP_PREFIX = 'tour-api-test-';

export interface StartedCluster {
  dir: string;
  cluster: Cluster;
}

interface HarnessGlobals {
  /** What global-teardown.ts stops. */
  __TOUR_API_PG_CLUSTER__?: StartedCluster | null;
}

export const harness = globalThis as HarnessGlobals;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A run killed before its teardown (Ctrl+C) leaves its servers running: stop them on the next run.
async function sweepAbandoned(): Promise<void> {
  const entries = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(TEMP_PREFIX));
  for (const name of entries) {
    const dir = path.join(os.tmpdir(), name);
    try {
      const owner = JSON.parse(fs.readFileSync(path.join(dir, 'owner.json'), 'utf8')) as {
        pid: number;
        binDir: string;
      };
      if (isAlive(owner.pid)) continue;
      await stopRunningServer(owner.binDir, path.join(dir, 'cluster'), 'immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not ours or half-made: leave it.
    }
  }
}

async function prepareTemplate(cluster: Cluster): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const db = createDatabase({ url: cluster.url(TEMPLATE_DATABASE), max: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    // A stray connection to the template would make every CREATE DATABASE ... TEMPLATE fail.
    await admin.query(
      `ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
    );
  } finally {
    await admin.end();
  }
}

/** Starts the run's throwaway cluster (embedded PostgreSQL) with a migrated `tour_template`. */
export default async function globalSetup(): Promise<void> {
  await sweepAbandoned();
  const binDir = testBinDir();
  const dir = makeTempDir(TEMP_PREFIX);
  fs.writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ pid: process.pid, binDir }));
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      binDir,
      dataDir: path.join(dir, 'cluster'),
      ephemeral: true,
      settings: { max_connections: 200 },
    });
    await prepareTemplate(cluster);
  } catch (error) {
    await cluster?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  harness.__TOUR_API_PG_CLUSTER__ = { dir, cluster };
  process.env[ADMIN_URL_VARIABLE] = cluster.url('postgres');
}
