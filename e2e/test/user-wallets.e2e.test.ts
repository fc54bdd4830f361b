import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { BASE_URL, chooseOption, freshPagePerTest, screenshot, signIn } from '../support/browser';

// The user's wallets view (/admin/user/:id/wallets) in the composed product: a payment recorded
// through the real API (pending until an accountant confirms it) and both documents generated
// by the server as DOCX and saved by Chromium.

let page: Page;

freshPagePerTest(
  (newPage) => {
    page = newPage;
  },
  { acceptDownloads: true },
);

interface Tourist {
  id: number;
  full_name: string;
}

/** A demo tourist, found through the API with the signed-in browser's session. */
async function demoTourist(): Promise<Tourist> {
  const response = await page.request.get(`${BASE_URL}/api/admin/users?role=client`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { code: number; data: { data: Tourist[] } };
  const tourist = body.data.data.find((user) => user.full_name.trim() !== '');
  if (!tourist) throw new Error('the demo data has no tourist');
  return tourist;
}

/** The text of a saved DOCX's main part. */
async function documentXml(download: Download): Promise<string> {
  const file = await download.path();
  const parts = unzipSync(new Uint8Array(fs.readFileSync(file)));
  const xml = parts['word/document.xml'];
  if (!xml) throw new Error(`${download.suggestedFilename()} has no word/document.xml`);
  return strFromU8(xml);
}

async function downloadBy(buttonName: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  return download;
}

async function openWalletsOf(tourist: Tourist): Promise<void> {
  await page.goto(`${BASE_URL}/admin/user/${tourist.id}/wallets`);
  await page.getByRole('heading', { name: tourist.full_name }).waitFor();
}

beforeEach(async () => {
  await signIn(page, 'admin@example.com');
  await page.waitForURL(/\/admin\/users$/);
});

describe("a tourist's wallets view", () => {
  it('adds a payment once and shows it pending', async () => {
    const tourist = await demoTourist();
    await openWalletsOf(tourist);
    const payments: { key: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/user/${tourist.id}/payments`)) {
        payments.push({ key: request.headers()['idempotency-key'] });
      }
    });

    await page.getByRole('button', { name: 'Добавить платёж' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить платёж' });
    const walletPicker = dialog.getByRole('combobox', { name: 'Кошелёк' });
    // The form renders its fields at once: with the amount shown, the wallet picker is there or not.
    await dialog.getByLabel('Сумма').waitFor();
    if ((await walletPicker.count()) > 0) {
      await chooseOption(page, walletPicker, { first: true });
    } else {
      await chooseOption(page, dialog.getByRole('combobox', { name: 'Валюта' }), 'Сом (KGS)');
    }
    const comment = `E2E: оплата тура ${Date.now()}`;
    // Whole, so that it suits every currency (KGS and JPY take no decimals).
    await dialog.getByLabel('Сумма').fill('1500');
    await dialog.getByLabel('Комментарий').fill(comment);
    await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();

    await page.getByText('Платёж добавлен и ожидает подтверждения').waitFor();
    const row = page.getByRole('row').filter({ hasText: comment });
    await row.waitFor();
    await expect(row.getByText('Ожидает подтверждения').count()).resolves.toBe(1);
    await expect(row.getByText('Пополнение').count()).resolves.toBe(1);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, 'user-wallets-payment');
  });

  it('downloads the embassy document and the agreement with the name inside', async () => {
    const tourist = await demoTourist();
    await openWalletsOf(tourist);

    const embassy = await downloadBy('Скачать документ для посольства');
    expect(embassy.suggestedFilename()).toMatch(/\.docx$/);
    expect(embassy.suggestedFilename()).toContain(tourist.full_name);
    expect(await documentXml(embassy)).toContain(tourist.full_name);

    await expect(page.getByLabel('Имя файла').inputValue()).resolves.toBe(
      `Договор - ${tourist.full_name}.docx`,
    );
    const agreement = await downloadBy('Скачать договор');
    expect(agreement.suggestedFilename()).toBe(`Договор - ${tourist.full_name}.docx`);
    expect(await documentXml(agreement)).toContain(tourist.full_name);
  });
});
