import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../src/db/cluster';
import { createDatabase } from '../src/db/database';
import { createTestDatabase, queryOnce, type TestDatabase } from './database';
import { createTestUser, TEST_PASSWORD } from './http';

// SIGTERM to the real server process (as a process manager or a rolling deploy sends it) over a
// test database: the listener closes at once, requests in flight finish with their full answer
// (one of them GET /api/ready, which then says the server is stopping), then the pool closes and
// the process exits 0. The requests are held in flight honestly: this test locks the tables
// they read, from its own connection, and lets go after the signal; no test-only route.

const API_DIR = path.resolve(__dirname, '..');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to the child server over the given agent (keep-alive, as browsers do). */
function send(
  port: number,
  agent: http.Agent,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...options.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Whether a new TCP connection to the port is refused (the listener is closed). */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, test: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await test()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SIGTERM to the server', () => {
  jest.setTimeout(120_000);
  let database: TestDatabase;
  let child: ChildProcess | null = null;
  let stderr = '';
  let exit: Promise<number | null>;
  let port: number;

  /** The API's own connections to the test database (application_name tour-api). */
  const apiBackends = (where = 'true') =>
    queryOnce<{ count: number }>(
      database.url,
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and application_name = 'tour-api' and ${where}`,
    ).then((rows) => rows[0]!.count);

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    exit = new Promise((resolve) => child!.once('exit', (code) => resolve(code)));
    const agent = new http.Agent();
    await waitFor(
      'the server to be ready',
      async () => {
        if (child!.exitCode !== null) throw new Error(`API exited ${child!.exitCode}: ${stderr}`);
        const answer = await send(port, agent, 'GET', '/api/ready').catch(() => null);
        return answer?.status === 200;
      },
      60_000,
    );
    agent.destroy();
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exit;
    }
    await database.drop();
  });

  it('refuses new connections, finishes requests in flight, closes the pool and exits 0', async () => {
    const email = `shutdown.${process.pid}@test.example`;
    // A pool of its own, closed at once: the test file's pool would count as the server's
    // (both are application_name tour-api).
    const own = createDatabase({ url: database.url, max: 1 });
    await createTestUser(own, { email, roles: ['admin'] });
    await own.destroy();
    // Keep-alive connections, as browsers and proxies hold them.
    const agent = new http.Agent({ keepAlive: true });
    const guest = await send(port, agent, 'GET', '/api/health');
    expect(guest.status).toBe(200);
    const cookies = (guest.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
    const xsrf = decodeURIComponent(
      cookies.find((pair) => pair.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length),
    );
    const headers = { cookie: cookies.join('; '), 'x-xsrf-token': xsrf };

    // Hold two requests in flight inside their handlers: a sign-in (it reads login_failures
    // first) and a readiness probe (it reads the migrations' table).
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table login_failures, kysely_migration in access exclusive mode');
    const login = send(port, agent, 'POST', '/api/login', {
      headers,
      body: { login: email, password: TEST_PASSWORD },
    });
    const ready = send(port, agent, 'GET', '/api/ready');
    const waiting = (table: string) =>
      apiBackends(`wait_event_type = 'Lock' and query like '%${table}%'`);
    await waitFor(
      'both requests to wait for the lock',
      async () => (await waiting('login_failures')) > 0 && (await waiting('kysely_migration')) > 0,
      10_000,
    );

    child!.kill('SIGTERM');
    const signalled = Date.now();
    // The listener closes at once, while both requests are still running.
    await waitFor('new connections to be refused', () => connectionRefused(port), 5_000);
    expect(Date.now() - signalled).toBeLessThan(3_000);
    await sleep(500);
    expect(child!.exitCode).toBeNull();
    let settled = false;
    void Promise.allSettled([login, ready]).then(() => (settled = true));
    await sleep(0);
    expect(settled).toBe(false);

    await locker.query('rollback');
    await locker.end();
    const released = Date.now();

    // The sign-in started before the signal gets its whole answer.
    const signedIn = await login;
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body)).toMatchObject({ user: { email } });
    // The probe in flight says the server is stopping: 503 in the envelope, in Russian.
    const probe = await ready;
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body)).toEqual({ code: 0, message: 'Сервер останавливается' });
    expect(probe.headers['x-content-type-options']).toBe('nosniff');

    // Then the process exits 0, without waiting out the keep-alive of the connections those
    // requests used (72 s).
    expect(await exit).toBe(0);
    expect(Date.now() - released).toBeLessThan(5_000);
    child = null;
    agent.destroy();
    // Its pool is closed: none of its connections is left on the server.
    await waitFor('the pool to be gone', async () => (await apiBackends()) === 0, 5_000);
    expect(stderr).toBe('');
  });
});
