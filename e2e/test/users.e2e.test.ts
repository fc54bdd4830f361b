import type { Page } from 'playwright-core';
import {
  chooseOption,
  freshPagePerTest,
  screenshot,
  signIn,
  typeDate,
  until,
} from '../support/browser';

// The users screens of the composed product against the real API and its demo data: a staff
// member creates a tourist, fixes what the server refuses, edits it and finds it in the list.

let page: Page;

freshPagePerTest((newPage) => {
  page = newPage;
});

/** The form item (field, label and the messages under it) of the field labelled `label`. */
const formItem = (label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });

/** Picks `option` in the antd select labelled `label`. */
async function choose(label: string, option: string): Promise<void> {
  await chooseOption(page, page.getByLabel(label, { exact: true }), option);
}

/** Waits until the table shows exactly `count` rows (the filtered answer has arrived). */
async function onlyRows(count: number): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelectorAll('tbody tr.ant-table-row').length === expected,
    count,
  );
}

describe('users', () => {
  it('creates a tourist, fixes a refused email, edits it and finds it in the list', async () => {
    const suffix = Date.now().toString(36);
    const name = `Тестова Айжан ${suffix}`;
    const passport = `E2E${suffix}`.toUpperCase();

    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await page.locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByRole('link', { name: 'Новый пользователь' }).click();
    await page.waitForURL(/\/admin\/user\/create$/);
    await page.getByLabel('ФИО', { exact: true }).fill(name);
    // An email a demo account already has: the server refuses it.
    await page.getByLabel('Email', { exact: true }).fill('sales@example.com');
    await page.getByLabel('Номер паспорта', { exact: true }).fill(passport);
    await page.getByLabel('Гражданство', { exact: true }).fill('Кыргызстан');
    await page.getByRole('button', { name: 'Создать пользователя' }).click();

    await formItem('Email').getByText('Этот email уже занят другим пользователем').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/user/create');
    // Nothing typed was lost.
    expect(await page.getByLabel('ФИО', { exact: true }).inputValue()).toBe(name);
    expect(await page.getByLabel('Номер паспорта', { exact: true }).inputValue()).toBe(passport);
    await screenshot(page, 'user-create-refused');

    await page.getByLabel('Email', { exact: true }).fill(`tourist-${suffix}@example.com`);
    await page.getByRole('button', { name: 'Создать пользователя' }).click();
    await page.getByText('Пользователь создан').waitFor();
    await page.waitForURL(/\/admin\/user\/\d+\/edit$/);
    const id = /\/admin\/user\/(\d+)\/edit$/.exec(page.url())![1];
    expect(await page.getByLabel('ФИО', { exact: true }).inputValue()).toBe(name);

    // Edit: a phone, a birth date typed as staff type it, notes.
    await page
      .getByLabel('Телефон', { exact: true })
      .fill(`+996555${String(Date.now()).slice(-6)}`);
    // Leaving the field takes the typed date (Enter would also submit the form).
    await typeDate(page.getByLabel('Дата рождения', { exact: true }), '17.05.1990');
    await page.getByLabel('Заметки', { exact: true }).fill('Нужна виза в Японию');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Изменения сохранены').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/user/${id}/edit`);

    // A reload reads it back from the server.
    await page.reload();
    await page.getByLabel('ФИО', { exact: true }).waitFor();
    const birth = page.getByLabel('Дата рождения', { exact: true });
    await expect(
      until(
        () => birth.inputValue(),
        (value) => value !== '',
      ),
    ).resolves.toBe('17.05.1990');
    expect(await page.getByLabel('Заметки', { exact: true }).inputValue()).toBe(
      'Нужна виза в Японию',
    );

    // The list, filtered by role and by a search, shows it; the filters live in the URL.
    await page.getByRole('link', { name: 'К списку' }).click();
    await page.waitForURL(/\/admin\/users$/);
    await choose('Роль', 'Клиент');
    await page.waitForURL(/[?&]role=client/);
    await page.getByRole('searchbox', { name: 'Поиск' }).fill(passport);
    await page.waitForURL(new RegExp(`[?&]search=${passport}`));
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
    await row.waitFor();
    await onlyRows(1);
    await row.getByText('Клиент').waitFor();
    await row.getByText(`tourist-${suffix}@example.com`).waitFor();
    await screenshot(page, 'users-filtered');

    await page.reload();
    await row.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Поиск' }).inputValue()).toBe(passport);

    await row.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(new RegExp(`/admin/user/${id}/edit$`));
  });

  it("says 'Почта не указана' in the list for the staff member without an email", async () => {
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/users$/);
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('+996700000001');
    await page.waitForURL(/[?&]search=/);
    await onlyRows(1);
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '+996700000001' });
    await row.getByText('Почта не указана').waitFor();
  });
});
