import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, queryOnce } from '../../test/database';
import { clusterFiles, embeddedBinDir, serverStatus } from './cluster';
import {
  installShutdownHandlers,
  lockFile,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from './embedded';

const dirs: string[] = [];
const started: EmbeddedDatabase[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = makeTempDir('tour-embedded-test-');
  dirs.push(dir);
  return path.join(dir, 'data');
}

async function start(dir: string, log?: (message: string) => void): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedDatabase({ dataDir: dir, ...(log ? { log } : {}) });
  started.push(database);
  return database;
}

const query = queryOnce;

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** An API process that starts the embedded database on dir and waits to be killed. */
function startChildApi(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const script = `
    require(${JSON.stringify(require.resolve('./embedded'))})
      .startEmbeddedDatabase({ dataDir: ${JSON.stringify(dir)} })
      .then((db) => { console.log('URL ' + db.url); setInterval(() => {}, 60000); })
      .catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(
    process.execPath,
    ['-r', require.resolve('@swc-node/register'), '-e', script],
    { cwd: path.resolve(__dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /URL (\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the child API exited (${code}): ${output}`)));
  });
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const database of started) await database.stop().catch(() => undefined);
  for (const dir of dirs) {
    await serverStatus(embeddedBinDir(), path.join(dir, 'data', 'postgres')).then(async (s) => {
      if (s.running) process.kill(s.pid!, 'SIGQUIT');
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('startEmbeddedDatabase', () => {
  it('keeps the tour database in DATA_DIR/postgres across restarts', async () => {
    const dir = dataDir();
    const first = await start(dir);
    expect(first.url).toMatch(/^postgres:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:\d+\/tour$/);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(fs.existsSync(path.join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(clusterFiles(path.join(dir, 'postgres')).passwordFile)).toBe(true);
    await query(first.url, 'create table trips (id int primary key, title text)');
    await query(first.url, `insert into trips values (7, 'Иссык-Куль')`);
    await first.stop();
    await first.stop();
    expect(fs.existsSync(lockFile(dir))).toBe(false);

    const second = await start(dir);
    expect(await query(second.url, 'select id, title from trips')).toEqual([
      { id: 7, title: 'Иссык-Куль' },
    ]);
    const [version] = await query<{ v: string }>(
      second.url,
      `select current_setting('server_version_num') as v`,
    );
    expect(Math.floor(Number(version?.v) / 10000)).toBe(15);
    await second.stop();
  });

  it('sets aside a DATA_DIR made by an older embedded major and starts a new one', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await query(first.url, 'create table trips (id int primary key)');
    await first.stop();
    // What the embedded PostgreSQL 17 of earlier versions left: its major in PG_VERSION.
    fs.writeFileSync(path.join(dir, 'postgres', 'PG_VERSION'), '17\n');

    const messages: string[] = [];
    const second = await start(dir, (m) => messages.push(m));
    expect(messages.join('\n')).toContain(`перенесён целиком в ${path.join(dir, 'postgres-pg17')}`);
    expect(fs.existsSync(path.join(dir, 'postgres-pg17', 'base'))).toBe(true);
    expect(await query(second.url, "select to_regclass('trips') as t")).toEqual([{ t: null }]);
    await second.stop();
  });

  it('refuses a second API on the same DATA_DIR, naming the first one', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await expect(start(dir)).rejects.toThrow(`уже запущена этим процессом (pid ${process.pid})`);

    // Another live process holding the lock (our parent, the Jest runner) is refused too.
    await first.stop();
    fs.writeFileSync(lockFile(dir), `${process.ppid}\n`);
    await expect(start(dir)).rejects.toThrow(`(pid ${process.ppid})`);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.ppid));
    expect((await serverStatus(embeddedBinDir(), path.join(dir, 'postgres'))).running).toBe(false);
  });

  it('takes over a lock left by a dead process, in a DATA_DIR closed to others', async () => {
    const dir = dataDir();
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.writeFileSync(lockFile(dir), `${deadPid()}\n`);
    const database = await start(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(await query(database.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await database.stop();
    expect(fs.readdirSync(dir).sort()).toEqual(['postgres', 'postgres.log', 'postgres.password']);
    // Root runs the server as postgres, which needs to pass through (only) DATA_DIR.
    const expected = process.getuid?.() === 0 ? 0o701 : 0o700;
    expect(fs.statSync(dir).mode & 0o777).toBe(expected);
  });

  it('stops the server a killed API left running, then starts cleanly', async () => {
    const dir = dataDir();
    const { child, url } = await startChildApi(dir);
    await expect(start(dir)).rejects.toThrow(`другой процесс API (pid ${child.pid})`);
    await query(url, 'create table left_behind (id int)');
    await query(url, 'insert into left_behind values (42)');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const cluster = path.join(dir, 'postgres');
    const orphan = await serverStatus(embeddedBinDir(), cluster);
    expect(orphan.running).toBe(true);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(child.pid));

    const messages: string[] = [];
    const database = await start(dir, (message) => messages.push(message));
    expect(messages.join('\n')).toContain(`pid ${orphan.pid}`);
    const now = await serverStatus(embeddedBinDir(), cluster);
    expect(now.pid).not.toBe(orphan.pid);
    expect(await query(database.url, 'select id from left_behind')).toEqual([{ id: 42 }]);
    await expect(query(url, 'select 1')).rejects.toThrow();
    await database.stop();
  });
});

describe('installShutdownHandlers', () => {
  const signal: NodeJS.Signals = 'SIGUSR2';

  it('runs stop once on the first signal, then exits 0', async () => {
    const exits: number[] = [];
    let stops = 0;
    let finish = () => undefined as void;
    const stop = () => {
      stops += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const remove = installShutdownHandlers(stop, { signals: [signal], exit: (c) => exits.push(c) });
    try {
      process.emit(signal, signal);
      expect(stops).toBe(1);
      expect(exits).toEqual([]);
      finish();
      await new Promise((resolve) => setImmediate(resolve));
      expect(exits).toEqual([0]);
    } finally {
      remove();
    }
    expect(process.listenerCount(signal)).toBe(0);
  });

  it('exits 1 at once on a second signal and when stop fails', async () => {
    const exits: number[] = [];
    const logs: string[] = [];
    const options = {
      signals: [signal],
      exit: (c: number) => exits.push(c),
      log: (m: string) => logs.push(m),
    };
    const hanging = installShutdownHandlers(() => new Promise<void>(() => undefined), options);
    process.emit(signal, signal);
    process.emit(signal, signal);
    expect(exits).toEqual([1]);
    hanging();

    const failing = installShutdownHandlers(() => Promise.reject(new Error('занят')), options);
    process.emit(signal, signal);
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1, 1]);
    expect(logs.join('\n')).toContain('занят');
    failing();
  });
});
