// The production shape on one machine (deploy/README.md): PostgreSQL 15 from Debian's binaries,
// API instances behind nginx, the shell on its origin and each remote on its own, every remote
// released as a folder named by its version plus one line of remotes.json. `npm run deploy:local`
// (deploy/local.ts) and the end-to-end test over the topology drive it through these functions.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  freePort,
  POSTGRES15_BIN_DIR,
  startCluster,
  stopRunningServer,
} from '../apps/api/src/db/cluster';
import { nginxConfig, originOf, REMOTE_NAMES, type RemoteName } from './nginx';

export const ROOT = path.resolve(__dirname, '..');
// The origins' host name: a name, not 127.0.0.1, so the remotes are on the shell's site (browsers
// count each origin of a bare IP address as a site of its own). Everything listens on 127.0.0.1.
const HOST = 'localhost';
const LOOPBACK = '127.0.0.1';
const DATABASE = 'tour';
const STATE_FILE = 'state.json';

/** What `up` started, kept in `<dir>/state.json` for `down` and for the next `up`. */
export interface TopologyState {
  dir: string;
  shellPort: number;
  remotePorts: Record<RemoteName, number>;
  apiPorts: number[];
  apiPids: (number | null)[];
  databaseUrl: string;
  postgresPort: number;
  /** Remote origins taken down on purpose (left out of nginx.conf). */
  down: RemoteName[];
}

export interface UpOptions {
  /** The topology's folder: database, static files, nginx, logs (created). */
  dir: string;
  /** The shell's port; the remotes take the next four, the API instances the ones after. */
  port?: number;
  /** How many API instances (2). */
  instances?: number;
  log?: (message: string) => void;
}

const paths = (dir: string) => ({
  state: path.join(dir, STATE_FILE),
  database: path.join(dir, 'postgres', 'data'),
  static: path.join(dir, 'static'),
  shell: path.join(dir, 'static', 'shell'),
  remotes: path.join(dir, 'static', 'shell', 'remotes.json'),
  remote: (name: RemoteName) => path.join(dir, 'static', name),
  nginx: path.join(dir, 'nginx'),
  logs: path.join(dir, 'logs'),
});

export function readState(dir: string): TopologyState | null {
  try {
    return JSON.parse(fs.readFileSync(paths(dir).state, 'utf8')) as TopologyState;
  } catch {
    return null;
  }
}

function writeState(state: TopologyState): void {
  writeAtomically(paths(state.dir).state, `${JSON.stringify(state, null, 2)}\n`);
}

/** Replaces a file in one step (a reader sees the old file or the new one, never a part). */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o644 });
  fs.renameSync(temporary, file);
}

export const shellUrl = (state: TopologyState) => originOf(HOST, state.shellPort);
export const remoteOrigin = (state: TopologyState, name: RemoteName) =>
  originOf(HOST, state.remotePorts[name]);

/** The version a build of the app carries (its package.json). */
export function packageVersion(app: string): string {
  const file = path.join(ROOT, 'apps', app, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A Debian package's program, the package installed when missing (as root, with apt-get). */
function ensurePackage(program: string, pkg: string, log: (message: string) => void): string {
  if (fs.existsSync(program)) return program;
  if (process.getuid?.() !== 0) {
    throw new Error(`Нет ${program}: выполните sudo apt-get install -y ${pkg}`);
  }
  log(`Устанавливаю ${pkg} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', pkg],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')}: код ${result.status}`);
  }
  return program;
}

/** Debian's nginx, installed when missing. */
export const ensureNginx = (log: (message: string) => void) =>
  ensurePackage('/usr/sbin/nginx', 'nginx', log);

function nginx(state: TopologyState, ...args: string[]) {
  const binary = ensureNginx(() => undefined);
  const { nginx: prefix } = paths(state.dir);
  const result = spawnSync(
    binary,
    [
      '-p',
      prefix,
      '-c',
      path.join(prefix, 'nginx.conf'),
      '-e',
      path.join(prefix, 'error.log'),
      ...args,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`nginx ${args.join(' ')}: ${result.stderr.trim() || result.status}`);
  }
}

function nginxRunning(state: TopologyState): boolean {
  const pid = Number(readText(path.join(paths(state.dir).nginx, 'nginx.pid')).trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid);
}

/** Writes nginx.conf for the state and (re)loads it. */
export function applyNginx(state: TopologyState): void {
  const p = paths(state.dir);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(p.nginx, 'temp', sub), { recursive: true });
  }
  const root = process.getuid?.() === 0;
  // Workers run as nobody under root: they write their temporary files here.
  if (root) chownTree(path.join(p.nginx, 'temp'), 'nobody');
  const config = nginxConfig({
    prefix: p.nginx,
    shellDir: p.shell,
    remoteDirs: Object.fromEntries(REMOTE_NAMES.map((name) => [name, p.remote(name)])) as Record<
      RemoteName,
      string
    >,
    shellPort: state.shellPort,
    remotePorts: state.remotePorts,
    apiPorts: state.apiPorts,
    down: state.down,
    host: HOST,
    user: root ? 'nobody nogroup' : undefined,
  });
  writeAtomically(path.join(p.nginx, 'nginx.conf'), config);
  nginx(state, '-t', '-q');
  if (nginxRunning(state)) nginx(state, '-s', 'reload');
  else nginx(state);
}

/** Folders 0755, files 0644: nginx's workers read them whoever made the build (a 0700 temp dir). */
function readableByAll(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) readableByAll(file);
    else fs.chmodSync(file, 0o644);
  }
}

function chownTree(dir: string, user: string): void {
  spawnSync('chown', ['-R', `${user}:`, dir]);
}

/**
 * Releases a remote: copies its build (a folder with mf-manifest.json) to `<remote>/<version>/`
 * and points its line of remotes.json there. Nothing else changes: not the shell, not the other
 * remotes. A version already released is never overwritten (its hashed files may be cached for a
 * year); `replace` is for the local topology's own start only. Rolling back is releasing the
 * previous version's folder again (`pointAt`).
 */
export function release(
  state: TopologyState,
  name: RemoteName,
  version: string,
  buildDir = path.join(ROOT, 'apps', name, 'dist'),
  options: { replace?: boolean } = {},
): string {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(version)) {
    throw new Error(`Версия «${version}»: только латиница, цифры и . + _ -`);
  }
  if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
    throw new Error(`В ${buildDir} нет mf-manifest.json: это не сборка раздела`);
  }
  const target = path.join(paths(state.dir).remote(name), version);
  if (fs.existsSync(target)) {
    if (!options.replace) throw new Error(`Версия ${version} раздела ${name} уже выпущена`);
    fs.rmSync(target, { recursive: true, force: true });
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = `${target}.${process.pid}.tmp`;
  fs.cpSync(buildDir, staging, {
    recursive: true,
    filter: (file) => !file.endsWith('.source-hash'),
  });
  readableByAll(staging);
  fs.renameSync(staging, target);
  return pointAt(state, name, version);
}

/** Points remotes.json's line of a remote at one of its released versions; the manifest URL. */
export function pointAt(state: TopologyState, name: RemoteName, version: string): string {
  const p = paths(state.dir);
  if (!fs.existsSync(path.join(p.remote(name), version, 'mf-manifest.json'))) {
    throw new Error(`Версия ${version} раздела ${name} не выпущена`);
  }
  const url = `${remoteOrigin(state, name)}/${version}/mf-manifest.json`;
  const remotes = { ...readRemotes(state), [name]: url };
  fs.mkdirSync(p.shell, { recursive: true });
  writeAtomically(p.remotes, `${JSON.stringify(remotes, null, 2)}\n`);
  return url;
}

export function readRemotes(state: TopologyState): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(paths(state.dir).remotes, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** Takes a remote's origin down (or brings it back): nginx stops (or starts) serving it. */
export function setOriginDown(state: TopologyState, name: RemoteName, down: boolean): void {
  state.down = down
    ? [...new Set([...state.down, name])]
    : state.down.filter((item) => item !== name);
  writeState(state);
  applyNginx(state);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

async function waitFor(
  url: string,
  timeoutMs: number,
  what: string,
  exited?: () => boolean,
  log?: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited?.()) {
      // The end of its log says why (the topology's folder goes with a failed test).
      const tail = log ? readText(log).trimEnd().split('\n').slice(-20).join('\n') : '';
      throw new Error(`${what}: процесс завершился${tail ? `\n${tail}` : ''}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`${what} не ответил за ${timeoutMs / 1000} с`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts API instance `index` (detached: it outlives this process), its log in logs/. */
export async function startApi(state: TopologyState, index: number): Promise<void> {
  const p = paths(state.dir);
  fs.mkdirSync(p.logs, { recursive: true });
  const logFile = fs.openSync(path.join(p.logs, `api-${index + 1}.log`), 'a');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps', 'api'),
    env: {
      ...process.env,
      DATABASE_URL: state.databaseUrl,
      PORT: String(state.apiPorts[index]),
      HOST: LOOPBACK,
      SEED_DEMO: '1',
      // nginx, on this machine, says who the client is (it sets X-Forwarded-For itself).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      REMOTES: '',
    },
    detached: true,
    stdio: ['ignore', logFile, logFile],
  });
  fs.closeSync(logFile);
  child.unref();
  state.apiPids[index] = child.pid ?? null;
  writeState(state);
  await waitFor(
    `http://${LOOPBACK}:${state.apiPorts[index]}/api/ready`,
    180_000,
    `API ${index + 1}`,
    () => child.exitCode !== null,
    path.join(p.logs, `api-${index + 1}.log`),
  );
}

/** Stops API instance `index` with SIGTERM (it finishes what it is answering) and waits. */
export async function stopApi(state: TopologyState, index: number): Promise<void> {
  const pid = state.apiPids[index];
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (alive(pid)) {
      if (Date.now() > deadline) {
        process.kill(pid, 'SIGKILL');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  state.apiPids[index] = null;
  writeState(state);
}

async function createDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE,
    ]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** The shell's build copied to its origin's folder (its remotes.json kept). */
function publishShell(state: TopologyState): void {
  const p = paths(state.dir);
  const build = path.join(ROOT, 'apps', 'shell', 'dist');
  if (!fs.existsSync(path.join(build, 'index.html'))) {
    throw new Error('Оболочка не собрана: npm run build');
  }
  const staging = `${p.shell}.${process.pid}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(build, staging, { recursive: true, filter: (file) => !file.endsWith('.source-hash') });
  if (fs.existsSync(p.remotes)) fs.copyFileSync(p.remotes, path.join(staging, 'remotes.json'));
  else fs.writeFileSync(path.join(staging, 'remotes.json'), '{}\n');
  readableByAll(staging);
  fs.rmSync(p.shell, { recursive: true, force: true });
  fs.renameSync(staging, p.shell);
}

/**
 * Brings the topology up (or back up): PostgreSQL 15, the API instances (migrations and demo data
 * on an empty database, once), the shell and every remote at its package version, nginx. Returns
 * the state; `down` stops it all.
 */
export async function up(options: UpOptions): Promise<TopologyState> {
  const log = options.log ?? (() => undefined);
  const dir = path.resolve(options.dir);
  const p = paths(dir);
  for (const folder of [dir, p.static, p.nginx, p.logs]) fs.mkdirSync(folder, { recursive: true });
  fs.chmodSync(dir, 0o755);
  ensureNginx(log);
  ensurePackage(path.join(POSTGRES15_BIN_DIR, 'initdb'), 'postgresql-15', log);

  const previous = readState(dir);
  if (previous) await down(dir, { keepState: true });
  const shellPort = options.port ?? previous?.shellPort ?? (await freePort());
  const instances = options.instances ?? previous?.apiPorts.length ?? 2;
  const port = async (offset: number) => (options.port ? options.port + offset : freePort());
  const remotePorts = {} as Record<RemoteName, number>;
  for (const [index, name] of REMOTE_NAMES.entries()) {
    remotePorts[name] = previous?.remotePorts[name] ?? (await port(index + 1));
  }
  const apiPorts: number[] = [];
  for (let index = 0; index < instances; index += 1) {
    apiPorts.push(previous?.apiPorts[index] ?? (await port(11 + index)));
  }

  log('PostgreSQL 15');
  const cluster = await startCluster({
    binDir: POSTGRES15_BIN_DIR,
    dataDir: p.database,
    port: previous?.postgresPort ?? (options.port ? options.port + 20 : undefined),
    takeOver: true,
    log,
  });
  await createDatabase(cluster.url());
  const state: TopologyState = {
    dir,
    shellPort,
    remotePorts,
    apiPorts,
    apiPids: apiPorts.map(() => null),
    databaseUrl: cluster.url(DATABASE),
    postgresPort: cluster.port,
    down: [],
  };
  writeState(state);

  log('Оболочка и разделы');
  publishShell(state);
  for (const name of REMOTE_NAMES) {
    release(state, name, packageVersion(name), undefined, { replace: true });
  }
  applyNginx(state);

  log(`API: ${instances} экземпляра`);
  await Promise.all(apiPorts.map((_, index) => startApi(state, index)));
  return state;
}

/** Stops everything `up` started in `dir` (nginx, the API instances, PostgreSQL). */
export async function down(dir: string, options: { keepState?: boolean } = {}): Promise<void> {
  const state = readState(path.resolve(dir));
  if (!state) return;
  const nginxPid = Number(readText(path.join(paths(state.dir).nginx, 'nginx.pid')).trim());
  if (nginxRunning(state)) {
    nginx(state, '-s', 'quit');
    for (const deadline = Date.now() + 10_000; alive(nginxPid) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await Promise.all(state.apiPids.map((_, index) => stopApi(state, index)));
  await stopRunningServer(POSTGRES15_BIN_DIR, paths(state.dir).database);
  if (!options.keepState) fs.rmSync(paths(state.dir).state, { force: true });
}
