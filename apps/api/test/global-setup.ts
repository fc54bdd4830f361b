import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { GlobalConfig, ProjectConfig } from 'jest';
import {
  POSTGRES15_BIN_DIR,
  startCluster,
  stopRunningServer,
  type Cluster,
} from '../src/db/cluster';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import {
  adminUrlVariable,
  makeTempDir,
  TEMPLATE_DATABASE,
  testBinDir,
  type TestFlavor,
} from './database';

export const TEMP_PREFIX = 'tour-api-test-';

export interface StartedCluster {
  flavor: TestFlavor;
  dir: string;
  cluster: Cluster;
}

interface HarnessGlobals {
  /** displayName -> flavor, filled by apps/api/jest.config.js and jest.pg15.config.js on load. */
  __TOUR_API_PG_PROJECTS__?: Record<string, TestFlavor>;
  /** What global-teardown.ts stops. */
  __TOUR_API_PG_CLUSTERS__?: StartedCluster[];
}

export const harness = globalThis as HarnessGlobals;

function asFlavor(value: unknown): TestFlavor {
  return value === 'pg15' ? 'pg15' : 'pg17';
}

/** The values of a Jest array option (`--selectProjects a b`, `--select-projects=a`) in argv. */
export function argvList(argv: string[], option: string): string[] | null {
  const kebab = option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const names = new Set([`--${option}`, `--${kebab}`]);
  let found: string[] | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [name, value] = arg.split(/=(.*)/s);
    if (!names.has(name!)) continue;
    found ??= [];
    if (value !== undefined) {
      found.push(value);
      continue;
    }
    // yargs takes every following word up to the next option, as Jest does.
    while (i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) found.push(argv[++i]!);
  }
  return found;
}

// Jest runs a globalSetup file once per run even when two projects name it, and hands it neither
// the other projects nor --selectProjects: the configs register their flavors, argv filters them.
export function selectedFlavors(
  projectConfig: Pick<ProjectConfig, 'globals'>,
  registry: Record<string, TestFlavor>,
  argv: string[],
): TestFlavor[] {
  const select = argvList(argv, 'selectProjects');
  const ignore = argvList(argv, 'ignoreProjects') ?? [];
  const flavors = new Set<TestFlavor>([asFlavor(projectConfig.globals.__TEST_PG_FLAVOR__)]);
  for (const [name, flavor] of Object.entries(registry)) {
    if ((select && !select.includes(name)) || ignore.includes(name)) continue;
    flavors.add(flavor);
  }
  return [...flavors];
}

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

async function startFlavor(flavor: TestFlavor): Promise<StartedCluster> {
  const binDir = testBinDir(flavor);
  if (flavor === 'pg15' && !fs.existsSync(path.join(POSTGRES15_BIN_DIR, 'postgres'))) {
    throw new Error(
      `Нет PostgreSQL 15 в ${POSTGRES15_BIN_DIR}: установите пакет Debian postgresql-15 ` +
        '(apt-get install -y postgresql-15; CI ставит его сам) или запустите только проект api ' +
        '(jest --selectProjects api).',
    );
  }
  const dir = makeTempDir(`${TEMP_PREFIX}${flavor}-`);
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
    return { flavor, dir, cluster };
  } catch (error) {
    await cluster?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Starts a throwaway cluster per selected flavor with a migrated `tour_template` database. */
export default async function globalSetup(
  _globalConfig: GlobalConfig,
  projectConfig: ProjectConfig,
): Promise<void> {
  await sweepAbandoned();
  const flavors = selectedFlavors(
    projectConfig,
    harness.__TOUR_API_PG_PROJECTS__ ?? {},
    process.argv,
  );
  const results = await Promise.allSettled(flavors.map(startFlavor));
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    for (const { cluster, dir } of started) {
      await cluster.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    throw failed.reason;
  }
  harness.__TOUR_API_PG_CLUSTERS__ = started;
  for (const { flavor, cluster } of started) {
    process.env[adminUrlVariable(flavor)] = cluster.url('postgres');
  }
}
