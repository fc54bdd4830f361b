import { screen, waitFor, within } from '@testing-library/react';
import type { FakeReply, FakeRequest } from '../testing/fake-api';
import { signedInRoutes } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import type { ImportPreview, ImportRow } from '../lib/import-calls';

jest.mock('../lib/remotes', () => ({
  ...jest.requireActual('../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

// The import of clients from Excel as the administrator meets it on the users list (issue 29,
// finding 11): the server's check of each row shown before anything is written, errors in its
// words under their cells, existing clients named, then the import and what it skipped.

const PREVIEW = 'POST /admin/imports/users/preview';
const IMPORT = 'POST /admin/imports/users';

const COLUMNS: ImportPreview['columns'] = [
  { field: 'full_name', header: 'ФИО', kind: 'text', required: true },
  { field: 'phone', header: 'Телефон', kind: 'text', required: false },
  { field: 'email', header: 'Email', kind: 'text', required: false },
  { field: 'birth_date', header: 'Дата рождения', kind: 'date', required: false },
];

const values = (full_name: string | null, phone: string, email: string, birth_date: string) => ({
  full_name,
  phone,
  email,
  birth_date,
});

const ROWS: ImportRow[] = [
  {
    row: 2,
    values: values('Асанова Айгуль', '+996555100000', 'a@import.example', '1980-01-01'),
    errors: {},
    action: 'create',
    match: null,
    note: null,
  },
  {
    row: 6,
    values: values('Исакова Айгуль', '+996700112233', 'b@import.example', '1984-05-05'),
    errors: {},
    action: 'skip',
    match: { id: 77, name: 'Асанова Айгуль Существующая' },
    note: 'Уже есть: Асанова Айгуль Существующая',
  },
  {
    row: 13,
    values: values('Бекова Мария', 'звонить вечером', 'c@import.example', '1991-12-12'),
    errors: { phone: ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'] },
    action: 'skip',
    match: null,
    note: null,
  },
  {
    row: 26,
    values: values('Волкова Бермет', '+996555100024', 'bermet@@mail', '2999-01-01'),
    errors: {
      email: ['Неверный адрес электронной почты'],
      birth_date: ['Дата рождения не может быть в будущем'],
    },
    action: 'skip',
    match: null,
    note: null,
  },
  {
    row: 41,
    values: { full_name: '', phone: '+996555100039', email: null, birth_date: null },
    errors: { full_name: ['Обязательное поле'] },
    action: 'skip',
    match: null,
    note: null,
  },
];

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });

function previewReply(request: FakeRequest): FakeReply {
  const update = (request.params as { duplicates?: string }).duplicates === 'update';
  return ok({
    columns: COLUMNS,
    rows: ROWS.map((row) => (update && row.match ? { ...row, action: 'update' } : row)),
    counts: update
      ? { total: 50, create: 45, update: 2, skip: 0, invalid: 3 }
      : { total: 50, create: 45, update: 0, skip: 2, invalid: 3 },
  } satisfies ImportPreview);
}

const emptyPage = ok({
  data: [],
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: 0,
  from: null,
  to: null,
});

function openUsers() {
  return renderApp({
    path: '/admin/users',
    api: {
      ...signedInRoutes(['admin']),
      'GET /roles': ok({ client: 'Клиент' }),
      'GET /admin/users': emptyPage,
      [PREVIEW]: previewReply,
      [IMPORT]: ok({
        created: 45,
        updated: 2,
        skipped: 3,
        skipped_rows: ROWS.filter((row) => Object.keys(row.errors).length > 0),
      }),
    },
  });
}

/**
 * The import's dialog, once its module has loaded (with its first opening). Found by its title's
 * text: antd's ids are all one fixed value under test, so a label by id names nothing here.
 */
async function openedDialog() {
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  expect(within(dialog).getByText('Импорт клиентов из Excel')).toBeInTheDocument();
  return dialog;
}

/** The table row of a sheet row. */
const sheetRow = (table: HTMLElement, number: number) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === String(number))!;

describe('importing clients from Excel on the users list', () => {
  it('shows every row’s check before writing, then imports on confirmation', async () => {
    const { user, api } = openUsers();
    await user.click(await screen.findByRole('button', { name: 'Импорт из Excel' }));
    const dialog = await openedDialog();
    expect(within(dialog).getByRole('button', { name: 'Скачать шаблон' })).toBeInTheDocument();

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['PK'], 'clients.xlsx'));

    expect(await within(dialog).findByText('Файл «clients.xlsx»: 50 строк.')).toBeInTheDocument();
    const [checked] = api.callsTo(PREVIEW);
    expect(checked!.params).toEqual({ duplicates: 'skip', file_name: 'clients.xlsx' });
    expect(checked!.headers['content-type']).toBe('application/octet-stream');
    expect(api.callsTo(IMPORT)).toHaveLength(0);

    expect(
      within(dialog).getByText('Будет создано: 45, обновлено: 0, пропущено: 5'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '3 строки с ошибками не будут загружены: исправьте их в файле и загрузите его снова, ' +
          'или импортируйте остальные.',
      ),
    ).toBeInTheDocument();

    const table = within(dialog).getByRole('table', { name: 'Строки файла' });
    const created = sheetRow(table, 2);
    expect(within(created).getByText('Создать')).toBeInTheDocument();
    expect(within(created).getByText('01.01.1980')).toBeInTheDocument();
    const existing = sheetRow(table, 6);
    expect(within(existing).getByText('Пропустить')).toBeInTheDocument();
    expect(within(existing).getByText('Уже есть: Асанова Айгуль Существующая')).toBeInTheDocument();
    const badPhone = sheetRow(table, 13);
    expect(within(badPhone).getByText('Ошибки')).toBeInTheDocument();
    expect(
      within(badPhone).getByText('Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'),
    ).toBeInTheDocument();
    const twoErrors = sheetRow(table, 26);
    expect(within(twoErrors).getByText('Неверный адрес электронной почты')).toBeInTheDocument();
    expect(within(twoErrors).getByText('01.01.2999')).toBeInTheDocument();
    expect(
      within(twoErrors).getByText('Дата рождения не может быть в будущем'),
    ).toBeInTheDocument();
    // Every error of a row is also named by its column beside the action.
    expect(
      within(twoErrors).getByText('Дата рождения: Дата рождения не может быть в будущем'),
    ).toBeInTheDocument();
    const noName = sheetRow(table, 41);
    expect(within(noName).getByText('пусто')).toBeInTheDocument();
    expect(within(noName).getByText('Обязательное поле')).toBeInTheDocument();

    // Only the rows with errors.
    await user.click(within(dialog).getByRole('radio', { name: 'С ошибками (3)' }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
      ).toEqual(['13', '26', '41']),
    );

    // Existing clients updated instead: checked again with that choice.
    await user.click(within(dialog).getByRole('radio', { name: 'Обновить данными из файла' }));
    expect(
      await within(dialog).findByText('Будет создано: 45, обновлено: 2, пропущено: 3'),
    ).toBeInTheDocument();
    expect(api.callsTo(PREVIEW)[1]!.params).toMatchObject({ duplicates: 'update' });

    const listLoads = api.callsTo('GET /admin/users').length;
    await user.click(within(dialog).getByRole('button', { name: 'Импортировать: 47' }));
    expect(await within(dialog).findByText('Импорт завершён')).toBeInTheDocument();
    expect(within(dialog).getByText('Создано: 45, обновлено: 2, пропущено: 3')).toBeInTheDocument();
    expect(api.callsTo(IMPORT)[0]!.params).toEqual({
      duplicates: 'update',
      file_name: 'clients.xlsx',
    });
    const skipped = within(dialog).getByRole('table', { name: 'Пропущенные строки' });
    expect(within(skipped).getByText('Обязательное поле')).toBeInTheDocument();
    // The list shows the new clients.
    await waitFor(() => expect(api.callsTo('GET /admin/users').length).toBeGreaterThan(listLoads));
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s Russian words for a file it refuses', async () => {
    const { user, api } = openUsers();
    const message = 'В файле нет столбца «ФИО»: первая строка листа — заголовки из шаблона.';
    api.on(PREVIEW, { status: 422, body: { code: 0, message, errors: { file: [message] } } });
    await user.click(await screen.findByRole('button', { name: 'Импорт из Excel' }));
    const dialog = await openedDialog();
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'other.xlsx'),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Файл не принят');
    expect(alert).toHaveTextContent(message);
  });
});
