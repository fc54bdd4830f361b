import type { BrowserContext, Page } from 'playwright-core';
import {
  BASE_URL,
  chooseOption,
  freshPagePerTest,
  pressUntilSent,
  screenshot,
  signIn,
} from '../support/browser';

// The ledger across browsers, in the composed product against the real API and database: a sales
// manager records a client's payment, the accountant confirms it in the waitings, and the open
// client's wallet view (the sales manager's browser) and the accountant's open own-balance view
// update without a reload (SPEC.md 4 balance-updated, pushed by GET /api/events).

let sales: Page;
const others: BrowserContext[] = [];

freshPagePerTest((page) => {
  sales = page;
});

afterEach(async () => {
  for (const context of others.splice(0)) await context.close();
});

/** Another person's browser: a new context of the same Chromium. */
async function anotherBrowser(login: string): Promise<Page> {
  const context = await sales
    .context()
    .browser()!
    .newContext({
      locale: 'ru-RU',
      viewport: { width: 1366, height: 900 },
    });
  others.push(context);
  const page = await context.newPage();
  await signIn(page, login);
  await page.waitForURL(/\/admin\//);
  return page;
}

interface Tourist {
  id: number;
  full_name: string;
}

it('confirms a payment in the waitings and every open view follows', async () => {
  await signIn(sales, 'sales@example.com');
  await sales.waitForURL(/\/admin\//);
  const response = await sales.request.get(`${BASE_URL}/api/admin/users?role=client`);
  const tourist = ((await response.json()) as { data: { data: Tourist[] } }).data.data[0];
  if (!tourist) throw new Error('the sales manager reaches no tourist in the demo data');

  // The client's wallet view, where the sales manager takes the payment and stays.
  await sales.goto(`${BASE_URL}/admin/user/${tourist.id}/wallets`);
  await sales.getByRole('heading', { name: tourist.full_name }).waitFor();
  await sales.getByRole('button', { name: 'Добавить платёж' }).click();
  const dialog = sales.getByRole('dialog', { name: 'Добавить платёж' });
  // A client on a trip is asked «За что» first; a deposit goes to the client's own wallet.
  await chooseOption(
    sales,
    dialog.getByRole('combobox', { name: 'За что' }),
    'Депозит клиента (предоплата без тура)',
  );
  await dialog.getByLabel('Сумма').waitFor();
  const walletPicker = dialog.getByRole('combobox', { name: 'Кошелёк' });
  if ((await walletPicker.count()) > 0) {
    await chooseOption(sales, walletPicker, { first: true });
  } else {
    await chooseOption(sales, dialog.getByRole('combobox', { name: 'Валюта' }), 'Сом (KGS)');
  }
  const comment = `E2E: оплата в кассу ${Date.now()}`;
  await dialog.getByLabel('Сумма').fill('2500');
  await dialog.getByLabel('Комментарий').fill(comment);
  await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
  const paymentRow = sales.getByRole('row').filter({ hasText: comment });
  await paymentRow.getByText('Ожидает подтверждения').waitFor();

  // The accountant's own balance, open in one browser; the waitings in another.
  const ownBalance = await anotherBrowser('accountant@example.com');
  await ownBalance.goto(`${BASE_URL}/admin/balance/user`);
  await ownBalance.getByRole('heading', { name: 'Операции пользователя' }).waitFor();

  const accountant = await anotherBrowser('accountant@example.com');
  // Oldest first: the new payment is on the last page, which the page keeps in its URL.
  const first = await accountant.request.get(`${BASE_URL}/api/admin/balance/waitings`);
  const { last_page: lastPage } = ((await first.json()) as { data: { last_page: number } }).data;
  await accountant.goto(`${BASE_URL}/admin/balance/waitings?page=${lastPage}`);
  await accountant.getByRole('heading', { name: 'Ожидание подтверждения' }).waitFor();
  const waiting = accountant.getByRole('row').filter({ hasText: comment });
  await waiting.waitFor();
  // Set before the confirmation: the own-balance view reads its wallets again when told.
  const ownReload = ownBalance.waitForRequest(
    (request) => request.url().endsWith('/api/admin/wallets/user'),
    { timeout: 15_000 },
  );
  await waiting.getByRole('button', { name: /^Подтвердить операцию/ }).click();
  // Pressed again if a click while the dialog opens is lost (a loaded fresh-clone run).
  const confirm = accountant.getByRole('dialog');
  await pressUntilSent(
    accountant,
    confirm,
    confirm.getByRole('button', { name: 'Подтвердить' }),
    '/confirm',
  );
  await waiting.waitFor({ state: 'detached' });
  await screenshot(accountant, 'ledger-waitings-confirmed');

  // Without a reload: the sales manager's view of the client's wallet shows it confirmed...
  await paymentRow.getByText('Подтверждена').waitFor({ timeout: 10_000 });
  await screenshot(sales, 'ledger-client-wallet-updated');
  // ...and the accountant's own-balance view has read its wallets again.
  await ownReload;
});
