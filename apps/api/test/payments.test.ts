import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { recordMovement, type Movement } from '../src/domain/ledger/movements';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';
import { browserWithSession } from './sessions';

// POST /api/admin/user/:userId/payments (the accounting model's one movement call, as add_payment
// uses it) and GET /api/admin/user/:userId/wallets, on a real server with several connections.

const database = useTestDatabase({ max: 10 });
const db = (): Db => database().db;
let app: App;

const NOT_FOUND = { code: 0, message: 'Пользователь не найден' };
const KEY_MISSING =
  'Нужен заголовок Idempotency-Key: свой ключ для каждой новой операции, чтобы повтор ' +
  'запроса не записал её дважды';
const KEY_INVALID = 'Заголовок Idempotency-Key: от 1 до 200 печатных символов ASCII';
const KEY_REUSED = 'Этот ключ Idempotency-Key уже использован для другого запроса';
const ACCOUNTANT_NAME = 'Бухгалтер Бекова';

let accountant: { browser: Browser; id: number };
let sales: { browser: Browser; id: number };
/** Tourists: one of the sales manager's, one of another manager's. */
let mine: number;
let foreign: number;
const w = { mineKgs: 0, mineUsd: 0, foreignKgs: 0, siteKgs: 0 };

async function wallet(values: {
  user_id: number | null;
  name: string;
  currency: string;
  balance?: number;
}): Promise<number> {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: values.user_id ? 'user' : 'site', balance: 0, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let keys = 0;
const newKey = () => `payment-${process.pid}-${++keys}`;

function pay(browser: Browser, userId: number, body: unknown, key: string | null = newKey()) {
  return browser.post(
    `/api/admin/user/${userId}/payments`,
    body,
    key === null ? {} : { headers: { 'idempotency-key': key } },
  );
}

async function rowsWithKey(key: string) {
  return db().selectFrom('transactions').selectAll().where('idempotency_key', '=', key).execute();
}

async function countTransactions(): Promise<number> {
  const row = await db()
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function walletRow(id: number) {
  return db()
    .selectFrom('wallets')
    .select(['balance', 'listed_transactions'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function walletsOf(userId: number) {
  return db()
    .selectFrom('wallets')
    .select(['id', 'name', 'currency'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function guest() {
  const browser = new Browser(app);
  await browser.get('/api/get-laravel-permission-to-vuejs');
  return browser;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  accountant = await signedIn(app, db(), ['accountant'], { full_name: ACCOUNTANT_NAME });
  sales = await signedIn(app, db(), ['sales_manager']);
  const otherManager = await createTestUser(db(), { roles: ['sales_manager'] });
  mine = await createTestUser(db(), { full_name: 'Турист Свой', manager_id: sales.id });
  foreign = await createTestUser(db(), { full_name: 'Турист Чужой', manager_id: otherManager });
  w.mineKgs = await wallet({
    user_id: mine,
    name: 'Депозит (сом)',
    currency: 'kgs',
    balance: 5000,
  });
  w.mineUsd = await wallet({ user_id: mine, name: 'Депозит USD', currency: 'usd', balance: 1000 });
  w.foreignKgs = await wallet({ user_id: foreign, name: 'Депозит (сом)', currency: 'kgs' });
  w.siteKgs = await wallet({ user_id: null, name: 'Касса (сом)', currency: 'kgs' });
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/admin/user/:userId/payments', () => {
  it('records a pending income and leaves the balance as it was', async () => {
    const before = await walletRow(w.mineKgs);
    const key = newKey();
    const response = await pay(
      accountant.browser,
      mine,
      { wallet_id: w.mineKgs, amount: '1500', comment: '  Оплата тура  ' },
      key,
    );
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(1);
    expect(data).toEqual({
      id: expect.any(Number),
      wallet_id: w.mineKgs,
      type: 'income',
      amount: 1500,
      currency: 'kgs',
      status: 'pending',
      target_wallet_id: null,
      target_amount: null,
      target_currency: null,
      rate: null,
      trip_id: null,
      participant_id: null,
      booking_id: null,
      category: null,
      comment: 'Оплата тура',
      created_by: accountant.id,
      confirmed_by: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      confirmed_at: null,
      reverses_id: null,
      reversed_by_id: null,
      rejection_reason: null,
      rate_date: null,
      wallet_name: 'Депозит (сом)',
      target_wallet_name: null,
      wallet_owner_name: 'Турист Свой',
      target_wallet_owner_name: null,
      created_by_name: ACCOUNTANT_NAME,
      confirmed_by_name: null,
      overpayment: false,
      trip: null,
      participant: null,
      booking: null,
    });
    const after = await walletRow(w.mineKgs);
    expect(after.balance).toBe(before.balance);
    expect(after.listed_transactions).toBe(before.listed_transactions + 1);
    const [row] = await rowsWithKey(key);
    expect(row).toMatchObject({ id: data.id, amount: 1500, status: 'pending' });
    expect(row?.request_hash).toMatch(/^[0-9a-f]{64}$/);
    // The wallet read agrees: nothing moved yet.
    const read = await accountant.browser.get(`/api/admin/wallet/${w.mineKgs}`);
    expect(read.json().data.balance).toBe(5000);
  });

  it('answers a retry with the first operation and records it once', async () => {
    const key = newKey();
    const first = await pay(
      accountant.browser,
      mine,
      { wallet_id: w.mineUsd, amount: '10.50' },
      key,
    );
    expect(first.statusCode).toBe(200);
    const total = await countTransactions();
    // The same request, the amount written differently: the same meaning, so the same request.
    const retry = await pay(accountant.browser, mine, { wallet_id: w.mineUsd, amount: 10.5 }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await countTransactions()).toBe(total);
    expect(await rowsWithKey(key)).toHaveLength(1);
  });

  it('records 20 concurrent identical requests once', async () => {
    const key = newKey();
    const total = await countTransactions();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(accountant.browser, mine, { currency: 'kgs', amount: 777 }, key),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await rowsWithKey(key)).toHaveLength(1);
    expect(await countTransactions()).toBe(total + 1);
  });

  it('refuses the same key with another request, and records nothing', async () => {
    const key = newKey();
    await pay(accountant.browser, mine, { wallet_id: w.mineKgs, amount: 100 }, key);
    const total = await countTransactions();
    for (const body of [
      { wallet_id: w.mineKgs, amount: 101 },
      { wallet_id: w.mineKgs, amount: 100, comment: 'другое' },
      { currency: 'kgs', amount: 100 },
    ]) {
      const response = await pay(accountant.browser, mine, body, key);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 0,
        message: KEY_REUSED,
        errors: { 'Idempotency-Key': [KEY_REUSED] },
      });
    }
    // The same key for another user's payment is another request too.
    const elsewhere = await pay(accountant.browser, foreign, { currency: 'kgs', amount: 100 }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await countTransactions()).toBe(total);
  });

  it('keeps keys per user: another user’s same key is its own operation', async () => {
    const key = newKey();
    const body = { wallet_id: w.mineKgs, amount: 250 };
    const byAccountant = await pay(accountant.browser, mine, body, key);
    const bySales = await pay(sales.browser, mine, body, key);
    expect(byAccountant.statusCode).toBe(200);
    expect(bySales.statusCode).toBe(200);
    expect(bySales.json().data.id).not.toBe(byAccountant.json().data.id);
    expect(bySales.json().data.created_by).toBe(sales.id);
  });

  it('requires an Idempotency-Key of 1 to 200 printable ASCII characters (422)', async () => {
    const total = await countTransactions();
    const body = { wallet_id: w.mineKgs, amount: 100 };
    const missing = await pay(accountant.browser, mine, body, null);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 0,
      message: KEY_MISSING,
      errors: { 'Idempotency-Key': [KEY_MISSING] },
    });
    expect((await pay(accountant.browser, mine, body, '')).json().message).toBe(KEY_MISSING);
    for (const key of ['x'.repeat(201), 'ключ', 'a\tb']) {
      const response = await pay(accountant.browser, mine, body, key);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(KEY_INVALID);
    }
    expect((await pay(accountant.browser, mine, body, 'x'.repeat(200))).statusCode).toBe(200);
    expect(await countTransactions()).toBe(total + 1);
  });

  describe('who may pay', () => {
    const body = () => ({ wallet_id: w.mineKgs, amount: 100 });

    it('refuses a guest with 401 and roles without add_payment with 403', async () => {
      const total = await countTransactions();
      expect((await pay(await guest(), mine, body())).statusCode).toBe(401);
      const agent = await signedIn(app, db(), ['reservation_agent']);
      const refused = await pay(agent.browser, mine, body());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 0, message: 'Недостаточно прав' });
      const counterparty = await signedIn(app, db(), ['counterparty']);
      expect((await pay(counterparty.browser, mine, body())).statusCode).toBe(403);
      const clientId = await createTestUser(db(), { roles: ['client'] });
      const client = await browserWithSession(app, db(), clientId);
      expect((await pay(client, clientId, body())).statusCode).toBe(403);
      expect(await countTransactions()).toBe(total);
    });

    it('lets a sales manager pay only to the users it manages (404 otherwise)', async () => {
      const own = await pay(sales.browser, mine, body());
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ status: 'pending', created_by: sales.id });

      const total = await countTransactions();
      const out = await pay(sales.browser, foreign, { wallet_id: w.foreignKgs, amount: 100 });
      expect(out.statusCode).toBe(404);
      expect(out.json()).toEqual(NOT_FOUND);
      const missing = await pay(sales.browser, 999_999_999, { currency: 'kgs', amount: 100 });
      expect(missing.json()).toEqual(NOT_FOUND);
      // Out of reach reads like missing even with a body that would be refused.
      expect((await pay(sales.browser, foreign, { amount: 'abc' })).json()).toEqual(NOT_FOUND);
      expect(await countTransactions()).toBe(total);
      expect(await walletsOf(foreign)).toHaveLength(1);
    });

    it('lets accounting pay to anyone', async () => {
      const response = await pay(accountant.browser, foreign, {
        wallet_id: w.foreignKgs,
        amount: 100,
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('the wallet', () => {
    it('refuses a wallet of another user or of the company (422)', async () => {
      const total = await countTransactions();
      for (const walletId of [w.foreignKgs, w.siteKgs, 999_999_999]) {
        const response = await pay(accountant.browser, mine, { wallet_id: walletId, amount: 100 });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          code: 0,
          message: 'Проверьте правильность заполнения полей',
          errors: { wallet_id: ['У этого пользователя нет такого кошелька'] },
        });
      }
      expect(await countTransactions()).toBe(total);
    });

    it('needs a wallet or a currency, and a currency that matches the wallet', async () => {
      const neither = await pay(accountant.browser, mine, { amount: 100 });
      expect(neither.statusCode).toBe(422);
      expect(neither.json().errors).toEqual({
        wallet_id: ['Укажите кошелёк или валюту'],
        currency: ['Укажите кошелёк или валюту'],
      });
      const mismatch = await pay(accountant.browser, mine, {
        wallet_id: w.mineKgs,
        currency: 'usd',
        amount: 100,
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({
        currency: ['Валюта не совпадает с валютой кошелька'],
      });
      const both = await pay(accountant.browser, mine, {
        wallet_id: w.mineUsd,
        currency: 'usd',
        amount: 100,
      });
      expect(both.json().data).toMatchObject({ wallet_id: w.mineUsd, currency: 'usd' });
    });

    it('refuses a comment too long or with a NUL character', async () => {
      const long = await pay(accountant.browser, mine, {
        currency: 'kgs',
        amount: 1,
        comment: 'я'.repeat(1001),
      });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toEqual({ comment: ['Не длиннее 1000 символов'] });
      const nul = await pay(accountant.browser, mine, {
        currency: 'kgs',
        amount: 1,
        comment: 'a\u0000b',
      });
      expect(nul.statusCode).toBe(422);
      expect(nul.json().errors).toEqual({ comment: ['Недопустимый символ (U+0000)'] });
      const blank = await pay(accountant.browser, mine, {
        currency: 'kgs',
        amount: 1,
        comment: '  ',
      });
      expect(blank.json().data.comment).toBeNull();
    });

    it('uses the user’s wallet in the currency', async () => {
      const response = await pay(accountant.browser, mine, { currency: 'usd', amount: '20.05' });
      expect(response.json().data).toMatchObject({
        wallet_id: w.mineUsd,
        amount: 20.05,
        currency: 'usd',
        wallet_name: 'Депозит USD',
      });
    });

    it('opens a wallet in a currency the user lacks, once', async () => {
      const tourist = await createTestUser(db(), { full_name: 'Без Кошельков' });
      const first = await pay(accountant.browser, tourist, { currency: 'eur', amount: '99.99' });
      expect(first.statusCode).toBe(200);
      const second = await pay(accountant.browser, tourist, { currency: 'eur', amount: 1 });
      const wallets = await walletsOf(tourist);
      expect(wallets).toEqual([{ id: expect.any(Number), name: 'Депозит EUR', currency: 'eur' }]);
      expect(first.json().data).toMatchObject({ wallet_id: wallets[0]!.id, amount: 99.99 });
      expect(second.json().data.wallet_id).toBe(wallets[0]!.id);
      const som = await pay(accountant.browser, tourist, { currency: 'kgs', amount: 1 });
      expect(som.json().data.wallet_name).toBe('Депозит (сом)');
    });

    it('opens one wallet when concurrent payments need it', async () => {
      const tourist = await createTestUser(db(), { full_name: 'Одновременный Турист' });
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          pay(accountant.browser, tourist, { currency: 'jpy', amount: 1000 + i }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      const wallets = await walletsOf(tourist);
      expect(wallets).toHaveLength(1);
      expect(new Set(responses.map((r) => r.json().data.wallet_id))).toEqual(
        new Set([wallets[0]!.id]),
      );
      const recorded = await db()
        .selectFrom('transactions')
        .select('amount')
        .where('wallet_id', '=', wallets[0]!.id)
        .orderBy('amount')
        .execute();
      expect(recorded.map((r) => r.amount)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
    });

    it('does not open a wallet for a refused payment', async () => {
      const tourist = await createTestUser(db(), { full_name: 'Отказ' });
      const response = await pay(accountant.browser, tourist, { currency: 'kgs', amount: '1.5' });
      expect(response.statusCode).toBe(422);
      expect(await walletsOf(tourist)).toEqual([]);
    });
  });

  describe('the amount', () => {
    const NOT_NUMBER = 'Сумма должна быть числом, например 1500.50';
    const NOT_POSITIVE = 'Должно быть больше нуля';
    const ABOVE_USD = 'Сумма не может быть больше $10\u00a0000\u00a0000,00';
    const ABOVE_KGS = 'Сумма не может быть больше С1\u00a0000\u00a0000\u00a0000,00';
    it.each<[string, unknown, string, string]>([
      ['a text', 'abc', 'kgs', NOT_NUMBER],
      ['an empty text', '', 'kgs', NOT_NUMBER],
      ['spaces', '   ', 'kgs', NOT_NUMBER],
      ['a decimal comma', '1500,50', 'usd', NOT_NUMBER],
      ['an exponent', '1e3', 'kgs', NOT_NUMBER],
      ['a text exponent too big to write out', '1e400000000', 'usd', NOT_NUMBER],
      ['a hexadecimal', '0x10', 'kgs', NOT_NUMBER],
      ['a plus sign', '+5', 'kgs', NOT_NUMBER],
      ['Infinity', 'Infinity', 'kgs', NOT_NUMBER],
      ['zero', 0, 'kgs', NOT_POSITIVE],
      ['zero as text', '0.00', 'usd', NOT_POSITIVE],
      ['a negative number', -5, 'kgs', NOT_POSITIVE],
      ['a negative text', '-0.01', 'usd', NOT_POSITIVE],
      ['cents in som', '1500.5', 'kgs', 'Сумма в KGS должна быть целой'],
      ['fractions of a yen', 0.5, 'jpy', 'Сумма в JPY должна быть целой'],
      [
        'a third decimal in dollars',
        '1500.505',
        'usd',
        'Сумма в USD может иметь не больше 2 знаков после точки',
      ],
      ['binary noise', 0.1 + 0.2, 'eur', 'Сумма в EUR может иметь не больше 2 знаков после точки'],
      ['2^53 minor units', '90071992547409.92', 'usd', ABOVE_USD],
      ['2^53 som', '9007199254740992', 'kgs', ABOVE_KGS],
      ['a huge number', 1e300, 'kgs', ABOVE_KGS],
      ['a boolean', true, 'kgs', 'Значение должно быть числом или строкой'],
      ['null', null, 'kgs', 'Значение должно быть числом или строкой'],
      ['an object', { value: 1 }, 'kgs', 'Значение должно быть числом или строкой'],
    ])('refuses %s with a Russian 422 on amount', async (_, amount, currency, message) => {
      const total = await countTransactions();
      const response = await pay(accountant.browser, mine, { currency, amount });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 0, errors: { amount: [message] } });
      expect(await countTransactions()).toBe(total);
    });

    it('refuses a missing amount and unknown fields', async () => {
      const missing = await pay(accountant.browser, mine, { currency: 'kgs' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ amount: ['Обязательное поле'] });
      const extra = await pay(accountant.browser, mine, {
        currency: 'rub',
        amount: 1,
        status: 'confirmed',
      });
      expect(extra.json().errors).toEqual({
        currency: ['Недопустимое значение'],
        status: ['Неизвестное поле'],
      });
    });

    it.each<[unknown, string, number]>([
      ['1500.50', 'usd', 1500.5],
      [' 42 ', 'kgs', 42],
      ['0.01', 'eur', 0.01],
      [1500.5, 'usd', 1500.5],
      ['1500.00', 'kgs', 1500],
      ['000123', 'jpy', 123],
    ])('takes %p %s exactly', async (amount, currency, expected) => {
      const response = await pay(accountant.browser, mine, { currency, amount });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ amount: expected, currency });
    });
  });
});

describe('GET /api/admin/user/:userId/wallets', () => {
  let tourist: number;
  let kgs: number;
  let usd: number;
  const expected: number[] = [];

  beforeAll(async () => {
    tourist = await createTestUser(db(), { full_name: 'Турист С Историей', manager_id: sales.id });
    kgs = await wallet({ user_id: tourist, name: 'Депозит (сом)', currency: 'kgs', balance: 300 });
    usd = await wallet({ user_id: tourist, name: 'Депозит USD', currency: 'usd', balance: 12345 });
    const insert = async (values: Record<string, unknown>) => {
      const { id } = await db()
        .insertInto('transactions')
        .values({
          type: 'income',
          status: 'confirmed',
          confirmed_at: '2026-11-02T08:30:00Z',
          currency: 'kgs',
          amount: 100,
          wallet_id: kgs,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expected.unshift(id);
    };
    for (let i = 0; i < 12; i += 1) await insert({ amount: 100 + i });
    for (let i = 0; i < 8; i += 1) await insert({ wallet_id: usd, currency: 'usd', amount: 50 });
    // A transfer from the company into the tourist's som, and one between its own wallets.
    await insert({
      wallet_id: w.siteKgs,
      type: 'transfer',
      target_wallet_id: kgs,
      target_amount: 500,
      rate: '1',
      amount: 500,
    });
    await insert({
      wallet_id: usd,
      currency: 'usd',
      type: 'transfer',
      target_wallet_id: kgs,
      target_amount: 875,
      rate: '87.5',
      amount: 1000,
    });
    // Noise on other users' wallets stays out.
    await insert({ wallet_id: w.foreignKgs });
  });

  it('answers the user’s wallets and its 20 latest operations, the new payment first', async () => {
    expected.shift(); // the noise
    const payment = await pay(accountant.browser, tourist, { wallet_id: usd, amount: '5.25' });
    const paymentId = payment.json().data.id;
    const response = await sales.browser.get(`/api/admin/user/${tourist}/wallets`);
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(1);
    expect(data.wallets).toEqual([
      {
        id: kgs,
        type: 'user',
        user_id: tourist,
        name: 'Депозит (сом)',
        currency: 'kgs',
        balance: 300,
        kind: null,
        user_name: 'Турист С Историей',
      },
      {
        id: usd,
        type: 'user',
        user_id: tourist,
        name: 'Депозит USD',
        currency: 'usd',
        balance: 123.45,
        kind: null,
        user_name: 'Турист С Историей',
      },
    ]);
    expect(data.transactions).toHaveLength(20);
    expect(data.transactions.map((t: { id: number }) => t.id)).toEqual(
      [paymentId, ...expected].slice(0, 20),
    );
    expect(data.transactions[0]).toEqual(payment.json().data);
    expect(data.transactions[0]).toMatchObject({ status: 'pending', amount: 5.25 });
    expect(data.transactions[1]).toMatchObject({
      type: 'transfer',
      wallet_id: usd,
      target_wallet_id: kgs,
      target_amount: 875,
      target_currency: 'kgs',
    });
    expect(data.transactions[2]).toMatchObject({
      wallet_id: w.siteKgs,
      wallet_name: 'Касса (сом)',
      target_wallet_id: kgs,
    });
  });

  it('answers a user without wallets with empty lists', async () => {
    const empty = await createTestUser(db(), { manager_id: sales.id });
    const response = await sales.browser.get(`/api/admin/user/${empty}/wallets`);
    expect(response.json()).toEqual({ code: 1, data: { wallets: [], transactions: [] } });
  });

  it('is for staff who reach the user: 404 out of reach, 403 outside staff, 401 for a guest', async () => {
    expect((await sales.browser.get(`/api/admin/user/${foreign}/wallets`)).json()).toEqual(
      NOT_FOUND,
    );
    expect((await sales.browser.get('/api/admin/user/999999999/wallets')).statusCode).toBe(404);
    // Within a reservation agent's reach, but not its wallets (test/wallet-access.test.ts).
    const agent = await signedIn(app, db(), ['reservation_agent']);
    expect((await agent.browser.get(`/api/admin/user/${foreign}/wallets`)).statusCode).toBe(403);
    const counterparty = await signedIn(app, db(), ['counterparty']);
    expect((await counterparty.browser.get(`/api/admin/user/${mine}/wallets`)).statusCode).toBe(
      403,
    );
    expect((await (await guest()).get(`/api/admin/user/${mine}/wallets`)).statusCode).toBe(401);
    const bad = await sales.browser.get('/api/admin/user/abc/wallets');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ userId: ['Значение должно быть целым числом'] });
  });
});

describe('recordMovement', () => {
  const record = (movement: Movement) =>
    db()
      .transaction()
      .execute((trx) => recordMovement(trx, movement));
  const income = (key: string | null, amountMinor = 100): Movement => ({
    kind: 'income',
    walletId: w.mineKgs,
    amountMinor,
    currency: 'kgs',
    createdBy: accountant.id,
    idempotency: key === null ? null : { key, requestHash: `hash-${amountMinor}` },
  });

  it('records concurrent twins once, through the unique index, without a user lock', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => record(income(key))));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await rowsWithKey(key)).toHaveLength(1);
    await expect(record(income(key, 101))).rejects.toMatchObject({ statusCode: 422 });
  });

  it('records transfers both ways at once as pending, without deadlocks', async () => {
    const a = await wallet({ user_id: mine, name: 'А', currency: 'kgs', balance: 1000 });
    const b = await wallet({ user_id: mine, name: 'Б', currency: 'kgs', balance: 1000 });
    const transfer = (from: number, to: number): Movement => ({
      kind: 'transfer',
      walletId: from,
      amountMinor: 10,
      currency: 'kgs',
      target: { walletId: to, amountMinor: 10, currency: 'kgs', rate: '1' },
      createdBy: accountant.id,
      idempotency: { key: newKey(), requestHash: 'h' },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => record(i % 2 ? transfer(a, b) : transfer(b, a))),
    );
    expect(results.every((r) => !r.replayed)).toBe(true);
    for (const id of [a, b]) {
      expect(await walletRow(id)).toEqual({ balance: 1000, listed_transactions: 20 });
    }
    const row = await db()
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', results[1]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'transfer',
      status: 'pending',
      wallet_id: a,
      target_wallet_id: b,
      target_amount: 10,
      confirmed_at: null,
    });
  });

  it('refuses a missing wallet and a currency that is not the wallet’s', async () => {
    await expect(record({ ...income(null), walletId: 999_999_999 })).rejects.toMatchObject({
      statusCode: 422,
      errors: { wallet_id: ['Кошелёк не найден'] },
    });
    await expect(record({ ...income(null), currency: 'usd' })).rejects.toMatchObject({
      statusCode: 422,
      errors: { currency: ['Валюта не совпадает с валютой кошелька'] },
    });
    await expect(
      record({
        kind: 'transfer',
        walletId: w.mineKgs,
        amountMinor: 1,
        currency: 'kgs',
        target: { walletId: w.mineUsd, amountMinor: 1, currency: 'kgs', rate: '1' },
        createdBy: accountant.id,
        idempotency: null,
      }),
    ).rejects.toMatchObject({
      errors: { target_currency: ['Валюта не совпадает с валютой кошелька'] },
    });
  });
});

describe('OpenAPI', () => {
  it('documents both routes in Russian with their responses', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<
      string,
      Record<string, { summary: string; responses: Record<string, unknown> }>
    >;
    for (const [path, method] of [
      ['/api/admin/user/{userId}/payments', 'post'],
      ['/api/admin/user/{userId}/wallets', 'get'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.summary).toMatch(/[а-яё]/i);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '401', '403', '404', '422']),
      );
    }
  });
});
