import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { embeddedBinDir, startCluster, type Cluster } from './cluster';

/** The database the API uses inside the embedded cluster. */
export const EMBEDDED_DATABASE = 'tour';

export interface EmbeddedOptions {
  /** DATA_DIR: holds `api.pid`, the cluster folder `postgres/`, `postgres.password`, `postgres.log`. */
  dataDir: string;
  log?: (message: string) => void;
  /** The PostgreSQL binaries; the npm-installed PostgreSQL 15 by default. */
  binDir?: string;
}

export interface EmbeddedDatabase {
  /** postgres:// URL of the `tour` database. */
  url: string;
  /** Stops the server and releases DATA_DIR; safe to call more than once. */
  stop(): Promise<void>;
}

export function lockFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'api.pid');
}

// Lock files this process holds: its own pid in one of them is not a stale lock.
const heldLocks = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]?.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of another live process holding DATA_DIR (its api.pid), or null. */
export function apiHoldingDataDir(dataDir: string): number | null {
  const pid = readPid(lockFile(dataDir));
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}

function refuse(dataDir: string, pid: number): never {
  throw new Error(
    `Папку данных ${dataDir} уже использует другой процесс API (pid ${pid}). ` +
      'Остановите его или укажите другой DATA_DIR.',
  );
}

/**
 * Takes DATA_DIR for this process: `api.pid` appears atomically with our pid (link of a written
 * file); a lock whose pid is dead is taken over, a live one refused.
 */
export function acquireLock(dataDir: string): () => void {
  const file = lockFile(dataDir);
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        fs.linkSync(draft, file);
        heldLocks.add(file);
        return () => releaseLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readPid(file);
      if (owner !== null && owner !== process.pid && isAlive(owner)) refuse(dataDir, owner);
      if (owner === process.pid && heldLocks.has(file)) {
        throw new Error(`База в ${dataDir} уже запущена этим процессом (pid ${owner}).`);
      }
      // Take the stale file aside first: if another starter replaced it meanwhile, put it back.
      const aside = `${file}.${process.pid}.stale`;
      try {
        fs.renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const taken = readPid(aside);
      if (taken !== owner && taken !== null) {
        try {
          fs.linkSync(aside, file);
        } catch {
          // A third starter linked its own lock meanwhile: it wins, we refuse either way.
        }
        fs.rmSync(aside, { force: true });
        refuse(dataDir, taken);
      }
      fs.rmSync(aside, { force: true });
    }
    throw new Error(`Не удалось занять ${file}: другие процессы API запускаются одновременно.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function releaseLock(file: string): void {
  if (!heldLocks.delete(file)) return;
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}

// Under root the server runs as postgres, which must pass through DATA_DIR (mkdtemp or umask 077
// make it 0700); passing lets it reach nothing else: the files in it are 0600 or the server's own.
function openForServerAccount(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const { mode, uid } = fs.statSync(dataDir);
  if (uid === 0 && !(mode & 0o001)) fs.chmodSync(dataDir, (mode & 0o7777) | 0o001);
}

async function ensureDatabase(cluster: Cluster, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The API's database when DATABASE_URL is unset: PostgreSQL 15 on DATA_DIR/postgres, database
 * `tour`. A server left running by a killed API is stopped first (a fresh start applies our
 * settings and port; the lock proves nobody else uses that server).
 */
export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  openForServerAccount(dataDir);
  const release = acquireLock(dataDir);
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      binDir: options.binDir ?? embeddedBinDir(),
      dataDir: path.join(dataDir, 'postgres'),
      ...(options.log ? { log: options.log } : {}),
      takeOver: true,
      // A DATA_DIR made by the embedded PostgreSQL 17 of earlier versions: kept whole
      // beside, and a new cluster with demo data made, so `npm start` keeps working.
      otherMajor: 'set-aside',
    });
    await ensureDatabase(cluster, EMBEDDED_DATABASE);
  } catch (error) {
    await cluster?.stop().catch(() => undefined);
    release();
    throw error;
  }
  const started = cluster;
  let stopping: Promise<void> | null = null;
  return {
    url: started.url(EMBEDDED_DATABASE),
    stop: () => {
      stopping ??= started.stop().then(release, (error: unknown) => {
        stopping = null;
        throw error;
      });
      return stopping;
    },
  };
}

export interface ShutdownOptions {
  signals?: NodeJS.Signals[];
  exit?: (code: number) => void;
  log?: (message: string) => void;
}

/**
 * On the first SIGINT or SIGTERM runs stop once, then exits (1 if stop failed); a second signal
 * exits at once. Returns a function removing the handlers.
 */
export function installShutdownHandlers(
  stop: () => Promise<void>,
  options: ShutdownOptions = {},
): () => void {
  const signals = options.signals ?? ['SIGINT', 'SIGTERM'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? ((message: string) => console.error(message));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal}: выхожу, не дожидаясь остановки`);
      exit(1);
      return;
    }
    stopping = true;
    stop().then(
      () => exit(0),
      (error: unknown) => {
        log(`Ошибка при остановке: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
