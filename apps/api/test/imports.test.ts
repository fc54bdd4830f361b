import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The first day of an operator moving to us (issue 29, finding 11): its clients and prepared tours
// from an XLSX. The files below are built by hand, cell by cell, as a person's own table would be;
// every expected count and message is written out here, not asked of the code.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let adminId: number;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin, id: adminId } = await signedIn(app, db(), ['admin']));
});
afterAll(async () => {
  await app.close();
});

type Cell = string | number | Date | null;

/** An XLSX of one sheet: a header row, then the rows, as a person would type them. */
async function workbookOf(headers: string[], rows: Cell[][], sheetName = 'Лист1') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (browser: Browser, url: string, file: Buffer | string, type = XLSX_TYPE) =>
  browser.post(url, file, { headers: { 'content-type': type } });

const CLIENT_HEADERS = [
  'ФИО',
  'Телефон',
  'Email',
  'Дата рождения',
  'Гражданство',
  'Номер паспорта',
  'Паспорт выдан',
  'Паспорт действует до',
  'Заметки',
];

const SURNAMES = ['Асанова', 'Бекова', 'Волкова', 'Жумабаева', 'Исакова'];
const NAMES = [
  'Айгуль',
  'Мария',
  'Нургуль',
  'Елена',
  'Алия',
  'Светлана',
  'Бермет',
  'Ольга',
  'Динара',
  'Анна',
];

/** The 50 clients of a new operator's table: rows 2 to 51 of the sheet. */
function fiftyClients(): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < 50; i += 1) {
    const n = String(i).padStart(2, '0');
    rows.push([
      `${SURNAMES[i % 5]} ${NAMES[Math.floor(i / 5)]} Импортовна ${n}`,
      `+996 555 10 00 ${n}`,
      `client${n}@import.example`,
      new Date(Date.UTC(1980 + (i % 20), i % 12, 1 + (i % 28))),
      'Кыргызстан',
      `ID10000${n}`,
      '15.03.2020',
      '15.03.2030',
      null,
    ]);
  }
  // Three bad rows (sheet rows 13, 26 and 41).
  rows[11]![1] = 'звонить вечером';
  rows[24]![2] = 'bermet@@mail';
  rows[24]![3] = '01.01.2999';
  rows[39]![0] = null;
  // Two clients the operator already has: one by phone written otherwise (sheet row 6), one by
  // passport number (sheet row 31).
  rows[4]![1] = '+996 (700) 11-22-33';
  rows[29]![5] = 'AN 7654321';
  return rows;
}

const TOTALS = { total: 50, create: 45, update: 0, skip: 2, invalid: 3 };

async function seedExisting() {
  const byPhone = await createTestUser(db(), {
    full_name: 'Асанова Айгуль Существующая',
    phone: '+996700112233',
    email: null,
    password: null,
    roles: ['client'],
  });
  const byPassport = await createTestUser(db(), {
    full_name: 'Бекова Динара Прежняя',
    email: null,
    passport_number: 'AN7654321',
    password: null,
    roles: ['client'],
  });
  return { byPhone, byPassport };
}

const importedCount = async () =>
  Number(
    (
      await db()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('full_name', 'like', '% Импортовна %')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('importing clients from Excel', () => {
  let file: Buffer;
  let existing: { byPhone: number; byPassport: number };

  beforeAll(async () => {
    existing = await seedExisting();
    file = await workbookOf(CLIENT_HEADERS, fiftyClients());
  });

  it('previews 50 clients: 3 rows with errors in Russian, 2 matched, nothing written', async () => {
    const response = await upload(admin, '/api/admin/imports/users/preview', file);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.counts).toEqual(TOTALS);
    expect(data.rows).toHaveLength(50);
    const row = (n: number) => data.rows.find((r: { row: number }) => r.row === n);

    expect(row(2)).toEqual({
      row: 2,
      values: {
        full_name: 'Асанова Айгуль Импортовна 00',
        phone: '+996555100000',
        email: 'client00@import.example',
        birth_date: '1980-01-01',
        citizenship: 'Кыргызстан',
        passport_number: 'ID1000000',
        passport_issued_at: '2020-03-15',
        passport_expires_at: '2030-03-15',
        notes: null,
      },
      errors: {},
      action: 'create',
      match: null,
      note: null,
    });
    expect(row(13)).toMatchObject({
      action: 'skip',
      errors: { phone: ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'] },
    });
    expect(row(26)).toMatchObject({
      action: 'skip',
      errors: {
        email: ['Неверный адрес электронной почты'],
        birth_date: ['Дата рождения не может быть в будущем'],
      },
    });
    expect(row(41)).toMatchObject({ action: 'skip', errors: { full_name: ['Обязательное поле'] } });
    expect(row(6)).toMatchObject({
      action: 'skip',
      errors: {},
      match: { id: existing.byPhone, name: 'Асанова Айгуль Существующая' },
      note: 'Уже есть: Асанова Айгуль Существующая',
    });
    expect(row(31)).toMatchObject({
      action: 'skip',
      match: { id: existing.byPassport, name: 'Бекова Динара Прежняя' },
      note: 'Уже есть: Бекова Динара Прежняя',
    });
    expect(data.columns.map((c: { header: string }) => c.header)).toEqual(CLIENT_HEADERS);

    // Asked to update the matches, the two become updates.
    const updating = await upload(
      admin,
      '/api/admin/imports/users/preview?duplicates=update',
      file,
    );
    expect(updating.json().data.counts).toEqual({ ...TOTALS, update: 2, skip: 0 });

    expect(await importedCount()).toBe(0);
  });

  it('imports the valid rows in one go, updates the matches, and writes it in the audit log', async () => {
    const response = await upload(
      admin,
      '/api/admin/imports/users?duplicates=update&file_name=clients.xlsx',
      file,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect({ ...data, skipped_rows: undefined }).toEqual({
      created: 45,
      updated: 2,
      skipped: 3,
      skipped_rows: undefined,
    });
    expect(data.skipped_rows.map((r: { row: number }) => r.row)).toEqual([13, 26, 41]);

    // 45 new clients, and the two matches now named as in the file; the client role and the
    // phone as the app stores it.
    expect(await importedCount()).toBe(47);
    const created = await db()
      .selectFrom('users')
      .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.phone', 'users.birth_date', 'user_roles.role', 'users.passport_expires_at'])
      .where('users.email', '=', 'client01@import.example')
      .executeTakeFirstOrThrow();
    expect(created).toEqual({
      phone: '+996555100001',
      birth_date: '1981-02-02',
      role: 'client',
      passport_expires_at: '2030-03-15',
    });
    // The matches were updated with the file's cells, never duplicated.
    const updated = await db()
      .selectFrom('users')
      .select(['full_name', 'email', 'phone', 'passport_number'])
      .where('id', 'in', [existing.byPhone, existing.byPassport])
      .orderBy('id')
      .execute();
    expect(updated).toEqual([
      {
        full_name: 'Исакова Айгуль Импортовна 04',
        email: 'client04@import.example',
        phone: '+996700112233',
        passport_number: 'ID1000004',
      },
      {
        full_name: 'Исакова Светлана Импортовна 29',
        email: 'client29@import.example',
        phone: '+996555100029',
        passport_number: 'AN 7654321',
      },
    ]);

    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'record_type', 'entity_type', 'changes'])
      .where('action', '=', 'imported')
      .execute();
    expect(audit).toEqual([
      {
        user_id: adminId,
        action: 'imported',
        record_type: 'import',
        entity_type: 'users',
        changes: [
          { field: 'file', old: null, new: 'clients.xlsx' },
          { field: 'rows', old: null, new: 50 },
          { field: 'created', old: null, new: 45 },
          { field: 'updated', old: null, new: 2 },
          { field: 'skipped', old: null, new: 3 },
          { field: 'invalid', old: null, new: 3 },
        ],
      },
    ]);
  });

  it('imports the same file again as matches only: nobody is created twice', async () => {
    const response = await upload(admin, '/api/admin/imports/users/preview', file);
    const counts = response.json().data.counts;
    expect(counts).toEqual({ total: 50, create: 0, update: 0, skip: 47, invalid: 3 });
  });
});

describe('a sales manager importing clients', () => {
  it('owns the clients it creates, and cannot update another manager’s client', async () => {
    const sales = await signedIn(app, db(), ['sales_manager']);
    const other = await createTestUser(db(), { roles: ['sales_manager'] });
    await createTestUser(db(), {
      full_name: 'Чужой Клиент Менеджера',
      phone: '+996777000111',
      password: null,
      manager_id: other,
      roles: ['client'],
    });
    const file = await workbookOf(
      ['ФИО', 'Телефон'],
      [
        ['Новый Клиент Продажника', '0777 000 222'],
        ['Чужой Клиент', '+996 777 000 111'],
      ],
    );
    const preview = await upload(
      sales.browser,
      '/api/admin/imports/users/preview?duplicates=update',
      file,
    );
    expect(preview.json().data.rows[1]).toMatchObject({
      action: 'skip',
      note: 'Уже есть: Чужой Клиент Менеджера (клиент другого менеджера, изменить нельзя)',
    });
    const done = await upload(sales.browser, '/api/admin/imports/users?duplicates=update', file);
    expect(done.json().data).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    const mine = await db()
      .selectFrom('users')
      .select(['manager_id', 'phone'])
      .where('full_name', '=', 'Новый Клиент Продажника')
      .executeTakeFirstOrThrow();
    expect(mine).toEqual({ manager_id: sales.id, phone: '0777000222' });
  });
});

describe('the template', () => {
  it('is an XLSX with the Russian headers and an example row, which an import skips', async () => {
    const response = await admin.get('/api/admin/imports/users/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''%D0%A8%D0%B0%D0%B1%D0%BB%D0%BE%D0%BD",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Клиенты')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'ФИО*',
      'Телефон',
      'Email',
      'Дата рождения',
      'Гражданство',
      'Номер паспорта',
      'Паспорт выдан',
      'Паспорт действует до',
      'Заметки',
    ]);
    expect(sheet.getCell('A2').value).toBe('Иванова Анна Сергеевна');
    expect(workbook.getWorksheet('Как заполнять')).toBeDefined();

    const preview = await upload(admin, '/api/admin/imports/users/preview', response.rawPayload);
    expect(preview.json().data.rows).toEqual([
      expect.objectContaining({
        row: 2,
        action: 'skip',
        errors: {},
        note: 'Строка-пример из шаблона: пропущена',
      }),
    ]);
  });
});

describe('a file that is not the expected table', () => {
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    body: response.json(),
  });
  const fileError = (message: string) => ({
    status: 422,
    body: { code: 0, message, errors: { file: [message] } },
  });
  const url = '/api/admin/imports/users/preview';

  it('a CSV, an old XLS, a Word file or no file: a Russian 422, never a 500', async () => {
    const csv = await upload(
      admin,
      url,
      'ФИО;Телефон\nИванов;+996700000000\n',
      'application/octet-stream',
    );
    expect(refusal(csv)).toEqual(
      fileError('Это не файл Excel (XLSX): скачайте шаблон и перенесите данные в него'),
    );
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    expect(refusal(await upload(admin, url, xls, 'application/octet-stream'))).toEqual(
      fileError('Это файл старого формата Excel (XLS): откройте его в Excel и сохраните как XLSX'),
    );
    // A zip that holds no workbook.
    const zip = Buffer.from(zipSync({ 'hello.txt': strToU8('Привет') }));
    expect(refusal(await upload(admin, url, zip))).toEqual(
      fileError('Файл повреждён или это не таблица Excel (XLSX): сохраните его в Excel заново'),
    );
    const json = await admin.post(url, { rows: [] });
    expect(refusal(json)).toEqual(
      fileError('Это не файл Excel (XLSX): скачайте шаблон и перенесите данные в него'),
    );
    const nothing = await upload(admin, url, '', 'text/csv');
    expect(refusal(nothing)).toEqual(
      fileError('Загрузите файл Excel (XLSX), заполненный по шаблону'),
    );
  });

  it('a table without the expected headers names what is missing', async () => {
    const file = await workbookOf(['Name', 'Phone'], [['Ivanov', '+996700000000']]);
    expect(refusal(await upload(admin, url, file))).toEqual(
      fileError(
        'В файле нет столбца «ФИО»: первая строка листа — заголовки из шаблона. Скачайте ' +
          'шаблон и перенесите данные в него',
      ),
    );
    const empty = await workbookOf(['ФИО', 'Телефон'], []);
    expect(refusal(await upload(admin, url, empty))).toEqual(
      fileError('В файле нет ни одной заполненной строки под заголовками'),
    );
  });

  it('more than 5 000 rows or 5 MB: refused in Russian, nothing read', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => [`Клиент Номер ${i}`]);
    const long = await workbookOf(['ФИО'], rows);
    expect(refusal(await upload(admin, url, long))).toEqual(
      fileError(
        'В файле 5\u00a0001 строк, а за один раз можно загрузить не больше 5\u00a0000: ' +
          'разделите его на несколько файлов',
      ),
    );
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x50);
    expect(refusal(await upload(admin, url, big))).toEqual({
      status: 413,
      body: {
        code: 0,
        message: 'Файл больше 5 МБ: разделите его на несколько файлов',
        errors: { file: ['Файл больше 5 МБ: разделите его на несколько файлов'] },
      },
    });
  });

  it('a client cannot import at all', async () => {
    const client = await signedIn(app, db(), ['client']).catch(() => null);
    // A client-only account cannot even sign in; an agent is refused the route.
    expect(client).toBeNull();
    const agent = await signedIn(app, db(), ['counterparty']);
    const file = await workbookOf(['ФИО'], [['Кто-то']]);
    expect((await upload(agent.browser, url, file)).statusCode).toBe(403);
  });
});

describe('importing prepared tours', () => {
  const HEADERS = [
    'Название',
    'Ключ',
    'Страна',
    'Города',
    'Дней',
    'Базовая цена',
    'Валюта',
    'Цена для агентов',
    'Комиссия агента, %',
    'Опубликован для агентов',
    'Включено',
    'Не включено',
  ];

  it('checks each tour as the form does, matches an existing key, and records each in its history', async () => {
    const existing = await admin.post('/api/admin/tours', {
      title: 'Сеул весной',
      key: 'seul-vesnoy',
      country: 'Корея',
      cities: ['Сеул'],
      days: 1,
      itinerary: [{ title: 'Сеул', description: 'Прогулка' }],
      included: [],
      not_included: [],
      base_price: 900,
      currency: 'usd',
      published: false,
    });
    expect(existing.statusCode).toBe(200);
    const file = await workbookOf(HEADERS, [
      [
        'Тбилиси и Кахетия',
        null,
        'Грузия',
        'Тбилиси, Сигнахи',
        6,
        '1 250,50',
        '$',
        null,
        12,
        'да',
        'Отели; Завтраки',
        'Перелёт',
      ],
      ['Сеул весной', 'seul-vesnoy', 'Корея', null, 1, 950, 'USD', 800, null, null, null, null],
      [
        'Стамбул',
        'stambul',
        'Турция',
        null,
        'пять',
        700,
        'рубли',
        null,
        null,
        'может быть',
        null,
        null,
      ],
      ['Бухара', 'buhara', 'Узбекистан', null, 4, 500, 'usd', 450, 10, 'нет', null, null],
    ]);
    const preview = await upload(admin, '/api/admin/imports/tours/preview?duplicates=update', file);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data.counts).toEqual({ total: 4, create: 1, update: 1, skip: 0, invalid: 2 });
    expect(data.rows[0]).toMatchObject({
      action: 'create',
      values: {
        key: 'tbilisi-i-kahetiya',
        cities: 'Тбилиси, Сигнахи',
        base_price: '1250.50',
        currency: 'usd',
        agent_commission: '12',
        published: 'да',
        included: 'Отели; Завтраки',
      },
      errors: {},
    });
    expect(data.rows[1]).toMatchObject({
      action: 'update',
      match: { id: existing.json().data.id, name: 'Сеул весной' },
      note: 'Уже есть: Сеул весной',
    });
    expect(data.rows[2]).toMatchObject({
      action: 'skip',
      errors: {
        days: ['Значение должно быть целым числом'],
        currency: ['Одна из: KGS, USD, EUR или JPY (можно «сом», «$», «€», «¥»)'],
        published: ['Напишите «да» или «нет»'],
      },
    });
    expect(data.rows[3]).toMatchObject({
      action: 'skip',
      errors: {
        agent_price: ['Укажите либо цену для агентов, либо комиссию, не обе'],
        agent_commission: ['Укажите либо цену для агентов, либо комиссию, не обе'],
      },
    });

    const done = await upload(admin, '/api/admin/imports/tours?duplicates=update', file);
    expect(done.json().data).toMatchObject({ created: 1, updated: 1, skipped: 2 });
    const tours = await db()
      .selectFrom('prepared_tours')
      .select(['key', 'base_price', 'agent_price', 'cities', 'days', 'itinerary', 'published'])
      .where('key', 'in', ['tbilisi-i-kahetiya', 'seul-vesnoy', 'stambul', 'buhara'])
      .orderBy('key')
      .execute();
    expect(tours).toEqual([
      {
        key: 'seul-vesnoy',
        base_price: 95000,
        agent_price: 80000,
        // Blank cells keep what the tour had; its programme stays.
        cities: ['Сеул'],
        days: 1,
        itinerary: [{ title: 'Сеул', description: 'Прогулка' }],
        published: false,
      },
      {
        key: 'tbilisi-i-kahetiya',
        base_price: 125050,
        agent_price: null,
        cities: ['Тбилиси', 'Сигнахи'],
        days: 6,
        itinerary: [],
        published: true,
      },
    ]);
    const history = await admin.get(`/api/admin/tour/${existing.json().data.id}/history`);
    expect(history.json().data.data[0]).toMatchObject({
      action: 'updated',
      user_id: adminId,
    });
  });
});
