import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { businessToday } from '../src/domain/business-day';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { docxText } from './docx-text';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// «Счёт на оплату» to a tourist and to an agent, and the receipt of a confirmed payment (issue
// 32). Every figure below is worked out by hand from DESIGN.md 3b: paid = confirmed incomes, each
// converted to the trip's currency at its confirmation day's rate, summed exactly and rounded up
// once; due = price − discount; an agent's commission is the prepared tour's percent of the due,
// rounded half up per tourist. The papers are opened and read.

const database = useTestDatabase({ max: 10 });
const db = (): Db => database().db;
let app: App;

type Who = { browser: Browser; id: number };
let admin: Who;
let sales: Who;
let otherSales: Who;
let accountant: Who;
let reservations: Who;
let agentA: Who;
let agentB: Who;
const desk = { usdCash: 0, kgsBank: 0 };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const NBSP = '\u00a0';
/** Today in Bishkek as the papers print it: DD.MM.YYYY. */
const TODAY = businessToday().split('-').reverse().join('.');

async function ok<T = Record<string, unknown>>(response: LightMyRequestResponse): Promise<T> {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { data: T }).data;
}

function paperOf(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  expect(response.headers['content-type']).toBe(DOCX);
  return docxText(new Uint8Array(response.rawPayload));
}

async function siteWallet(name: string, currency: string, kind: 'cash' | 'bank') {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: 'site', kind, name, currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let keys = 0;
/** A payment recorded by the sales manager; confirmed by the accountant unless `pending`. */
async function pay(
  tripId: number,
  participantId: number,
  body: Record<string, unknown>,
  { pending = false, by = sales } = {},
): Promise<number> {
  keys += 1;
  const payment = await ok<{ id: number }>(
    await by.browser.post(`/api/admin/trip/${tripId}/participant/${participantId}/payments`, body, {
      headers: { 'idempotency-key': `invoices-${process.pid}-${keys}` },
    }),
  );
  if (!pending) {
    await ok(await accountant.browser.post(`/api/admin/balance/operations/${payment.id}/confirm`));
  }
  return payment.id;
}

async function tourist(fullName: string, extra: { counterparty_id?: number } = {}) {
  return createTestUser(db(), {
    full_name: fullName,
    password: null,
    email: null,
    roles: ['client'],
    manager_id: extra.counterparty_id ? null : sales.id,
    ...extra,
  });
}

async function join(tripId: number, userId: number, extra: Record<string, unknown> = {}) {
  return (
    await ok<{ id: number }>(
      await admin.browser.post(`/api/admin/trip/${tripId}/participants`, {
        user_id: userId,
        ...extra,
      }),
    )
  ).id;
}

let tourCount = 0;
async function agentTrip(terms: Record<string, unknown>, startsOn: string): Promise<number> {
  tourCount += 1;
  const tour = await ok<{ id: number }>(
    await admin.browser.post('/api/admin/tours', {
      title: 'Осенний Токио',
      key: `osennii-tokio-${process.pid}-${tourCount}`,
      country: 'Япония',
      cities: ['Токио'],
      days: 2,
      itinerary: [
        { title: 'Токио', description: 'Прилёт' },
        { title: 'Токио', description: 'Отлёт' },
      ],
      included: [],
      not_included: [],
      base_price: 1000,
      currency: 'usd',
      published: true,
      ...terms,
    }),
  );
  return (
    await ok<{ id: number }>(
      await admin.browser.post('/api/admin/trips', {
        prepared_tour_id: tour.id,
        starts_on: startsOn,
        seats: 10,
      }),
    )
  ).id;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  admin = await signedIn(app, db(), ['admin']);
  sales = await signedIn(app, db(), ['sales_manager'], { full_name: 'Менеджер Продаж' });
  otherSales = await signedIn(app, db(), ['sales_manager']);
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Касс' });
  reservations = await signedIn(app, db(), ['reservation_agent']);
  agentA = await signedIn(app, db(), ['counterparty'], { full_name: 'Агентство Ала-Тоо' });
  agentB = await signedIn(app, db(), ['counterparty'], { full_name: 'Агентство Иссык-Куль' });
  await ok(await admin.browser.put('/api/admin/company', REQUISITES));
  desk.usdCash = await siteWallet('Касса USD', 'usd', 'cash');
  desk.kgsBank = await siteWallet('Расчётный счёт KGS', 'kgs', 'bank');
  // The rate in force on the day of every confirmation below: 1 $ = 87,45 С.
  await sql`insert into currency_rates (date, from_currency, to_currency, rate)
    values (current_date - 1, 'usd', 'kgs', 87.45)`.execute(db());
});
afterAll(async () => {
  await app.close();
});

describe('a tourist: its invoice and its receipts', () => {
  let tripId = 0;
  let participantId = 0;
  let cashPayment = 0;
  let bankPayment = 0;
  const invoiceUrl = () => `/api/admin/trip/${tripId}/participant/${participantId}/invoice`;

  beforeAll(async () => {
    tripId = (
      await ok<{ id: number }>(
        await admin.browser.post('/api/admin/trips', {
          title: 'Стамбул и Каппадокия',
          country: 'Турция',
          starts_on: '2027-05-01',
          ends_on: '2027-05-08',
          price: 1200,
          currency: 'usd',
          seats: 10,
        }),
      )
    ).id;
    participantId = await join(tripId, await tourist('Садыкова Аида Маратовна'), {
      discount: 100,
    });
    // $300 into the cash desk; 17 500 С into the bank: 17 500 / 87,45 = 200,114351… $; one
    // more $50 not yet confirmed (never paid).
    cashPayment = await pay(tripId, participantId, { wallet_id: desk.usdCash, amount: 300 });
    bankPayment = await pay(tripId, participantId, { wallet_id: desk.kgsBank, amount: 17500 });
    await pay(tripId, participantId, { currency: 'usd', amount: 50 }, { pending: true });
  });

  it('prints price, discount, paid and what is left to the cent, with the bank details', async () => {
    const text = paperOf(await sales.browser.get(invoiceUrl()));
    expect(text).toContain(`СЧЁТ НА ОПЛАТУ № 1 от ${TODAY}`);
    // The seller and its bank.
    expect(text).toContain('ПолучательОбщество с ограниченной ответственностью «Турбюро»');
    expect(text).toContain('ИНН02411201910125');
    expect(text).toContain('ОКПО30125478');
    expect(text).toContain('Банк получателяОАО «Оптима Банк», г. Бишкек');
    expect(text).toContain('Расчётный счёт1091820182530114');
    expect(text).toContain('БИК109018');
    expect(text).toContain('Плательщик: Садыкова Аида Маратовна');
    expect(text).toContain('Тур: «Стамбул и Каппадокия», с 01.05.2027 по 08.05.2027');
    expect(text).toContain(`турист Садыкова Аида Маратовна$1${NBSP}200,00`);
    expect(text).toContain('Скидка$100,00');
    expect(text).toContain(`Стоимость с учётом скидки$1${NBSP}100,00`);
    // 300 + 200,114351… = 500,114351… → $500,12 (rounded up once); 1 100 − 500,12 = 599,88.
    expect(text).toContain('Оплачено$500,12');
    expect(text).toContain('Итого к оплате$599,88');
    // 14 days before the start by default.
    expect(text).toContain('Оплатить до 17.04.2027.');
    expect(text).toContain('Директор');
    expect(text).toContain('Г. М. Асанова');
  });

  it('equals the trip summary to the cent', async () => {
    const summary = await ok<{
      participants: { participant_id: number; paid: number; debt: number }[];
    }>(await sales.browser.get(`/api/admin/trip/${tripId}/summary`));
    expect(summary.participants).toEqual([
      expect.objectContaining({ participant_id: participantId, paid: 500.12, debt: 599.88 }),
    ]);
  });

  it('reprints the same number and date with the figures read anew, and takes a due date', async () => {
    await pay(tripId, participantId, { wallet_id: desk.usdCash, amount: 99.88 });
    const text = paperOf(
      await admin.browser.get(invoiceUrl(), { query: { due_on: '2027-04-10' } }),
    );
    expect(text).toContain(`СЧЁТ НА ОПЛАТУ № 1 от ${TODAY}`);
    // 500,114351… + 99,88 = 599,994351… → $600,00; 1 100 − 600 = 500.
    expect(text).toContain('Оплачено$600,00');
    expect(text).toContain('Итого к оплате$500,00');
    expect(text).toContain('Оплатить до 10.04.2027.');
    const papers = await db()
      .selectFrom('papers')
      .select(['series', 'number', 'subject'])
      .where('series', '=', 'invoice')
      .execute();
    expect(papers).toEqual([
      { series: 'invoice', number: 1, subject: `participant:${participantId}` },
    ]);
  });

  it('names the file in Russian', async () => {
    const response = await sales.browser.get(invoiceUrl());
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      "UTF-8''Счёт № 1 - Садыкова Аида Маратовна.docx",
    );
  });

  it('refuses a participant of another trip, a cancelled one and a bad date', async () => {
    const other = await ok<{ id: number }>(
      await admin.browser.post('/api/admin/trips', {
        title: 'Другой тур',
        starts_on: '2027-06-01',
        ends_on: '2027-06-05',
        price: 500,
        currency: 'usd',
        seats: 5,
      }),
    );
    const response = await sales.browser.get(
      `/api/admin/trip/${other.id}/participant/${participantId}/invoice`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 0, message: 'Участник тура не найден' });

    const cancelled = await join(other.id, await tourist('Отменённый Турист'), {
      status: 'cancelled',
    });
    const refused = await sales.browser.get(
      `/api/admin/trip/${other.id}/participant/${cancelled}/invoice`,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 0,
      errors: { participantId: ['Участие отменено: счёт не выставляется'] },
    });

    const badDate = await sales.browser.get(invoiceUrl(), { query: { due_on: '2027-02-30' } });
    expect(badDate.statusCode).toBe(422);
    expect(JSON.stringify(badDate.json())).toMatch(/[а-я]/);
    // No number was taken by a refusal.
    const numbers = await db()
      .selectFrom('paper_counters')
      .select('last')
      .where('series', '=', 'invoice')
      .execute();
    expect(numbers).toEqual([{ last: 1 }]);
  });

  it('prints a cash order for money into the cash desk, the same paper on a reprint', async () => {
    const first = paperOf(await sales.browser.get(`/api/admin/transaction/${cashPayment}/receipt`));
    expect(first).toContain(`ПРИХОДНЫЙ КАССОВЫЙ ОРДЕР № 1 от ${TODAY}`);
    expect(first).toContain('Принято отСадыкова Аида Маратовна');
    expect(first).toContain(
      'ОснованиеОплата тура «Стамбул и Каппадокия» (с 01.05.2027 по 08.05.2027)',
    );
    expect(first).toContain('Сумма$300,00 (Доллар США)');
    expect(first).toContain('Принято в кассуКасса USD');
    expect(first).toContain(`Дата подтверждения${TODAY}`);
    expect(first).toContain('ПодтвердилБухгалтер Касс');
    expect(first).toContain('ИНН 02411201910125');
    expect(first).toContain('Кассир');
    const again = paperOf(
      await accountant.browser.get(`/api/admin/transaction/${cashPayment}/receipt`),
    );
    expect(again).toContain(`ПРИХОДНЫЙ КАССОВЫЙ ОРДЕР № 1 от ${TODAY}`);
  });

  it('prints a payment confirmation for money into a bank account, in its own currency', async () => {
    const text = paperOf(
      await accountant.browser.get(`/api/admin/transaction/${bankPayment}/receipt`),
    );
    expect(text).toContain(`ПОДТВЕРЖДЕНИЕ ОПЛАТЫ № 2 от ${TODAY}`);
    expect(text).toContain(`СуммаС17${NBSP}500,00 (Сом)`);
    expect(text).toContain('Зачислено на счётРасчётный счёт KGS');
  });

  it('finds no receipt for what is not a confirmed participant payment, or out of reach', async () => {
    const pendingId = await pay(
      tripId,
      participantId,
      { currency: 'usd', amount: 1 },
      {
        pending: true,
      },
    );
    const pending = await admin.browser.get(`/api/admin/transaction/${pendingId}/receipt`);
    expect(pending.statusCode).toBe(404);
    expect(pending.json()).toEqual({
      code: 0,
      message: 'Подтверждённый платёж участника тура не найден',
    });
    expect((await admin.browser.get('/api/admin/transaction/999999999/receipt')).statusCode).toBe(
      404,
    );
    // Another sales manager: not its tourist, not its payment.
    expect(
      (await otherSales.browser.get(`/api/admin/transaction/${cashPayment}/receipt`)).statusCode,
    ).toBe(404);
    // Who handles no payments, and an agent, are refused the route itself.
    expect(
      (await reservations.browser.get(`/api/admin/transaction/${cashPayment}/receipt`)).statusCode,
    ).toBe(403);
    expect(
      (await agentA.browser.get(`/api/admin/transaction/${cashPayment}/receipt`)).statusCode,
    ).toBe(403);
  });

  it('lists the receipts and agents the trip summary offers, within reach', async () => {
    const papers = await ok<{ receipts: unknown[]; agents: unknown[] }>(
      await sales.browser.get(`/api/admin/trip/${tripId}/papers`),
    );
    expect(papers.receipts).toEqual([
      {
        transaction_id: cashPayment,
        participant_id: participantId,
        amount: 300,
        currency: 'usd',
        confirmed_on: businessToday(),
        kind: 'cash_order',
      },
      {
        transaction_id: bankPayment,
        participant_id: participantId,
        amount: 17500,
        currency: 'kgs',
        confirmed_on: businessToday(),
        kind: 'bank_confirmation',
      },
      expect.objectContaining({ amount: 99.88, kind: 'cash_order' }),
    ]);
    expect(papers.agents).toEqual([]);
    for (const who of [otherSales, reservations]) {
      const seen = await ok<{ receipts: unknown[] }>(
        await who.browser.get(`/api/admin/trip/${tripId}/papers`),
      );
      expect(seen.receipts).toEqual([]);
    }
    expect((await sales.browser.get('/api/admin/trip/999999999/papers')).statusCode).toBe(404);
  });

  it('prints a plain receipt for money into a company wallet that is neither desk nor bank', async () => {
    const { id: safe } = await db()
      .insertInto('wallets')
      .values({ type: 'site', kind: null, name: 'Сейф EUR', currency: 'eur' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await pay(tripId, participantId, { wallet_id: safe, amount: 120.5 });
    const text = paperOf(await accountant.browser.get(`/api/admin/transaction/${payment}/receipt`));
    // The third receipt printed in the series this year.
    expect(text).toContain(`КВИТАНЦИЯ № 3 от ${TODAY}`);
    expect(text).toContain('Сумма€120,50 (Евро)');
    expect(text).toContain('ЗачисленоСейф EUR');
  });
});

describe('an agent: one invoice for its tourists on a trip', () => {
  let tripId = 0;
  let onlyA = 0;
  let byPrice = 0;

  beforeAll(async () => {
    // 10 % of what each tourist owes. The trip's price is the tour's: $1 000.
    tripId = await agentTrip({ agent_commission: 10 }, '2027-06-01');
    const first = await join(tripId, await tourist('Беков Нурлан', { counterparty_id: agentA.id }));
    await join(tripId, await tourist('Алиева Жамиля', { counterparty_id: agentA.id }), {
      discount: 55.55,
    });
    await join(tripId, await tourist('Отказавшийся Турист', { counterparty_id: agentA.id }), {
      status: 'cancelled',
    });
    await join(tripId, await tourist('Турист Другого Агента', { counterparty_id: agentB.id }));
    await join(tripId, await tourist('Самостоятельный Турист'));
    await pay(tripId, first, { wallet_id: desk.usdCash, amount: 400 });
    onlyA = await agentTrip({ agent_commission: 10 }, '2027-07-01');
    await join(onlyA, await tourist('Только Агента А', { counterparty_id: agentA.id }));
    byPrice = await agentTrip({ agent_price: 850 }, '2027-08-01');
    await join(byPrice, await tourist('По Цене Агента', { counterparty_id: agentA.id }), {
      discount: 20,
    });
  });

  it('lists the agents whose tourists are on the trip', async () => {
    const papers = await ok<{ agents: unknown[] }>(
      await sales.browser.get(`/api/admin/trip/${tripId}/papers`),
    );
    expect(papers.agents).toEqual([
      { agent_id: agentA.id, full_name: 'Агентство Ала-Тоо', tourists: 2 },
      { agent_id: agentB.id, full_name: 'Агентство Иссык-Куль', tourists: 1 },
    ]);
  });

  it('prints a line per active tourist with its commission and the totals', async () => {
    const text = paperOf(
      await sales.browser.get(`/api/admin/trip/${tripId}/agent/${agentA.id}/invoice`),
    );
    expect(text).toContain(`СЧЁТ НА ОПЛАТУ № 2 от ${TODAY}`);
    expect(text).toContain('Плательщик (агент): Агентство Ала-Тоо');
    expect(text).toContain('Комиссия агента: 10 % от стоимости с учётом скидки.');
    // Беков: 1 000, commission 100, the agent pays 900, paid 400, left 500.
    expect(text).toContain(`1Беков Нурлан$1${NBSP}000,00$100,00$900,00$400,00$500,00`);
    // Алиева: 1 000 − 55,55 = 944,45; 10 % = 94,445 → 94,45 (half up); 944,45 − 94,45 = 850.
    expect(text).toContain('2Алиева Жамиля$944,45$94,45$850,00$0,00$850,00');
    expect(text).toContain(`Итого$1${NBSP}944,45$194,45$1${NBSP}750,00$400,00$1${NBSP}350,00`);
    expect(text).toContain(`Итого к оплате: $1${NBSP}350,00`);
    expect(text).not.toContain('Отказавшийся');
    expect(text).not.toContain('Другого Агента');
    expect(text).not.toContain('Самостоятельный');
  });

  it('gives the agent its own invoice, the same paper the staff print', async () => {
    const text = paperOf(await agentA.browser.get(`/api/agent/trip/${tripId}/invoice`));
    expect(text).toContain(`СЧЁТ НА ОПЛАТУ № 2 от ${TODAY}`);
    expect(text).toContain(`Итого к оплате: $1${NBSP}350,00`);
    const other = paperOf(await agentB.browser.get(`/api/agent/trip/${tripId}/invoice`));
    expect(other).toContain(`СЧЁТ НА ОПЛАТУ № 3 от ${TODAY}`);
    expect(other).toContain('1Турист Другого Агента');
    expect(other).not.toContain('Беков');
    expect(other).not.toContain('Алиева');
  });

  it('never gives an agent another agent’s invoice', async () => {
    const refused = await agentB.browser.get(`/api/agent/trip/${onlyA}/invoice`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      code: 0,
      message: 'Среди участников тура нет туристов этого агента',
    });
    // A trip that does not exist answers the same.
    expect((await agentB.browser.get('/api/agent/trip/999999999/invoice')).json()).toEqual(
      refused.json(),
    );
    // The staff routes are not the agent's.
    expect(
      (await agentB.browser.get(`/api/admin/trip/${onlyA}/agent/${agentA.id}/invoice`)).statusCode,
    ).toBe(403);
    // Staff: an agent without tourists on the trip, and a user who is not an agent.
    expect(
      (await sales.browser.get(`/api/admin/trip/${onlyA}/agent/${agentB.id}/invoice`)).statusCode,
    ).toBe(404);
    expect(
      (await sales.browser.get(`/api/admin/trip/${onlyA}/agent/${sales.id}/invoice`)).statusCode,
    ).toBe(404);
  });

  it('takes the agent price where the tour sets one', async () => {
    const text = paperOf(await agentA.browser.get(`/api/agent/trip/${byPrice}/invoice`));
    expect(text).toContain(`Цена для агента: $850,00 за туриста`);
    // 1 000 − 20 = 980; commission 980 − 850 = 130; the agent pays 850.
    expect(text).toContain('1По Цене Агента$980,00$130,00$850,00$0,00$850,00');
  });

  it('leaves what is left to pay open when a payment has no rate, never converting it at 1', async () => {
    const trip = await ok<{ id: number }>(
      await admin.browser.post('/api/admin/trips', {
        title: 'Сеул',
        starts_on: '2027-09-01',
        ends_on: '2027-09-07',
        price: 900,
        currency: 'usd',
        seats: 5,
      }),
    );
    const participant = await join(trip.id, await tourist('Ким Алина'));
    const yenDesk = await siteWallet('Касса JPY', 'jpy', 'cash');
    await pay(trip.id, participant, { wallet_id: yenDesk, amount: 10000 });
    const text = paperOf(
      await sales.browser.get(`/api/admin/trip/${trip.id}/participant/${participant}/invoice`),
    );
    // The fifth invoice: one tourist's, then the agents' three above.
    expect(text).toContain(`СЧЁТ НА ОПЛАТУ № 5 от ${TODAY}`);
    expect(text).toContain('Оплачено$0,00');
    expect(text).toContain('Итого к оплатеуточняется: нет курса на день части платежей');
  });
});
