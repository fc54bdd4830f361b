import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import {
  BASE_URL,
  freshPagePerTest,
  motionSettled,
  pageApi,
  screenshot,
  signIn,
  typeDate,
} from '../support/browser';

// The sales manager's day (issue 29), as the person does it in the composed product: a trip of
// its own; on its summary an existing client found by name and a new tourist typed with a
// passport (ready at once, no «Нет паспорта»); the new tourist's payment taken into the cash
// desk; the agreement downloaded from the tourist's card with the trip's country and dates.

let page: Page;

freshPagePerTest(
  (newPage) => {
    page = newPage;
  },
  { acceptDownloads: true },
);

interface Named {
  id: number;
  full_name: string;
}

it('puts an existing client and a new one on a trip, takes a payment and prints the agreement', async () => {
  const stamp = String(Date.now()).slice(-7);
  const title = `Бишкек — Каракол ${stamp}`;
  const newcomer = `Новикова Асель ${stamp}`;

  await signIn(page, 'sales@example.com');
  await page.waitForURL(/\/admin\/users$/);
  // One of its own clients, already in the base.
  const own = await pageApi<{ data: Named[] }>(page, 'GET', '/admin/users?role=client&per_page=5');
  const existing = own.data[0];
  if (!existing) throw new Error('the sales manager has no client in the demo data');
  const trip = await pageApi<{ id: number }>(page, 'POST', '/admin/trips', {
    title,
    country: 'Кыргызстан',
    starts_on: '2027-08-02',
    ends_on: '2027-08-07',
    price: 32000,
    currency: 'kgs',
    seats: 12,
    flights: 'none',
  });

  // The existing client, found by name in «Добавить участника».
  await page.goto(`${BASE_URL}/admin/trip/${trip.id}/summary`);
  await page.getByText(title).first().waitFor();
  await page.getByRole('button', { name: 'Добавить участника' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить участника' });
  const picker = add.getByRole('combobox', { name: 'Турист' });
  await picker.click();
  await picker.fill(existing.full_name);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: existing.full_name });
  await option.first().waitFor();
  await motionSettled(page);
  await option.first().click();
  await add.getByRole('button', { name: 'Добавить', exact: true }).click();
  await add.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: existing.full_name }).waitFor();

  // A new tourist with a passport: ready at once.
  await page.getByRole('button', { name: 'Новый турист' }).click();
  const form = page.getByRole('dialog', { name: 'Новый турист' });
  await form.getByLabel('ФИО').fill(newcomer);
  await form.getByLabel('Телефон').fill(`+996 770 ${stamp}`);
  await typeDate(form.getByLabel('Дата рождения'), '12.04.1990');
  await form.getByLabel('Гражданство').fill('Кыргызстан');
  await form.getByLabel('Номер паспорта').fill(`AC${stamp}`);
  await typeDate(form.getByLabel('Дата выдачи паспорта'), '15.03.2022');
  await typeDate(form.getByLabel('Паспорт действителен до'), '15.03.2032');
  await form.getByRole('button', { name: 'Создать и добавить' }).click();
  await form.waitFor({ state: 'hidden' });
  const row = page.getByRole('row').filter({ hasText: newcomer });
  await row.waitFor();
  await expect(row.innerText()).resolves.not.toContain('Нет паспорта');

  // Its payment, into the company's cash desk (the dialog's default for the trip's currency).
  await page.getByRole('button', { name: `Добавить платёж: ${newcomer}` }).click();
  const payment = page.getByRole('dialog', { name: `Платёж: ${newcomer}` });
  // Once the dialog stands still: a click while it zooms in is lost (a loaded fresh-clone run).
  await payment.waitFor();
  await motionSettled(page);
  await payment.getByLabel('Сумма').fill('10000');
  await payment.getByRole('button', { name: 'Добавить', exact: true }).click();
  await payment.waitFor({ state: 'hidden', timeout: 45_000 });
  // The summary refetches after the dialog closes: its row shows the payment a moment later.
  await row.filter({ hasText: /10\s000/ }).waitFor();
  await expect(row.innerText()).resolves.toMatch(/10\s000/);
  await screenshot(page, 'sales-day-summary');

  // The agreement from the tourist's card: the trip chosen by default, no blank where it knows.
  const tourists = await pageApi<{ data: Named[] }>(
    page,
    'GET',
    `/admin/users?role=client&search=${encodeURIComponent(newcomer)}`,
  );
  const tourist = tourists.data.find((one) => one.full_name === newcomer);
  if (!tourist) throw new Error('the new tourist is not among the sales manager’s clients');
  await page.goto(`${BASE_URL}/admin/user/${tourist.id}/wallets`);
  await page.getByRole('heading', { name: newcomer }).waitFor();
  const documents = page.locator('.ant-card').filter({ hasText: 'Скачать договор' });
  await documents.getByText('02.08.2027–07.08.2027').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: 'Скачать договор' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  const parts = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const xml = strFromU8(parts['word/document.xml']!);
  expect(xml).toContain('Направление (страна, города): Кыргызстан');
  expect(xml).toContain('Сроки тура: с 02.08.2027 по 07.08.2027.');
  expect(xml).toContain(`${newcomer}, дата рождения 12.04.1990, паспорт № AC${stamp}`);
  // A pending payment is not paid yet: the agreement counts confirmed money only.
  expect(xml).toMatch(/оплатил С0,00; остаток к оплате — С32\s000,00/);
  expect(xml).not.toContain('____');
});
