import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../src/app';
import { decodeRateFile, parseRateFile, RATE_FILE_MAX_BYTES } from '../src/routes/rates/nbkr';
import { addDays, businessToday } from '../src/domain/business-day';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// The National Bank's files as they come (DESIGN.md 7): windows-1251, decimal commas, Value per
// Nominal units. The fixtures were written from that format; the expected rates below by hand.
const FIXTURES = path.join(__dirname, 'fixtures/nbkr');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** An ASCII-only file: its windows-1251 bytes are its ASCII bytes. */
const asciiFile = (text: string) => Buffer.from(text, 'ascii');

/** A rates file of one day with the given `<Currency>` elements. */
const ratesFile = (date: string, currencies: string) =>
  asciiFile(
    `<?xml version="1.0" encoding="windows-1251"?>\n` +
      `<CurrencyRates Name="Daily Exchange Rates" Date="${date}">${currencies}</CurrencyRates>`,
  );

const currency = (code: string, nominal: string, value: string) =>
  `<Currency ISOCode="${code}"><Nominal>${nominal}</Nominal><Value>${value}</Value></Currency>`;

const NOT_RATES = 'Файл не похож на курсы Нацбанка';

describe('parseRateFile', () => {
  it('reads the daily file: USD and EUR to KGS, the other currencies skipped', () => {
    expect(parseRateFile(fixture('daily.xml'))).toEqual({
      date: '2026-11-20',
      rates: [
        { from: 'usd', to: 'kgs', rate: '87.45' },
        { from: 'eur', to: 'kgs', rate: '101.2345' },
      ],
      skipped: ['KZT', 'RUB'],
    });
  });

  it('reads the weekly file: the product’s three currencies among many', () => {
    expect(parseRateFile(fixture('weekly.xml'))).toEqual({
      date: '2026-11-16',
      rates: [
        { from: 'eur', to: 'kgs', rate: '100.987' },
        { from: 'jpy', to: 'kgs', rate: '0.5634' },
        { from: 'usd', to: 'kgs', rate: '87.39' },
      ],
      skipped: ['AUD', 'CNY', 'GBP', 'KRW', 'TRY', 'UZS'],
    });
  });

  it('divides Value by Nominal exactly (JPY 5,8200 per 10 yen is 0.582)', () => {
    expect(parseRateFile(fixture('nominal-10.xml'))).toEqual({
      date: '2026-11-23',
      rates: [
        { from: 'jpy', to: 'kgs', rate: '0.582' },
        { from: 'usd', to: 'kgs', rate: '87.5' },
      ],
      skipped: ['KZT'],
    });
    // Floats would give 0.30000000000000004 here.
    const file = ratesFile('01.11.2026', currency('USD', '100', '30,0000000000000003'));
    expect(parseRateFile(file)).toMatchObject({
      rates: [{ from: 'usd', to: 'kgs', rate: '0.300000000000000003' }],
    });
  });

  it('reads elements by name, whatever their order, spacing, attributes or a dot decimal', () => {
    const file = asciiFile(
      `<CurrencyRates Date=" 05.01.2026 " Name="Daily Exchange Rates">\r\n` +
        `  <Currency ISOCode="eur">\n  <Value scale="4"> 95.5 </Value>\n` +
        `  <Nominal>1</Nominal></Currency>\n` +
        `  <Currency><Nominal>1</Nominal><Value>1</Value></Currency>\n` +
        `</CurrencyRates>`,
    );
    expect(parseRateFile(file)).toEqual({
      date: '2026-01-05',
      rates: [{ from: 'eur', to: 'kgs', rate: '95.5' }],
      skipped: [],
    });
  });

  it('refuses the file cut short with a Russian message', () => {
    expect(parseRateFile(fixture('malformed.xml'))).toEqual({
      errors: ['Файл курсов повреждён: разметка XML нарушена или оборвана'],
    });
  });

  it('names the line of a broken tag', () => {
    const file = asciiFile(
      '<CurrencyRates Date="20.11.2026">\n<Currency ISOCode="USD">\n</Curency>\n</CurrencyRates>',
    );
    expect(parseRateFile(file)).toEqual({
      errors: ['Файл курсов повреждён: ошибка в разметке XML в строке 3'],
    });
  });

  it('refuses, never follows, an external entity, and refuses nesting past the parser’s limit', () => {
    const external = asciiFile(
      '<?xml version="1.0"?><!DOCTYPE CurrencyRates [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
        '<CurrencyRates Date="20.11.2026"><Currency ISOCode="USD"><Nominal>1</Nominal>' +
        '<Value>&x;</Value></Currency></CurrencyRates>',
    );
    expect(parseRateFile(external)).toEqual({
      errors: ['Файл курсов повреждён: разметка XML нарушена или оборвана'],
    });
    const deep = ratesFile(
      '20.11.2026',
      '<a>'.repeat(500) + '</a>'.repeat(500) + currency('USD', '1', '87,45'),
    );
    expect(parseRateFile(deep)).toEqual({
      errors: ['Файл курсов повреждён: разметка XML нарушена или оборвана'],
    });
  });

  it('recognises an HTML page saved instead of the file', () => {
    expect(parseRateFile(fixture('html-page.xml'))).toEqual({
      errors: [`${NOT_RATES}: это HTML-страница, а не XML-файл с курсами`],
    });
    // Well-formed XHTML is still a page.
    expect(
      parseRateFile(asciiFile('<html><body><p>Service unavailable</p></body></html>')),
    ).toEqual({ errors: [`${NOT_RATES}: это HTML-страница, а не XML-файл с курсами`] });
  });

  it('refuses text that is not XML, an empty file and XML of another kind', () => {
    expect(parseRateFile(asciiFile('USD;87,45\nEUR;101,23\n'))).toEqual({
      errors: [`${NOT_RATES}: это не XML-файл`],
    });
    expect(parseRateFile(Buffer.alloc(0))).toEqual({ errors: ['Файл пуст'] });
    expect(parseRateFile(asciiFile('  \r\n '))).toEqual({ errors: ['Файл пуст'] });
    // The Russian central bank's file: XML, but not these rates.
    const cbr = asciiFile(
      '<ValCurs Date="20.11.2026" name="Foreign Currency Market">' +
        '<Valute ID="R01235"><CharCode>USD</CharCode><Nominal>1</Nominal>' +
        '<Value>80,1234</Value></Valute></ValCurs>',
    );
    expect(parseRateFile(cbr)).toEqual({
      errors: [`${NOT_RATES}: в нём нет элемента CurrencyRates`],
    });
  });

  it('refuses a file without a Date or with a date that is not a day', () => {
    const usd = currency('USD', '1', '87,45');
    expect(parseRateFile(asciiFile(`<CurrencyRates>${usd}</CurrencyRates>`))).toEqual({
      errors: ['В файле нет даты курсов (атрибут Date элемента CurrencyRates)'],
    });
    for (const date of ['31.02.2026', '2026-11-20', '20.11.26', '']) {
      const expected =
        date === ''
          ? 'В файле нет даты курсов (атрибут Date элемента CurrencyRates)'
          : 'Дата курсов в файле должна быть настоящей датой в виде ДД.ММ.ГГГГ';
      expect([date, parseRateFile(ratesFile(date, usd))]).toEqual([date, { errors: [expected] }]);
    }
  });

  it('refuses a Value or a Nominal of a known currency that is not a positive number', () => {
    const file = ratesFile(
      '20.11.2026',
      currency('USD', '1', '0,0000') +
        currency('EUR', '1', '-101,23') +
        currency('JPY', '0', '5,82') +
        currency('RUB', '1', 'n/a'),
    );
    expect(parseRateFile(file)).toEqual({
      errors: [
        'Курс USD в файле не является положительным числом',
        'Курс EUR в файле не является положительным числом',
        'Номинал JPY в файле не является целым положительным числом',
      ],
    });
    const missing = ratesFile(
      '20.11.2026',
      '<Currency ISOCode="USD"><Nominal>1,5</Nominal></Currency>' +
        currency('EUR', '1', '1e3') +
        currency('JPY', '1', '87,45,1'),
    );
    expect(parseRateFile(missing)).toEqual({
      errors: [
        'Курс USD в файле не является положительным числом',
        'Номинал USD в файле не является целым положительным числом',
        'Курс EUR в файле не является положительным числом',
        'Курс JPY в файле не является положительным числом',
      ],
    });
  });

  it('refuses a known currency given twice', () => {
    const file = ratesFile(
      '20.11.2026',
      currency('USD', '1', '87,45') + currency('USD', '1', '88,00'),
    );
    expect(parseRateFile(file)).toEqual({ errors: ['Курс USD указан в файле дважды'] });
  });

  it('refuses a file with none of the product’s currencies', () => {
    const file = ratesFile(
      '20.11.2026',
      currency('KZT', '1', '0,1661') + currency('RUB', '1', '1,1012'),
    );
    expect(parseRateFile(file)).toEqual({
      errors: ['В файле нет курсов ни одной из валют USD, EUR, JPY'],
    });
    expect(parseRateFile(asciiFile('<CurrencyRates Date="20.11.2026"/>'))).toEqual({
      errors: ['В файле нет курсов ни одной из валют USD, EUR, JPY'],
    });
  });
});

describe('decodeRateFile', () => {
  it('reads windows-1251 by default', () => {
    // «Курс» in windows-1251.
    expect(decodeRateFile(Buffer.from([0xca, 0xf3, 0xf0, 0xf1]))).toBe('Курс');
    expect(decodeRateFile(fixture('daily.xml'))).toContain(
      'Официальные курсы валют Национального банка Кыргызской Республики',
    );
  });

  it('reads UTF-8 when the file says so or starts with its byte order mark', () => {
    const declared = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><!-- Курс -->', 'utf8');
    expect(decodeRateFile(declared)).toBe('<?xml version="1.0" encoding="UTF-8"?><!-- Курс -->');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<!-- Сом -->')]);
    expect(decodeRateFile(bom)).toBe('<!-- Сом -->');
  });
});

describe('rates import and history over HTTP', () => {
  const database = useTestDatabase();
  const db = () => database().db;
  let app: App;
  let accountant: { browser: Browser; id: number };

  beforeAll(async () => {
    app = await buildTestApp(db());
    accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Асель' });
  });
  afterAll(async () => {
    await app.close();
  });

  async function allRates() {
    return db()
      .selectFrom('currency_rates')
      .select(['date', 'from_currency', 'to_currency', 'rate', 'created_by'])
      .orderBy('date')
      .orderBy('from_currency')
      .orderBy('to_currency')
      .execute();
  }

  const upload = (
    browser: Browser,
    body: Buffer | object,
    contentType = 'application/xml',
    options: { withoutCsrf?: boolean } = {},
  ) =>
    browser.post('/api/admin/currency-rates/import', body, {
      headers: { 'content-type': contentType },
      ...options,
    });

  describe('POST /api/admin/currency-rates/import', () => {
    it('saves the day of the daily file with its author and answers the day', async () => {
      const response = await upload(accountant.browser, fixture('daily.xml'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: 1,
        data: {
          date: '2026-11-20',
          rates: { eur: { kgs: 101.2345 }, usd: { kgs: 87.45 } },
          imported: 2,
          skipped: ['KZT', 'RUB'],
        },
      });
      expect(await allRates()).toEqual([
        {
          date: '2026-11-20',
          from_currency: 'eur',
          to_currency: 'kgs',
          rate: '101.2345000000',
          created_by: accountant.id,
        },
        {
          date: '2026-11-20',
          from_currency: 'usd',
          to_currency: 'kgs',
          rate: '87.4500000000',
          created_by: accountant.id,
        },
      ]);
      const read = await accountant.browser.get('/api/currency-rates?date=2026-11-21');
      expect(read.json().data).toEqual({
        '2026-11-21': { eur: { kgs: 101.2345 }, usd: { kgs: 87.45 } },
      });
    });

    it('replaces the pairs of the same day on a second import, keeping the day’s others', async () => {
      const admin = await signedIn(app, db(), ['admin']);
      await accountant.browser.post('/api/admin/currency-rates', {
        date: '2026-11-20',
        rates: [{ from: 'kgs', to: 'usd', rate: 0.0114 }],
      });
      const corrected = ratesFile(
        '20.11.2026',
        currency('USD', '1', '87,5100') + currency('JPY', '10', '5,8200'),
      );
      const response = await upload(admin.browser, corrected, 'text/xml; charset=windows-1251');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        date: '2026-11-20',
        rates: { jpy: { kgs: 0.582 }, usd: { kgs: 87.51 } },
        imported: 2,
        skipped: [],
      });
      const day = (await allRates()).filter((row) => row.date === '2026-11-20');
      expect(day.map((row) => [row.from_currency, row.rate, row.created_by])).toEqual([
        ['eur', '101.2345000000', accountant.id],
        ['jpy', '0.5820000000', admin.id],
        ['kgs', '0.0114000000', accountant.id],
        ['usd', '87.5100000000', admin.id],
      ]);
    });

    it('takes the weekly file and a file sent as application/octet-stream', async () => {
      const response = await upload(
        accountant.browser,
        fixture('weekly.xml'),
        'application/octet-stream',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        date: '2026-11-16',
        rates: { eur: { kgs: 100.987 }, jpy: { kgs: 0.5634 }, usd: { kgs: 87.39 } },
        imported: 3,
        skipped: ['AUD', 'CNY', 'GBP', 'KRW', 'TRY', 'UZS'],
      });
    });

    const tooLate = addDays(businessToday(), 2).split('-').reverse().join('.');
    it.each<[string, () => Buffer | object, string, string[]]>([
      [
        'a file cut short',
        () => fixture('malformed.xml'),
        'application/xml',
        ['Файл курсов повреждён: разметка XML нарушена или оборвана'],
      ],
      [
        'a file declaring an external entity',
        () =>
          asciiFile(
            '<!DOCTYPE CurrencyRates [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
              '<CurrencyRates Date="20.11.2026"><Currency ISOCode="USD"><Nominal>1</Nominal>' +
              '<Value>&x;</Value></Currency></CurrencyRates>',
          ),
        'application/xml',
        ['Файл курсов повреждён: разметка XML нарушена или оборвана'],
      ],
      [
        'an HTML page',
        () => fixture('html-page.xml'),
        'application/octet-stream',
        [`${NOT_RATES}: это HTML-страница, а не XML-файл с курсами`],
      ],
      ['an empty file', () => Buffer.alloc(0), 'application/octet-stream', ['Файл пуст']],
      [
        'a file with none of the product’s currencies',
        () => ratesFile('20.11.2026', currency('KZT', '1', '0,1661')),
        'text/xml',
        ['В файле нет курсов ни одной из валют USD, EUR, JPY'],
      ],
      [
        'a file with a broken rate',
        () => ratesFile('20.11.2026', currency('USD', '1', '0,0000')),
        'application/xml',
        ['Курс USD в файле не является положительным числом'],
      ],
      [
        'a file dated after tomorrow',
        () => ratesFile(tooLate, currency('USD', '1', '90,0000')),
        'application/xml',
        ['Курсы можно вводить не дальше чем на завтра'],
      ],
      [
        'a rate that does not divide exactly',
        () => ratesFile('20.11.2026', currency('USD', '3', '1,0000')),
        'application/xml',
        ['Курс USD: не больше 10 знаков после запятой'],
      ],
      [
        'the file sent as text (its bytes decoded as UTF-8 on the way)',
        () => fixture('daily.xml'),
        'text/plain',
        ['Загрузите XML-файл курсов Нацбанка (daily.xml или weekly.xml)'],
      ],
      [
        'JSON instead of a file',
        () => ({ date: '2026-11-20' }),
        'application/json',
        ['Загрузите XML-файл курсов Нацбанка (daily.xml или weekly.xml)'],
      ],
    ])(
      'refuses %s with a Russian 422 under file and changes nothing',
      async (_c, body, type, errors) => {
        const before = await allRates();
        const response = await upload(accountant.browser, body(), type);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          code: 0,
          message: 'Проверьте правильность заполнения полей',
          errors: { file: errors },
        });
        expect(await allRates()).toEqual(before);
      },
    );

    it('refuses a file over 1 MB with 413 and another content type with 415', async () => {
      const before = await allRates();
      const big = Buffer.concat([fixture('daily.xml'), Buffer.alloc(RATE_FILE_MAX_BYTES, 0x20)]);
      const tooBig = await upload(accountant.browser, big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ code: 0, message: 'Слишком большой запрос' });
      const image = await upload(accountant.browser, fixture('daily.xml'), 'image/png');
      expect(image.statusCode).toBe(415);
      expect(image.json()).toEqual({ code: 0, message: 'Неподдерживаемый тип содержимого' });
      expect(await allRates()).toEqual(before);
    });

    it('refuses a guest with 401, a role without accounting_section with 403, no CSRF with 419', async () => {
      const before = await allRates();
      const guest = new Browser(app);
      await guest.get('/api/get-laravel-permission-to-vuejs');
      expect((await upload(guest, fixture('nominal-10.xml'))).statusCode).toBe(401);
      for (const role of ['sales_manager', 'reservation_agent', 'counterparty']) {
        const { browser } = await signedIn(app, db(), [role]);
        const response = await upload(browser, fixture('nominal-10.xml'));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 0, message: 'Недостаточно прав' });
      }
      const forged = await upload(accountant.browser, fixture('nominal-10.xml'), 'text/xml', {
        withoutCsrf: true,
      });
      expect(forged.statusCode).toBe(419);
      expect(await allRates()).toEqual(before);
    });

    it('is documented in the OpenAPI document with the file types it takes', async () => {
      const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const route = document.paths['/api/admin/currency-rates/import'].post;
      expect(route.summary).toBe('Загрузка курсов из файла Нацбанка КР');
      expect(Object.keys(route.requestBody.content).sort()).toEqual([
        'application/octet-stream',
        'application/xml',
        'text/xml',
      ]);
      expect(document.paths['/api/admin/currency-rates/history'].get.summary).toBe(
        'История курсов по дням',
      );
    });
  });

  describe('GET /api/admin/currency-rates/history', () => {
    let manager: number;
    beforeAll(async () => {
      await db().deleteFrom('currency_rates').execute();
      manager = (await signedIn(app, db(), ['admin'], { full_name: 'Директор Бакыт' })).id;
      const row = (
        date: string,
        from: string,
        rate: string,
        createdBy: number | null,
        at: string,
      ) => ({
        date,
        from_currency: from,
        to_currency: 'kgs',
        rate,
        created_by: createdBy,
        updated_at: at,
      });
      await db()
        .insertInto('currency_rates')
        .values([
          row('2026-10-01', 'usd', '86.1', accountant.id, '2026-10-01T03:00:00Z'),
          row('2026-10-02', 'usd', '86.2', accountant.id, '2026-10-02T03:00:00Z'),
          row('2026-10-02', 'eur', '99.5', manager, '2026-10-02T05:30:00Z'),
          row('2026-10-02', 'jpy', '0.58', accountant.id, '2026-10-02T04:00:00Z'),
          row('2026-10-05', 'usd', '86.5', null, '2026-10-05T03:00:00Z'),
        ])
        .execute();
    });

    it('lists the days newest first with their rates, last change and its author', async () => {
      const response = await accountant.browser.get('/api/admin/currency-rates/history');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: 1,
        data: {
          data: [
            {
              date: '2026-10-05',
              rates: [{ from: 'usd', to: 'kgs', rate: 86.5 }],
              updated_at: '2026-10-05T03:00:00.000Z',
              created_by_name: null,
            },
            {
              date: '2026-10-02',
              rates: [
                { from: 'eur', to: 'kgs', rate: 99.5 },
                { from: 'jpy', to: 'kgs', rate: 0.58 },
                { from: 'usd', to: 'kgs', rate: 86.2 },
              ],
              updated_at: '2026-10-02T05:30:00.000Z',
              created_by_name: 'Директор Бакыт',
            },
            {
              date: '2026-10-01',
              rates: [{ from: 'usd', to: 'kgs', rate: 86.1 }],
              updated_at: '2026-10-01T03:00:00.000Z',
              created_by_name: 'Бухгалтер Асель',
            },
          ],
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 3,
          from: 1,
          to: 3,
        },
      });
    });

    it('pages by days, not by pairs', async () => {
      const second = await accountant.browser.get(
        '/api/admin/currency-rates/history?per_page=1&page=2',
      );
      const body = second.json().data;
      expect(body.data.map((day: { date: string }) => day.date)).toEqual(['2026-10-02']);
      expect(body.data[0].rates).toHaveLength(3);
      expect([body.current_page, body.last_page, body.total, body.from, body.to]).toEqual([
        2, 3, 3, 2, 2,
      ]);
      const past = await accountant.browser.get('/api/admin/currency-rates/history?page=5');
      expect(past.json().data).toMatchObject({ data: [], total: 3, from: null, to: null });
    });

    it('keeps to the period, both ends included', async () => {
      const response = await accountant.browser.get(
        '/api/admin/currency-rates/history?from=2026-10-02&to=2026-10-04',
      );
      expect(response.json().data.data.map((day: { date: string }) => day.date)).toEqual([
        '2026-10-02',
      ]);
      const open = await accountant.browser.get('/api/admin/currency-rates/history?to=2026-10-01');
      expect(open.json().data.data.map((day: { date: string }) => day.date)).toEqual([
        '2026-10-01',
      ]);
    });

    it('refuses a period that ends before it starts and a date that is not one', async () => {
      const reversed = await accountant.browser.get(
        '/api/admin/currency-rates/history?from=2026-10-05&to=2026-10-01',
      );
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json()).toEqual({
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: { to: ['Конец периода раньше его начала'] },
      });
      const bad = await accountant.browser.get('/api/admin/currency-rates/history?from=01.10.2026');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ from: ['Неверная дата'] });
    });

    it('is for accounting only', async () => {
      const { browser } = await signedIn(app, db(), ['sales_manager']);
      expect((await browser.get('/api/admin/currency-rates/history')).statusCode).toBe(403);
    });
  });
});
