// Front-end bytes and timings (not a test): the federated build served as `npm start` serves it,
// against one webpack build of the same code without federation (webpack.single.js).
// Run: npm run bench:web   (BENCH_RUNS=9 cold loads per figure by default; BENCH_FILES=1 lists
// the scripts of each figure)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { buildApp, type App } from '../../apps/api/src/app';
import { createDatabase, type Db } from '../../apps/api/src/db/database';
import { startEmbeddedDatabase } from '../../apps/api/src/db/embedded';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { seedDemoData } from '../../apps/api/src/seed/demo';
import { down, shellUrl, up } from '../../deploy/topology';
import { launchChromium } from '../../e2e/support/browser';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const REMOTES = ['booking', 'accounting', 'reports', 'agent'];

interface ScriptFile {
  url: string;
  gzip: number;
}

interface Sample {
  ms: number;
  jsGzip: number;
  files: ScriptFile[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const total = (files: ScriptFile[]) => files.reduce((sum, file) => sum + file.gzip, 0);
// BENCH_FILES=1 also lists each figure's scripts (of its last load) with their gzip sizes.
const LIST_FILES = process.env.BENCH_FILES === '1';
// BENCH_TOPOLOGY=1 also measures the production topology (deploy/: nginx, remotes on their own
// origins, two API instances, PostgreSQL 15; nginx installed when missing).
const TOPOLOGY = process.env.BENCH_TOPOLOGY === '1';

/** Counts the gzip size of every script the page loads from now on, file by file. */
function trackScripts(page: Page) {
  const files: ScriptFile[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => {
          files.push({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(pending);
    return files;
  };
}

async function signedInState(browser: Browser, base: string, login = 'admin@example.com') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email или телефон').fill(login);
  await page.getByLabel('Пароль').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(
    login === 'admin@example.com' ? /\/admin\/users$/ : /\/admin\/agent\/tours$/,
  );
  const state = await context.storageState();
  await context.close();
  return state;
}

type StorageState = Awaited<ReturnType<typeof signedInState>>;

/**
 * A page-side test for the content a figure waits for, polled on every animation frame; it
 * answers the page's clock when the content is there, so the time excludes the driver's own
 * round trips (a click through Playwright alone costs tens of milliseconds). With both a heading
 * and a selector, both must be there: a table's rows alone could still be the previous page's.
 */
type Content = { heading: string; selector?: string } | { heading?: string; selector: string };

async function contentShownAt(page: Page, content: Content): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted: Content) => {
      const headingShown =
        wanted.heading === undefined ||
        [...document.querySelectorAll('h1, h2, h3')].some(
          (element) => element.textContent?.trim() === wanted.heading,
        );
      const selectorShown =
        wanted.selector === undefined || document.querySelector(wanted.selector) !== null;
      return headingShown && selectorShown ? performance.now() : false;
    },
    content,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** One cold load (new context: empty cache): from the navigation's start to the content. */
async function coldLoad(
  browser: Browser,
  url: string,
  content: Content,
  state?: StorageState,
): Promise<Sample> {
  const context = await browser.newContext(state ? { storageState: state } : {});
  const page = await context.newPage();
  const scripts = trackScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  // performance.now() counts from the navigation's start (the page's time origin).
  const ms = await contentShownAt(page, content);
  const files = await scripts();
  await context.close();
  return { ms, jsGzip: total(files), files };
}

/**
 * Waits until the page has loaded what it loads in the background: its idle callbacks have run
 * (the shell's prefetch of the user's remotes is one) and no resource has started for 500 ms.
 * Playwright's 'networkidle' is not enough: it is reached once, and a page whose first scripts
 * take more than 500 ms to run reaches it before the prefetch begins, so the click then paid for
 * every section's code, the clicked one's and the others'.
 */
async function settled(page: Page): Promise<void> {
  let seen = -1;
  for (;;) {
    const count = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestIdleCallback(() => resolve(performance.getEntriesByType('resource').length)),
        ),
    );
    if (count === seen) return;
    seen = count;
    await page.waitForTimeout(500);
  }
}

/**
 * A cold load of `url` and everything it loads in the background until it settles (the shell's
 * prefetch of the user's sections): every script's bytes, and the time until the last script had
 * arrived.
 */
async function coldLoadSettled(
  browser: Browser,
  url: string,
  content: Content,
  state: StorageState,
): Promise<Sample> {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const scripts = trackScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  await contentShownAt(page, content);
  await settled(page);
  const ms = await page.evaluate(() =>
    Math.max(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    ),
  );
  const files = await scripts();
  await context.close();
  return { ms, jsGzip: total(files), files };
}

/**
 * The first opening of a section from a loaded page (staff: /admin/users; an agent: its tours,
 * the page it lands on): from the click to its content.
 */
async function firstOpening(
  browser: Browser,
  base: string,
  state: StorageState,
  label: string,
  content: Content,
  from = { path: '/admin/users', heading: 'Пользователи' },
): Promise<Sample> {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  await page.goto(`${base}${from.path}`);
  await page.getByRole('heading', { name: from.heading }).waitFor();
  await settled(page);
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()),
      { capture: true, once: true },
    );
  });
  const scripts = trackScripts(page);
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: label })
    .click();
  const shownAt = await contentShownAt(page, content);
  const clickedAt = await page.evaluate(
    () => (window as unknown as { clickedAt: number }).clickedAt,
  );
  const files = await scripts();
  await context.close();
  return { ms: shownAt - clickedAt, jsGzip: total(files), files };
}

type Figures = Record<string, Sample>;

/**
 * Every figure of every variant, the variants' samples interleaved (run i of a figure samples
 * each variant in turn, the order reversed every other run), so that a change in the machine's
 * load over the run touches every variant alike instead of the one measured at that moment.
 */
async function measure(browser: Browser, bases: Record<string, string>) {
  const variants = Object.keys(bases);
  const states: Record<string, { admin: StorageState; agent: StorageState }> = {};
  for (const variant of variants) {
    const base = bases[variant]!;
    states[variant] = {
      admin: await signedInState(browser, base),
      agent: await signedInState(browser, base, 'agent@example.com'),
    };
  }
  const figures: Record<
    string,
    (base: string, state: StorageState, agent: StorageState) => Promise<Sample>
  > = {
    '/login': (base) => coldLoad(browser, `${base}/login`, { selector: 'button[type="submit"]' }),
    '/admin/users': (base, state) =>
      coldLoad(browser, `${base}/admin/users`, { heading: 'Пользователи' }, state),
    '/admin/users, then the sections in the background': (base, state) =>
      coldLoadSettled(browser, `${base}/admin/users`, { heading: 'Пользователи' }, state),
    'first opening: accounting (Кошельки, table shown)': (base, state) =>
      firstOpening(browser, base, state, 'Кошельки', {
        heading: 'Кошельки',
        selector: 'main table tbody tr.ant-table-row',
      }),
    'first opening: booking (Отели, table shown)': (base, state) =>
      firstOpening(browser, base, state, 'Отели', {
        heading: 'Отели',
        selector: 'main table tbody tr.ant-table-row',
      }),
    'first opening: reports (Общий отчет, table shown)': (base, state) =>
      firstOpening(browser, base, state, 'Общий отчет', {
        heading: 'Общий отчет',
        selector: 'main table tbody tr.ant-table-row',
      }),
    'first opening: agent (Туристы from Туры, table shown)': (base, _state, agent) =>
      firstOpening(
        browser,
        base,
        agent,
        'Туристы',
        { heading: 'Туристы', selector: 'main table tbody tr.ant-table-row' },
        { path: '/admin/agent/tours', heading: 'Туры' },
      ),
  };
  const results: Record<string, Figures> = Object.fromEntries(variants.map((v) => [v, {}]));
  for (const [figure, sample] of Object.entries(figures)) {
    const samples: Record<string, Sample[]> = Object.fromEntries(variants.map((v) => [v, []]));
    for (let i = 0; i < RUNS; i += 1) {
      const order = i % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        const { admin, agent } = states[variant]!;
        samples[variant]!.push(await sample(bases[variant]!, admin, agent));
      }
    }
    for (const variant of variants) {
      const taken = samples[variant]!;
      results[variant]![figure] = {
        ms: median(taken.map((s) => s.ms)),
        jsGzip: median(taken.map((s) => s.jsGzip)),
        files: taken.at(-1)!.files,
      };
    }
  }
  return results;
}

async function serve(db: Db, shellDir: string, remoteDirs: Record<string, string>): Promise<App> {
  const app = await buildApp({ db, frontend: { shellDir, remoteDirs } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function main() {
  const build = (args: string[]) => {
    const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  };
  build(['tools/build-if-needed.mjs']);
  build([
    path.join(ROOT, 'node_modules/webpack/bin/webpack.js'),
    '-c',
    'bench/web/webpack.single.js',
  ]);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-bench-web-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase({ dataDir });
  const db = createDatabase({ url: database.url });
  const browser = await launchChromium();
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
    const remoteDirs = Object.fromEntries(
      REMOTES.map((name) => [name, path.join(ROOT, 'apps', name, 'dist')]),
    );
    const variants = {
      federated: await serve(db, path.join(ROOT, 'apps/shell/dist'), remoteDirs),
      'single bundle': await serve(db, path.join(ROOT, 'bench/output/single-bundle'), {}),
    };
    const bases: Record<string, string> = Object.fromEntries(
      Object.entries(variants).map(([name, app]) => [
        name,
        `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
      ]),
    );
    // BENCH_TOPOLOGY=1: the federated build once more as production serves it (deploy/): nginx
    // in front, every remote on its own origin, two API instances over PostgreSQL 15.
    const topologyDir = TOPOLOGY
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'tour-bench-topology-'))
      : null;
    let results: Record<string, Figures>;
    try {
      if (topologyDir) bases.topology = shellUrl(await up({ dir: topologyDir }));
      results = await measure(browser, bases);
    } finally {
      if (topologyDir) {
        await down(topologyDir);
        fs.rmSync(topologyDir, { recursive: true, force: true });
      }
      for (const app of Object.values(variants)) await app.close();
    }
    console.log(
      `Median of ${RUNS} cold loads in Chromium, the variants taken in turn; JS is the gzip size of the scripts loaded.`,
    );
    const rows = Object.keys(results.federated!).map((figure) => {
      const f = results.federated![figure]!;
      const s = results['single bundle']![figure]!;
      return {
        figure,
        'federated JS': kb(f.jsGzip),
        'single JS': kb(s.jsGzip),
        // Both 0 (a first opening that loads no script): nothing to compare.
        'JS ratio': s.jsGzip === 0 && f.jsGzip === 0 ? '—' : (f.jsGzip / s.jsGzip).toFixed(2),
        'federated ms': Math.round(f.ms),
        'single ms': Math.round(s.ms),
        'time ratio': (f.ms / s.ms).toFixed(2),
        ...(results.topology
          ? {
              'nginx ms': Math.round(results.topology[figure]!.ms),
              'nginx / federated': (results.topology[figure]!.ms / f.ms).toFixed(2),
            }
          : {}),
      };
    });
    console.table(rows);
    if (LIST_FILES) {
      for (const [variant, figures] of Object.entries(results)) {
        for (const [figure, { files }] of Object.entries(figures)) {
          console.log(`${variant}, ${figure}:`);
          for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
            console.log(`  ${kb(file.gzip).padStart(7)}  ${new URL(file.url).pathname}`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await db.destroy();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
