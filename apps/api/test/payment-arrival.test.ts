import { sql } from 'kysely';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { checkLedger } from '../src/routes/ledger/check';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Where a participant's payment arrives and when it is an overpayment (DESIGN.md 3b): into the
// company wallet where the money physically arrived (the cash desk of its currency by default),
// never the tourist's deposit; the participant's paid follows the links, whatever the wallet;
// a payment beyond the due is recorded only when its author says so, and stays marked.

const database = useTestDatabase({ max: 10 });
const db = (): Db => database().db;
let app: App;

let sales: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };
const desk = { kgs: 0, usd: 0, usdBank: 0, eurBank: 0 };

async function siteWallet(name: string, currency: string, kind: 'cash' | 'bank') {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: 'site', kind, name, currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function balanceOf(id: number): Promise<number> {
  const row = await db()
    .selectFrom('wallets')
    .select('balance')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

async function ok<T = Record<string, unknown>>(response: {
  statusCode: number;
  json: () => { data: T };
  body: string;
}): Promise<T> {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json().data;
}

/** A trip in `currency` at `price` a person with one participant; its ids. */
async function tripWithOne(price: number, currency = 'usd', name = 'Турист Платящий') {
  const trip = await ok<{ id: number }>(
    await sales.browser.post('/api/admin/trips', {
      title: `Тур за ${price} ${currency}`,
      country: 'Япония',
      starts_on: '2027-05-01',
      ends_on: '2027-05-08',
      price,
      currency,
      seats: 10,
    }),
  );
  const user = await createTestUser(db(), {
    full_name: name,
    password: null,
    manager_id: sales.id,
  });
  const participant = await ok<{ id: number }>(
    await sales.browser.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user }),
  );
  return { tripId: trip.id, participantId: participant.id, userId: user };
}

let keys = 0;
function pay(
  who: { browser: Browser },
  trip: { tripId: number; participantId: number },
  body: object,
) {
  return who.browser.post(
    `/api/admin/trip/${trip.tripId}/participant/${trip.participantId}/payments`,
    body,
    { headers: { 'idempotency-key': `arrival-${process.pid}-${++keys}` } },
  );
}

const confirm = (id: number) =>
  accountant.browser.post(`/api/admin/balance/operations/${id}/confirm`);

beforeAll(async () => {
  app = await buildTestApp(db());
  sales = await signedIn(app, db(), ['sales_manager'], { full_name: 'Менеджер Продаж' });
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Касс' });
  desk.usdBank = await siteWallet('Расчётный счёт USD', 'usd', 'bank');
  desk.usd = await siteWallet('Касса USD', 'usd', 'cash');
  desk.kgs = await siteWallet('Касса (сом)', 'kgs', 'cash');
  desk.eurBank = await siteWallet('Расчётный счёт EUR', 'eur', 'bank');
  await sql`insert into currency_rates (date, from_currency, to_currency, rate)
    values (current_date - 1, 'usd', 'kgs', 87.5)`.execute(db());
});
afterAll(async () => {
  await app.close();
});

describe('where a trip payment arrives', () => {
  it('lists the company wallets a payment may arrive in, cash desks first, without balances', async () => {
    const list = await ok<unknown[]>(await sales.browser.get('/api/admin/balance/payment-wallets'));
    expect(list).toEqual([
      { id: desk.eurBank, name: 'Расчётный счёт EUR', currency: 'eur', kind: 'bank' },
      { id: desk.kgs, name: 'Касса (сом)', currency: 'kgs', kind: 'cash' },
      // The cash desk before the older bank account: it is the default.
      { id: desk.usd, name: 'Касса USD', currency: 'usd', kind: 'cash' },
      { id: desk.usdBank, name: 'Расчётный счёт USD', currency: 'usd', kind: 'bank' },
    ]);
    const dollars = await ok<{ id: number }[]>(
      await sales.browser.get('/api/admin/balance/payment-wallets?currency=usd'),
    );
    expect(dollars.map((wallet) => wallet.id)).toEqual([desk.usd, desk.usdBank]);
    const reservations = await signedIn(app, db(), ['reservation_agent']);
    expect((await reservations.browser.get('/api/admin/balance/payment-wallets')).statusCode).toBe(
      403,
    );
  });

  it('takes a payment into the cash desk of its currency by default, a sales manager too', async () => {
    const trip = await tripWithOne(1000);
    const payment = await ok<Record<string, unknown>>(
      await pay(sales, trip, { currency: 'usd', amount: 300 }),
    );
    expect(payment).toMatchObject({
      wallet_id: desk.usd,
      wallet_name: 'Касса USD',
      status: 'pending',
      amount: 300,
      trip_id: trip.tripId,
      participant_id: trip.participantId,
      participant: { id: trip.participantId, full_name: 'Турист Платящий' },
      overpayment: false,
    });
    // The tourist got no wallet: the money is the company's, the link says whose it is.
    const own = await db()
      .selectFrom('wallets')
      .select('id')
      .where('user_id', '=', trip.userId)
      .execute();
    expect(own).toEqual([]);
  });

  it('takes a payment into the bank account named, and the drawer grows by the confirmed one only', async () => {
    const trip = await tripWithOne(1000);
    const before = { cash: await balanceOf(desk.usd), bank: await balanceOf(desk.usdBank) };
    const cash = await ok<{ id: number }>(await pay(sales, trip, { currency: 'usd', amount: 200 }));
    const bank = await ok<{ id: number; wallet_id: number }>(
      await pay(sales, trip, { wallet_id: desk.usdBank, amount: '150.50' }),
    );
    expect(bank.wallet_id).toBe(desk.usdBank);
    expect((await confirm(cash.id)).statusCode).toBe(200);
    const rejected = await accountant.browser.post(
      `/api/admin/balance/operations/${bank.id}/reject`,
      { reason: 'Платёж не пришёл на счёт' },
    );
    expect(rejected.statusCode).toBe(200);
    // Minor units: $200 confirmed into the drawer, nothing into the bank.
    expect(await balanceOf(desk.usd)).toBe(before.cash + 20000);
    expect(await balanceOf(desk.usdBank)).toBe(before.bank);
    // The participant's paid follows the link, whatever the wallet.
    const summary = await ok<{ participants: Record<string, unknown>[] }>(
      await sales.browser.get(`/api/admin/trip/${trip.tripId}/summary`),
    );
    expect(summary.participants[0]).toMatchObject({ paid: 200, expected: 0, debt: 800 });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('refuses the tourist’s own deposit and a currency without a company wallet', async () => {
    const trip = await tripWithOne(1000);
    const deposit = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: trip.userId, name: 'Депозит USD', currency: 'usd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const intoDeposit = await pay(sales, trip, { wallet_id: deposit.id, amount: 100 });
    expect(intoDeposit.statusCode).toBe(422);
    expect(intoDeposit.json().errors).toEqual({
      wallet_id: [
        'Платёж за тур поступает в кассу или на счёт компании; депозит клиента — только для ' +
          'предоплат без тура',
      ],
    });
    const yen = await pay(sales, trip, { currency: 'jpy', amount: 10000 });
    expect(yen.statusCode).toBe(422);
    expect(yen.json().errors).toEqual({
      currency: [
        'Нет кассы или счёта компании в валюте JPY: заведите кошелёк компании в этой валюте или ' +
          'выберите другую валюту',
      ],
    });
    const mismatch = await pay(sales, trip, { wallet_id: desk.kgs, currency: 'usd', amount: 1 });
    expect(mismatch.json().errors).toEqual({
      currency: ['Валюта не совпадает с валютой кошелька'],
    });
    const count = await db()
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('participant_id', '=', trip.participantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('keeps a movement of a participant in the company’s wallets or the tourist’s own', async () => {
    const trip = await tripWithOne(1000);
    const stranger = await createTestUser(db(), { full_name: 'Чужой Кошелёк', password: null });
    const strangers = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: stranger, name: 'Чужой USD', currency: 'usd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const move = (body: object) =>
      accountant.browser.post(
        '/api/admin/balance/movements',
        { type: 'income', trip_id: trip.tripId, participant_id: trip.participantId, ...body },
        { headers: { 'idempotency-key': `arrival-move-${process.pid}-${++keys}` } },
      );
    const wrong = await move({ wallet_id: strangers.id, amount: 10 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      wallet_id: [
        'Платёж или возврат участника — через кассу или счёт компании (или кошелёк самого туриста)',
      ],
    });
    const right = await move({ wallet_id: desk.usdBank, amount: 10 });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ wallet_id: desk.usdBank, overpayment: false });
  });
});

describe('overpayments', () => {
  it('asks for an explicit confirmation of a payment beyond the due, and marks it', async () => {
    // The demo payment: a ¥290 000 trip paid С28 072 000.
    const trip = await tripWithOne(290000, 'jpy', 'Турист Переплата');
    await siteWallet('Касса JPY', 'jpy', 'cash');
    const part = await ok<{ id: number }>(
      await pay(sales, trip, { currency: 'jpy', amount: 200000 }),
    );
    // ¥200 000 pending and ¥100 000 more: ¥10 000 over the due.
    const refused = await pay(sales, trip, { currency: 'jpy', amount: 100000 });
    expect(refused.statusCode).toBe(422);
    const reason =
      'Переплата: к оплате ¥290\u00a0000,00, оплачено ¥0,00, ожидает подтверждения ' +
      '¥200\u00a0000,00; с этим платежом — на ¥10\u00a0000,00 больше. Подтвердите, что это ' +
      'переплата.';
    expect(refused.json()).toEqual({ code: 0, message: reason, errors: { overpayment: [reason] } });
    expect(await ok(await pay(sales, trip, { currency: 'jpy', amount: 90000 }))).toMatchObject({
      overpayment: false,
    });
    await confirm(part.id);
    const over = await ok<{ id: number; overpayment: boolean }>(
      await pay(sales, trip, { currency: 'jpy', amount: 1, overpayment: true }),
    );
    expect(over.overpayment).toBe(true);
    // The flag is refused where there is no participant's income to mark.
    const flagged = await accountant.browser.post(
      '/api/admin/balance/movements',
      { type: 'outcome', wallet_id: desk.kgs, amount: 1, overpayment: true },
      { headers: { 'idempotency-key': `arrival-flag-${process.pid}` } },
    );
    expect(flagged.json().errors).toEqual({
      overpayment: ['Переплата отмечается только у платежа участника тура'],
    });
    // In another currency: С28 072 000 at 87,5 С a dollar for a $1 000 trip.
    const dollars = await tripWithOne(1000, 'usd', 'Турист Сомами');
    const som = await pay(sales, dollars, { currency: 'kgs', amount: 28072000 });
    expect(som.statusCode).toBe(422);
    expect(som.json().errors.overpayment[0]).toContain('к оплате $1\u00a0000,00');
    // A cancelled participant owes nothing: any payment is an overpayment.
    const cancelled = await sales.browser.put(
      `/api/admin/trip/${dollars.tripId}/participant/${dollars.participantId}`,
      { price: 1000, discount: 0, status: 'cancelled' },
    );
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = await pay(sales, dollars, { currency: 'usd', amount: 1 });
    expect(afterCancel.json().errors.overpayment[0]).toContain('к оплате $0,00');
  });
});
