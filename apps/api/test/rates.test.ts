import type { App } from '../src/app';
import { addDays, businessToday } from '../src/domain/business-day';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

const database = useTestDatabase();
const db = () => database().db;
let app: App;

beforeAll(async () => {
  app = await buildTestApp(db());
});
afterAll(async () => {
  await app.close();
});

async function insertRates(date: string, rates: Array<[string, string, string]>) {
  await db()
    .insertInto('currency_rates')
    .values(rates.map(([from, to, rate]) => ({ date, from_currency: from, to_currency: to, rate })))
    .execute();
}

async function allRates() {
  return db()
    .selectFrom('currency_rates')
    .selectAll()
    .orderBy('date')
    .orderBy('from_currency')
    .orderBy('to_currency')
    .execute();
}

async function guest() {
  const browser = new Browser(app);
  await browser.get('/api/get-laravel-permission-to-vuejs');
  return browser;
}

describe('GET /api/currency-rates', () => {
  // Runs first: the database has no rates yet.
  it('answers an empty map under the key when there are no rates at all', async () => {
    const { browser } = await signedIn(app, db(), ['sales_manager']);
    const current = await browser.get('/api/currency-rates');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ code: 1, data: { current: {} } });
    const dated = await browser.get('/api/currency-rates?date=2026-01-10');
    expect(dated.json()).toEqual({ code: 1, data: { '2026-01-10': {} } });
  });

  it('refuses an anonymous caller with 401', async () => {
    const response = await (await guest()).get('/api/currency-rates');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 0, message: 'Требуется вход в систему' });
  });

  describe('with rates on some days', () => {
    let browser: Browser;
    beforeAll(async () => {
      ({ browser } = await signedIn(app, db(), ['counterparty']));
      await insertRates('2025-12-30', [['usd', 'kgs', '87.1']]);
      await insertRates('2026-01-10', [
        ['usd', 'kgs', '87.45'],
        ['eur', 'kgs', '95.1234567891'],
        ['jpy', 'kgs', '0.5812'],
      ]);
      await insertRates('2026-01-12', [['usd', 'kgs', '87.5']]);
    });

    it('gives the rates of the date itself, as numbers, keyed by the date', async () => {
      const response = await browser.get('/api/currency-rates?date=2026-01-10');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: 1,
        data: {
          '2026-01-10': {
            eur: { kgs: 95.1234567891 },
            jpy: { kgs: 0.5812 },
            usd: { kgs: 87.45 },
          },
        },
      });
    });

    it('gives the latest day on or before a date without rates, keyed by the requested date', async () => {
      const response = await browser.get('/api/currency-rates?date=2026-01-11');
      expect(response.json().data).toEqual({
        '2026-01-11': { eur: { kgs: 95.1234567891 }, jpy: { kgs: 0.5812 }, usd: { kgs: 87.45 } },
      });
      // The day they are of is told beside the body.
      expect(response.headers['x-rates-date']).toBe('2026-01-10');
      const earlier = await browser.get('/api/currency-rates?date=2026-01-09');
      expect(earlier.json().data).toEqual({ '2026-01-09': { usd: { kgs: 87.1 } } });
      expect(earlier.headers['x-rates-date']).toBe('2025-12-30');
      const later = await browser.get('/api/currency-rates?date=2026-03-01');
      expect(later.json().data).toEqual({ '2026-03-01': { usd: { kgs: 87.5 } } });
    });

    it('gives nothing for a date before the first rates', async () => {
      const response = await browser.get('/api/currency-rates?date=2025-12-29');
      expect(response.json()).toEqual({ code: 1, data: { '2025-12-29': {} } });
      expect(response.headers['x-rates-date']).toBeUndefined();
    });

    it('gives the latest day up to today under current, not rates entered for tomorrow', async () => {
      const today = businessToday();
      await insertRates(today, [['usd', 'kgs', '88']]);
      await insertRates(addDays(today, 1), [['usd', 'kgs', '89']]);
      const response = await browser.get('/api/currency-rates');
      expect(response.json()).toEqual({ code: 1, data: { current: { usd: { kgs: 88 } } } });
      const tomorrow = await browser.get(`/api/currency-rates?date=${addDays(today, 1)}`);
      expect(tomorrow.json().data).toEqual({ [addDays(today, 1)]: { usd: { kgs: 89 } } });
    });

    it.each(['2026-02-30', '21.11.2026', '2026-1-5', 'завтра', '2026-01-10T00:00:00Z', ''])(
      'refuses the date %p with a Russian 422',
      async (date) => {
        const response = await browser.get(`/api/currency-rates?date=${encodeURIComponent(date)}`);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          code: 0,
          message: 'Проверьте правильность заполнения полей',
          errors: { date: ['Неверная дата'] },
        });
      },
    );
  });
});

describe('POST /api/admin/currency-rates', () => {
  const DATE = '2026-02-02';
  let accountant: { browser: Browser; id: number };

  beforeAll(async () => {
    accountant = await signedIn(app, db(), ['accountant']);
  });

  it('saves the rates of a day with their author and answers them in the GET shape', async () => {
    const response = await accountant.browser.post('/api/admin/currency-rates', {
      date: DATE,
      rates: [
        { from: 'usd', to: 'kgs', rate: 87.45 },
        { from: 'jpy', to: 'kgs', rate: 0.5812345678 },
        { from: 'kgs', to: 'usd', rate: 0.0114 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 1,
      data: { [DATE]: { jpy: { kgs: 0.5812345678 }, kgs: { usd: 0.0114 }, usd: { kgs: 87.45 } } },
    });
    const rows = await db()
      .selectFrom('currency_rates')
      .select(['from_currency', 'to_currency', 'rate', 'created_by'])
      .where('date', '=', DATE)
      .orderBy('from_currency')
      .execute();
    expect(rows).toEqual([
      { from_currency: 'jpy', to_currency: 'kgs', rate: '0.5812345678', created_by: accountant.id },
      { from_currency: 'kgs', to_currency: 'usd', rate: '0.0114000000', created_by: accountant.id },
      {
        from_currency: 'usd',
        to_currency: 'kgs',
        rate: '87.4500000000',
        created_by: accountant.id,
      },
    ]);
    const read = await accountant.browser.get(`/api/currency-rates?date=${DATE}`);
    expect(read.json()).toEqual(response.json());
  });

  it('replaces the pairs it names and keeps the day’s other pairs', async () => {
    const admin = await signedIn(app, db(), ['admin']);
    const response = await admin.browser.post('/api/admin/currency-rates', {
      date: DATE,
      rates: [
        { from: 'usd', to: 'kgs', rate: 87.5 },
        { from: 'eur', to: 'usd', rate: 1.08 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      [DATE]: {
        eur: { usd: 1.08 },
        jpy: { kgs: 0.5812345678 },
        kgs: { usd: 0.0114 },
        usd: { kgs: 87.5 },
      },
    });
    const usd = await db()
      .selectFrom('currency_rates')
      .select(['rate', 'created_by'])
      .where('date', '=', DATE)
      .where('from_currency', '=', 'usd')
      .executeTakeFirstOrThrow();
    expect(usd).toEqual({ rate: '87.5000000000', created_by: admin.id });
  });

  it('accepts tomorrow (in Bishkek), a rate with exactly 10 decimals and a tiny rate', async () => {
    const tomorrow = addDays(businessToday(), 1);
    const response = await accountant.browser.post('/api/admin/currency-rates', {
      date: tomorrow,
      rates: [
        { from: 'kgs', to: 'jpy', rate: 1.7205678901 },
        { from: 'kgs', to: 'eur', rate: 0.0000000001 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[tomorrow].kgs).toEqual({ eur: 1e-10, jpy: 1.7205678901 });
  });

  const valid = { from: 'usd', to: 'kgs', rate: 90 };
  it.each<[string, unknown, Record<string, string[]>]>([
    [
      'a date after tomorrow',
      { date: addDays(businessToday(), 2), rates: [valid] },
      { date: ['Курсы можно вводить не дальше чем на завтра'] },
    ],
    ['an impossible date', { date: '2026-02-29', rates: [valid] }, { date: ['Неверная дата'] }],
    [
      'a date in another format',
      { date: '02.02.2026', rates: [valid] },
      { date: ['Неверная дата'] },
    ],
    ['no rates', { date: DATE, rates: [] }, { rates: ['Укажите хотя бы один курс'] }],
    [
      'an unknown currency',
      { date: DATE, rates: [valid, { from: 'rub', to: 'kgs', rate: 1 }] },
      { 'rates.1.from': ['Недопустимое значение'] },
    ],
    [
      'the same currency twice',
      { date: DATE, rates: [{ from: 'usd', to: 'usd', rate: 1 }] },
      { 'rates.0.to': ['Валюты должны различаться'] },
    ],
    [
      'a zero rate',
      { date: DATE, rates: [{ ...valid, rate: 0 }] },
      { 'rates.0.rate': ['Курс должен быть больше нуля'] },
    ],
    [
      'a negative rate',
      { date: DATE, rates: [{ ...valid, rate: -87.5 }] },
      { 'rates.0.rate': ['Курс должен быть больше нуля'] },
    ],
    [
      'a rate with 11 decimals',
      { date: DATE, rates: [{ ...valid, rate: 87.12345678901 }] },
      { 'rates.0.rate': ['Не больше 10 знаков после запятой'] },
    ],
    [
      'a rate beyond the column',
      { date: DATE, rates: [{ ...valid, rate: 1e14 }] },
      { 'rates.0.rate': ['Слишком большой курс'] },
    ],
    [
      'a rate that is not a number',
      { date: DATE, rates: [{ ...valid, rate: 'много' }] },
      { 'rates.0.rate': ['Значение должно быть числом'] },
    ],
    [
      'a pair given twice',
      { date: DATE, rates: [valid, { from: 'eur', to: 'kgs', rate: 95 }, { ...valid, rate: 91 }] },
      { 'rates.2': ['Курс этой пары валют уже указан'] },
    ],
    [
      'a missing rate and an unknown field',
      { date: DATE, rates: [{ from: 'usd', to: 'kgs' }], note: 'x' },
      { 'rates.0.rate': ['Обязательное поле'], note: ['Неизвестное поле'] },
    ],
    ['no date', { rates: [valid] }, { date: ['Обязательное поле'] }],
  ])('refuses %s with Russian field errors and changes nothing', async (_case, body, errors) => {
    const before = await allRates();
    const response = await accountant.browser.post('/api/admin/currency-rates', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 0,
      message: 'Проверьте правильность заполнения полей',
      errors,
    });
    expect(await allRates()).toEqual(before);
  });

  it('reports every broken rule of a request at once', async () => {
    const response = await accountant.browser.post('/api/admin/currency-rates', {
      date: addDays(businessToday(), 3),
      rates: [
        { from: 'eur', to: 'eur', rate: 0 },
        { from: 'usd', to: 'kgs', rate: 1.00000000001 },
      ],
    });
    expect(response.json().errors).toEqual({
      date: ['Курсы можно вводить не дальше чем на завтра'],
      'rates.0.to': ['Валюты должны различаться'],
      'rates.0.rate': ['Курс должен быть больше нуля'],
      'rates.1.rate': ['Не больше 10 знаков после запятой'],
    });
  });

  it('refuses a guest with 401, a role without accounting_section with 403, no CSRF with 419', async () => {
    const before = await allRates();
    const body = { date: DATE, rates: [{ from: 'usd', to: 'kgs', rate: 1 }] };
    expect((await (await guest()).post('/api/admin/currency-rates', body)).statusCode).toBe(401);
    for (const role of ['sales_manager', 'reservation_agent', 'counterparty']) {
      const { browser } = await signedIn(app, db(), [role]);
      const response = await browser.post('/api/admin/currency-rates', body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 0, message: 'Недостаточно прав' });
    }
    const forged = await accountant.browser.post('/api/admin/currency-rates', body, {
      withoutCsrf: true,
    });
    expect(forged.statusCode).toBe(419);
    expect(await allRates()).toEqual(before);
  });
});
