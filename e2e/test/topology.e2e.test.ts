import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { hrefOf } from '@tour/shared';
import {
  down,
  packageVersion,
  pointAt,
  readRemotes,
  release,
  remoteOrigin,
  ROOT,
  setOriginDown,
  shellUrl,
  startApi,
  stopApi,
  up,
  type TopologyState,
} from '../../deploy/topology';
import { DEMO_PASSWORD, freshPagePerTest, pageApi } from '../support/browser';

// The production shape on this machine (deploy/): PostgreSQL 15, two API instances behind nginx,
// the shell on its origin and each remote on its own, released as versioned folders. Driven in
// Chromium as staff would meet it: one API instance stopped under a signed-in user, a remote
// released anew and rolled back, a remote's origin down, a remote built against another major of
// a shared library.

let page: Page;
let state: TopologyState;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-topology-'));
const consoleErrors: string[] = [];

freshPagePerTest((newPage) => {
  page = newPage;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

beforeAll(async () => {
  state = await up({ dir });
}, 300_000);

afterAll(async () => {
  await down(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

const shell = () => shellUrl(state);
const now = new Date();
const MONTH = `${String(now.getMonth() + 1).padStart(2, '0')}-${now.getFullYear()}`;

async function signIn(login = 'admin@example.com'): Promise<void> {
  await page.goto(`${shell()}/login`);
  await page.getByLabel('Email или телефон').fill(login);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/admin\/users$/);
  await page.locator('tbody tr.ant-table-row').first().waitFor();
}

/** The API through nginx as the signed-in page calls it (its cookies, the XSRF header). */
const api = <T>(method: 'GET' | 'POST', route: string, body?: unknown) =>
  pageApi<T>(page, method, route, body, shell());

/** Builds a remote as its team would, into `outputDir`, with build-time settings. */
function buildRemote(name: string, outputDir: string, env: Record<string, string>): void {
  const result = spawnSync(
    process.execPath,
    [
      require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] }),
      '--mode',
      'production',
      '--output-path',
      outputDir,
    ],
    { cwd: path.join(ROOT, 'apps', name), env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`${name} build: ${result.stderr || result.stdout}`);
}

/** Every file of the shell's origin but remotes.json, with the hash of its content. */
function shellFiles(): Record<string, string> {
  const folder = path.join(dir, 'static', 'shell');
  return Object.fromEntries(
    fs
      .readdirSync(folder, { recursive: true })
      .map(String)
      .filter((file) => file !== 'remotes.json' && fs.statSync(path.join(folder, file)).isFile())
      .sort()
      .map((file) => [
        file,
        createHash('sha256')
          .update(fs.readFileSync(path.join(folder, file)))
          .digest('hex'),
      ]),
  );
}

const releaseMark = () => page.getByTestId('section-release');

describe('the production topology', () => {
  it('serves each file with its cache rule and the remotes to the shell’s origin only', async () => {
    const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
    const remotesJson = await get(`${shell()}/remotes.json`);
    expect(remotesJson.headers.get('cache-control')).toBe('no-cache');
    const remotes = (await remotesJson.json()) as Record<string, string>;
    expect(Object.keys(remotes).sort()).toEqual(['accounting', 'agent', 'booking', 'reports']);
    // Revalidated, not refetched: unchanged, it answers 304.
    const etag = remotesJson.headers.get('etag')!;
    expect((await get(`${shell()}/remotes.json`, { 'if-none-match': etag })).status).toBe(304);

    const html = await get(`${shell()}/admin/users`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const csp = html.headers.get('content-security-policy')!;
    for (const name of ['booking', 'accounting', 'reports', 'agent'] as const) {
      expect(csp).toContain(remoteOrigin(state, name));
    }
    const shellScript = (await html.text()).match(/src="\/(main\.[0-9a-f]{12}\.js)"/)![1];
    const script = await get(`${shell()}/${shellScript}`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const manifestUrl = remotes.booking!;
    expect(manifestUrl).toBe(
      `${remoteOrigin(state, 'booking')}/${packageVersion('booking')}/mf-manifest.json`,
    );
    const manifest = await get(manifestUrl, { origin: shell() });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe(shell());
    expect(manifest.headers.get('cross-origin-resource-policy')).toBe('same-site');
    // Another origin is told the shell's, never its own or *: its browser refuses the answer.
    const foreign = await get(manifestUrl, { origin: 'http://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBe(shell());
    const { metaData } = (await manifest.json()) as {
      metaData: { remoteEntry: { name: string } };
    };
    const base = manifestUrl.replace(/mf-manifest\.json$/, '');
    const entry = await get(`${base}${metaData.remoteEntry.name}`);
    expect(metaData.remoteEntry.name).toMatch(/^remoteEntry\.[0-9a-f]{12}\.js$/);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = fs
      .readdirSync(path.join(dir, 'static', 'booking', packageVersion('booking')))
      .find((file) => /^(?!remoteEntry)[\w-]+\.[0-9a-f]{12}\.js$/.test(file))!;
    const hashed = await get(`${base}${chunk}`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('access-control-allow-origin')).toBe(shell());
    // A remote's origin only serves files.
    expect((await fetch(manifestUrl, { method: 'POST' })).status).toBe(405);
  });

  it('keeps a signed-in user working while one API instance stops: nothing lost, no new sign-in', async () => {
    await signIn();
    const stamp = Date.now();
    const created: number[] = [];
    const createTrip = async (n: number) => {
      const trip = await api<{ id: number }>('POST', '/admin/trips', {
        title: `Топология ${stamp} №${n}`,
        country: 'Кыргызстан',
        starts_on: '2031-06-01',
        ends_on: '2031-06-05',
        price: 1000,
        currency: 'usd',
        seats: 10,
      });
      created.push(trip.id);
    };
    await createTrip(1);
    await stopApi(state, 0);
    for (let n = 2; n <= 6; n += 1) await createTrip(n);
    // The pages go on working through the other instance.
    await page.goto(`${shell()}${hrefOf('trips')}`);
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    expect(page.url()).not.toContain('/login');
    // Then the other way round: every trip is there, read by the instance that was stopped.
    await startApi(state, 0);
    await stopApi(state, 1);
    const found = await api<{ data: { id: number }[] }>(
      'GET',
      `/admin/trips?search=${encodeURIComponent(`Топология ${stamp}`)}`,
    );
    expect(found.data.map((trip) => trip.id).sort()).toEqual([...created].sort());
    expect(created).toHaveLength(6);
    await page.goto(`${shell()}${hrefOf('users')}`);
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    expect(page.url()).toMatch(/\/admin\/users$/);
    await startApi(state, 1);
  }, 180_000);

  it('shows a remote’s new release at the next page load, the shell untouched, and rolls it back', async () => {
    const version = `9.9.${Date.now() % 100000}-e2e`;
    const before = shellFiles();
    const remotesBefore = readRemotes(state);
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-booking-'));
    try {
      buildRemote('booking', build, { RELEASE: version });
      await signIn();
      const hotels = `${shell()}${hrefOf('booking-hotels', { date: MONTH })}`;
      await page.goto(hotels);
      await expectRelease(packageVersion('booking'));

      release(state, 'booking', version, build);
      await page.goto(hotels);
      await expectRelease(version);
      // One line changed; the shell's files and the other remotes are as they were.
      expect(readRemotes(state)).toEqual({
        ...remotesBefore,
        booking: `${remoteOrigin(state, 'booking')}/${version}/mf-manifest.json`,
      });
      expect(shellFiles()).toEqual(before);

      pointAt(state, 'booking', packageVersion('booking'));
      await page.goto(hotels);
      await expectRelease(packageVersion('booking'));
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  }, 240_000);

  it('shows a section’s fallback within 3 s when its origin is down, and the rest works', async () => {
    await signIn();
    setOriginDown(state, 'reports', true);
    try {
      const started = Date.now();
      await page.goto(`${shell()}${hrefOf('report-general')}`);
      await page.getByText('Раздел временно недоступен').waitFor({ timeout: 3000 });
      expect(Date.now() - started).toBeLessThan(3000);
      await page.getByRole('link', { name: 'Пользователи' }).first().click();
      await page.locator('tbody tr.ant-table-row').first().waitFor();
    } finally {
      setOriginDown(state, 'reports', false);
    }
  }, 60_000);

  it('shows the fallback for a remote built against another major of a shared library', async () => {
    const version = `skew-${Date.now() % 100000}`;
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-booking-skew-'));
    try {
      buildRemote('booking', build, {
        RELEASE: version,
        FEDERATION_REQUIRED_VERSIONS: JSON.stringify({ react: '^18.3.1' }),
      });
      release(state, 'booking', version, build);
      await signIn();
      consoleErrors.length = 0;
      await page.goto(`${shell()}${hrefOf('booking-hotels', { date: MONTH })}`);
      await page.getByText('Раздел временно недоступен').waitFor();
      // The reason, in the console and in an API instance's log.
      expect(consoleErrors.join('\n')).toMatch(/react/);
      const logs = await waitForLog(/"section":"booking"/);
      expect(logs).toMatch(/react/);
      // The other sections work.
      await page.goto(`${shell()}${hrefOf('report-general')}`);
      await page.locator('tbody tr.ant-table-row').first().waitFor();
    } finally {
      pointAt(state, 'booking', packageVersion('booking'));
      fs.rmSync(build, { recursive: true, force: true });
    }
  }, 240_000);

  // Last: it leaves this machine's address throttled for the rest of the window.
  it('throttles sign-ins across both instances, by the address nginx saw, whatever the client claims', async () => {
    const attempt = async (login: string, claimed: string) => {
      const first = await fetch(`${shell()}/api/user`);
      const cookie = first.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const xsrf = decodeURIComponent(cookie.match(/XSRF-TOKEN=([^;]+)/)![1]!);
      const response = await fetch(`${shell()}/api/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          'x-xsrf-token': xsrf,
          'x-forwarded-for': claimed,
        },
        body: JSON.stringify({ login, password: 'wrong-password' }),
      });
      return response.status;
    };
    // Five failures of one account, answered by both instances in turn: the sixth waits.
    const account = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n += 1) statuses.push(await attempt(account, `203.0.113.${n}`));
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // Fifteen more failures from this address (twenty in all), each with another account and
    // another claimed address: the limit counts the address nginx saw, so the next one waits.
    const others: number[] = [];
    for (let n = 1; n <= 16; n += 1) {
      others.push(await attempt(`other-${n}-${Date.now()}@example.com`, `198.51.100.${n}`));
    }
    expect(others).toEqual([...Array<number>(15).fill(422), 429]);
  });
});

async function expectRelease(version: string): Promise<void> {
  await releaseMark().waitFor();
  expect(await releaseMark().getAttribute('data-release')).toBe(version);
}

function apiLogs(): string {
  const logs = path.join(dir, 'logs');
  return fs
    .readdirSync(logs)
    .map((file) => fs.readFileSync(path.join(logs, file), 'utf8'))
    .join('\n');
}

async function waitForLog(pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = apiLogs();
    if (pattern.test(text) || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
