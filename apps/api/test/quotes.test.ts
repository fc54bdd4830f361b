import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { businessToday } from '../src/domain/business-day';
import { sendDueMessages, type MailAttachment } from '../src/domain/messages/worker';
import { quoteAttachment } from '../src/routes/requests/quote-service';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { georgiaPriceLists } from './georgia-price-lists';
import { docxText } from './docx-text';
import { Browser, buildTestApp, signedIn } from './http';

// A request's quote («Коммерческое предложение», issue 33) made from a costing of the request:
// the price lists of costings.test.ts (a 5-day tour in Georgia: a hotel in USD over two seasons, a
// transfer in KGS by car capacity, a guide in EUR per day, tickets in KGS per person, at the rates
// of 20.11.2026, markup 10 %, commission 10 %). The table of prices per person below was worked
// out by hand there (for 10 in double rooms: cost $257,58, × 1,1 / 0,9 = $314,81 → $315):
//   group   2: single $682, double $572      group 10: single $425, double $315
//   group   4: single $525, double $415      group 15: single $404, double $294
//   group   6: single $466, double $356
// The request is for 8 adults and 2 children: 10 people, the quote's default group.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let sales: { browser: Browser; id: number; email: string };
let otherSales: Browser;
let requestId: number;
let costingId: number;
let tripCostingId: number;
let usdTrip: number;
let eurTrip: number;
let lines: unknown[];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const NBSP = '\u00a0';
/** Today in Bishkek as the papers print it. */
const TODAY = businessToday().split('-').reverse().join('.');
const COSTING = {
  currency: 'usd',
  rate_date: '2026-11-22',
  markup_type: 'percent',
  markup: 10,
  commission: 10,
};
const QUOTE = {
  occupancy: 'double',
  included: 'Проживание в отеле «Тбилиси Центр», завтраки\nТрансфер из аэропорта и обратно',
  not_included: 'Авиаперелёт\nМедицинская страховка',
  valid_until: '2027-03-01',
};

async function ok<T = Record<string, unknown>>(response: LightMyRequestResponse): Promise<T> {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { data: T }).data;
}

function paperOf(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  expect(response.headers['content-type']).toBe(DOCX);
  return docxText(new Uint8Array(response.rawPayload));
}

async function ticket(values: Record<string, unknown>): Promise<number> {
  return (
    await ok<{ id: number }>(
      await sales.browser.post('/api/admin/tickets', {
        source: 'phone',
        contact_name: 'Айгуль Бекова',
        phone: null,
        email: null,
        prepared_tour_id: null,
        trip_id: null,
        date_from: '2027-05-30',
        date_to: '2027-06-03',
        adults: 8,
        children: 2,
        comment: null,
        ...values,
      }),
    )
  ).id;
}

async function costingOf(subject: Record<string, number>, title = 'Грузия, 5 дней') {
  return (
    await ok<{ id: number }>(
      await sales.browser.post('/api/admin/costings', { ...COSTING, title, ...subject, lines }),
    )
  ).id;
}

async function trip(currency: string) {
  return (
    await ok<{ id: number }>(
      await sales.browser.post('/api/admin/trips', {
        title: `Грузия за 5 дней, ${currency}`,
        country: 'Грузия',
        starts_on: '2027-05-30',
        ends_on: '2027-06-03',
        price: 500,
        currency,
        seats: 15,
      }),
    )
  ).id;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  sales = await signedIn(app, db(), ['sales_manager'], {
    full_name: 'Сыдыкова Нурзат',
    phone: '+996 555 12-34-56',
  });
  ({ browser: otherSales } = await signedIn(app, db(), ['sales_manager']));
  const { browser: admin } = await signedIn(app, db(), ['admin']);
  await ok(await admin.put('/api/admin/company', REQUISITES));
  await sql`insert into currency_rates (date, from_currency, to_currency, rate) values
    ('2026-11-20', 'usd', 'kgs', 87.45), ('2026-11-20', 'eur', 'kgs', 95.2)`.execute(db());

  ({ lines } = await georgiaPriceLists(sales.browser));
  requestId = await ticket({
    email: 'aigul@example.kg',
    comment: 'Хотим вино и горы, без ранних подъёмов',
  });
  await ok(
    await sales.browser.post(`/api/admin/ticket/${requestId}/assign`, { assignee_id: sales.id }),
  );
  costingId = await costingOf({ request_id: requestId });
  usdTrip = await trip('usd');
  eurTrip = await trip('eur');
  tripCostingId = await costingOf({ trip_id: usdTrip });
});
afterAll(async () => {
  await app.close();
});

const quoteUrl = (id = requestId) => `/api/admin/ticket/${id}/quote`;

it('offers the request’s costing versions with their prices per person by group size', async () => {
  const state = await ok<{
    quote: unknown;
    costings: { id: number; version: number; rows: unknown[]; included: string }[];
    not_included: string;
  }>(await sales.browser.get(quoteUrl()));
  expect(state.quote).toBeNull();
  expect(state.costings.map((c) => [c.id, c.version])).toEqual([[costingId, 1]]);
  expect(state.costings[0]!.rows).toEqual([
    { group_size: 2, single: 682, double: 572 },
    { group_size: 4, single: 525, double: 415 },
    { group_size: 6, single: 466, double: 356 },
    { group_size: 10, single: 425, double: 315 },
    { group_size: 15, single: 404, double: 294 },
  ]);
  expect(state.costings[0]!.included).toBe(
    [
      'Проживание: Отель «Тбилиси Центр», стандарт, BB, 4 ночи',
      'Трансфер: Трансферы Грузии, Аэропорт — отель',
      'Гиды Тбилиси, Гид, русский язык',
      'Музеи Грузии, Крепость Нарикала',
    ].join('\n'),
  );
  expect(state.not_included).toContain('Авиаперелёт');
});

describe('a saved quote', () => {
  let quote: Record<string, unknown>;

  beforeAll(async () => {
    quote = await ok(await sales.browser.post(quoteUrl(), { ...QUOTE, costing_id: costingId }));
  });

  it('takes the version’s cell for the request’s 10 people in double rooms', () => {
    expect(quote).toMatchObject({
      request_id: requestId,
      number: 1,
      issued_on: businessToday(),
      costing_id: costingId,
      version: 1,
      costing_title: 'Грузия, 5 дней',
      group_size: 10,
      occupancy: 'double',
      price: 315,
      single_price: 425,
      double_price: 315,
      currency: 'usd',
      included: QUOTE.included,
      not_included: QUOTE.not_included,
      valid_until: '2027-03-01',
      sent_at: null,
      created_by_name: 'Сыдыкова Нурзат',
    });
  });

  it('is the request’s current quote and a line of its history', async () => {
    const state = await ok<{ quote: { id: number } }>(await sales.browser.get(quoteUrl()));
    expect(state.quote.id).toBe(quote.id);
    const history = await ok<{ data: { entity_type: string; action: string; changes: unknown }[] }>(
      await sales.browser.get(`/api/admin/ticket/${requestId}/history`),
    );
    expect(history.data[0]).toMatchObject({
      entity_type: 'quote',
      action: 'created',
      changes: [
        {
          field: 'quote',
          old: null,
          new: `№ 1: $315,00 на человека, двухместное размещение`,
        },
      ],
    });
  });

  it('prints the programme and the prices, never a line’s cost; a reprint is the same paper', async () => {
    const response = await sales.browser.get(`${quoteUrl()}/docx`);
    const text = paperOf(response);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      "filename*=UTF-8''Коммерческое предложение № 1 — Айгуль Бекова.docx",
    );
    for (const part of [
      'ОсОО «Турбюро»',
      `КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ № 1 от ${TODAY}`,
      'Кому: Айгуль Бекова',
      'Даты поездкис 30.05.2027 по 03.06.2027',
      'Взрослых8',
      'Детей2',
      'ПожеланияХотим вино и горы, без ранних подъёмов',
      // The programme by day: the hotel, the transfer and the guide on day 1, the ticket on day 2.
      'День 130.05.2027Проживание: Отель «Тбилиси Центр», стандарт, BB, 4 ночи',
      'День 130.05.2027Трансфер: Трансферы Грузии, Аэропорт — отель',
      'День 130.05.2027Гиды Тбилиси, Гид, русский язык',
      'День 231.05.2027Музеи Грузии, Крепость Нарикала',
      'Цена на человека при группе 10 человек (USD):',
      'Двухместное размещение — выбрано$315,00',
      'Одноместное размещение$425,00',
      'Цена на человека по размеру группы (двухместное размещение):',
      'Группа',
      '2 человека$572,00',
      '4 человека$415,00',
      '6 человек$356,00',
      '10 человек — выбрано$315,00',
      '15 человек$294,00',
      'Что включеноПроживание в отеле «Тбилиси Центр», завтракиТрансфер из аэропорта и обратно',
      'Что не включеноАвиаперелётМедицинская страховка',
      'Предложение действительно до 01.03.2027.',
      `Менеджер: Сыдыкова Нурзат, +996 555 12-34-56, ${sales.email}`,
    ]) {
      expect(text).toContain(part);
    }
    // The lines' own prices (the hotel's nights, the cars, the guide's day, the ticket) stay out.
    for (const cost of ['$60,00', '$80,00', '$100,00', `С2${NBSP}500`, '€90,00', `С1${NBSP}200`]) {
      expect(text).not.toContain(cost);
    }
    expect(text).not.toContain('____');
    const again = paperOf(await sales.browser.get(`${quoteUrl()}/docx`));
    expect(again).toBe(text);
    const papers = await db()
      .selectFrom('papers')
      .select(['series', 'number', 'subject'])
      .where('series', '=', 'quote')
      .execute();
    expect(papers).toEqual([
      { series: 'quote', number: 1, subject: `request:${requestId}:${quote.id}` },
    ]);
  });
});

it('refuses a version of something else, a group size the table lacks, a bad text', async () => {
  const other = await sales.browser.post(quoteUrl(), { ...QUOTE, costing_id: tripCostingId });
  expect([other.statusCode, other.json().errors]).toEqual([
    422,
    { costing_id: ['Версия калькуляции этой заявки не найдена'] },
  ]);
  const size = await sales.browser.post(quoteUrl(), {
    ...QUOTE,
    costing_id: costingId,
    group_size: 7,
  });
  expect([size.statusCode, size.json().errors]).toEqual([
    422,
    { group_size: ['В таблице версии 1 нет группы из 7: есть 2, 4, 6, 10, 15'] },
  ]);
  const long = await sales.browser.post(quoteUrl(), {
    ...QUOTE,
    costing_id: costingId,
    included: 'а'.repeat(2001),
  });
  expect(long.statusCode).toBe(422);
  expect(Object.keys(long.json().errors)).toEqual(['included']);
  const past = await sales.browser.post(quoteUrl(), {
    ...QUOTE,
    costing_id: costingId,
    valid_until: '2020-01-01',
  });
  expect(past.json().errors).toEqual({
    valid_until: ['Срок действия не может быть раньше даты предложения'],
  });
  // Nothing of the refused ones was numbered or saved.
  const count = await db()
    .selectFrom('request_quotes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(count.n)).toBe(1);
});

it('is out of reach of another manager without see_all_users (404, nothing changed)', async () => {
  for (const response of [
    await otherSales.get(quoteUrl()),
    await otherSales.get(`${quoteUrl()}/docx`),
    await otherSales.post(quoteUrl(), { ...QUOTE, costing_id: costingId }),
    await otherSales.post(`${quoteUrl()}/send`),
  ]) {
    expect(response.statusCode).toBe(404);
  }
  const messages = await db().selectFrom('outbox_messages').select('id').execute();
  expect(messages).toEqual([]);
});

it('sends the quote to the request’s e-mail with its DOCX, and takes a new request into work', async () => {
  const noEmail = await ticket({ contact_name: 'Без почты' });
  await costingOf({ request_id: noEmail });
  const [version] = await ok<{ id: number }[]>(
    await sales.browser.get(`/api/admin/costings?request_id=${noEmail}`),
  );
  const none = await sales.browser.post(`${quoteUrl(noEmail)}/send`);
  expect([none.statusCode, none.json().message]).toEqual([
    422,
    'Коммерческое предложение по заявке ещё не составлено',
  ]);
  await ok(await sales.browser.post(quoteUrl(noEmail), { ...QUOTE, costing_id: version!.id }));
  const refused = await sales.browser.post(`${quoteUrl(noEmail)}/send`);
  expect([refused.statusCode, refused.json().errors]).toEqual([
    422,
    { email: ['У заявки не указана почта: укажите её, чтобы отправить предложение'] },
  ]);

  const sent = await ok<{ id: number; sent_at: string | null }>(
    await sales.browser.post(`${quoteUrl()}/send`),
  );
  expect(sent.sent_at).not.toBeNull();
  const messages = await db()
    .selectFrom('outbox_messages')
    .select(['kind', 'recipient', 'subject', 'request_id', 'attachment_ref', 'status'])
    .execute();
  expect(messages).toEqual([
    {
      kind: 'quote',
      recipient: 'aigul@example.kg',
      subject: `Коммерческое предложение № 1 от ${TODAY} — ОсОО «Турбюро»`,
      request_id: requestId,
      attachment_ref: `quote:${sent.id}`,
      status: 'waiting',
    },
  ]);
  const request = await ok<{ status: string }>(
    await sales.browser.get(`/api/admin/ticket/${requestId}`),
  );
  expect(request.status).toBe('in_work');

  // The worker makes the DOCX when it sends: the same paper, the same number.
  const mails: { to: string; text: string; attachments?: MailAttachment[] }[] = [];
  await sendDueMessages(db(), {
    transport: { sendMail: async (mail) => void mails.push(mail) },
    from: 'office@example.com',
    attachment: (ref) => quoteAttachment(db(), ref),
  });
  expect(mails.map((mail) => mail.to)).toEqual(['aigul@example.kg']);
  expect(mails[0]!.text).toContain(
    `Направляем вам коммерческое предложение № 1 от ${TODAY}: $315,00 на человека ` +
      '(двухместное размещение, группа 10 чел.).',
  );
  const [file] = mails[0]!.attachments!;
  expect(file!.filename).toBe('Коммерческое предложение № 1 — Айгуль Бекова.docx');
  expect(docxText(new Uint8Array(file!.content))).toContain(
    `КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ № 1 от ${TODAY}`,
  );
});

describe('converting a request with a quote', () => {
  it('refuses a trip in another currency and changes nothing', async () => {
    const response = await sales.browser.post(`/api/admin/ticket/${requestId}/convert`, {
      trip_id: eurTrip,
    });
    const message =
      'Предложение в USD, а тур в EUR: выберите тур в USD или составьте предложение в EUR';
    expect([response.statusCode, response.json().errors]).toEqual([422, { trip_id: [message] }]);
    const participants = await db()
      .selectFrom('trip_participants')
      .select('id')
      .where('trip_id', '=', eurTrip)
      .execute();
    expect(participants).toEqual([]);
    const request = await ok<{ status: string }>(
      await sales.browser.get(`/api/admin/ticket/${requestId}`),
    );
    expect(request.status).toBe('in_work');
  });

  it('gives every participant the quoted price per person, $315 instead of the trip’s $500', async () => {
    await ok(
      await sales.browser.post(`/api/admin/ticket/${requestId}/convert`, {
        trip_id: usdTrip,
        travellers: [{ full_name: 'Бектур Беков' }],
      }),
    );
    const prices = await db()
      .selectFrom('trip_participants')
      .select(['price', 'discount'])
      .where('trip_id', '=', usdTrip)
      .orderBy('id')
      .execute();
    expect(prices).toEqual([
      { price: 31500, discount: 0 },
      { price: 31500, discount: 0 },
    ]);
  });

  it('makes the quote’s costing the plan of a trip without one, at the quote’s cell, its price kept', async () => {
    const second = await ticket({ contact_name: 'Нурлан Осмонов', adults: 2, children: 0 });
    const version = await costingOf({ request_id: second }, 'Грузия вдвоём');
    const quoted = await ok<{ number: number }>(
      await sales.browser.post(quoteUrl(second), {
        ...QUOTE,
        costing_id: version,
        group_size: 2,
        occupancy: 'single',
      }),
    );
    const bare = await trip('usd');
    await ok(await sales.browser.post(`/api/admin/ticket/${second}/convert`, { trip_id: bare }));
    const versions = await ok<{ version: number; title: string; rows: unknown[] }[]>(
      await sales.browser.get(`/api/admin/costings?trip_id=${bare}`),
    );
    const source = await ok<{ rows: unknown[] }>(
      await sales.browser.get(`/api/admin/costing/${version}`),
    );
    expect(versions.map((one) => [one.version, one.title])).toEqual([
      [1, `По предложению № ${quoted.number}: Грузия вдвоём`],
    ]);
    expect(versions[0]!.rows).toEqual(source.rows);
    const plan = await ok<{
      costing: { version: number; applied: boolean; applied_group_size: number; occupancy: string };
      group_size: number;
    }>(await sales.browser.get(`/api/admin/trip/${bare}/costing-lines`));
    expect(plan.costing).toMatchObject({
      version: 1,
      applied: true,
      applied_group_size: 2,
      occupancy: 'single',
    });
    // The trip's price stays $500; the participant was given the quote's $682 (2 people, single).
    const saved = await ok<{ price: number }>(await sales.browser.get(`/api/admin/trip/${bare}`));
    expect(saved.price).toBe(500);
    const prices = await db()
      .selectFrom('trip_participants')
      .select('price')
      .where('trip_id', '=', bare)
      .execute();
    expect(prices).toEqual([{ price: 68200 }]);
  });

  it('keeps the trip’s price for a request without a quote', async () => {
    const plain = await ticket({ contact_name: 'Без предложения', adults: 1, children: 0 });
    await ok(await sales.browser.post(`/api/admin/ticket/${plain}/convert`, { trip_id: eurTrip }));
    const prices = await db()
      .selectFrom('trip_participants')
      .select('price')
      .where('trip_id', '=', eurTrip)
      .execute();
    expect(prices).toEqual([{ price: 50000 }]);
  });
});
