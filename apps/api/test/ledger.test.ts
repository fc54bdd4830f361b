import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { businessToday } from '../src/domain/business-day';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The ledger's calls (DESIGN.md 3 "Accounting", 3a, 4): movements, confirmation, rejection,
// reversal, waitings, all operations, settings and categories, on a real server and database.

const database = useTestDatabase({ max: 10 });
const db = (): Db => database().db;
let app: App;

let accountant: { browser: Browser; id: number };
let accountant2: { browser: Browser; id: number };
let sales: { browser: Browser; id: number };
let admin: { browser: Browser; id: number };
let mine: number;
let foreign: number;

async function wallet(userId: number | null, currency: string, balance = 0, name?: string) {
  const { id } = await db()
    .insertInto('wallets')
    .values({
      type: userId ? 'user' : 'site',
      user_id: userId,
      name: name ?? `${userId ? 'Депозит' : 'Касса'} ${currency}`,
      currency,
      balance,
    })
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

let keys = 0;
const newKey = () => `ledger-${process.pid}-${++keys}`;

function move(who: { browser: Browser }, body: object, key: string = newKey()) {
  return who.browser.post('/api/admin/balance/movements', body, {
    headers: { 'idempotency-key': key },
  });
}

async function moved(who: { browser: Browser }, body: object): Promise<number> {
  const response = await move(who, body);
  expect(response.json()).toMatchObject({ code: 1 });
  return response.json().data.id as number;
}

const confirm = (who: { browser: Browser }, id: number) =>
  who.browser.post(`/api/admin/balance/operations/${id}/confirm`);
const reject = (who: { browser: Browser }, id: number, reason: unknown) =>
  who.browser.post(`/api/admin/balance/operations/${id}/reject`, { reason });
const reverse = (who: { browser: Browser }, id: number, reason: unknown) =>
  who.browser.post(`/api/admin/balance/operations/${id}/reverse`, { reason });

beforeAll(async () => {
  app = await buildTestApp(db());
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Первая' });
  accountant2 = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Вторая' });
  sales = await signedIn(app, db(), ['sales_manager']);
  admin = await signedIn(app, db(), ['admin']);
  mine = await createTestUser(db(), { full_name: 'Турист Свой', manager_id: sales.id });
  foreign = await createTestUser(db(), { full_name: 'Турист Чужой' });
  // Rates of two days (DESIGN.md 3a: rates[date][from][to] units of `to` per unit of `from`).
  await sql`insert into currency_rates (date, from_currency, to_currency, rate) values
    ('2026-01-10', 'usd', 'kgs', 87.45), ('2026-01-10', 'eur', 'kgs', 95.2),
    ('2026-01-10', 'jpy', 'kgs', 0.58),
    ('2026-01-20', 'usd', 'kgs', 88)`.execute(db());
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/admin/balance/movements', () => {
  it('records an income as pending and changes no balance', async () => {
    const kgs = await wallet(mine, 'kgs', 500);
    const response = await move(sales, {
      type: 'income',
      wallet_id: kgs,
      amount: '1200',
      comment: ' Оплата ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      type: 'income',
      wallet_id: kgs,
      amount: 1200,
      currency: 'kgs',
      status: 'pending',
      comment: 'Оплата',
      created_by: sales.id,
      confirmed_by: null,
      reverses_id: null,
      reversed_by_id: null,
    });
    expect(await balanceOf(kgs)).toBe(500);
  });

  it('answers a retry with the same key and body with the first operation, another body 422', async () => {
    const kgs = await wallet(mine, 'kgs');
    const key = newKey();
    const first = await move(sales, { type: 'income', wallet_id: kgs, amount: 100 }, key);
    const again = await move(sales, { type: 'income', wallet_id: kgs, amount: '100.0' }, key);
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await move(sales, { type: 'income', wallet_id: kgs, amount: 101 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({
      'Idempotency-Key': ['Этот ключ Idempotency-Key уже использован для другого запроса'],
    });
    const count = await db()
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('wallet_id', '=', kgs)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a request without a key', async () => {
    const kgs = await wallet(mine, 'kgs');
    const response = await sales.browser.post('/api/admin/balance/movements', {
      type: 'income',
      wallet_id: kgs,
      amount: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['Idempotency-Key']);
  });

  it('converts a transfer at the direct rate and rounds up once: $50.00 at 87.45 is 4373 som', async () => {
    const usd = await wallet(null, 'usd', 10_000);
    const kgs = await wallet(null, 'kgs');
    const response = await move(accountant, {
      type: 'transfer',
      wallet_id: usd,
      target_wallet_id: kgs,
      amount: '50.00',
      rate_date: '2026-01-15',
    });
    expect(response.json().data).toMatchObject({
      amount: 50,
      currency: 'usd',
      target_amount: 4373,
      target_currency: 'kgs',
      rate: 87.45,
      // The latest day on or before the 15th.
      rate_date: '2026-01-10',
      status: 'pending',
    });
  });

  it('converts at the inverse rate exactly: 8745 som at 87.45 som per dollar is $100.00, not $100.01', async () => {
    const kgs = await wallet(null, 'kgs', 10_000);
    const usd = await wallet(null, 'usd');
    const id = await moved(accountant, {
      type: 'transfer',
      wallet_id: kgs,
      target_wallet_id: usd,
      amount: 8745,
      rate_date: '2026-01-10',
    });
    const row = await db()
      .selectFrom('transactions')
      .select(['target_amount', 'rate_numerator', 'rate_denominator', 'rate'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.target_amount)).toBe(10_000);
    // The exact fraction 1 / 87.45 is kept beside its decimal.
    expect([Number(row.rate_numerator), Number(row.rate_denominator)]).toEqual([1, 87.45]);
  });

  it('converts between two foreign currencies through som: 100 EUR at 95.2 / 87.45 is $108.87', async () => {
    const eur = await wallet(null, 'eur', 100_00);
    const usd = await wallet(null, 'usd');
    const response = await move(accountant, {
      type: 'transfer',
      wallet_id: eur,
      target_wallet_id: usd,
      amount: 100,
      rate_date: '2026-01-10',
    });
    // 100 * 95.2 / 87.45 = 108.8622..., ceiled to cents.
    expect(response.json().data).toMatchObject({ target_amount: 108.87, target_currency: 'usd' });
  });

  it('moves within one currency at rate 1', async () => {
    const a = await wallet(mine, 'kgs', 100);
    const b = await wallet(mine, 'kgs');
    const response = await move(sales, {
      type: 'transfer',
      wallet_id: a,
      target_wallet_id: b,
      amount: 40,
    });
    expect(response.json().data).toMatchObject({ target_amount: 40, rate: 1, rate_date: null });
  });

  it('refuses a conversion without a rate on or before its day, never using 1', async () => {
    const usd = await wallet(null, 'usd', 10_000);
    const kgs = await wallet(null, 'kgs');
    const response = await move(accountant, {
      type: 'transfer',
      wallet_id: usd,
      target_wallet_id: kgs,
      amount: 5,
      rate_date: '2025-12-31',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      rate_date: ['Нет курса USD → KGS на 31.12.2025 или раньше: введите курсы этого дня'],
    });
  });

  it('explains each bad field in Russian and records nothing', async () => {
    const kgs = await wallet(mine, 'kgs');
    const cases: [object, Record<string, string[]>][] = [
      [{ type: 'income', wallet_id: kgs, amount: 0 }, { amount: ['Должно быть больше нуля'] }],
      [
        { type: 'income', wallet_id: kgs, amount: '1.5' },
        { amount: ['Сумма в KGS должна быть целой'] },
      ],
      [
        { type: 'transfer', wallet_id: kgs, amount: 1 },
        { target_wallet_id: ['Укажите кошелёк-получатель'] },
      ],
      [
        { type: 'transfer', wallet_id: kgs, target_wallet_id: kgs, amount: 1 },
        { target_wallet_id: ['Получатель должен отличаться от кошелька-источника'] },
      ],
      [
        { type: 'income', wallet_id: kgs, target_wallet_id: kgs, amount: 1 },
        { target_wallet_id: ['Получатель указывается только у перевода'] },
      ],
      [{ type: 'income', wallet_id: 99_999_999, amount: 1 }, { wallet_id: ['Кошелёк не найден'] }],
      [
        { type: 'income', wallet_id: kgs, amount: 1, trip_id: 99_999_999 },
        { trip_id: ['Тур не найден'] },
      ],
      [
        { type: 'income', wallet_id: kgs, amount: 1, participant_id: 5 },
        { participant_id: ['Участник указывается вместе с туром'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await move(accountant, body);
      expect([response.statusCode, response.json().errors]).toEqual([422, errors]);
    }
    const rows = await db()
      .selectFrom('transactions')
      .select('id')
      .where('wallet_id', '=', kgs)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lets a sales manager move only its own tourists’ money, never a company wallet', async () => {
    const theirs = await wallet(foreign, 'kgs');
    const site = await wallet(null, 'kgs');
    expect(
      (await move(sales, { type: 'income', wallet_id: theirs, amount: 1 })).json().errors,
    ).toEqual({
      wallet_id: ['Кошелёк не найден'],
    });
    expect(
      (await move(sales, { type: 'income', wallet_id: site, amount: 1 })).json().errors,
    ).toEqual({
      wallet_id: ['Операции с кошельками компании — только с правом allow_site_wallets'],
    });
  });

  it('gives a category only to administrative operations, from the list, without a trip', async () => {
    const site = await wallet(null, 'kgs', 100_000);
    const own = await wallet(mine, 'kgs');
    expect(
      (await move(sales, { type: 'income', wallet_id: own, amount: 1, category: 'Аренда' })).json()
        .errors,
    ).toEqual({
      category: [
        'Категории — только у административных операций (право administrative_transactions)',
      ],
    });
    expect(
      (
        await move(accountant, { type: 'outcome', wallet_id: site, amount: 1, category: 'Кофе' })
      ).json().errors,
    ).toEqual({ category: ['Нет такой категории'] });
    const response = await move(accountant, {
      type: 'outcome',
      wallet_id: site,
      amount: 95_000,
      category: 'Аренда',
      comment: 'Аренда офиса за ноябрь',
    });
    expect(response.json().data).toMatchObject({
      category: 'Аренда',
      type: 'outcome',
      status: 'pending',
    });
  });
});

describe('confirmation', () => {
  it('applies an income once; a second confirmation answers 409', async () => {
    const kgs = await wallet(mine, 'kgs', 500);
    const id = await moved(sales, { type: 'income', wallet_id: kgs, amount: 1200 });
    const first = await confirm(accountant, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'confirmed', confirmed_by: accountant.id });
    expect(await balanceOf(kgs)).toBe(1700);
    const second = await confirm(accountant2, id);
    expect([second.statusCode, second.json().message]).toEqual([409, 'Операция уже подтверждена']);
    expect(await balanceOf(kgs)).toBe(1700);
  });

  it('keeps four eyes: the creator cannot confirm its own movement until an admin turns the rule off', async () => {
    const kgs = await wallet(null, 'kgs', 0);
    const id = await moved(accountant, { type: 'income', wallet_id: kgs, amount: 10 });
    const own = await confirm(accountant, id);
    expect([own.statusCode, own.json().message]).toEqual([
      403,
      'Подтвердить операцию может только другой сотрудник: эту операцию создали вы',
    ]);
    expect(await balanceOf(kgs)).toBe(0);

    // Only create_admin changes the setting; the change is in the history.
    expect(
      (await accountant.browser.put('/api/admin/balance/settings', { four_eyes: false }))
        .statusCode,
    ).toBe(403);
    const off = await admin.browser.put('/api/admin/balance/settings', { four_eyes: false });
    expect(off.json().data).toMatchObject({ four_eyes: false, updated_at: expect.any(String) });
    try {
      expect((await confirm(accountant, id)).statusCode).toBe(200);
      expect(await balanceOf(kgs)).toBe(10);
      const history = await db()
        .selectFrom('audit_log')
        .select(['user_id', 'changes'])
        .where('record_type', '=', 'ledger_setting')
        .execute();
      expect(history).toEqual([
        { user_id: admin.id, changes: [{ field: 'four_eyes', old: true, new: false }] },
      ]);
    } finally {
      await admin.browser.put('/api/admin/balance/settings', { four_eyes: true });
    }
    expect(
      (await accountant.browser.get('/api/admin/balance/settings')).json().data.four_eyes,
    ).toBe(true);
  });

  it('refuses a withdrawal the wallet cannot cover and shows the shortfall', async () => {
    const usd = await wallet(mine, 'usd', 1000, 'Депозит USD');
    const id = await moved(sales, { type: 'outcome', wallet_id: usd, amount: '12.50' });
    const response = await confirm(accountant, id);
    expect([response.statusCode, response.json().errors]).toEqual([
      422,
      { amount: ['Недостаточно средств в кошельке «Депозит USD»: не хватает $2,50'] },
    ]);
    expect(await balanceOf(usd)).toBe(1000);
  });

  it('resolves a confirmation racing a rejection once, and answers the other 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const kgs = await wallet(mine, 'kgs', 0);
      const id = await moved(sales, { type: 'income', wallet_id: kgs, amount: 70 });
      const [confirmed, rejected] = await Promise.all([
        confirm(accountant, id),
        reject(accountant2, id, 'Деньги не поступили'),
      ]);
      const statuses = [confirmed.statusCode, rejected.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const row = await db()
        .selectFrom('transactions')
        .select(['status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await balanceOf(kgs)).toBe(row.status === 'confirmed' ? 70 : 0);
      expect(row.status).toBe(confirmed.statusCode === 200 ? 'confirmed' : 'rejected');
    }
  });

  it('confirms selected rows each on its own, with a result per row', async () => {
    const kgs = await wallet(mine, 'kgs', 0);
    const fine = await moved(sales, { type: 'income', wallet_id: kgs, amount: 5 });
    const short = await moved(sales, { type: 'outcome', wallet_id: kgs, amount: 50 });
    const ownOne = await moved(accountant, { type: 'income', wallet_id: kgs, amount: 7 });
    const response = await accountant.browser.post('/api/admin/balance/operations/confirm', {
      ids: [fine, short, ownOne, fine],
    });
    const results = response.json().data as { id: number; ok: boolean; status: number }[];
    expect(results.map(({ id, ok, status }) => [id, ok, status])).toEqual([
      [fine, true, 200],
      [short, false, 422],
      [ownOne, false, 403],
    ]);
    expect(await balanceOf(kgs)).toBe(5);
  });
});

describe('company wallets without allow_site_wallets', () => {
  it('keep their operations out of reach: read, confirm, reject and reverse answer 404', async () => {
    // No role of DESIGN.md 4 confirms payments without allow_site_wallets; one made here does.
    await db().insertInto('roles').values({ name: 'cashier', label: 'Кассир' }).execute();
    await db()
      .insertInto('role_permissions')
      .values(
        ['accounting_section', 'confirm_payment'].map((permission) => ({
          role: 'cashier',
          permission,
        })),
      )
      .execute();
    const cashier = await signedIn(app, db(), ['cashier', 'reservation_agent']);
    const site = await wallet(null, 'usd', 0, 'Касса без доступа');
    const pending = await moved(accountant, { type: 'income', wallet_id: site, amount: 40 });
    const done = await moved(accountant, { type: 'income', wallet_id: site, amount: 60 });
    expect((await confirm(accountant2, done)).statusCode).toBe(200);
    const notFound = { code: 0, message: 'Операция не найдена' };

    const answers = [
      await cashier.browser.get(`/api/admin/balance/operations/${pending}`),
      await confirm(cashier, pending),
      await reject(cashier, pending, 'Не наша касса'),
      await reverse(cashier, done, 'Не наша касса'),
    ];
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual(
      Array.from({ length: 4 }, () => [404, expect.objectContaining(notFound)]),
    );
    const bulk = await cashier.browser.post('/api/admin/balance/operations/confirm', {
      ids: [pending],
    });
    expect(bulk.json().data).toEqual([
      { id: pending, ok: false, status: 404, message: 'Операция не найдена', operation: null },
    ]);
    const rejected = await cashier.browser.post('/api/admin/balance/operations/reject', {
      ids: [pending],
      reason: 'Не наша касса',
    });
    expect(rejected.json().data[0]).toMatchObject({ ok: false, status: 404 });
    // Nothing moved: the one pending, the other confirmed once and not reversed; the balance $60.
    const rows = await db()
      .selectFrom('transactions')
      .select(['id', 'status', 'reverses_id'])
      .where((eb) => eb.or([eb('id', 'in', [pending, done]), eb('reverses_id', '=', done)]))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: pending, status: 'pending', reverses_id: null },
      { id: done, status: 'confirmed', reverses_id: null },
    ]);
    expect(await balanceOf(site)).toBe(6000);

    // A user's wallet it confirms as before.
    const kgs = await wallet(foreign, 'kgs', 0);
    const ok = await moved(accountant, { type: 'income', wallet_id: kgs, amount: 9 });
    expect((await confirm(cashier, ok)).statusCode).toBe(200);
  });
});

describe('rejection', () => {
  it('needs a reason, keeps it and changes no balance', async () => {
    const kgs = await wallet(mine, 'kgs', 10);
    const id = await moved(sales, { type: 'outcome', wallet_id: kgs, amount: 5 });
    const empty = await reject(accountant, id, '   ');
    expect([empty.statusCode, empty.json().errors]).toEqual([422, { reason: ['Укажите причину'] }]);
    const response = await reject(accountant, id, ' Ошибка в сумме ');
    expect(response.json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Ошибка в сумме',
      confirmed_by: accountant.id,
    });
    expect(await balanceOf(kgs)).toBe(10);
    const late = await confirm(accountant, id);
    expect([late.statusCode, late.json().message]).toEqual([409, 'Операция уже отклонена']);
  });

  it('rejects selected rows with one reason', async () => {
    const kgs = await wallet(mine, 'kgs');
    const a = await moved(sales, { type: 'income', wallet_id: kgs, amount: 1 });
    const b = await moved(sales, { type: 'income', wallet_id: kgs, amount: 2 });
    await reject(accountant, b, 'Дубль');
    const response = await accountant.browser.post('/api/admin/balance/operations/reject', {
      ids: [a, b],
      reason: 'Дубль',
    });
    expect(
      response.json().data.map((r: { ok: boolean; status: number }) => [r.ok, r.status]),
    ).toEqual([
      [true, 200],
      [false, 409],
    ]);
  });
});

describe('reversal (Сторнировать)', () => {
  it('records the mirror of a confirmed income, linked both ways, and takes the money back once confirmed', async () => {
    const kgs = await wallet(mine, 'kgs', 0);
    const id = await moved(sales, { type: 'income', wallet_id: kgs, amount: 300 });
    const pending = await reverse(accountant, id, 'Ошибочный платёж');
    expect([pending.statusCode, pending.json().message]).toEqual([
      422,
      'Сторнировать можно только подтверждённую операцию',
    ]);
    await confirm(accountant, id);
    const response = await reverse(accountant, id, ' Ошибочный платёж ');
    const reversal = response.json().data;
    expect(reversal).toMatchObject({
      type: 'outcome',
      wallet_id: kgs,
      amount: 300,
      status: 'pending',
      reverses_id: id,
      comment: 'Ошибочный платёж',
    });
    const original = await accountant.browser.get(`/api/admin/balance/operations/${id}`);
    expect(original.json().data).toMatchObject({
      status: 'confirmed',
      reversed_by_id: reversal.id,
    });

    const twice = await reverse(accountant2, id, 'Ещё раз');
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      `Операция уже сторнирована (операция №${reversal.id})`,
    ]);
    const ofReversal = await reverse(accountant, reversal.id, 'x');
    expect(ofReversal.statusCode).toBe(422);

    expect((await confirm(accountant2, reversal.id)).statusCode).toBe(200);
    expect(await balanceOf(kgs)).toBe(0);
  });

  it('reverses a transfer with exactly its two amounts, and allows a new reversal once one is rejected', async () => {
    const usd = await wallet(null, 'usd', 100_00);
    const kgs = await wallet(null, 'kgs', 0);
    const id = await moved(accountant, {
      type: 'transfer',
      wallet_id: usd,
      target_wallet_id: kgs,
      amount: 50,
      rate_date: '2026-01-10',
    });
    await confirm(accountant2, id);
    expect([await balanceOf(usd), await balanceOf(kgs)]).toEqual([50_00, 4373]);

    const first = (await reverse(accountant2, id, 'Не та касса')).json().data;
    await reject(accountant, first.id, 'Передумали');
    const second = (await reverse(accountant2, id, 'Не та касса')).json().data;
    expect(second).toMatchObject({
      type: 'transfer',
      wallet_id: kgs,
      target_wallet_id: usd,
      amount: 4373,
      target_amount: 50,
      reverses_id: id,
      rate_date: '2026-01-10',
    });
    await confirm(accountant, second.id);
    expect([await balanceOf(usd), await balanceOf(kgs)]).toEqual([100_00, 0]);
  });
});

describe('a resolved operation is the record', () => {
  it('cannot be edited or deleted, even by SQL', async () => {
    const kgs = await wallet(mine, 'kgs', 0);
    const id = await moved(sales, { type: 'income', wallet_id: kgs, amount: 9 });
    await confirm(accountant, id);
    await expect(
      db().updateTable('transactions').set({ comment: 'другое' }).where('id', '=', id).execute(),
    ).rejects.toThrow(`Проведённая или отклонённая операция ${id} не изменяется`);
    await expect(db().deleteFrom('transactions').where('id', '=', id).execute()).rejects.toThrow(
      `Проведённая или отклонённая операция ${id} не удаляется`,
    );
  });

  it('keeps a pending one’s amount too', async () => {
    const kgs = await wallet(mine, 'kgs', 0);
    const id = await moved(sales, { type: 'income', wallet_id: kgs, amount: 9 });
    await expect(
      db().updateTable('transactions').set({ amount: 10 }).where('id', '=', id).execute(),
    ).rejects.toThrow(`Суммы, курс и автор операции ${id} не изменяются`);
  });
});

describe('lists', () => {
  it('lists the waitings oldest first with their creators, and only pending ones', async () => {
    const kgs = await wallet(mine, 'kgs', 0, 'Кошелёк ожиданий');
    const a = await moved(sales, { type: 'income', wallet_id: kgs, amount: 1 });
    const b = await moved(sales, { type: 'income', wallet_id: kgs, amount: 2 });
    const c = await moved(sales, { type: 'income', wallet_id: kgs, amount: 3 });
    await confirm(accountant, b);
    const response = await accountant.browser.get(`/api/admin/balance/waitings?wallet=${kgs}`);
    const page = response.json().data;
    expect(page.data.map((t: { id: number }) => t.id)).toEqual([a, c]);
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({
      created_by: sales.id,
      created_by_name: expect.any(String),
    });
  });

  it('lists a user’s own pending operations: recorded by it or moving its wallets', async () => {
    const clerk = await signedIn(app, db(), ['sales_manager']);
    const client = await createTestUser(db(), { manager_id: clerk.id });
    const clients = await wallet(client, 'kgs', 0);
    const clerksOwn = await wallet(clerk.id, 'kgs', 0);
    const recorded = await moved(clerk, { type: 'income', wallet_id: clients, amount: 10 });
    const intoOwn = await moved(accountant, { type: 'income', wallet_id: clerksOwn, amount: 20 });
    const done = await moved(clerk, { type: 'income', wallet_id: clients, amount: 30 });
    await confirm(accountant, done);
    await moved(accountant, { type: 'income', wallet_id: clients, amount: 40 });
    const response = await clerk.browser.get('/api/admin/balance/own-pending');
    expect(response.json().data.map((t: { id: number }) => t.id)).toEqual([recorded, intoOwn]);
  });

  it('filters all operations and totals them per currency on the server', async () => {
    const owner = await createTestUser(db(), { full_name: 'Владелец Итогов' });
    const kgs = await wallet(owner, 'kgs', 0);
    const usd = await wallet(owner, 'usd', 0);
    const income = await moved(accountant, {
      type: 'income',
      wallet_id: kgs,
      amount: 1000,
      comment: 'за тур Иссык-Куль',
    });
    await confirm(accountant2, income);
    await moved(accountant, { type: 'outcome', wallet_id: kgs, amount: 250 });
    await moved(accountant, { type: 'income', wallet_id: usd, amount: '10.05' });
    await moved(accountant, { type: 'income', wallet_id: usd, amount: '0.10' });

    const all = (
      await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}`)
    ).json().data;
    expect(all.total).toBe(4);
    // Sums count the confirmed operations; the pending ones stand apart.
    expect(all.totals).toEqual([
      {
        currency: 'kgs',
        count: 2,
        confirmed_count: 1,
        income: 1000,
        outcome: 0,
        transfer: 0,
        pending_count: 1,
        pending_income: 0,
        pending_outcome: 250,
        pending_transfer: 0,
        rejected_count: 0,
      },
      {
        currency: 'usd',
        count: 2,
        confirmed_count: 0,
        income: 0,
        outcome: 0,
        transfer: 0,
        pending_count: 2,
        pending_income: 10.15,
        pending_outcome: 0,
        pending_transfer: 0,
        rejected_count: 0,
      },
    ]);
    const searched = (
      await accountant.browser.get(
        `/api/admin/balance/operations?owner=${owner}&search=${encodeURIComponent('ИССЫК')}`,
      )
    ).json().data;
    expect(searched.data.map((t: { amount: number }) => t.amount)).toEqual([1000]);
    const outcomes = (
      await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}&type=outcome`)
    ).json().data;
    expect(outcomes.totals).toEqual([
      expect.objectContaining({ currency: 'kgs', count: 1, outcome: 0, pending_outcome: 250 }),
    ]);
    const later = (
      await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}&from=2999-01-01`)
    ).json().data;
    expect([later.total, later.totals]).toEqual([0, []]);

    // The totals follow the next movement at once (whatever the server remembers, it forgets).
    await moved(accountant, { type: 'income', wallet_id: kgs, amount: 5 });
    const again = (
      await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}`)
    ).json().data;
    expect(again.totals[0]).toMatchObject({
      currency: 'kgs',
      count: 3,
      income: 1000,
      pending_count: 2,
      pending_income: 5,
      pending_outcome: 250,
    });
  });

  it('never counts a rejected operation in a sum (the $713,50 of $700 confirmed)', async () => {
    // The day: $700 confirmed, $12,50 and $1 rejected; «Пополнения» is $700.
    const owner = await createTestUser(db(), { full_name: 'Владелец Отказов' });
    const usd = await wallet(owner, 'usd', 0);
    const paid = await moved(accountant, { type: 'income', wallet_id: usd, amount: 700 });
    const typo = await moved(accountant, { type: 'income', wallet_id: usd, amount: '12.50' });
    const test = await moved(accountant, { type: 'income', wallet_id: usd, amount: 1 });
    expect((await confirm(accountant2, paid)).statusCode).toBe(200);
    expect((await reject(accountant2, typo, 'Опечатка')).statusCode).toBe(200);
    expect((await reject(accountant2, test, 'Проверка')).statusCode).toBe(200);

    const all = (
      await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}`)
    ).json().data;
    expect(all.totals).toEqual([
      {
        currency: 'usd',
        count: 3,
        confirmed_count: 1,
        income: 700,
        outcome: 0,
        transfer: 0,
        pending_count: 0,
        pending_income: 0,
        pending_outcome: 0,
        pending_transfer: 0,
        rejected_count: 2,
      },
    ]);
    // Filtered to the rejected ones: counted, never summed.
    const rejected = (
      await accountant.browser.get(`/api/admin/balance/operations?owner=${owner}&status=rejected`)
    ).json().data;
    expect(rejected.totals).toEqual([
      expect.objectContaining({ count: 2, rejected_count: 2, income: 0, pending_income: 0 }),
    ]);

    const file = await accountant.browser.get(
      `/api/admin/balance/operations/export?owner=${owner}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const totals = workbook.getWorksheet('Итоги')!;
    expect(totals.getRow(1).values).toEqual([
      undefined,
      'Валюта',
      'Операций',
      'Подтверждено',
      'Пополнения (подтв.)',
      'Снятия (подтв.)',
      'Переводы (подтв.)',
      'Ожидает',
      'Ожидает: пополнения',
      'Ожидает: снятия',
      'Ожидает: переводы',
      'Отклонено',
    ]);
    expect(totals.getRow(2).values).toEqual([undefined, 'USD', 3, 1, 700, 0, 0, 0, 0, 0, 0, 2]);
  });

  it('exports the filtered operations and their totals to XLSX', async () => {
    const owner = await createTestUser(db(), { full_name: 'Владелец Выгрузки' });
    const kgs = await wallet(owner, 'kgs', 0);
    await moved(accountant, { type: 'income', wallet_id: kgs, amount: 700, comment: 'Выгрузка' });
    const response = await accountant.browser.get(
      `/api/admin/balance/operations/export?owner=${owner}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Операции')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('Пополнение');
    // A user's wallet with its owner: every client has a «Депозит (сом)».
    expect(sheet.getRow(1).getCell(5).value).toBe('Кошелёк');
    expect(sheet.getRow(2).getCell(5).value).toBe('Депозит kgs — Владелец Выгрузки');
    expect(sheet.getRow(2).getCell(6).value).toBe(700);
    const totals = workbook.getWorksheet('Итоги')!;
    expect(totals.getRow(2).values).toEqual([undefined, 'KGS', 1, 0, 0, 0, 0, 1, 700, 0, 0, 0]);
  });

  it('writes a transfer’s rate as a bank prints it, whichever way it is stored, beside its day', async () => {
    const owner = await createTestUser(db(), { full_name: 'Владелец Курсов' });
    const usd = await wallet(owner, 'usd', 100_00);
    const kgs = await wallet(owner, 'kgs', 20_000);
    const jpy = await wallet(owner, 'jpy', 10_000);
    const transfer = (from: number, to: number, amount: number, comment: string) =>
      moved(accountant, {
        type: 'transfer',
        wallet_id: from,
        target_wallet_id: to,
        amount,
        rate_date: '2026-01-10',
        comment,
      });
    await transfer(usd, kgs, 100, 'Доллары в сомы');
    // Stored as the exact fraction 1 / 87.45 dollars a som.
    await transfer(kgs, usd, 8745, 'Сомы в доллары');
    await transfer(jpy, kgs, 10_000, 'Иены в сомы');
    const other = await wallet(owner, 'kgs', 0, 'Второй сомовый');
    await transfer(kgs, other, 500, 'Сомы в сомы');

    const response = await accountant.browser.get(
      `/api/admin/balance/operations/export?owner=${owner}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Операции')!;
    expect(sheet.getRow(1).getCell(11).value).toBe('Курс');
    expect(sheet.getRow(1).getCell(12).value).toBe('День курса');
    const comment = (sheet.getRow(1).values as unknown[]).indexOf('Комментарий');
    const rates = new Map<unknown, [unknown, unknown]>();
    sheet.eachRow((row, number) => {
      if (number > 1)
        rates.set(row.getCell(comment).value, [row.getCell(11).value, row.getCell(12).value]);
    });
    const nb = '\u00a0';
    const jan10 = new Date(Date.UTC(2026, 0, 10));
    expect(Object.fromEntries(rates)).toEqual({
      'Доллары в сомы': [`1${nb}$ = 87,45${nb}С`, jan10],
      'Сомы в доллары': [`1${nb}$ = 87,45${nb}С`, jan10],
      'Иены в сомы': [`100${nb}¥ = 58,00${nb}С`, jan10],
      // Within one currency there is no rate to read.
      'Сомы в сомы': [null, null],
    });
  });
});

describe('administrative operations', () => {
  it('totals the month’s confirmed operations per category and lists only those with one', async () => {
    const site = await wallet(null, 'kgs', 0);
    const opening = await moved(accountant, { type: 'income', wallet_id: site, amount: 500_000 });
    await confirm(accountant2, opening);
    const rent = await moved(accountant, {
      type: 'outcome',
      wallet_id: site,
      amount: 95_000,
      category: 'Аренда',
    });
    const fee = await moved(accountant, {
      type: 'outcome',
      wallet_id: site,
      amount: 1_200,
      category: 'Банковские комиссии',
    });
    const refund = await moved(accountant, {
      type: 'income',
      wallet_id: site,
      amount: 300,
      category: 'Банковские комиссии',
    });
    // Pending: not in the month's totals until confirmed.
    await moved(accountant, { type: 'outcome', wallet_id: site, amount: 7, category: 'Аренда' });
    for (const id of [rent, fee, refund]) await confirm(accountant2, id);

    const month = businessToday().slice(0, 7);
    const summary = await accountant.browser.get(`/api/admin/balance/admin-summary?month=${month}`);
    expect(summary.json().data).toEqual(
      expect.arrayContaining([
        { category: 'Аренда', currency: 'kgs', count: 1, income: 0, outcome: 95_000 },
        { category: 'Банковские комиссии', currency: 'kgs', count: 2, income: 300, outcome: 1_200 },
      ]),
    );
    const before = await accountant.browser.get('/api/admin/balance/admin-summary?month=2001-01');
    expect(before.json().data).toEqual([]);
    const bad = await accountant.browser.get('/api/admin/balance/admin-summary?month=2026-13');
    expect(bad.statusCode).toBe(422);
    // Sales managers have no administrative_transactions.
    expect(
      (await sales.browser.get(`/api/admin/balance/admin-summary?month=${month}`)).statusCode,
    ).toBe(403);

    const listed = (
      await accountant.browser.get(
        `/api/admin/balance/operations?wallet=${site}&administrative=true`,
      )
    ).json().data;
    expect(listed.total).toBe(4);
    expect(listed.data.every((t: { category: string | null }) => t.category !== null)).toBe(true);
  });
});

describe('the all-operations export', () => {
  it('streams every operation past one batch, newest first, none twice', async () => {
    const owner = await createTestUser(db(), { full_name: 'Владелец Длинной Выгрузки' });
    const kgs = await wallet(owner, 'kgs', 0);
    // More than one batch of the export (2000 rows): written straight, pending, for speed.
    await sql`insert into transactions (wallet_id, type, amount, currency, status, comment)
      select ${kgs}, 'income', i, 'kgs', 'pending', 'Строка ' || i
      from generate_series(1, 2105) as i`.execute(db());
    const response = await accountant.browser.get(
      `/api/admin/balance/operations/export?owner=${owner}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Операции')!;
    expect(sheet.rowCount).toBe(2106);
    const amounts = new Set<unknown>();
    sheet.eachRow((row, number) => {
      if (number > 1) amounts.add(row.getCell(6).value);
    });
    expect(amounts.size).toBe(2105);
    expect(sheet.getRow(2).getCell(6).value).toBe(2105);
    expect(sheet.getRow(2106).getCell(6).value).toBe(1);
    expect(workbook.getWorksheet('Итоги')!.getRow(2).values).toEqual([
      undefined,
      'KGS',
      2105,
      0,
      0,
      0,
      0,
      // All pending: the sum stands under «Ожидает».
      2105,
      (2105 * 2106) / 2,
      0,
      0,
      0,
    ]);
  });
});

describe('categories', () => {
  it('lists the built-in ones and lets the accountant add one, once', async () => {
    const list = (await accountant.browser.get('/api/admin/balance/categories')).json().data;
    expect(
      list.filter((c: { builtin: boolean }) => c.builtin).map((c: { name: string }) => c.name),
    ).toEqual(
      expect.arrayContaining([
        'Аренда',
        'Зарплаты',
        'Налоги',
        'Маркетинг',
        'Банковские комиссии',
        'Прочее',
      ]),
    );
    const added = await accountant.browser.post('/api/admin/balance/categories', {
      name: ' Связь ',
    });
    expect(added.json().data).toEqual({ name: 'Связь', builtin: false });
    const again = await accountant.browser.post('/api/admin/balance/categories', { name: 'Связь' });
    expect([again.statusCode, again.json().errors]).toEqual([
      422,
      { name: ['Такая категория уже есть'] },
    ]);
    const empty = await accountant.browser.post('/api/admin/balance/categories', { name: '  ' });
    expect(empty.json().errors).toEqual({ name: ['Укажите название категории'] });
  });
});
