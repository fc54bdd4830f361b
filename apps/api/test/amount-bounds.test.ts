import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The largest amount one entry may carry, per currency (DESIGN.md 3a; the shared MAX_AMOUNT):
// KGS and JPY 1 000 000 000, USD and EUR 10 000 000, in major units. Above it, a Russian 422 under
// the field that names the bound, and nothing is recorded.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let accountant: Browser;
let tourist: number;

const MAX_MESSAGES = {
  kgs: 'Сумма не может быть больше С1\u00a0000\u00a0000\u00a0000,00',
  usd: 'Сумма не может быть больше $10\u00a0000\u00a0000,00',
  eur: 'Сумма не может быть больше €10\u00a0000\u00a0000,00',
  jpy: 'Сумма не может быть больше ¥1\u00a0000\u00a0000\u00a0000,00',
};

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: accountant } = await signedIn(app, db(), ['accountant']));
  tourist = await createTestUser(db(), { password: null, full_name: 'Турист Богатый' });
});
afterAll(async () => {
  await app.close();
});

let keys = 0;
const pay = (body: unknown) =>
  accountant.post(`/api/admin/user/${tourist}/payments`, body, {
    headers: { 'idempotency-key': `bound-${process.pid}-${++keys}` },
  });

async function countTransactions(): Promise<number> {
  const row = await db()
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('payment amounts', () => {
  it('refuses 1e15 som with a 422 that names the bound, and records nothing', async () => {
    const before = await countTransactions();
    const response = await pay({ currency: 'kgs', amount: 1e15 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 0,
      message: 'Проверьте правильность заполнения полей',
      errors: { amount: [MAX_MESSAGES.kgs] },
    });
    expect(await countTransactions()).toBe(before);
    expect(await db().selectFrom('wallets').where('user_id', '=', tourist).execute()).toEqual([]);
  });

  it.each<[string, string | number, number]>([
    ['kgs', 1_000_000_000, 1_000_000_000],
    ['kgs', '1000000000', 1_000_000_000],
    ['usd', '10000000.00', 10_000_000],
    ['usd', 10_000_000, 10_000_000],
    ['eur', '10000000', 10_000_000],
    ['jpy', 1_000_000_000, 1_000_000_000],
  ])('takes exactly the bound in %s (%p)', async (currency, amount, expected) => {
    const response = await pay({ currency, amount });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ amount: expected, currency });
  });

  it.each<[keyof typeof MAX_MESSAGES, string | number]>([
    ['kgs', 1_000_000_001],
    ['kgs', '1000000001'],
    ['usd', '10000000.01'],
    ['usd', 10_000_000.01],
    ['eur', '10000000.01'],
    ['jpy', 1_000_000_001],
    ['jpy', '9007199254740991'],
    ['usd', '90071992547409.91'],
  ])('refuses the bound plus one minor unit or more in %s (%p)', async (currency, amount) => {
    const before = await countTransactions();
    const response = await pay({ currency, amount });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ amount: [MAX_MESSAGES[currency]] });
    expect(await countTransactions()).toBe(before);
  });

  it('applies the bound of the wallet’s currency when the payment names a wallet', async () => {
    const { id } = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: tourist, name: 'Евро', currency: 'eur' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const over = await pay({ wallet_id: id, amount: '10000000.01' });
    expect(over.json().errors).toEqual({ amount: [MAX_MESSAGES.eur] });
    expect((await pay({ wallet_id: id, amount: '10000000' })).statusCode).toBe(200);
  });
});

describe('agreement price', () => {
  const agreement = (body: Record<string, unknown>) =>
    accountant.post(`/api/admin/user/${tourist}/agreement`, { fileName: 'Договор', ...body });

  it.each<[keyof typeof MAX_MESSAGES, number]>([
    ['kgs', 1e15],
    ['kgs', 1_000_000_001],
    ['jpy', 1_000_000_001],
    ['usd', 10_000_000.01],
    ['eur', 10_000_000.01],
    ['usd', 1e13],
  ])('refuses a price above the bound in %s (%p)', async (currency, price) => {
    const response = await agreement({ price, currency });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 0,
      message: 'Проверьте правильность заполнения полей',
      errors: { price: [MAX_MESSAGES[currency]] },
    });
  });

  it.each<[string, number]>([
    ['kgs', 1_000_000_000],
    ['jpy', 1_000_000_000],
    ['usd', 10_000_000],
    ['eur', 9_999_999.99],
  ])('takes a price of exactly the bound or less in %s (%p)', async (currency, price) => {
    const response = await agreement({ price, currency });
    expect(response.statusCode).toBe(200);
  });

  it('documents the bound of each currency on both fields', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const bodyOf = (path: string) =>
      document.paths[path].post.requestBody.content['application/json'].schema.properties;
    for (const field of [
      bodyOf('/api/admin/user/{userId}/payments').amount,
      bodyOf('/api/admin/user/{userId}/agreement').price,
    ]) {
      expect(field.description).toMatch(/KGS и JPY.*1 000 000 000/);
      expect(field.description).toMatch(/USD и EUR.*10 000 000/);
    }
  });
});
