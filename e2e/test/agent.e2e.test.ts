import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL, chooseOption, freshPagePerTest, screenshot, signIn } from '../support/browser';

// The agent area in the composed product over the demo data: the agent signs in, sees only its
// own tourists, opens a published tour by its key, sends a request for two tourists on a
// departure, finds it in its requests; the staff find it in the requests with its travellers;
// the second agent sees none of it. Real API and database, no mocks.

let agent: Page;
const others: BrowserContext[] = [];

freshPagePerTest((newPage) => {
  agent = newPage;
});

afterEach(async () => {
  for (const context of others.splice(0)) await context.close();
});

/** Another person's browser: a new context of the same Chromium, signed in. */
async function anotherBrowser(login: string): Promise<Page> {
  const context = await agent
    .context()
    .browser()!
    .newContext({ locale: 'ru-RU', viewport: { width: 1366, height: 900 } });
  others.push(context);
  const page = await context.newPage();
  await signIn(page, login);
  await page.waitForURL(/\/admin\//);
  return page;
}

/** GET /api/... with the page's own session: the data of its `{ code: 1 }`. */
async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${BASE_URL}/api${path}`);
  const body = (await response.json()) as { code: number; data: T };
  if (!response.ok() || body.code !== 1) {
    throw new Error(`${path}: ${response.status()} ${JSON.stringify(body)}`);
  }
  return body.data;
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
interface Tourist {
  id: number;
  full_name: string;
}
interface AgentRequest {
  id: number;
  trip_id: number;
  tourists: { full_name: string; phone: string | null }[];
}

it('sends a request for two tourists from a tour by its key; the staff see it, the other agent does not', async () => {
  const stamp = String(Date.now()).slice(-6);
  const first = `Проверкина Алия ${stamp}`;
  const second = `Проверкин Данияр ${stamp}`;

  await signIn(agent, 'agent@example.com');
  await agent.waitForURL(`${BASE_URL}/admin/agent/tours`);

  // 1. Its tourists: exactly the ones the API gives it, none of the second agent's.
  const second_agent = await anotherBrowser('agent2@example.com');
  const theirs = await apiData<Paged<Tourist>>(second_agent, '/agent/tourists');
  const mine = await apiData<Paged<Tourist>>(agent, '/agent/tourists');
  expect(mine.total).toBeGreaterThan(0);
  expect(theirs.total).toBeGreaterThan(0);
  await agent
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Туристы' })
    .click();
  await agent.getByRole('heading', { name: 'Туристы' }).waitFor();
  const table = agent.getByRole('table', { name: 'Туристы', exact: true });
  await table.getByText(mine.data[0]!.full_name, { exact: true }).waitFor();
  await agent.getByText(`Всего: ${mine.total}`).waitFor();
  for (const tourist of theirs.data.slice(0, 5)) {
    await expect(table.getByText(tourist.full_name, { exact: true }).count()).resolves.toBe(0);
  }
  await screenshot(agent, 'agent-tourists');

  // 2. A published tour with a departure of at least two free seats, opened from the list.
  const tours = await apiData<Paged<Tour>>(agent, '/agent/tours');
  const tour = tours.data.find((t) => t.departures.some((d) => d.seats_free >= 2));
  if (!tour) throw new Error('the demo data has no published departure with two free seats');
  await agent
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Туры' })
    .click();
  await agent
    .getByRole('table', { name: 'Туры', exact: true })
    .getByRole('link', { name: tour.title, exact: true })
    .click();
  await agent.waitForURL(`${BASE_URL}/admin/agent/tours/${tour.key}`);
  await agent.getByRole('heading', { name: tour.title, exact: true }).waitFor();

  // 3. The request: the departure, two tourists, a comment.
  const departure = tour.departures.find((d) => d.seats_free >= 2)!;
  const detail = await apiData<{ departures: { trip_id: number; seats_free: number }[] }>(
    agent,
    `/agent/tours/${tour.key}`,
  );
  const offered = detail.departures.filter((d) => d.seats_free > 0);
  const index = offered.findIndex((d) => d.trip_id === departure.trip_id);
  const select = agent.getByRole('combobox', { name: 'Выезд' });
  if (offered.length > 1) {
    const options = await (async () => {
      await select.click();
      const list = agent.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await list.first().waitFor();
      return list.evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
    })();
    await chooseOption(agent, select, options[index]!);
  }
  await agent.getByLabel('ФИО туриста 1').fill(first);
  await agent.getByLabel('Телефон туриста 1').fill(`+996 555 ${stamp}`);
  await agent.getByRole('button', { name: 'Добавить туриста' }).click();
  await agent.getByLabel('ФИО туриста 2').fill(second);
  await agent.getByLabel('Комментарий').fill('Проверка из e2e: номер с двумя кроватями');
  await agent.getByRole('button', { name: 'Отправить заявку' }).click();
  await agent.getByText('Заявка отправлена').waitFor();
  await screenshot(agent, 'agent-request-sent');

  // 4. In its requests, with both names; as the API has it.
  await agent.getByRole('link', { name: 'Мои заявки' }).click();
  await agent.waitForURL(/\/admin\/agent\/tourists\?tab=requests/);
  const requests = agent.getByRole('table', { name: 'Заявки', exact: true });
  const row = requests.getByRole('row').filter({ hasText: first });
  await row.waitFor();
  await expect(row.innerText()).resolves.toContain(second);
  await expect(row.innerText()).resolves.toContain('Новая');
  const sent = (await apiData<Paged<AgentRequest>>(agent, '/agent/requests')).data.find((r) =>
    r.tourists.some((t) => t.full_name === first),
  );
  expect(sent).toMatchObject({
    trip_id: departure.trip_id,
    tourists: [
      { full_name: first, phone: `+996555${stamp}` },
      { full_name: second, phone: null },
    ],
  });

  // 5. The staff see it among the requests, from the agent, with its travellers.
  const staff = await anotherBrowser('sales@example.com');
  await staff.goto(`${BASE_URL}/admin/tickets`);
  await staff.getByRole('heading', { name: 'Заявки' }).waitFor();
  await staff.getByText(first, { exact: true }).first().click();
  const drawer = staff.getByRole('dialog');
  const travellers = drawer.getByRole('list', { name: 'Путешественники' });
  await travellers.waitFor();
  await expect(travellers.getByRole('listitem').allInnerTexts()).resolves.toEqual([
    `${first}, +996555${stamp}`,
    `${second}, телефон не указан`,
  ]);
  await expect(drawer.innerText()).resolves.toContain('Заявка агента');
  await screenshot(staff, 'agent-request-staff');

  // 6. The second agent: not in its requests, not reachable.
  const theirRequests = await apiData<Paged<AgentRequest>>(second_agent, '/agent/requests');
  expect(theirRequests.data.some((r) => r.id === sent!.id)).toBe(false);
  await second_agent.goto(`${BASE_URL}/admin/agent/tourists?tab=requests`);
  await second_agent.getByRole('table', { name: 'Заявки', exact: true }).waitFor();
  await expect(second_agent.getByText(first, { exact: true }).count()).resolves.toBe(0);
});
