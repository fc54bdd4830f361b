import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import type { App } from '../src/app';
import { useTestDatabase } from './database';
import { GIF, pngOf, REQUISITES } from './company-fixtures';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The company's requisites (DESIGN.md 9): one record read by everyone who prints documents, kept
// by create_admin with Russian field errors, every change in the audit log; the logo an image
// kept in the database and printed in the documents' header; the name and INN in every export's
// header.

const database = useTestDatabase();
const db = () => database().db;
let app: App;
let admin: Browser;
let adminId: number;
let sales: Browser;

const VALIDATION = 'Проверьте правильность заполнения полей';
const EMPTY = {
  legal_form: null,
  name: null,
  inn: null,
  okpo: null,
  licence: null,
  city: null,
  address: null,
  phone: null,
  email: null,
  bank_name: null,
  bank_account: null,
  bank_bic: null,
  director_position: null,
  director_name: null,
  director_name_genitive: null,
  logo: null,
  updated_at: null,
  updated_by_name: null,
};

type Reply = Awaited<ReturnType<Browser['get']>>;
function data(response: Reply) {
  expect([response.statusCode, response.json().code]).toEqual([200, 1]);
  return response.json().data;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin, id: adminId } = await signedIn(app, db(), ['admin'], {
    full_name: 'Админ Реквизитов',
  }));
  ({ browser: sales } = await signedIn(app, db(), ['sales_manager']));
});
afterAll(async () => {
  await app.close();
});

describe('GET and PUT /api/admin/company', () => {
  it('starts empty: nothing is made up', async () => {
    expect(data(await sales.get('/api/admin/company'))).toEqual(EMPTY);
  });

  it('keeps what the administrator saves, the digits without the spaces typed in them', async () => {
    const saved = data(
      await admin.put('/api/admin/company', {
        ...REQUISITES,
        inn: ' 0241 1201 9101 25 ',
        bank_account: '1091 8201 8253 0114',
        name: '  Турбюро ',
      }),
    );
    expect(saved).toEqual({
      ...EMPTY,
      ...REQUISITES,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_by_name: 'Админ Реквизитов',
    });
    // Everyone who prints documents reads them.
    expect(data(await sales.get('/api/admin/company'))).toEqual(saved);
  });

  it('changes only the fields sent, and clears an empty one', async () => {
    const saved = data(
      await admin.put('/api/admin/company', { licence: '', phone: '+996 555 10 20 30' }),
    );
    expect(saved).toMatchObject({
      ...REQUISITES,
      licence: null,
      phone: '+996 555 10 20 30',
    });
    data(
      await admin.put('/api/admin/company', {
        licence: REQUISITES.licence,
        phone: REQUISITES.phone,
      }),
    );
  });

  it('refuses wrong requisites with Russian errors under their fields, saving nothing', async () => {
    const response = await admin.put('/api/admin/company', {
      name: 'Другое',
      inn: '123',
      okpo: '1234567x',
      bank_bic: '1234567',
      bank_account: '12345',
      email: 'office@',
      phone: 'звонить',
      address: 'А'.repeat(301),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 0,
      message: VALIDATION,
      errors: {
        inn: ['ИНН — 14 цифр, без пробелов'],
        okpo: ['ОКПО — 8 цифр, без пробелов'],
        address: ['Не больше 300 символов'],
        phone: ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
        email: ['Неверный адрес электронной почты'],
        bank_account: ['Расчётный счёт — 16 цифр, без пробелов'],
        bank_bic: ['Не больше 6 символов'],
      },
    });
    const bad = [
      [{ legal_form: 'llc' }, { legal_form: ['Недопустимое значение'] }],
      [{ inn: 1234 }, { inn: ['Значение должно быть строкой или пустым'] }],
      [{ owner: 'x' }, { owner: ['Неизвестное поле'] }],
    ] as const;
    for (const [body, errors] of bad) {
      const answer = await admin.put('/api/admin/company', body);
      expect({ body, status: answer.statusCode, json: answer.json() }).toEqual({
        body,
        status: 422,
        json: { code: 0, message: VALIDATION, errors },
      });
    }
    expect(data(await sales.get('/api/admin/company'))).toMatchObject(REQUISITES);
  });

  it('lets only create_admin change them', async () => {
    for (const roles of [['sales_manager'], ['accountant'], ['reservation_agent']]) {
      const { browser } = await signedIn(app, db(), roles);
      expect((await browser.put('/api/admin/company', { name: 'Чужое' })).statusCode).toBe(403);
      expect((await browser.delete('/api/admin/company/logo')).statusCode).toBe(403);
      expect((await browser.get('/api/admin/company/history')).statusCode).toBe(403);
    }
    const { browser: agent } = await signedIn(app, db(), ['counterparty']);
    expect((await agent.get('/api/admin/company')).statusCode).toBe(403);
    expect((await new Browser(app).get('/api/admin/company')).statusCode).toBe(401);
    const { browser: developer } = await signedIn(app, db(), ['developer']);
    expect(data(await developer.put('/api/admin/company', { name: 'Турбюро' }))).toMatchObject(
      REQUISITES,
    );
  });

  it('records who changed which requisite from what to what', async () => {
    data(await admin.put('/api/admin/company', { director_position: 'Генеральный директор' }));
    const history = data(await admin.get('/api/admin/company/history'));
    expect(history.data[0]).toMatchObject({
      action: 'updated',
      user_name: 'Админ Реквизитов',
      changes: [{ field: 'director_position', old: 'Директор', new: 'Генеральный директор' }],
    });
    // The first save wrote every requisite from nothing.
    const first = history.data[history.data.length - 1];
    expect(first.changes).toEqual(
      expect.arrayContaining([{ field: 'inn', old: null, new: '02411201910125' }]),
    );
    const row = await db()
      .selectFrom('audit_log')
      .select(['record_type', 'record_id', 'user_id', 'action'])
      .where('record_type', '=', 'company')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      record_type: 'company',
      record_id: 1,
      user_id: adminId,
      action: 'updated',
    });
    data(await admin.put('/api/admin/company', { director_position: 'Директор' }));
    // A save that changes nothing leaves no row.
    const before = history.total + 1;
    data(await admin.put('/api/admin/company', { director_position: 'Директор' }));
    expect(data(await admin.get('/api/admin/company/history')).total).toBe(before);
  });
});

describe('the logo', () => {
  const png = pngOf(60, 20);

  it('keeps a PNG, tells its size, serves it back and records it', async () => {
    const saved = data(
      await admin.put('/api/admin/company/logo', { image: png.toString('base64') }),
    );
    expect(saved.logo).toEqual({
      mime: 'image/png',
      size: png.length,
      width: 60,
      height: 20,
      updated_at: expect.stringMatching(/^\d{4}-/),
    });
    const image = await sales.get('/api/admin/company/logo');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    const history = data(await admin.get('/api/admin/company/history'));
    expect(history.data[0].changes).toEqual([
      { field: 'logo', old: null, new: 'PNG, 60×20, 1 КБ' },
    ]);
  });

  it('prints it in the header of the documents', async () => {
    const tourist = await createTestUser(db(), { full_name: 'Логотипов Турист', password: null });
    const response = await admin.post(`/api/admin/user/${tourist}/agreement`, {
      fileName: 'Договор',
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const media = Object.keys(files).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect(Buffer.compare(Buffer.from(files[media[0]!]!), png)).toBe(0);
    const header = Object.keys(files).find((name) => /^word\/header\d*\.xml$/.test(name));
    expect(strFromU8(files[header!]!)).toContain('<pic:pic');
  });

  it('refuses what is not a PNG or JPEG up to 1 MB, in Russian, keeping the old one', async () => {
    const cases: Array<[string, string]> = [
      [GIF.toString('base64'), 'Логотип — изображение PNG или JPEG'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), 'Логотип — изображение PNG или JPEG'],
      ['не base64!', 'Логотип — изображение PNG или JPEG'],
      [Buffer.concat([png, Buffer.alloc(1024 * 1024)]).toString('base64'), 'Логотип — не больше 1 МБ'],
      [pngOf(4001, 1).toString('base64'), 'Логотип — не больше 4000 точек по каждой стороне'],
    ]; // prettier-ignore
    for (const [image, message] of cases) {
      const response = await admin.put('/api/admin/company/logo', { image });
      expect({ message, status: response.statusCode, json: response.json() }).toEqual({
        message,
        status: 422,
        json: { code: 0, message: VALIDATION, errors: { image: [message] } },
      });
    }
    expect((await admin.put('/api/admin/company/logo', {})).json().errors).toEqual({
      image: ['Обязательное поле'],
    });
    expect(data(await sales.get('/api/admin/company')).logo).toMatchObject({ width: 60 });
  });

  it('takes a JPEG, and is removed on request', async () => {
    // A JPEG's markers: SOI, a JFIF APP0, a SOF0 frame of 2 × 1 pixels, EOI.
    const jpeg = Buffer.from(
      'ffd8ffe000104a46494600010100000100010000ffc0000b080001000201011100ffd9',
      'hex',
    );
    const saved = await admin.put('/api/admin/company/logo', { image: jpeg.toString('base64') });
    expect(data(saved).logo).toMatchObject({ mime: 'image/jpeg', width: 2, height: 1 });
    expect(data(await admin.delete('/api/admin/company/logo')).logo).toBeNull();
    const gone = await sales.get('/api/admin/company/logo');
    expect([gone.statusCode, gone.json()]).toEqual([
      404,
      { code: 0, message: 'Логотип не загружен' },
    ]);
  });
});

describe('exports name the company in their header', () => {
  it('prints the name and INN at the top of every page of an export', async () => {
    const response = await admin.get('/api/admin/trips/export');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.company).toBe('ОсОО «Турбюро»');
    const sheet = workbook.worksheets[0]!;
    expect(sheet.headerFooter.oddHeader).toBe(
      '&L&8ОсОО «Турбюро», ИНН 02411201910125' +
        '&R&8Кыргызская Республика, 720040, г. Бишкек, ул. Киевская, 95, офис 304, ' +
        'тел. +996 312 62-45-00',
    );
    expect(sheet.headerFooter.oddFooter).toBe('&C&8Страница &P из &N');
    // The table itself is where it was: its header in the first row.
    expect(sheet.getRow(1).getCell(1).value).toBeTruthy();
  });

  it('names the company in a streamed export too', async () => {
    const response = await admin.get('/api/admin/balance/operations/export');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.headerFooter.oddHeader).toContain(
      'ОсОО «Турбюро», ИНН 02411201910125',
    );
  });
});
