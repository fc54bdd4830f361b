import type { Page } from 'playwright-core';
import {
  BASE_URL,
  freshPagePerTest,
  motionSettled,
  pageApi,
  screenshot,
  signIn,
  signOutFromTopBar,
} from '../support/browser';

// Issue 29, findings 1 and 2, as the sales manager lives them: a trip it makes is its own; on the
// trip's summary it finds a client nobody manages by the client's exact phone and puts it on the
// trip (the client is then its own: the card opens and its История says who added it where); in
// «Новый турист» another manager's client's phone offers that client instead of a dead end.

let page: Page;

freshPagePerTest((newPage) => {
  page = newPage;
});

const stamp = Date.now();
const digits = String(stamp).slice(-7);
const FREE = { name: `Казакова Эльмира ${stamp}`, phone: `+99670${digits}` };
const OTHERS = { name: `Казакова Жанна ${stamp}`, phone: `+99655${digits}` };

interface Named {
  id: number;
  full_name: string;
}

it('finds an existing client by its exact phone and puts it on the trip; a duplicate phone offers the existing one', async () => {
  // The clients already in the base: one nobody manages, one the administrator's.
  await signIn(page, 'admin@example.com');
  await page.waitForURL(/\/admin\/users$/);
  const admin = await pageApi<Named>(page, 'GET', '/user');
  const free = await pageApi<Named>(page, 'POST', '/admin/users', {
    full_name: FREE.name,
    phone: FREE.phone,
    roles: ['client'],
  });
  await pageApi(page, 'POST', '/admin/users', {
    full_name: OTHERS.name,
    phone: OTHERS.phone,
    roles: ['client'],
    manager_id: admin.id,
  });
  await signOutFromTopBar(page);

  // The sales manager's trip is its own without choosing a manager (finding 2).
  await signIn(page, 'sales@example.com');
  await page.waitForURL(/\/admin\/users$/);
  const sales = await pageApi<Named>(page, 'GET', '/user');
  const trip = await pageApi<{ id: number; manager_id: number | null }>(
    page,
    'POST',
    '/admin/trips',
    {
      title: `Иссык-Куль с клиентами ${stamp}`,
      starts_on: '2027-07-10',
      ends_on: '2027-07-14',
      price: 15000,
      currency: 'kgs',
      seats: 10,
    },
  );
  expect(trip.manager_id).toBe(sales.id);
  await page.goto(`${BASE_URL}/admin/trips?mine=1&search=${encodeURIComponent(String(stamp))}`);
  await page.getByRole('link', { name: `Иссык-Куль с клиентами ${stamp}`, exact: true }).waitFor();
  await expect(page.getByRole('checkbox', { name: 'Мои туры' }).isChecked()).resolves.toBe(true);

  // «Добавить участника» on the summary: the unassigned client, by its phone typed as people do.
  await page.goto(`${BASE_URL}/admin/trip/${trip.id}/summary`);
  await page.getByRole('button', { name: 'Добавить участника' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить участника' });
  const picker = add.getByRole('combobox', { name: 'Турист' });
  await picker.click();
  await picker.fill(`+996 70${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: FREE.name });
  await option.waitFor();
  await expect(option.innerText()).resolves.toContain('без менеджера');
  await motionSettled(page);
  await option.click();
  await add
    .getByText('Клиент без менеджера: добавив его в тур, вы станете его менеджером.')
    .waitFor();
  await screenshot(page, 'existing-client-found-by-phone');
  await add.getByRole('button', { name: 'Добавить', exact: true }).click();
  await add.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: FREE.name }).waitFor();

  // Now the sales manager's client: its card opens, its История says who added it to which trip.
  await page.goto(`${BASE_URL}/admin/user/${free.id}/edit`);
  await page.getByRole('tab', { name: 'История' }).click();
  const history = page.getByRole('tabpanel', { name: 'История' });
  await history.getByText(`Тур: — → Иссык-Куль с клиентами ${stamp}, 10.07.2027`).waitFor();
  await history.getByText(`Менеджер: — → ${sales.full_name}`).waitFor();
  await expect(history.getByText('Добавлен(а) в тур').count()).resolves.toBe(1);

  // «Новый турист» with another manager's client's phone: that client is offered and added.
  await page.goto(`${BASE_URL}/admin/trip/${trip.id}/summary`);
  await page.getByRole('button', { name: 'Новый турист' }).click();
  const form = page.getByRole('dialog', { name: 'Новый турист' });
  await form.getByLabel('ФИО').fill('Казакова Жанна');
  await form.getByLabel('Телефон').fill(OTHERS.phone);
  await form.getByRole('button', { name: 'Создать и добавить' }).click();
  await form
    .getByText(
      `Такой турист уже есть: ${OTHERS.name} · ${OTHERS.phone} · клиент менеджера ${admin.full_name}. Добавить его?`,
    )
    .waitFor();
  await screenshot(page, 'new-tourist-duplicate-phone');
  await form.getByRole('button', { name: 'Добавить его в тур' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: OTHERS.name }).waitFor();
  await expect(page.getByText('Этот телефон уже занят другим пользователем').count()).resolves.toBe(
    0,
  );
});
