import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const OUTPUT_DIR = path.resolve(__dirname, '../output');
export const DEMO_PASSWORD = 'demo-password';

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium for the calling test file and, for each test, a new context (a Russian desktop
 * browser, plus `options`) and page, handed to `use` and closed after the test.
 */
export function freshPagePerTest(
  use: (page: Page, context: BrowserContext) => void,
  options: BrowserContextOptions = {},
): void {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({
      locale: 'ru-RU',
      viewport: { width: 1366, height: 900 },
      ...options,
    });
    use(await context.newPage(), context);
  });
  afterEach(async () => {
    await context.close();
  });
}

/** Signs in through the login form as a person would. */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email или телефон').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/**
 * The API as a signed-in page calls it (its cookies, the XSRF header), at `base` (the shell's
 * origin): the data of a success (code 1); anything else throws with the status and the body.
 */
export async function pageApi<T>(
  page: Page,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
  base = BASE_URL,
): Promise<T> {
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.fetch(`${base}/api${route}`, {
    method,
    data: body,
    headers: { 'x-xsrf-token': xsrf },
  });
  const text = await response.text();
  const json = (response.headers()['content-type']?.includes('json') ? JSON.parse(text) : {}) as {
    code?: number;
    data: T;
  };
  if (!response.ok() || json.code !== 1) {
    throw new Error(`${method} ${route}: ${response.status()} ${text.slice(0, 500)}`);
  }
  return json.data;
}

/** Saves a screenshot for review under e2e/output. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Opens `path` as a link inside the app does: the app's router shows the page and the scripts
 * stay loaded (a page load parses and starts them all again, most of what a run through many
 * pages costs). Resolves once the new page shows its heading (a new `main` h2), so nothing of the
 * page left is read. The browser loads the page instead when it is not the signed-in app yet, when
 * only the query changes, or when no new heading comes (the same page for other parameters keeps
 * its heading).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const current = new URL(page.url());
  const target = new URL(path, BASE_URL);
  const inApp =
    current.origin === target.origin &&
    current.pathname !== target.pathname &&
    (await page.evaluate(() => document.querySelector('main h2') !== null));
  if (inApp) {
    await page.evaluate((href) => {
      for (const element of document.querySelectorAll('main *')) {
        element.setAttribute('data-e2e-left', '');
      }
      // The router's own history state (its index one further), then the event it follows.
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      window.history.pushState({ usr: null, key: `e2e${index + 1}`, idx: index + 1 }, '', href);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    const shown = await page
      .locator('main h2:not([data-e2e-left])')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
  }
  await page.goto(target.href);
}

/** Waits (up to 10 s) until `read` gives a value `done` accepts, and returns the last one read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Types `text` into a date field as staff do (click, type, Tab to leave it: Enter would submit
 * the form) and resolves once the calendar has closed and the field shows it. On a loaded machine the picker, still opening,
 * can drop what was typed; a person would type it again, and so does this, three times at most.
 */
export async function typeDate(field: Locator, text: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await field.click();
    await field.fill(text);
    await field.press('Tab');
    // The picker takes a typed date into the form when its calendar closes, a render after
    // the field shows the text: a save clicked in between would send the old value.
    await field
      .page()
      .waitForFunction(() =>
        [...document.querySelectorAll('.ant-picker-dropdown')].every(
          (popup) => !popup.checkVisibility(),
        ),
      );
    const shown = await until(
      () => field.inputValue(),
      (value) => value === text,
    );
    if (shown === text) return;
    if (attempt === 3) throw new Error(`the date field shows «${shown}», not «${text}»`);
  }
}

/** Resolves once no finite CSS animation or transition runs (a dropdown has finished opening). */
export async function motionSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Presses a dialog's `button` once its motion has ended, and again (three presses at most) while
 * no request whose URL ends with `urlEnd` has left and the dialog stays: a click that lands while
 * a dialog still opens can be lost on a loaded machine, and a person would press again.
 */
export async function pressUntilSent(
  page: Page,
  dialog: Locator,
  button: Locator,
  urlEnd: string,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await motionSettled(page);
    const sent = page
      .waitForRequest((request) => request.url().endsWith(urlEnd), { timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    await button.click();
    if ((await sent) || attempt === 3 || !(await dialog.isVisible())) return;
  }
}

/**
 * Signs out through the top bar's menu as a person does, and resolves once the logout request
 * has gone out. On a loaded machine a click on the menu can land while it is still opening and be
 * lost (the menu stays open); a person would click again, and so does this, three times at most.
 */
export async function signOutFromTopBar(page: Page): Promise<void> {
  const logout = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/logout'),
  );
  const item = page.getByRole('menuitem', { name: 'Выйти' });
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (!(await item.isVisible())) {
      await page.getByRole('button', { name: /Почта не указана|@/ }).click();
    }
    await motionSettled(page);
    await item.click();
    // The menu closes once it has taken the click.
    const taken = await item.waitFor({ state: 'hidden', timeout: 3000 }).then(
      () => true,
      () => false,
    );
    if (taken) {
      await logout;
      return;
    }
  }
  throw new Error('«Выйти» не сработал с трёх нажатий');
}

/**
 * Picks an option of the antd select `combobox` as a person does: opens the list, clicks the
 * option titled `option` (exactly, or matching the pattern, or the first one) and checks that the
 * select now shows it. On a loaded
 * machine a click that lands while a dialog or the list is still moving can be lost (the list
 * closes, nothing is chosen); a person would pick again, and so does this, three times at most.
 */
export async function chooseOption(
  page: Page,
  combobox: Locator,
  option: string | RegExp | { first: true },
): Promise<void> {
  // This select's own list (antd names it after the input's id): another select's list may
  // still be closing when this one is picked.
  const id = await combobox.getAttribute('id');
  const list = page
    .locator('.ant-select-dropdown:visible')
    .filter(id ? { has: page.locator(`[id="${id}_list"]`) } : {});
  const select = combobox.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await motionSettled(page);
    if (!(await list.isVisible())) await combobox.click();
    await list.waitFor();
    await motionSettled(page);
    const item =
      typeof option === 'string' || option instanceof RegExp
        ? list.getByTitle(option, { exact: true })
        : list.locator('.ant-select-item-option').first();
    const title = (await item.getAttribute('title')) ?? (await item.innerText());
    await item.click();
    const taken = await select
      .getByTitle(title, { exact: true })
      .waitFor({ timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    if (taken) return;
  }
  const name = typeof option === 'string' || option instanceof RegExp ? String(option) : 'первый';
  throw new Error(`Вариант «${name}» не выбран с трёх нажатий`);
}

/**
 * A select with server search: types `text` into it and picks the first option showing it, again
 * if the list changed under the click (the search's answer arriving as it landed), three times at
 * most.
 */
export async function searchAndPick(page: Page, combobox: Locator, text: string): Promise<void> {
  const select = combobox.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await combobox.click();
    await combobox.fill(text);
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text });
    await option.first().waitFor();
    await motionSettled(page);
    await option.first().click();
    const picked = await select
      .locator('[title]')
      .filter({ hasText: text })
      .first()
      .waitFor({ timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    if (picked) return;
  }
  throw new Error(`«${text}» не выбран с трёх попыток`);
}
