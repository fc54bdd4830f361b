import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoLatinWords, fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { Supplier } from '../../../lib/supplier';

installFakeApi();

// A supplier's price list to and from Excel (issue 33): «Скачать Excel» saves the server's file
// under the supplier's name; «Загрузить из Excel» sends the file with the chosen mode, lists every
// row's error of a refused file in the server's words, and says what a good one added.

// jsdom has no object URLs; the download revokes its URL a while later, maybe after the test.
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:prices';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const IMPORT = 'POST /admin/supplier/7/prices/import';

const hotel: Supplier = {
  id: 7,
  name: 'Отель «Каракол»',
  kinds: ['hotel', 'transfer'],
  contact_person: null,
  phone: null,
  email: null,
  default_currency: 'usd',
  notes: null,
  city: 'Каракол',
  address: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
};

async function openPrices() {
  fakeApi.ok('GET /admin/suppliers', page([hotel]));
  fakeApi.ok('GET /admin/supplier/7', hotel);
  fakeApi.ok('GET /admin/supplier/7/prices', []);
  renderRoute('booking-suppliers', { url: '/admin/suppliers?edit=7' });
  const drawer = await screen.findByRole('dialog');
  await userEvent.click(await within(drawer).findByRole('tab', { name: 'Прайс-лист' }));
  return drawer;
}

async function openImport(drawer: HTMLElement) {
  await userEvent.click(await within(drawer).findByRole('button', { name: 'Загрузить из Excel' }));
  const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
  expect(dialog).toHaveTextContent('Загрузка прайс-листа из Excel');
  return dialog;
}

const fileInput = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('a price list to and from Excel', () => {
  it('downloads the list as XLSX under the server’s name', async () => {
    fakeApi.on('GET /admin/supplier/7/prices/xlsx', {
      status: 200,
      data: new Blob(['xlsx']),
      headers: {
        'content-disposition':
          'attachment; filename="price-list-7.xlsx"; filename*=UTF-8\'\'%D0%9F%D1%80%D0%B0%D0%B9%D1%81.xlsx',
      },
    });
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const drawer = await openPrices();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Скачать Excel' }));
    await waitFor(() => expect(saved).toEqual(['Прайс.xlsx']));
    click.mockRestore();
    expect(fakeApi.requests('GET /admin/supplier/7/prices/xlsx')).toHaveLength(1);
  });

  it('lists every row’s error of a refused file, then replaces the list with a good one', async () => {
    fakeApi.on(IMPORT, ({ params }) =>
      params.mode === 'add'
        ? {
            status: 422,
            data: {
              code: 0,
              message:
                'В файле ошибки (строк с ошибками: 2): ничего не загружено. Исправьте их и ' +
                'загрузите файл снова',
              errors: {
                file: [
                  'Строка 3: сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027',
                  'Строка 5: укажите питание',
                ],
              },
            },
          }
        : { status: 200, data: { code: 1, data: { mode: 'replace', added: 12, replaced: 9 } } },
    );
    const drawer = await openPrices();
    const dialog = await openImport(drawer);
    await userEvent.upload(fileInput(dialog), new File(['PK'], 'прайс.xlsx'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('В файле ошибки (строк с ошибками: 2): ничего не загружено.');
    const errors = within(alert).getByRole('list', { name: 'Ошибки в файле' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Строка 3: сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027',
      'Строка 5: укажите питание',
    ]);
    expectNoLatinWords(dialog, { data: ['XLSX', 'Excel'] });
    expect(fakeApi.requests(IMPORT)[0]!.params).toEqual({ mode: 'add' });
    expect(fakeApi.requests(IMPORT)[0]!.headers['content-type']).toBe('application/octet-stream');

    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Заменить весь прайс-лист ценами из файла' }),
    );
    const listLoads = fakeApi.requests('GET /admin/supplier/7/prices').length;
    await userEvent.upload(fileInput(dialog), new File(['PK'], 'прайс.xlsx'));
    await screen.findByText('Прайс-лист заменён: удалено прежних цен — 9, добавлено из файла — 12');
    expect(fakeApi.requests(IMPORT)[1]!.params).toEqual({ mode: 'replace' });
    // The list is read again with the file's prices.
    await waitFor(() =>
      expect(fakeApi.requests('GET /admin/supplier/7/prices').length).toBeGreaterThan(listLoads),
    );
    await waitFor(() =>
      expect(screen.queryByText('Загрузка прайс-листа из Excel')).not.toBeInTheDocument(),
    );
  });
});
