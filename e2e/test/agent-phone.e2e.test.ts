import type { Page } from 'playwright-core';
import { BASE_URL, chooseOption, freshPagePerTest, screenshot, signIn } from '../support/browser';

// The agent's day on a phone (issue 29, finding 8 and the agent's end-to-end test): on a 390 px
// touch screen the agent adds a tourist to its own, opens a tour from the cards, sends a request
// for that saved tourist picked from the list (nothing retyped, no second record), and finds the
// request among its own. No page scrolls sideways on the way.

let agent: Page;

freshPagePerTest(
  (page) => {
    agent = page;
  },
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
);

/** GET /api/... with the page's own session: the data of its `{ code: 1 }`. */
async function apiData<T>(path: string): Promise<T> {
  const response = await agent.request.get(`${BASE_URL}/api${path}`);
  const body = (await response.json()) as { code: number; data: T };
  if (!response.ok() || body.code !== 1) {
    throw new Error(`${path}: ${response.status()} ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** A section from the menu, which a phone keeps behind «Открыть меню». */
async function goTo(section: string): Promise<void> {
  await agent.getByRole('button', { name: 'Открыть меню' }).tap();
  const menu = agent.getByRole('dialog', { name: 'Меню' });
  await menu
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: section })
    .tap();
  await menu.waitFor({ state: 'hidden' });
}

/** The page is as wide as the phone: nothing runs off its right edge. */
async function expectNoSidewaysScroll(where: string): Promise<void> {
  const [scrollWidth, clientWidth] = await agent.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect({ where, scrollWidth }).toEqual({ where, scrollWidth: clientWidth });
}

interface Paged<T> {
  data: T[];
  total: number;
}
interface Tour {
  key: string;
  title: string;
  departures: { trip_id: number; seats_free: number }[];
}

it('adds a tourist and sends a request for it from a tour, all on a phone', async () => {
  const stamp = String(Date.now()).slice(-6);
  const name = `Телефонова Айжан ${stamp}`;
  const phone = `+996 700 ${stamp}`;

  await signIn(agent, 'agent@example.com');
  await agent.waitForURL(`${BASE_URL}/admin/agent/tours`);
  await agent.getByRole('heading', { name: 'Туры' }).first().waitFor();
  await expectNoSidewaysScroll('туры');
  const before = await apiData<Paged<{ id: number }>>('/agent/tourists');

  // 1. A new tourist of its own, from «Туристы».
  await goTo('Туристы');
  await agent.getByRole('heading', { name: 'Туристы' }).waitFor();
  await expectNoSidewaysScroll('туристы');
  await agent.getByRole('button', { name: 'Добавить туриста' }).tap();
  const drawer = agent.getByRole('dialog', { name: 'Новый турист' });
  await drawer.getByLabel('ФИО').fill(name);
  await drawer.getByLabel('Телефон').fill(phone);
  await drawer.getByRole('button', { name: 'Добавить туриста' }).tap();
  await agent.getByText('Турист добавлен').waitFor();
  await drawer.waitFor({ state: 'hidden' });
  const saved = (
    await apiData<Paged<{ id: number; full_name: string }>>(`/agent/tourists?search=${stamp}`)
  ).data;
  const tourist = saved.find((t) => t.full_name === name);
  if (!tourist) throw new Error('the new tourist is not among the agent’s tourists');

  // 2. A published tour with a free seat, opened from its card.
  const tours = await apiData<Paged<Tour>>('/agent/tours');
  const tour = tours.data.find((t) => t.departures.some((d) => d.seats_free >= 1));
  if (!tour) throw new Error('the demo data has no published departure with a free seat');
  await goTo('Туры');
  const link = agent
    .getByRole('table', { name: 'Туры', exact: true })
    .getByRole('link', { name: tour.title, exact: true });
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  await agent.waitForURL(`${BASE_URL}/admin/agent/tours/${tour.key}`);
  await agent.getByRole('heading', { name: tour.title, exact: true }).waitFor();
  await expectNoSidewaysScroll('тур');

  // 3. The request for the saved tourist, picked from «мои туристы»: its name and phone filled.
  // One departure with seats comes chosen; of several, the first.
  const detail = await apiData<{ departures: { seats_free: number }[] }>(
    `/agent/tours/${tour.key}`,
  );
  if (detail.departures.filter((d) => d.seats_free > 0).length > 1) {
    const departure = agent.getByRole('combobox', { name: 'Выезд' });
    await departure.scrollIntoViewIfNeeded();
    await chooseOption(agent, departure, { first: true });
  }
  const pick = agent.getByRole('combobox', { name: 'Турист 1 из моих туристов' });
  await pick.scrollIntoViewIfNeeded();
  await pick.tap();
  await pick.fill(stamp);
  const option = agent
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: name });
  await option.waitFor();
  await option.tap();
  await expect(agent.getByLabel('ФИО туриста 1').inputValue()).resolves.toBe(name);
  await expect(agent.getByLabel('Телефон туриста 1').inputValue()).resolves.not.toBe('');
  await expectNoSidewaysScroll('заявка');
  await screenshot(agent, 'agent-phone-request');
  await agent.getByRole('button', { name: 'Отправить заявку' }).tap();
  await agent.getByText('Заявка отправлена').waitFor();

  // 4. Among its requests, as a card with the tourist's name; the tourist was not saved twice.
  await agent.getByRole('link', { name: 'Мои заявки' }).tap();
  await agent.waitForURL(/\/admin\/agent\/tourists\?tab=requests/);
  await agent
    .getByRole('table', { name: 'Заявки', exact: true })
    .getByRole('row')
    .filter({ hasText: name })
    .waitFor();
  await expectNoSidewaysScroll('заявки');
  const after = await apiData<Paged<{ id: number }>>('/agent/tourists');
  expect(after.total).toBe(before.total + 1);
  await screenshot(agent, 'agent-phone-requests');
});

it('gets its own act of reconciliation from «Документы» on a phone', async () => {
  await signIn(agent, 'agent@example.com');
  await agent.waitForURL(`${BASE_URL}/admin/agent/tours`);
  await goTo('Туристы');
  await agent.getByRole('tab', { name: 'Документы' }).tap();
  await agent.waitForURL(/\/admin\/agent\/tourists\?tab=documents/);
  await agent.getByRole('button', { name: 'Акт сверки' }).waitFor();
  await expectNoSidewaysScroll('документы');

  await agent.getByRole('button', { name: 'Акт сверки' }).tap();
  const dialog = agent.getByRole('dialog', { name: 'Акт сверки' });
  // On a phone the period is two pickers, one under the other: nothing wider than the screen.
  await dialog.getByLabel('Начало периода').waitFor();
  await expectNoSidewaysScroll('акт сверки');
  await screenshot(agent, 'agent-phone-act');
  const download = agent.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Скачать' }).tap();
  expect((await download).suggestedFilename()).toMatch(
    /^Акт сверки .+ USD \d\d\.\d\d\.\d{4}-\d\d\.\d\d\.\d{4}\.xlsx$/,
  );
  await agent.getByText(/^Файл сохранён: Акт сверки/).waitFor();
});
