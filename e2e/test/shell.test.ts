import type { BrowserContext, Page } from 'playwright-core';
import {
  BASE_URL,
  freshPagePerTest,
  screenshot,
  signIn,
  signOutFromTopBar,
} from '../support/browser';

// The composed product as a person uses it: the production builds of the shell and the four
// remotes, served by the real API over the embedded database with its demo data.

let context: BrowserContext;
let page: Page;

freshPagePerTest((newPage, newContext) => {
  page = newPage;
  context = newContext;
});

const sidebar = () => page.getByRole('navigation', { name: 'Разделы' });

async function sidebarLabels(): Promise<string[]> {
  await sidebar().getByRole('link').first().waitFor();
  return sidebar().getByRole('link').allInnerTexts();
}

// The sidebar each demo account must see, written out from SPEC.md 2 (entries and conditions) and
// DESIGN.md 4 (which permissions each role holds), in the sidebar's order.
const MAIN = ['Пользователи', 'Туры', 'Заготовленные туры', 'Заявки'];
const BOOKING = [
  'Общая панель',
  'Отели',
  'Авиабилеты',
  'Мед. страховка',
  'Трансфер',
  'Гид/Сопровождение',
  'Входные билеты',
  'Прочие расходы',
];
const ACCOUNTING = [
  'Кошельки',
  'Ожидание подтверждения',
  'Все операции',
  'Административные операции',
  'Операции пользователя',
];
const REPORTS = ['Общий отчет', 'Свод по туру', 'Административный отчет'];

const DEMO: Array<[login: string, home: string, sidebar: string[]]> = [
  ['developer@example.com', '/admin/users', [...MAIN, ...BOOKING, ...ACCOUNTING, ...REPORTS]],
  ['admin@example.com', '/admin/users', [...MAIN, ...BOOKING, ...ACCOUNTING, ...REPORTS]],
  ['sales@example.com', '/admin/users', [...MAIN, ...BOOKING]],
  ['+996700000001', '/admin/users', [...MAIN, ...BOOKING]],
  ['reservations@example.com', '/admin/users', [...MAIN, ...BOOKING]],
  ['accountant@example.com', '/admin/users', [...MAIN, ...ACCOUNTING, ...REPORTS]],
  ['agent@example.com', '/admin/agent/tours', ['Туры', 'Туристы']],
  ['agent2@example.com', '/admin/agent/tours', ['Туры', 'Туристы']],
];

describe('signing in', () => {
  it.each(DEMO)('%s sees exactly the sidebar of its role', async (login, home, expected) => {
    await signIn(page, login);
    await page.waitForURL(`${BASE_URL}${home}`);
    expect(await sidebarLabels()).toEqual(expected);
  });

  it('refuses the client account in Russian and stays on the login page', async () => {
    await signIn(page, 'client@example.com');
    await page.getByText('Вход доступен только сотрудникам и агентам').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows a wrong password under the field', async () => {
    await signIn(page, 'admin@example.com', 'not-the-password');
    await page.getByText('Неверный логин или пароль').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('the shell', () => {
  it('keeps a sales manager out of accounting without loading the remote', async () => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/accounting/')) remoteRequests.push(request.url());
    });
    await signIn(page, 'sales@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await page.goto(`${BASE_URL}/admin/balance/wallets`);
    await page.waitForURL(/\/admin\/users$/);
    await page.getByRole('heading', { name: 'Пользователи' }).waitFor();
    expect(remoteRequests).toEqual([]);
    expect(await page.getByText('Кошельки компании').count()).toBe(0);
  });

  it("shows 'Почта не указана' for the phone account", async () => {
    await signIn(page, '+996700000001');
    await page.waitForURL(/\/admin\/users$/);
    // In the top bar (the users list may say it too, of this account's own row).
    await page.getByRole('banner').getByText('Почта не указана').waitFor();
  });

  it('logs out to the login page', async () => {
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await signOutFromTopBar(page);
    await page.waitForURL(/\/login$/);
    await page.goto(`${BASE_URL}/admin/users`);
    await page.waitForURL(/\/login/);
  });

  it('sends /login to the admin area when signed in, and unknown paths by session', async () => {
    await page.goto(`${BASE_URL}/no/such/page`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await page.goto(`${BASE_URL}/login`);
    await page.waitForURL(/\/admin\/users$/);
    await page.goto(`${BASE_URL}/no/such/page`);
    await page.waitForURL(/\/admin\/users$/);
  });

  it('gives booking links the current month as MM-YYYY', async () => {
    await signIn(page, 'reservations@example.com');
    await page.waitForURL(/\/admin\/users$/);
    const href = await sidebar().getByRole('link', { name: 'Отели' }).getAttribute('href');
    expect(href).toMatch(/^\/admin\/booking\/\d{2}-\d{4}\/hotels$/);
    await sidebar().getByRole('link', { name: 'Отели' }).click();
    await page.waitForURL(/\/admin\/booking\/\d{2}-\d{4}\/hotels$/);
    const month = /booking\/(\d{2}-\d{4})/.exec(page.url())![1];
    const dashboard = await sidebar()
      .getByRole('link', { name: 'Общая панель' })
      .getAttribute('href');
    expect(dashboard).toBe(`/admin/booking/${month}`);
  });

  it('hides the sidebar on a small screen behind a toggle that navigation closes', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    expect(await sidebar().isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await sidebar().waitFor({ state: 'visible' });
    await sidebar().getByRole('link', { name: 'Заявки' }).click();
    await page.waitForURL(/\/admin\/tickets$/);
    await sidebar().waitFor({ state: 'hidden' });
  });
});

describe('micro-frontends', () => {
  it('shows the fallback for an unreachable remote while the rest keeps working', async () => {
    await context.route('**/remotes/reports/**', (route) => route.abort());
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await sidebar().getByRole('link', { name: 'Общий отчет' }).click();
    await page.getByText('Раздел временно недоступен').waitFor();
    await page.getByRole('button', { name: 'Повторить' }).waitFor();
    expect(await sidebar().isVisible()).toBe(true);
    await sidebar().getByRole('link', { name: 'Кошельки' }).click();
    await page.waitForURL(/\/admin\/balance\/wallets$/);
    await page.getByRole('heading', { name: 'Кошельки' }).first().waitFor();
    await sidebar().getByRole('link', { name: 'Пользователи' }).click();
    await page.getByRole('heading', { name: 'Пользователи' }).waitFor();
  });

  it('downloads React, the router and Redux once, however many remotes open', async () => {
    // A text of each library's own code marks the files that carry it. The app's Redux is marked
    // by RTK Query's action types: recharts 3 keeps each chart's state in a Redux store of its own
    // (its own Redux Toolkit and Immer, in the lazily loaded chart chunk), not the app's store.
    const MARKS = {
      react: '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
      router: 'may be used only in the context of a <Router> component',
      redux: '__rtkq/',
    };
    const filesWith = Object.fromEntries(
      Object.keys(MARKS).map((library) => [library, new Set<string>()]),
    ) as Record<keyof typeof MARKS, Set<string>>;
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      for (const [library, mark] of Object.entries(MARKS) as [keyof typeof MARKS, string][]) {
        if (body.includes(mark)) filesWith[library].add(response.url());
      }
    });
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await page.getByRole('heading', { name: 'Пользователи' }).waitFor();
    await page.waitForLoadState('networkidle');
    const shellOnly = Object.values(filesWith).map((files) => files.size);
    for (const label of ['Кошельки', 'Отели', 'Общий отчет']) {
      await sidebar().getByRole('link', { name: label }).click();
      await page.getByRole('heading', { name: label }).first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    for (const [index, files] of Object.values(filesWith).entries()) {
      expect(shellOnly[index]).toBeGreaterThan(0);
      expect([...files].filter((url) => url.includes('/remotes/'))).toEqual([]);
      expect(files.size).toBe(shellOnly[index]);
    }
  });

  it('loads no UI kit for the login page, and the kit once for the admin area', async () => {
    // antd's Russian locale travels in the kit (@tour/shared/ui): its text marks the kit's file.
    const KIT_MARK = 'Инвертировать выбор';
    const kitFiles = new Set<string>();
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      scripts.push(response.url());
      if (body.includes(KIT_MARK)) kitFiles.add(response.url());
    });
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect([...kitFiles]).toEqual([]);

    await page.getByLabel('Email или телефон').fill('admin@example.com');
    await page.getByLabel('Пароль').fill('demo-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('heading', { name: 'Пользователи' }).waitFor();
    for (const label of ['Кошельки', 'Отели', 'Общий отчет']) {
      await sidebar().getByRole('link', { name: label }).click();
      await page.getByRole('heading', { name: label }).first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(kitFiles.size).toBe(1);
    expect([...kitFiles][0]).not.toContain('/remotes/');
  });

  it('shows real wallets in the accounting remote, and writes screenshots for review', async () => {
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await page.getByRole('heading', { name: 'Пользователи' }).waitFor();
    await screenshot(page, 'admin-users');
    await sidebar().getByRole('link', { name: 'Кошельки' }).click();
    await page.waitForURL(/\/admin\/balance\/wallets$/);
    await page.getByRole('table').first().waitFor();
    await page
      .getByText(/[С$€¥]\d/)
      .first()
      .waitFor();
    await screenshot(page, 'accounting-wallets');
  });
});
