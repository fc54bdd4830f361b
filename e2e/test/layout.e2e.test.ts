import type { Locator, Page } from 'playwright-core';
import {
  BASE_URL,
  freshPagePerTest,
  openInApp,
  pageApi,
  screenshot,
  signIn,
} from '../support/browser';

// What a person sees without scrolling sideways. On a laptop (1 400 px beside the sidebar) the
// trips list and the trip summary's tables show every column's header, «Менеджер», «Оплачено» and
// «Долг» included. On a phone (390 px) every main page of every role fits the screen: the page
// never scrolls sideways, its heading is one line, and a list's first row shows its name whole
// (neither cut by the screen’s edge or a fixed column nor hidden behind a sideways scroll); the
// trip summary’s participants are cards, each one’s money in sight.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1400, height: 900 };

let page: Page;
/** Who is signed in (names the screenshots). */
let who = '';

freshPagePerTest((newPage) => {
  page = newPage;
});

interface Paged<T> {
  data: T[];
}
interface TripRow {
  id: number;
}
interface Summary {
  bookings: { kind: string }[];
}

/** The demo trip whose summary has the most booking kinds (most tables), then bookings. */
async function busiestTrip(): Promise<number> {
  const trips = await pageApi<Paged<TripRow>>(page, 'GET', '/admin/trips?per_page=100');
  let best = { id: 0, score: -1 };
  for (const trip of trips.data) {
    const { bookings } = await pageApi<Summary>(page, 'GET', `/admin/trip/${trip.id}/summary`);
    const score = new Set(bookings.map((booking) => booking.kind)).size * 1000 + bookings.length;
    if (score > best.score) best = { id: trip.id, score };
  }
  return best.id;
}

/**
 * Whether all of the text of `element` can be seen on the screen: every line box of it inside
 * the viewport and, at both its ends, the element itself on top (no fixed column over it, no
 * scroll box or ellipsis clipping it). The element is first scrolled to the middle of the
 * screen, down or up only.
 */
async function textFullyVisible(element: Locator): Promise<string | true> {
  return element.evaluate((target) => {
    window.scrollBy(0, target.getBoundingClientRect().top - window.innerHeight / 3);
    const range = document.createRange();
    range.selectNodeContents(target);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
    const width = document.documentElement.clientWidth;
    if (lines.length === 0) return `«${target.textContent}» не видно`;
    for (const line of lines) {
      if (line.left < 0 || line.right > width + 0.5) {
        return `«${target.textContent}» за краем экрана (${line.left}–${line.right} из ${width})`;
      }
      for (const x of [line.left + 1, line.right - 1]) {
        const hit = document.elementFromPoint(x, line.top + line.height / 2);
        if (!hit || !target.contains(hit)) {
          return `«${target.textContent}» закрыт в точке ${Math.round(x)}: ${hit?.outerHTML.slice(0, 120)}`;
        }
      }
    }
    return true as const;
  });
}

// --- 1 400 px ------------------------------------------------------------------------------

/** Every header of `table` whole on the screen, and the table not wider than its box. */
async function headersFit(table: Locator, name: string): Promise<void> {
  const box = table.locator('.ant-table-content').first();
  const [scrollWidth, clientWidth] = await box.evaluate((element) => [
    element.scrollWidth,
    element.clientWidth,
  ]);
  expect([name, scrollWidth]).toEqual([name, Math.min(scrollWidth, clientWidth + 1)]);
  const headers = table.locator('thead th');
  const count = await headers.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index += 1) {
    const header = headers.nth(index);
    const text = (await header.innerText()).trim();
    if (text === '') continue;
    expect([name, text, await textFullyVisible(header)]).toEqual([name, text, true]);
  }
}

it('shows every column of the trips list and of the trip summary’s tables on a 1 400 px screen', async () => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'admin@example.com');
  await page.waitForURL(/\/admin\/users$/);

  await page.goto(`${BASE_URL}/admin/trips`);
  const trips = page.locator('main .ant-table').first();
  await trips.locator('tbody tr.ant-table-row').first().waitFor();
  await headersFit(trips, 'Туры');
  await screenshot(page, 'layout-1400-trips');

  const tripId = await busiestTrip();
  await page.goto(`${BASE_URL}/admin/trip/${tripId}/summary`);
  const bookings = page.locator('.ant-card').filter({
    has: page.locator('.ant-card-head-title', { hasText: /^Бронирования$/ }),
  });
  const kinds = bookings.getByRole('region');
  await kinds.first().locator('tbody tr.ant-table-row').first().waitFor();
  const kindCount = await kinds.count();
  expect(kindCount).toBeGreaterThan(3);
  for (let index = 0; index < kindCount; index += 1) {
    const kind = kinds.nth(index);
    await headersFit(kind.locator('.ant-table'), (await kind.locator('h5').innerText()).trim());
  }
  const participants = page.locator('.ant-card').filter({
    has: page.locator('.ant-card-head-title', { hasText: /^Участники и оплата$/ }),
  });
  await headersFit(participants.locator('.ant-table').first(), 'Участники и оплата');
  await screenshot(page, 'layout-1400-trip-summary');
});

it('shows every column of the staff’s main lists on a 1 400 px screen', async () => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'admin@example.com');
  await page.waitForURL(/\/admin\/users$/);
  // Lists whose long contacts, names or e-mails once kept every cell on one line and pushed the
  // last columns (a request's status and actions, a booking's payment deadline, a supplier's city
  // and currency) off the screen.
  for (const [path, name] of [
    ['/admin/users', 'Пользователи'],
    ['/admin/tickets', 'Заявки'],
    ['/admin/tours', 'Заготовленные туры'],
    ['/admin/booking/hotels', 'Отели'],
    ['/admin/booking/transfer', 'Трансфер'],
    ['/admin/booking/health-insurance', 'Мед. страховка'],
    ['/admin/suppliers', 'Поставщики'],
  ] as const) {
    await openInApp(page, path);
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    const list = page.locator('main .ant-table').first();
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    await headersFit(list, name);
  }
  await screenshot(page, 'layout-1400-tickets');
});

// --- 390 px --------------------------------------------------------------------------------

interface PhonePage {
  path: string;
  /** The page's heading (`null`: the page names a record, any heading). */
  heading: string | null;
  /** The page shows a list whose first row is named (demo data fills it). */
  list?: boolean;
  /** A column whose cell in the first row is wholly on the screen too (a card's line). */
  column?: string;
}

/**
 * The page at `path` on a phone: no sideways scroll of the document, the heading on one line, a
 * list's first row's name (the card's title, else the first cell) whole on the screen.
 */
async function checkPhonePage({ path, heading, list = false, column }: PhonePage): Promise<void> {
  await openInApp(page, path);
  const title =
    heading === null
      ? page.locator('main h2').first()
      : page.getByRole('heading', { level: 2, name: heading, exact: true });
  await title.waitFor();
  const firstRow = page.locator('main .ant-table-tbody > tr.ant-table-row').first();
  if (list) await firstRow.waitFor();
  await page.waitForFunction(() => !document.querySelector('main .ant-spin-spinning'));

  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect([path, scrollWidth]).toEqual([path, Math.min(scrollWidth, clientWidth)]);

  // One line: its height well under two of its lines.
  const lines = await title.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize);
    return element.getBoundingClientRect().height / lineHeight;
  });
  expect([path, lines < 1.5]).toEqual([path, true]);

  if (list) {
    const named = firstRow.locator('td[data-card-title]');
    const cell = (await named.count()) > 0 ? named : firstRow.locator('td').first();
    const link = cell.locator('a').first();
    const name = (await link.count()) > 0 ? link : cell;
    expect([path, await textFullyVisible(name)]).toEqual([path, true]);
    if (column !== undefined) {
      const line = firstRow.locator(`td[data-label="${column}"]`);
      expect([path, column, await line.count()]).toEqual([path, column, 1]);
      expect([path, column, await textFullyVisible(line)]).toEqual([path, column, true]);
    }
  }
  await screenshot(
    page,
    `layout-390-${who}${path.replace(/^\/admin/, '').replace(/[^a-z0-9]+/gi, '-')}`,
  );
}

async function signInOnPhone(login: string): Promise<void> {
  await page.setViewportSize(PHONE);
  who = login.split('@')[0]!;
  await signIn(page, login);
  await page.waitForURL(/\/admin\//);
}

const SHARED_STAFF_PAGES: PhonePage[] = [
  { path: '/admin/users', heading: 'Пользователи', list: true },
  { path: '/admin/trips', heading: 'Туры', list: true },
  { path: '/admin/tours', heading: 'Заготовленные туры', list: true },
  { path: '/admin/tickets', heading: 'Заявки', list: true },
  { path: '/admin/sessions', heading: 'Мои сеансы', list: true },
];

const BOOKING_PAGES: PhonePage[] = [
  { path: '/admin/booking', heading: 'Общая панель' },
  { path: '/admin/booking/hotels', heading: 'Отели', list: true },
  { path: '/admin/booking/air-tickets', heading: 'Авиабилеты', list: true },
  { path: '/admin/suppliers', heading: 'Поставщики', list: true },
];

it('fits the sales manager’s pages on a 390 px phone', async () => {
  await signInOnPhone('sales@example.com');
  const users = await pageApi<Paged<{ id: number }>>(page, 'GET', '/admin/users?per_page=1');
  for (const target of [
    ...SHARED_STAFF_PAGES,
    { path: `/admin/user/${users.data[0]!.id}/edit`, heading: 'Редактирование пользователя' },
    // The participants as cards: a participant's money in sight, not behind a sideways scroll.
    { path: '/admin/trip/1/summary', heading: 'Сводка по туру', list: true, column: 'К оплате' },
    ...BOOKING_PAGES.slice(0, 2),
  ]) {
    await checkPhonePage(target);
  }
}, 120000);

it('fits the reservation agent’s pages on a 390 px phone', async () => {
  await signInOnPhone('reservations@example.com');
  for (const target of [...SHARED_STAFF_PAGES.slice(0, 2), ...BOOKING_PAGES]) {
    await checkPhonePage(target);
  }
}, 120000);

it('fits the accountant’s pages on a 390 px phone', async () => {
  await signInOnPhone('accountant@example.com');
  for (const target of [
    SHARED_STAFF_PAGES[0]!,
    { path: '/admin/balance/wallets', heading: 'Кошельки', list: true },
    { path: '/admin/balance/waitings', heading: 'Ожидание подтверждения', list: true },
    { path: '/admin/balance', heading: 'Все операции', list: true },
    { path: '/admin/balance/admin-operations', heading: 'Административные операции' },
    { path: '/admin/balance/user', heading: 'Операции пользователя' },
    { path: '/admin/report/general', heading: 'Общий отчет', list: true },
    { path: '/admin/report/tour', heading: 'Свод по туру' },
    { path: '/admin/report/administrative', heading: 'Административный отчет', list: true },
  ]) {
    await checkPhonePage(target);
  }
}, 120000);

it('fits the administrator’s pages on a 390 px phone', async () => {
  await signInOnPhone('admin@example.com');
  const clients = await pageApi<Paged<{ id: number }>>(
    page,
    'GET',
    '/admin/users?withTrips=1&per_page=1',
  );
  const client = clients.data[0]!.id;
  // The top bar keeps the logo alone: the brand's word would break letter by letter.
  await expect(page.getByRole('link', { name: 'Турбюро' }).innerText()).resolves.toBe('');
  for (const target of [
    ...SHARED_STAFF_PAGES,
    { path: '/admin/company', heading: 'Реквизиты компании' },
    { path: '/admin/outbox', heading: 'Исходящие сообщения', list: true },
    { path: '/admin/audit', heading: 'Журнал аудита', list: true },
    { path: `/admin/user/${client}/edit`, heading: 'Редактирование пользователя' },
    { path: `/admin/user/${client}/wallets`, heading: 'Кошельки пользователя', list: true },
  ]) {
    await checkPhonePage(target);
  }
}, 120000);

it('fits the agent’s tours, tourists and requests on a 390 px phone', async () => {
  await signInOnPhone('agent@example.com');
  await page.waitForURL(/\/admin\/agent\/tours$/);
  const tours = await pageApi<Paged<{ key: string }>>(page, 'GET', '/agent/tours');
  for (const target of [
    { path: '/admin/agent/tours', heading: 'Туры', list: true },
    { path: `/admin/agent/tours/${tours.data[0]!.key}`, heading: null },
    { path: '/admin/agent/tourists', heading: 'Туристы', list: true },
    { path: '/admin/agent/tourists?tab=requests', heading: 'Туристы', list: true },
  ]) {
    await checkPhonePage(target);
  }
}, 120000);
