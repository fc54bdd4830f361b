import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runningEmbeddedUrl } from '../src/db/backup';
import { freePort } from '../src/db/cluster';
import { createDatabase } from '../src/db/database';
import { createTestUser, TEST_PASSWORD } from './http';

// The real server process on its embedded database: killed with SIGKILL mid-life, the next start
// must come up (a postgres left running is dealt with) and hold every committed row.

const API_DIR = path.resolve(__dirname, '..');

function startApi(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No demo data (a dozen seconds of writes): the test signs in as an admin of its own.
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitForApi(base: string, child: ChildProcess): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${base}/api/get-laravel-permission-to-vuejs`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`API did not start: ${stderr}`);
}

const ADMIN = 'crash.admin@test.example';

/** An admin account in the embedded database the running server started. */
async function createAdmin(dataDir: string): Promise<void> {
  const url = await runningEmbeddedUrl(dataDir);
  if (!url) throw new Error('no embedded server running');
  const db = createDatabase({ url, max: 1 });
  try {
    await createTestUser(db, { roles: ['admin'], email: ADMIN });
  } finally {
    await db.destroy();
  }
}

/** A minimal cookie-keeping client for the real server. */
async function signIn(base: string) {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
  };
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    keep(response);
    return response;
  };
  await call('GET', '/api/get-laravel-permission-to-vuejs');
  const login = await call('POST', '/api/login', {
    login: ADMIN,
    password: TEST_PASSWORD,
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return call;
}

describe('crash recovery of the embedded database', () => {
  jest.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tour-crash-'));
  let child: ChildProcess | null = null;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('comes back after SIGKILL with every committed row', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startApi(dataDir, port);
    await waitForApi(base, child);
    await createAdmin(dataDir);
    const call = await signIn(base);
    const date = '2026-01-15';
    const saved = await call('POST', '/api/admin/currency-rates', {
      date,
      rates: [{ from: 'usd', to: 'kgs', rate: 87.1234 }],
    });
    expect(saved.status).toBe(200);

    const killed = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await killed;

    child = startApi(dataDir, port);
    await waitForApi(base, child);
    const again = await signIn(base);
    const rates = await again('GET', `/api/currency-rates?date=${date}`);
    expect(await rates.json()).toMatchObject({
      code: 1,
      data: { [date]: { usd: { kgs: 87.1234 } } },
    });

    // A clean stop leaves nothing running: the next start would find no postgres to recover.
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = null;
  });
});
