import { decodeExtended, parse } from 'content-disposition';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// A supplier's price list as XLSX (issue 33): the export read back cell by cell, the import of a
// person's own file, a file with bad rows refused whole (every row's error listed, nothing
// changed), «replace», and the exported file imported back giving the same list. Every expected
// cell and message is written out here.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let agent: Browser;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ALL_KINDS = ['hotel', 'transfer', 'guide', 'activity', 'tour_expense'];
const LOW = { valid_from: '2027-01-10', valid_to: '2027-05-31' };
const HIGH = { valid_from: '2027-06-01', valid_to: '2027-09-30' };
const YEAR = { valid_from: '2027-01-01', valid_to: '2027-12-31' };

const HEADERS = [
  'Вид услуг',
  'Услуга',
  'Тип номера или билета',
  'Питание',
  'Мест в машине',
  'За что цена',
  'Сезон с',
  'Сезон по',
  'Цена',
  'Валюта',
  'Примечание',
];

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: agent } = await signedIn(app, db(), ['reservation_agent']));
});
afterAll(async () => {
  await app.close();
});

async function supplier(name: string): Promise<number> {
  const response = await agent.post('/api/admin/suppliers', { name, kinds: ALL_KINDS });
  expect(response.statusCode).toBe(200);
  return response.json().data.id;
}

async function addPrices(supplierId: number, bodies: object[]) {
  for (const body of bodies) {
    const saved = await agent.post(`/api/admin/supplier/${supplierId}/prices`, body);
    expect([saved.statusCode, saved.json().errors]).toEqual([200, undefined]);
  }
}

const hotel = (variant: string, price: number, season: object) => ({
  kind: 'hotel',
  service: 'Стандарт',
  variant,
  meal_plan: 'BB',
  unit: variant === 'EXB' || variant === 'CHD' ? 'person_night' : 'room_night',
  currency: 'usd',
  price,
  ...season,
});

/** Seven prices, one or more of every kind. */
const FULL_LIST = [
  hotel('DBL', 95, HIGH),
  hotel('EXB', 25, LOW),
  hotel('DBL', 70.5, LOW),
  {
    kind: 'transfer',
    service: 'Аэропорт Манас — Бишкек',
    capacity: 4,
    unit: 'car',
    currency: 'kgs',
    price: 1500,
    ...YEAR,
  },
  { kind: 'guide', service: 'Гид на день', unit: 'day', currency: 'kgs', price: 3500, ...YEAR },
  {
    kind: 'activity',
    service: 'Исторический музей',
    variant: 'child',
    unit: 'person',
    currency: 'kgs',
    price: 200,
    ...YEAR,
  },
  {
    kind: 'tour_expense',
    service: 'Ужин в юрте',
    unit: 'group',
    currency: 'kgs',
    price: 12000,
    notes: 'С фольклорным шоу',
    ...YEAR,
  },
];

type Cell = string | number | Date | null;
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function workbookOf(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: HEADERS.length }, (_, c) => row.getCell(c + 1).value ?? null));
  }
  return rows;
}

/** A file as a person would make it: the header row, then the rows. */
async function fileOf(rows: Cell[][], headers = HEADERS) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Лист1');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (supplierId: number, file: Buffer, mode?: string) =>
  agent.post(
    `/api/admin/supplier/${supplierId}/prices/import${mode ? `?mode=${mode}` : ''}`,
    file,
    { headers: { 'content-type': XLSX } },
  );

/** The list as compared: everything but ids and timestamps. */
async function listOf(supplierId: number) {
  const response = await agent.get(`/api/admin/supplier/${supplierId}/prices`);
  expect(response.statusCode).toBe(200);
  return (response.json().data as Record<string, unknown>[]).map(
    ({ id: _id, supplier_id: _s, created_at: _c, updated_at: _u, ...price }) => price,
  );
}

async function historyCount(supplierId: number): Promise<number> {
  const row = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('record_type', '=', 'supplier')
    .where('record_id', '=', supplierId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

it('exports the whole list in readable Russian, cell by cell, under the supplier’s name', async () => {
  const id = await supplier('Иссык-Куль Тревел');
  await addPrices(id, FULL_LIST);
  const response = await agent.get(`/api/admin/supplier/${id}/prices/xlsx`);
  const workbook = await workbookOf(response);
  const { parameters } = parse(response.headers['content-disposition'] as string, {
    extended: false,
  });
  expect(decodeExtended(parameters['filename*']!)).toBe('Прайс-лист — Иссык-Куль Тревел.xlsx');
  expect(parameters.filename).toBe(`price-list-${id}.xlsx`);

  const sheet = workbook.getWorksheet('Прайс-лист')!;
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  // By kind (hotel first), service, variant, board, capacity, season.
  expect(rowsOf(sheet)).toEqual([
    HEADERS,
    [
      'Отели',
      'Стандарт',
      'DBL',
      'BB — завтраки',
      null,
      'за номер в ночь',
      day('2027-01-10'),
      day('2027-05-31'),
      70.5,
      'USD',
      null,
    ],
    [
      'Отели',
      'Стандарт',
      'DBL',
      'BB — завтраки',
      null,
      'за номер в ночь',
      day('2027-06-01'),
      day('2027-09-30'),
      95,
      'USD',
      null,
    ],
    [
      'Отели',
      'Стандарт',
      'EXB',
      'BB — завтраки',
      null,
      'за человека в ночь',
      day('2027-01-10'),
      day('2027-05-31'),
      25,
      'USD',
      null,
    ],
    [
      'Трансфер',
      'Аэропорт Манас — Бишкек',
      null,
      null,
      'до 4 мест',
      'за машину',
      day('2027-01-01'),
      day('2027-12-31'),
      1500,
      'KGS',
      null,
    ],
    [
      'Гид/Сопровождение',
      'Гид на день',
      null,
      null,
      null,
      'за день',
      day('2027-01-01'),
      day('2027-12-31'),
      3500,
      'KGS',
      null,
    ],
    [
      'Входные билеты',
      'Исторический музей',
      'Детский',
      null,
      null,
      'за человека',
      day('2027-01-01'),
      day('2027-12-31'),
      200,
      'KGS',
      null,
    ],
    [
      'Прочие расходы',
      'Ужин в юрте',
      null,
      null,
      null,
      'за группу',
      day('2027-01-01'),
      day('2027-12-31'),
      12000,
      'KGS',
      'С фольклорным шоу',
    ],
  ]);
  expect(sheet.getCell(2, 7).numFmt).toBe('dd.mm.yyyy');
  expect(sheet.getCell(2, 9).numFmt).toBe('#,##0.00');
});

it('imports a person’s own file: codes or words, dates as text, «1 500» with a space', async () => {
  const id = await supplier('Гостиница «Каракол»');
  const before = await historyCount(id);
  const imported = await upload(
    id,
    await fileOf([
      ['Отель', 'Стандарт', 'TWN', 'HB', null, null, '01.06.2027', '30.09.2027', 60, 'usd', null],
      [
        'Отели',
        'Стандарт',
        'Ребёнок',
        'полупансион',
        null,
        null,
        day('2027-06-01'),
        day('2027-09-30'),
        '15,50',
        'USD',
        null,
      ],
      [
        'трансфер',
        'Каракол — Джети-Огуз',
        null,
        null,
        7,
        null,
        '2027-05-01',
        '2027-10-31',
        '4 800',
        'сом',
        null,
      ],
      [
        'Входные билеты',
        'Пржевальский музей',
        'Взрослый',
        null,
        null,
        null,
        '01.01.2027',
        '31.12.2027',
        150,
        'KGS',
        'Касса у входа',
      ],
      [
        'Прочие расходы',
        'Ужин в юрте',
        null,
        null,
        null,
        'за человека',
        '01.06.2027',
        '31.08.2027',
        900,
        'KGS',
        null,
      ],
    ]),
  );
  expect([imported.statusCode, imported.json().data]).toEqual([
    200,
    { mode: 'add', added: 5, replaced: 0 },
  ]);
  expect(await listOf(id)).toEqual([
    {
      kind: 'hotel',
      service: 'Стандарт',
      variant: 'CHD',
      meal_plan: 'HB',
      capacity: null,
      unit: 'person_night',
      currency: 'usd',
      price: 15.5,
      valid_from: '2027-06-01',
      valid_to: '2027-09-30',
      notes: null,
    },
    {
      kind: 'hotel',
      service: 'Стандарт',
      variant: 'TWN',
      meal_plan: 'HB',
      capacity: null,
      unit: 'room_night',
      currency: 'usd',
      price: 60,
      valid_from: '2027-06-01',
      valid_to: '2027-09-30',
      notes: null,
    },
    {
      kind: 'transfer',
      service: 'Каракол — Джети-Огуз',
      variant: null,
      meal_plan: null,
      capacity: 7,
      unit: 'car',
      currency: 'kgs',
      price: 4800,
      valid_from: '2027-05-01',
      valid_to: '2027-10-31',
      notes: null,
    },
    {
      kind: 'activity',
      service: 'Пржевальский музей',
      variant: 'adult',
      meal_plan: null,
      capacity: null,
      unit: 'person',
      currency: 'kgs',
      price: 150,
      valid_from: '2027-01-01',
      valid_to: '2027-12-31',
      notes: 'Касса у входа',
    },
    {
      kind: 'tour_expense',
      service: 'Ужин в юрте',
      variant: null,
      meal_plan: null,
      capacity: null,
      unit: 'person',
      currency: 'kgs',
      price: 900,
      valid_from: '2027-06-01',
      valid_to: '2027-08-31',
      notes: null,
    },
  ]);
  // Each price in the supplier's history as if added by hand.
  const created = await db()
    .selectFrom('audit_log')
    .select('action')
    .where('record_type', '=', 'supplier')
    .where('record_id', '=', id)
    .where('entity_type', '=', 'supplier_price')
    .execute();
  expect(created.map((row) => row.action)).toEqual(Array(5).fill('created'));
  expect(await historyCount(id)).toBe(before + 5);
});

it('refuses a file with bad rows whole: every row’s error listed, the list and history unchanged', async () => {
  const id = await supplier('Отель «Бишкек Центр»');
  await addPrices(id, [hotel('DBL', 70.5, LOW)]);
  const listBefore = await listOf(id);
  const historyBefore = await historyCount(id);
  const refused = await upload(
    id,
    await fileOf([
      // Row 2: good on its own (another room type).
      ['Отели', 'Стандарт', 'SGL', 'BB', null, null, '10.01.2027', '31.05.2027', 55, 'USD', null],
      // Row 3: its season meets the DBL already in the list.
      ['Отели', 'Стандарт', 'DBL', 'BB', null, null, '01.05.2027', '30.06.2027', 80, 'USD', null],
      // Row 4: no amount a person can read.
      [
        'Трансфер',
        'Аэропорт Манас — Бишкек',
        null,
        null,
        'до 3 мест',
        null,
        '01.01.2027',
        '31.12.2027',
        'дорого',
        'KGS',
        null,
      ],
      // Row 5: a hotel without its board.
      ['Отели', 'Люкс', 'DBL', null, null, null, '10.01.2027', '31.05.2027', 150, 'USD', null],
      // Row 6: its season meets row 2's.
      [
        'Отели',
        'Стандарт',
        'SGL',
        'BB — завтраки',
        null,
        null,
        '31.05.2027',
        '30.09.2027',
        65,
        'USD',
        null,
      ],
    ]),
  );
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toEqual({
    code: 0,
    message:
      'В файле ошибки (строк с ошибками: 4): ничего не загружено. Исправьте их и загрузите ' +
      'файл снова',
    errors: {
      file: [
        'Строка 3: сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027',
        'Строка 4: цена — сумма должна быть числом, например 1500.50',
        'Строка 5: укажите питание',
        'Строка 6: сезон пересекается со строкой 2 (та же услуга с 10.01.2027 по 31.05.2027)',
      ],
    },
  });
  expect(await listOf(id)).toEqual(listBefore);
  expect(await historyCount(id)).toBe(historyBefore);

  // «Replace» refused the same way keeps the old list too: its deletions are taken back.
  const replaceRefused = await upload(
    id,
    await fileOf([
      ['Гид', 'Гид на день', null, null, null, null, '01.01.2027', '31.12.2027', 0, 'KGS', null],
    ]),
    'replace',
  );
  expect([replaceRefused.statusCode, replaceRefused.json().errors]).toEqual([
    422,
    { file: ['Строка 2: цена — должно быть больше нуля'] },
  ]);
  expect(await listOf(id)).toEqual(listBefore);
  expect(await historyCount(id)).toBe(historyBefore);
});

it('replaces the whole list with the file’s: the old prices deleted in the history', async () => {
  const id = await supplier('Транспорт «Манас»');
  await addPrices(id, FULL_LIST.slice(3, 6));
  const historyBefore = await historyCount(id);
  const replaced = await upload(
    id,
    await fileOf([
      [
        'Трансфер',
        'Аэропорт Манас — Бишкек',
        null,
        null,
        'до 7 мест',
        'за машину',
        '01.01.2027',
        '31.12.2027',
        2500,
        'KGS',
        null,
      ],
      [
        'Трансфер',
        'Аэропорт Манас — Бишкек',
        null,
        null,
        'до 18 мест',
        'за машину',
        '01.01.2027',
        '31.12.2027',
        6000,
        'KGS',
        null,
      ],
    ]),
    'replace',
  );
  expect([replaced.statusCode, replaced.json().data]).toEqual([
    200,
    { mode: 'replace', added: 2, replaced: 3 },
  ]);
  const transfer = (capacity: number, price: number) => ({
    kind: 'transfer',
    service: 'Аэропорт Манас — Бишкек',
    variant: null,
    meal_plan: null,
    capacity,
    unit: 'car',
    currency: 'kgs',
    price,
    valid_from: '2027-01-01',
    valid_to: '2027-12-31',
    notes: null,
  });
  expect(await listOf(id)).toEqual([transfer(7, 2500), transfer(18, 6000)]);
  const actions = await db()
    .selectFrom('audit_log')
    .select('action')
    .where('record_type', '=', 'supplier')
    .where('record_id', '=', id)
    .where('entity_type', '=', 'supplier_price')
    .orderBy('id')
    .offset(3)
    .execute();
  expect(actions.map((row) => row.action)).toEqual([
    'deleted',
    'deleted',
    'deleted',
    'created',
    'created',
  ]);
  expect(await historyCount(id)).toBe(historyBefore + 5);
});

it('takes its own export back with «replace» as the same list; «add» finds every season taken', async () => {
  const id = await supplier('Юрточный лагерь «Сон-Куль»');
  await addPrices(id, FULL_LIST);
  const listBefore = await listOf(id);
  const exported = (await agent.get(`/api/admin/supplier/${id}/prices/xlsx`)).rawPayload;
  const again = await upload(id, exported, 'replace');
  expect([again.statusCode, again.json().data]).toEqual([
    200,
    { mode: 'replace', added: 7, replaced: 7 },
  ]);
  expect(await listOf(id)).toEqual(listBefore);

  const added = await upload(id, exported);
  expect(added.statusCode).toBe(422);
  expect(added.json().errors.file).toHaveLength(7);
  expect(added.json().errors.file[0]).toBe(
    'Строка 2: сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027',
  );
});

it('tells what a file is not, and answers 404 for a supplier that does not exist', async () => {
  const id = await supplier('Пустой поставщик');
  const noColumns = await upload(id, await fileOf([['Стандарт']], ['Название']));
  expect([noColumns.statusCode, noColumns.json().errors.file[0]]).toEqual([
    422,
    'В файле нет столбцов «Вид услуг», «Услуга», «Сезон с», «Сезон по», «Цена», «Валюта»: ' +
      'первая строка листа — заголовки из шаблона. Скачайте шаблон и перенесите данные в него',
  ]);
  const missingExport = await agent.get('/api/admin/supplier/999999/prices/xlsx');
  expect([missingExport.statusCode, missingExport.json().message]).toEqual([
    404,
    'Поставщик не найден',
  ]);
  const missingImport = await upload(999999, await fileOf([]));
  expect([missingImport.statusCode, missingImport.json().message]).toEqual([
    404,
    'Поставщик не найден',
  ]);
});
