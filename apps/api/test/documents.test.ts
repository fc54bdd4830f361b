import { decodeExtended, parse } from 'content-disposition';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { fileNameFromContentDisposition, formatAmount } from '@tour/core';
import type { App } from '../src/app';
import { safeDocxFileName } from '../src/domain/papers/file-name';
import {
  EMBASSY_DOCUMENT_TYPES,
  VISA_PURPOSES,
  VISA_TYPES,
} from '@tour/core/contract/document-options';
import { MESSAGES } from '../src/routes/documents/service';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn, type NewTestUser } from './http';
import { browserWithSession } from './sessions';

const database = useTestDatabase();
const db = () => database().db;
let app: App;
let admin: Browser;
let touristId: number;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LEGAL_NAME = 'Общество с ограниченной ответственностью «Турбюро»';
const VALIDATION = 'Проверьте правильность заполнения полей';
const NOT_FOUND = { code: 0, message: 'Пользователь не найден' };
const TOURIST = {
  full_name: 'Осмонова Айгуль Бакытовна',
  passport_number: 'AC1234567',
  birth_date: '1990-05-17',
  citizenship: 'Кыргызстан',
  passport_issued_at: '2020-01-10',
  passport_expires_at: '2030-01-09',
};

/** A tourist (no sign-in) with a full card unless told otherwise. */
async function tourist(extra: NewTestUser & Partial<typeof TOURIST> = {}): Promise<number> {
  const { birth_date, citizenship, passport_issued_at, passport_expires_at, ...user } = {
    ...TOURIST,
    ...extra,
  };
  const id = await createTestUser(db(), {
    password: null,
    email: null,
    roles: ['client'],
    ...user,
  });
  await db()
    .updateTable('users')
    .set({ birth_date, citizenship, passport_issued_at, passport_expires_at })
    .where('id', '=', id)
    .execute();
  return id;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  touristId = await tourist();
  expect((await admin.put('/api/admin/company', REQUISITES)).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const embassyUrl = (id: number) => `/api/admin/user/${id}/application-embassy`;
const agreementUrl = (id: number) => `/api/admin/user/${id}/agreement`;
const embassy = (browser: Browser, id: number, body: unknown) => browser.post(embassyUrl(id), body);
const agreement = (browser: Browser, id: number, body: unknown) =>
  browser.post(agreementUrl(id), body);

/** The text of word/document.xml, runs joined, entities decoded. */
function documentText(response: LightMyRequestResponse): string {
  const files = unzipSync(new Uint8Array(response.rawPayload));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml']));
  const xml = strFromU8(files['word/document.xml']!);
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((match) => match[1]!)
    .join('')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The two names of an attachment's Content-Disposition, checking the header is one safe line. */
function attachmentNames(response: LightMyRequestResponse) {
  const header = response.headers['content-disposition'];
  expect(typeof header).toBe('string');
  const text = header as string;
  expect(text).toMatch(/^[\x20-\x7e]+$/); // one line, ASCII only: nothing can split it
  const { type, parameters } = parse(text, { extended: false });
  expect(type).toBe('attachment');
  expect(parameters['filename*']).toMatch(/^UTF-8''/);
  const unicode = decodeExtended(parameters['filename*']!);
  expect(fileNameFromContentDisposition(text)).toBe(unicode); // what the browsers save
  return { ascii: parameters.filename!, unicode: unicode! };
}

function expectSafeName(name: string) {
  expect(name).toMatch(/\.docx$/);
  expect(name).not.toMatch(/[/\\"<>:|?*\p{Cc}\p{Cf}]/u);
  expect(name).not.toMatch(/^[.\s]/);
}

function expectDocx(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(DOCX);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
}

describe('GET /api/admin/documents/options', () => {
  it('lists the embassy documents and visa types with Russian labels', async () => {
    const response = await admin.get('/api/admin/documents/options');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 1,
      data: {
        embassyTypes: [
          { value: 'application', label: 'Анкета-заявление на визу' },
          { value: 'itinerary', label: 'Программа пребывания (маршрут)' },
          { value: 'guarantee', label: 'Гарантийное письмо' },
          { value: 'invitation', label: 'Приглашение' },
          { value: 'cover_letter', label: 'Сопроводительное письмо' },
        ],
        visaTypes: [
          { value: 'tourist', label: 'Туристическая' },
          { value: 'business', label: 'Деловая' },
          { value: 'transit', label: 'Транзитная' },
          { value: 'visiting', label: 'Посещение родственников и знакомых' },
          { value: 'cultural', label: 'Культурный обмен, спорт' },
          { value: 'medical', label: 'Лечение' },
        ],
      },
    });
  });

  it('is for staff only', async () => {
    const anonymous = new Browser(app);
    expect((await anonymous.get('/api/admin/documents/options')).statusCode).toBe(401);
    const { browser: agent } = await signedIn(app, db(), ['counterparty']);
    expect((await agent.get('/api/admin/documents/options')).statusCode).toBe(403);
    const { browser: sales } = await signedIn(app, db(), ['sales_manager']);
    expect((await sales.get('/api/admin/documents/options')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/user/:userId/application-embassy', () => {
  it.each(EMBASSY_DOCUMENT_TYPES)('builds the %s from the user card', async (type) => {
    const response = await embassy(admin, touristId, { type, visaType: 'tourist' });
    expectDocx(response);
    const text = documentText(response);
    for (const expected of [
      TOURIST.full_name,
      TOURIST.passport_number,
      '17.05.1990',
      VISA_PURPOSES.tourist,
    ]) {
      expect(text).toContain(expected);
    }
    if (type !== 'itinerary') {
      for (const expected of ['Кыргызстан', '10.01.2020', '09.01.2030']) {
        expect(text).toContain(expected);
      }
    }
    const { unicode, ascii } = attachmentNames(response);
    expectSafeName(unicode);
    expect(unicode).toContain(TOURIST.full_name);
    expect(ascii).toMatch(/^[\x20-\x7e]+\.docx$/);
  });

  it.each(VISA_TYPES)('states the purpose of a %s visa', async (visaType) => {
    const response = await embassy(admin, touristId, { type: 'guarantee', visaType });
    expectDocx(response);
    const text = documentText(response);
    expect(text).toContain(VISA_PURPOSES[visaType]);
    expect(text).toContain(LEGAL_NAME);
  });

  it('leaves what the card lacks as lines to fill in by hand', async () => {
    const bare = await createTestUser(db(), {
      full_name: 'Пустая Карточка',
      password: null,
      email: null,
    });
    for (const type of EMBASSY_DOCUMENT_TYPES) {
      const response = await embassy(admin, bare, { type, visaType: 'business' });
      expectDocx(response);
      const text = documentText(response);
      expect(text).toContain('Пустая Карточка');
      expect(text).not.toMatch(/null|undefined|NaN|Invalid Date/);
      if (['guarantee', 'cover_letter'].includes(type)) expect(text).toContain('__.__.______');
    }
  });

  it('refuses a bad body with Russian field errors', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { type: ['Обязательное поле'], visaType: ['Обязательное поле'] }],
      [{ visaType: 'tourist' }, { type: ['Обязательное поле'] }],
      [{ type: 'application' }, { visaType: ['Обязательное поле'] }],
      [{ type: 'passport', visaType: 'tourist' }, { type: ['Недопустимое значение'] }],
      [{ type: '', visaType: 'tourist' }, { type: ['Недопустимое значение'] }],
      [{ type: 'application', visaType: 'work' }, { visaType: ['Недопустимое значение'] }],
      [{ type: 'APPLICATION', visaType: 'Tourist' }, {
        type: ['Недопустимое значение'],
        visaType: ['Недопустимое значение'],
      }],
      [
        { type: 1, visaType: 'tourist' },
        { type: ['Значение должно быть строкой', 'Недопустимое значение'] },
      ],
      [
        { type: 'application', visaType: 'tourist', fileName: 'a.docx' },
        { fileName: ['Неизвестное поле'] },
      ],
    ]; // prettier-ignore
    for (const [body, errors] of cases) {
      const response = await embassy(admin, touristId, body);
      expect({ body, status: response.statusCode, answer: response.json() }).toEqual({
        body,
        status: 422,
        answer: { code: 0, message: VALIDATION, errors },
      });
    }
  });
});

describe('POST /api/admin/user/:userId/agreement', () => {
  const full = {
    fileName: 'Договор Осмоновой',
    contractNumber: '17/2025',
    contractDate: '2025-03-01',
    destination: 'Япония: Токио, Киото',
    dateFrom: '2025-04-01',
    dateTo: '2025-04-10',
    price: 1234567.5,
    currency: 'usd',
    paymentTerms: '50% при подписании, остаток за 14 дней до вылета.',
  };

  it('builds the agreement with the parties, price, dates and terms', async () => {
    const response = await agreement(admin, touristId, full);
    expectDocx(response);
    const text = documentText(response);
    for (const expected of [
      'ДОГОВОР № 17/2025',
      'о реализации туристского продукта',
      '01.03.2025',
      LEGAL_NAME,
      TOURIST.full_name,
      TOURIST.passport_number,
      '17.05.1990',
      'Япония: Токио, Киото',
      'с 01.04.2025 по 10.04.2025',
      formatAmount(1234567.5, 'usd'),
      '50% при подписании, остаток за 14 дней до вылета.',
      'Изменение и расторжение договора',
      'Реквизиты и подписи сторон',
    ]) {
      expect(text).toContain(expected);
    }
    expect(formatAmount(1234567.5, 'usd')).toBe('$1\u00a0234\u00a0567,50');
    expect(attachmentNames(response)).toEqual({
      ascii: 'Dogovor Osmonovoi.docx',
      unicode: 'Договор Осмоновой.docx',
    });
  });

  it('prints a price in som with the shared format, and blanks without one', async () => {
    const priced = await agreement(admin, touristId, {
      fileName: 'a',
      price: 150000,
      currency: 'kgs',
    });
    expectDocx(priced);
    expect(documentText(priced)).toContain('С150\u00a0000,00');

    const bare = await agreement(admin, touristId, {
      fileName: 'b',
      price: null,
      currency: null,
      destination: null,
    });
    expectDocx(bare);
    const text = documentText(bare);
    expect(text).toContain('Цена туристского продукта составляет ____');
    expect(text).toContain('с __.__.______ по __.__.______');
    expect(text).not.toMatch(/null|undefined|NaN/);
  });

  it('refuses a bad body with Russian field errors', async () => {
    const name = { fileName: 'Договор' };
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { fileName: ['Обязательное поле'] }],
      [{ fileName: '' }, { fileName: ['Обязательное поле'] }],
      [{ fileName: '   ' }, { fileName: [MESSAGES.required] }],
      [{ fileName: 'Д'.repeat(151) }, { fileName: ['Не длиннее 150 символов'] }],
      [{ fileName: 5 }, { fileName: ['Значение должно быть строкой'] }],
      [{ ...name, owner: 'x' }, { owner: ['Неизвестное поле'] }],
      [{ ...name, price: 100 }, { currency: [MESSAGES.currencyRequired] }],
      [{ ...name, price: 0, currency: 'usd' }, { price: ['Больше 0'] }],
      [{ ...name, price: -5, currency: 'usd' }, { price: ['Больше 0'] }],
      [{ ...name, price: 1e13, currency: 'usd' }, {
        price: ['Сумма не может быть больше $10\u00a0000\u00a0000,00'],
      }],
      [{ ...name, price: '100', currency: 'usd' }, {
        price: ['Значение должно быть числом или пустым'],
      }],
      [{ ...name, price: 10.5, currency: 'kgs' }, { price: [MESSAGES.priceWhole] }],
      [{ ...name, price: 10.5, currency: 'jpy' }, { price: [MESSAGES.priceWhole] }],
      [{ ...name, price: 10.555, currency: 'usd' }, { price: [MESSAGES.priceDecimals(2)] }],
      [{ ...name, price: 10, currency: 'rub' }, { currency: ['Недопустимое значение'] }],
      [{ ...name, dateFrom: '2025-02-30' }, { dateFrom: ['Неверная дата'] }],
      [{ ...name, contractDate: '01.03.2025' }, { contractDate: ['Неверная дата'] }],
      [
        { ...name, dateFrom: '2025-04-10', dateTo: '2025-04-01' },
        { dateTo: [MESSAGES.datesReversed] },
      ],
      [{ ...name, destination: 'Я'.repeat(201) }, { destination: ['Не длиннее 200 символов'] }],
      [{ ...name, paymentTerms: 'я'.repeat(2001) }, {
        paymentTerms: ['Не длиннее 2000 символов'],
      }],
      [{ ...name, contractNumber: 'N'.repeat(51) }, {
        contractNumber: ['Не длиннее 50 символов'],
      }],
    ]; // prettier-ignore
    for (const [body, errors] of cases) {
      const response = await agreement(admin, touristId, body);
      expect({ body, status: response.statusCode, answer: response.json() }).toEqual({
        body,
        status: 422,
        answer: { code: 0, message: VALIDATION, errors },
      });
    }
    expectDocx(await agreement(admin, touristId, { fileName: 'Д'.repeat(150) }));
  });

  it.each<[string, string, string]>([
    ['a\r\nb', 'a b.docx', 'a b.docx'],
    ['"a\r\nb"', 'a b.docx', 'a b.docx'],
    [
      'report"; filename="evil.exe',
      'report_; filename=_evil.exe.docx',
      'report_; filename=_evil.exe.docx',
    ],
    ['../../etc/passwd', 'etc_passwd.docx', 'etc_passwd.docx'],
    ['..\\..\\Windows\\win.ini', 'Windows_win.ini.docx', 'Windows_win.ini.docx'],
    ['/abs/path.docx', 'abs_path.docx', 'abs_path.docx'],
    ['Договор №1 «Тест».docx', 'Договор №1 «Тест».docx', 'Dogovor No1 Test.docx'],
    ['Тур 🗾 Япония 🎌', 'Тур 🗾 Япония 🎌.docx', 'Tur Iaponiia.docx'],
    ['🎉', '🎉.docx', 'agreement.docx'],
    ['\u202Excod.exe', 'xcod.exe.docx', 'xcod.exe.docx'],
    ['a\u0001b\u0007c\u001bd\u007f', 'a b c d.docx', 'a b c d.docx'],
    ['Ümit Çelik 100%', 'Ümit Çelik 100%.docx', 'Umit Celik 100_.docx'],
    ['CON', '_CON.docx', '_CON.docx'],
    ['...', 'Договор.docx', 'Dogovor.docx'],
    ['.DOCX', 'Договор.docx', 'Dogovor.docx'],
  ])('names the file safely for %j', async (requested, unicode, ascii) => {
    const response = await agreement(admin, touristId, { fileName: requested });
    expectDocx(response);
    const names = attachmentNames(response);
    expect(names).toEqual({ unicode, ascii });
    expectSafeName(names.unicode);
    expectSafeName(names.ascii);
  });
});

describe('file names', () => {
  it('keeps a long name within file system limits, never splitting a character', () => {
    const name = safeDocxFileName('Ж'.repeat(150) + '🎉'.repeat(50), 'x');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(205);
    expect(name.endsWith('.docx')).toBe(true);
    expect(name).not.toMatch(/\uFFFD/);
    expect(() => encodeURIComponent(name)).not.toThrow(); // throws on a lone surrogate
    expect(safeDocxFileName('a\uD800b', 'x')).toBe('ab.docx');
  });
});

describe('who may generate documents', () => {
  const calls: Array<{ url: (id: number) => string; payload: object }> = [
    { url: embassyUrl, payload: { type: 'application', visaType: 'tourist' } },
    { url: agreementUrl, payload: { fileName: 'Договор' } },
  ];

  it('answers 404 for an unknown user, exactly as GET /admin/user/:id does', async () => {
    const missing = 2 ** 31;
    const opened = await admin.get(`/api/admin/user/${missing}`);
    expect(opened.statusCode).toBe(404);
    for (const { url, payload } of calls) {
      const response = await admin.post(url(missing), payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(opened.json());
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('lets a manager reach only the users it manages (and itself)', async () => {
    const { browser: sales, id: salesId } = await signedIn(app, db(), ['sales_manager']);
    const own = await tourist({ manager_id: salesId, passport_number: 'ID7654321' });
    const others = await tourist({ passport_number: 'ID0000001' });
    for (const { url, payload } of calls) {
      const response = await sales.post(url(own), payload);
      expectDocx(response);
      expect(documentText(response)).toContain('ID7654321');
      expectDocx(await sales.post(url(salesId), payload));

      const refused = await sales.post(url(others), payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual((await sales.get(`/api/admin/user/${others}`)).json());
      expect(refused.rawPayload.toString()).not.toContain('ID0000001');
      expectDocx(await admin.post(url(others), payload));
    }
  });

  it('refuses anonymous callers (401), agents and clients (403), and a missing CSRF token (419)', async () => {
    const anonymous = new Browser(app);
    await anonymous.get('/api/get-laravel-permission-to-vuejs');
    const { browser: agent, id: agentId } = await signedIn(app, db(), ['counterparty']);
    const agentsTourist = await tourist({ counterparty_id: agentId });
    const clientId = await createTestUser(db(), { roles: ['client'] });
    const client = await browserWithSession(app, db(), clientId);
    for (const { url, payload } of calls) {
      expect((await anonymous.post(url(agentsTourist), payload)).statusCode).toBe(401);
      expect((await agent.post(url(agentsTourist), payload)).statusCode).toBe(403);
      expect((await client.post(url(clientId), payload)).statusCode).toBe(403);
      const withoutCsrf = await admin.post(url(agentsTourist), payload, { withoutCsrf: true });
      expect(withoutCsrf.statusCode).toBe(419);
      // A refusal is the JSON envelope, never a file.
      expect(withoutCsrf.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the three routes, the files as DOCX', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/documents/options',
        '/api/admin/user/{userId}/application-embassy',
        '/api/admin/user/{userId}/agreement',
      ]),
    );
    expect(
      Object.keys(paths['/api/admin/user/{userId}/agreement'].post.responses[200].content),
    ).toEqual([DOCX]);
  });
});

describe('documents of a tourist on a trip', () => {
  // Written by hand: the tourist's price $3 500 less a $70 discount is $3 430 due; $700 paid and
  // confirmed, $100 still pending (not paid), so $2 730 owed. Two confirmed hotels (Tokyo, then
  // Kyoto) and one only requested, which no document may print.
  const day = (offset: number) => {
    const date = new Date();
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const dotted = (iso: string) => iso.split('-').reverse().join('.');
  const start = day(40);
  const tokyoOut = day(44);
  const end = day(48);
  let tripId: number;
  let participantId: number;
  let onTrip: number;
  let sales: Browser;

  type Reply = Awaited<ReturnType<Browser['get']>>;
  const data = (response: Reply) => {
    expect([response.statusCode, response.body]).toEqual([
      200,
      expect.stringContaining('"code":1'),
    ]);
    return response.json().data;
  };

  async function trip(title: string, from: string, to: string, country = 'Япония') {
    return data(
      await admin.post('/api/admin/trips', {
        title,
        country,
        starts_on: from,
        ends_on: to,
        price: 3500,
        currency: 'usd',
        seats: 10,
      }),
    ).id as number;
  }

  async function hotel(
    supplierId: number,
    participant: number,
    name: string,
    city: string,
    dates: [string, string],
    status: 'confirmed' | 'requested',
  ) {
    data(
      await admin.post('/api/admin/bookings', {
        kind: 'hotel',
        trip_id: tripId,
        supplier_id: supplierId,
        starts_on: dates[0],
        ends_on: dates[1],
        cost: 600,
        currency: 'usd',
        status,
        details: {
          hotel_name: name,
          city,
          meal_plan: 'BB',
          room_plan: [{ room_type: 'DBL', participant_ids: [participant] }],
        },
        participants: [{ participant_id: participant }],
      }),
    );
  }

  beforeAll(async () => {
    const { browser: accountant } = await signedIn(app, db(), ['accountant']);
    let salesId: number;
    ({ browser: sales, id: salesId } = await signedIn(app, db(), ['sales_manager']));
    await db()
      .insertInto('wallets')
      .values({ type: 'site', kind: 'cash', name: 'Касса USD', currency: 'usd' })
      .execute();
    onTrip = await tourist({
      full_name: 'Туристова Асель Бакытовна',
      manager_id: salesId,
      phone: '+996 555 12 34 56',
    });
    tripId = await trip('Весенний Токио и Киото', start, end);
    participantId = data(
      await admin.post(`/api/admin/trip/${tripId}/participants`, {
        user_id: onTrip,
        price: 3500,
        discount: 70,
      }),
    ).id;
    const supplier = data(
      await admin.post('/api/admin/suppliers', { name: 'JTB Hotels', kinds: ['hotel'] }),
    ).id;
    await hotel(
      supplier,
      participantId,
      'Gracery Shinjuku',
      'Токио',
      [start, tokyoOut],
      'confirmed',
    );
    await hotel(
      supplier,
      participantId,
      'Kyoto Tower Hotel',
      'Киото',
      [tokyoOut, end],
      'confirmed',
    );
    await hotel(supplier, participantId, 'Отель Под Вопросом', 'Осака', [start, end], 'requested');
    const payments = `/api/admin/trip/${tripId}/participant/${participantId}/payments`;
    const paid = data(
      await sales.post(
        payments,
        { currency: 'usd', amount: 700 },
        { headers: { 'idempotency-key': `documents-${process.pid}-1` } },
      ),
    );
    data(await accountant.post(`/api/admin/balance/operations/${paid.id}/confirm`));
    data(
      await sales.post(
        payments,
        { currency: 'usd', amount: 100 },
        { headers: { 'idempotency-key': `documents-${process.pid}-2` } },
      ),
    );
    // A later trip and an ended one: the nearest upcoming is the default.
    for (const [title, from, to] of [
      ['Осенний Сеул', day(120), day(127)],
      ['Прошлый Бишкек', day(-20), day(-15)],
    ] as const) {
      const other = await trip(title, from, to, title.includes('Сеул') ? 'Корея' : 'Кыргызстан');
      data(await admin.post(`/api/admin/trip/${other}/participants`, { user_id: onTrip }));
    }
  });

  const REQUISITE_TEXTS = [
    LEGAL_NAME,
    'в лице директора Асановой Гулнары Маратовны, действующей на основании Устава',
    'ИНН 02411201910125, ОКПО 30125478',
    'Р/с 1091820182530114 в ОАО «Оптима Банк», г. Бишкек, БИК 109018',
    'Кыргызская Республика, 720040, г. Бишкек, ул. Киевская, 95, офис 304',
    'Тел.: +996 312 62-45-00, e-mail: office@example.com',
    'Г. М. Асанова',
  ];

  it('fills the agreement from the nearest upcoming trip and the requisites, leaving no blank', async () => {
    const response = await sales.post(agreementUrl(onTrip), { fileName: 'Договор Туристовой' });
    expectDocx(response);
    const text = documentText(response);
    for (const expected of [
      `ДОГОВОР № ${tripId}/${participantId}`,
      'Направление (страна, города): Япония, Токио, Киото.',
      `Сроки тура: с ${dotted(start)} по ${dotted(end)}.`,
      `Gracery Shinjuku (Токио), ${dotted(start)}–${dotted(tokyoOut)}`,
      `Kyoto Tower Hotel (Киото), ${dotted(tokyoOut)}–${dotted(end)}`,
      'Цена туристского продукта составляет $3\u00a0430,00 с учётом скидки $70,00 (цена тура ' +
        '$3\u00a0500,00) (валюта: Доллар США).',
      'На дату Договора Турист оплатил $700,00; остаток к оплате — $2\u00a0730,00, вносится не ' +
        `позднее ${dotted(start)} (до начала тура).`,
      'г. Бишкек',
      // The appendix's programme: a row a day with the night's hotel.
      `${dotted(tokyoOut)}КиотоKyoto Tower Hotel`,
      ...REQUISITE_TEXTS,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('____');
    expect(text).not.toContain('Отель Под Вопросом');
    expect(text).not.toContain('Сеул');
    expect(text).not.toMatch(/Иванов|00000000|null|undefined|NaN/);
  });

  it('fills the embassy application from the trip chosen, leaving no blank', async () => {
    const response = await sales.post(embassyUrl(onTrip), {
      type: 'application',
      visaType: 'tourist',
      tripId,
    });
    expectDocx(response);
    const text = documentText(response);
    for (const expected of [
      'Страна назначенияЯпония',
      'ГородаТокио, Киото',
      `Дата въезда${dotted(start)}`,
      `Дата выезда${dotted(end)}`,
      'Продолжительность пребывания, дней9',
      `Gracery Shinjuku (Токио), ${dotted(start)}–${dotted(tokyoOut)}; Kyoto Tower Hotel (Киото)`,
      'Стоимость поездки$3\u00a0430,00 (оплачено $700,00, остаток $2\u00a0730,00)',
      'ОрганизацияОсОО «Турбюро»',
      'ИНН02411201910125',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('____');
    expect(text).not.toContain('Отель Под Вопросом');
  });

  it('prints every embassy document of the trip with the company, its number and no blank', async () => {
    for (const type of EMBASSY_DOCUMENT_TYPES) {
      const text = documentText(
        await sales.post(embassyUrl(onTrip), { type, visaType: 'tourist' }),
      );
      expect({ type, blank: text.includes('____') }).toEqual({ type, blank: false });
      expect(text).toContain('Япония');
      if (type !== 'application' && type !== 'itinerary') {
        expect(text).toContain(`Исх. № ${tripId}/${participantId}`);
        expect(text).toContain('ИНН 02411201910125');
      }
    }
  });

  it('takes another trip of the tourist when asked, and refuses one it is not on', async () => {
    const seoul = (
      await db()
        .selectFrom('trips')
        .select('id')
        .where('title', '=', 'Осенний Сеул')
        .executeTakeFirstOrThrow()
    ).id;
    const text = documentText(
      await sales.post(agreementUrl(onTrip), { fileName: 'С', tripId: seoul }),
    );
    expect(text).toContain('Направление (страна, города): Корея.');
    expect(text).toContain(
      'Цена туристского продукта составляет $3\u00a0500,00 (валюта: Доллар США).',
    );
    expect(text).toContain(
      'На дату Договора Турист оплатил $0,00; остаток к оплате — $3\u00a0500,00',
    );

    const other = await trip('Чужой тур', day(60), day(65));
    for (const url of [agreementUrl(onTrip), embassyUrl(onTrip)]) {
      const body = url.endsWith('agreement')
        ? { fileName: 'Д', tripId: other }
        : { type: 'application', visaType: 'tourist', tripId: other };
      const refused = await sales.post(url, body);
      expect([refused.statusCode, refused.json()]).toEqual([
        422,
        { code: 0, message: VALIDATION, errors: { tripId: ['Турист не участвует в этом туре'] } },
      ]);
    }
  });

  it('prints without a trip when told so, and what the staff typed wins over the trip', async () => {
    const bare = documentText(
      await sales.post(agreementUrl(onTrip), { fileName: 'Без тура', tripId: null }),
    );
    expect(bare).toContain('Цена туристского продукта составляет ____');
    expect(bare).not.toContain('Токио');
    const typed = documentText(
      await sales.post(agreementUrl(onTrip), {
        fileName: 'Свои данные',
        contractNumber: '42/2026',
        destination: 'Япония: Токио',
        price: 3000,
        currency: 'usd',
      }),
    );
    expect(typed).toContain('ДОГОВОР № 42/2026');
    expect(typed).toContain('Направление (страна, города): Япония: Токио.');
    expect(typed).toContain('Цена туристского продукта составляет $3\u00a0000,00');
    expect(typed).toContain(`Сроки тура: с ${dotted(start)} по ${dotted(end)}.`);
  });

  it('prints a line to fill in by hand where a requisite is missing, never a made-up one', async () => {
    expect(
      (await admin.put('/api/admin/company', { inn: '', bank_account: null })).statusCode,
    ).toBe(200);
    try {
      const text = documentText(await sales.post(agreementUrl(onTrip), { fileName: 'Без ИНН' }));
      expect(text).toContain('ИНН __________, ОКПО 30125478');
      expect(text).toContain('Р/с __________ в ОАО «Оптима Банк»');
      expect(text).not.toMatch(/00000000000000|Иванов/);
    } finally {
      await admin.put('/api/admin/company', REQUISITES);
    }
  });
});
