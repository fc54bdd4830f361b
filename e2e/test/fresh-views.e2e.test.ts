import type { Page } from 'playwright-core';
import { BASE_URL, chooseOption, freshPagePerTest, signIn } from '../support/browser';

// One source of truth for cached data: a change made in one section shows in every other
// section's view the next time it is shown, without a reload of the page. Each step below
// navigates inside the app (links, the sidebar), never by loading a URL, so the browser keeps
// the store and whatever it has cached.

let page: Page;

freshPagePerTest((newPage) => {
  page = newPage;
});

const sidebar = () => page.getByRole('navigation', { name: 'Разделы' });

/** The admin's demo cash-advance wallet in som (DESIGN.md 5 demo data). */
const WALLET = 'Подотчет (сом)';
/** The wallet's name, then whatever follows it (its balance on a button, in an option). */
const WALLET_FIRST = new RegExp(`^${WALLET.replace(/[()]/g, '\\$&')}`);

async function openOwnBalanceWallet(): Promise<void> {
  await sidebar().getByRole('link', { name: 'Операции пользователя' }).click();
  await page.getByRole('heading', { name: 'Операции пользователя' }).first().waitFor();
  await page.getByRole('button', { name: WALLET_FIRST }).click();
  await page.getByRole('heading', { name: `Операции: ${WALLET}` }).waitFor();
  await page.getByRole('table').first().waitFor();
}

describe('cached views across sections', () => {
  it("shows a payment recorded in the shell in accounting's own balance, opened before", async () => {
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    const me = (await (await page.request.get(`${BASE_URL}/api/user`)).json()) as {
      data: { id: number; full_name: string; email: string };
    };

    // Accounting shows the wallet's operations: the page is now in the cache.
    await openOwnBalanceWallet();

    // The shell: the users list, the admin's own row, its wallets, a payment into that wallet.
    await sidebar().getByRole('link', { name: 'Пользователи' }).click();
    await page.getByPlaceholder('ФИО, email, телефон или паспорт').fill(me.data.email);
    await page.getByRole('link', { name: `Кошельки: ${me.data.full_name}` }).click();
    await page.getByRole('heading', { name: me.data.full_name }).waitFor();
    await page.getByRole('button', { name: 'Добавить платёж' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить платёж' });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Кошелёк' }), WALLET_FIRST);
    const comment = `E2E: свежие данные ${Date.now()}`;
    await dialog.getByLabel('Сумма').fill('700');
    await dialog.getByLabel('Комментарий').fill(comment);
    await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
    await page.getByText('Платёж добавлен и ожидает подтверждения').waitFor();

    // Back in accounting, through the sidebar: the new operation is there, pending.
    await openOwnBalanceWallet();
    // In the wallet's operations, and again among the user's own operations awaiting confirmation.
    const pending = page.getByRole('table', { name: 'Мои операции, ожидающие подтверждения' });
    const ownRow = pending.getByRole('row').filter({ hasText: comment });
    await ownRow.waitFor();
    // The wallet's table refetches on its own: its row may come a moment after the queue's.
    const rows = page.getByRole('row').filter({ hasText: comment });
    await rows.nth(1).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.getByText('Ожидает подтверждения').count()).resolves.toBe(2);
  });
});
