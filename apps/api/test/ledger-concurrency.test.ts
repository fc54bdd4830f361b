import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { HttpError } from '../src/lib/http-errors';
import { confirmMovement, rejectMovement } from '../src/domain/ledger/movements';
import { checkLedger } from '../src/routes/ledger/check';
import { recordMovementRequest } from '../src/routes/ledger/service';
import { useTestDatabase } from './database';
import { buildTestApp, createTestUser, signedIn } from './http';

// The ledger under concurrency, with several connections (DESIGN.md 3 "Accounting": balances
// change only under the wallets' locks taken in id order; a movement is resolved at most once).

const database = useTestDatabase({ max: 12 });
const db = (): Db => database().db;

let clerk: { id: number; roles: string[]; permissions: string[] };
let accountant: number;
let reviewer: number;
let keys = 0;

/** A company wallet whose opening balance came in through the ledger (a confirmed income). */
async function siteWallet(currency: string, opening: number): Promise<number> {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: 'site', user_id: null, name: `Касса ${currency}`, currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opening > 0) {
    const precision = currency === 'usd' ? 100 : 1;
    const income = await record({ type: 'income', wallet_id: id, amount: opening / precision });
    await confirm(income.id, reviewer);
  }
  return id;
}

function record(body: Parameters<typeof recordMovementRequest>[2]) {
  return db()
    .transaction()
    .execute((trx) => recordMovementRequest(trx, clerk, body, `race-${++keys}`));
}

const confirm = (id: number, by = accountant) =>
  db()
    .transaction()
    .execute((trx) => confirmMovement(trx, id, by));

async function balances(ids: number[]) {
  const rows = await db()
    .selectFrom('wallets')
    .select(['id', 'currency', 'balance'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => ({ ...row, balance: Number(row.balance) }));
}

function totals(rows: { currency: string; balance: number }[]) {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.currency] = (sums[row.currency] ?? 0) + row.balance;
  return sums;
}

/** The HTTP status an outcome of a race ended with: 200, or the HttpError's. */
async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

beforeAll(async () => {
  const clerkId = await createTestUser(db(), { password: null });
  clerk = { id: clerkId, roles: ['admin'], permissions: ['add_payment', 'allow_site_wallets'] };
  accountant = await createTestUser(db(), { password: null });
  reviewer = await createTestUser(db(), { password: null });
});

it('keeps each currency’s total to the minor unit through 1,000 concurrent transfers among 10 wallets, confirmed concurrently', async () => {
  // Five wallets in som (5,000 each) and five in dollars ($500.00 each, in cents).
  const som = await Promise.all(Array.from({ length: 5 }, () => siteWallet('kgs', 5_000)));
  const usd = await Promise.all(Array.from({ length: 5 }, () => siteWallet('usd', 500_00)));
  const all = [...som, ...usd];
  const before = totals(await balances(all));
  expect(before).toEqual({ kgs: 25_000, usd: 2_500_00 });

  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const plans = Array.from({ length: 1000 }, (_, i) => {
    const group = i % 2 === 0 ? som : usd;
    const from = next(5);
    const to = (from + 1 + next(4)) % 5;
    const amount =
      group === som ? 1 + next(900) : `${1 + next(90)}.${String(next(100)).padStart(2, '0')}`;
    return { wallet_id: group[from]!, target_wallet_id: group[to]!, amount };
  });
  const recorded = await Promise.all(plans.map((plan) => record({ type: 'transfer', ...plan })));
  expect(recorded.every((t) => t.status === 'pending')).toBe(true);
  // Recording moved nothing.
  expect(totals(await balances(all))).toEqual(before);

  const outcomes = await Promise.all(recorded.map((t) => statusOf(confirm(t.id))));
  const confirmed = outcomes.filter((status) => status === 200).length;
  // Every refusal is a shortfall (422), never an error or a deadlock.
  expect(outcomes.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
  expect(confirmed).toBeGreaterThan(500);

  const after = await balances(all);
  expect(totals(after)).toEqual(before);
  expect(after.every((row) => row.balance >= 0)).toBe(true);
  expect(await checkLedger(db())).toEqual([]);
}, 120_000);

it('confirms exactly 10 of 50 concurrent withdrawals of 100 from a balance of 1,000', async () => {
  const kgs = await siteWallet('kgs', 1_000);
  const withdrawals = await Promise.all(
    Array.from({ length: 50 }, () => record({ type: 'outcome', wallet_id: kgs, amount: 100 })),
  );
  const outcomes = await Promise.all(withdrawals.map((t) => statusOf(confirm(t.id))));
  expect(outcomes.filter((status) => status === 200)).toHaveLength(10);
  expect(outcomes.filter((status) => status === 422)).toHaveLength(40);
  expect(await balances([kgs])).toEqual([{ id: kgs, currency: 'kgs', balance: 0 }]);
  expect(await checkLedger(db())).toEqual([]);
}, 60_000);

it('resolves a confirmation racing a rejection once, every time', async () => {
  const kgs = await siteWallet('kgs', 0);
  for (let round = 0; round < 20; round += 1) {
    const { id } = await record({ type: 'income', wallet_id: kgs, amount: 10 });
    const [confirmed, rejected] = await Promise.all([
      statusOf(confirm(id)),
      statusOf(
        db()
          .transaction()
          .execute((trx) => rejectMovement(trx, id, reviewer, 'Гонка')),
      ),
    ]);
    expect([confirmed, rejected].sort()).toEqual([200, 409]);
  }
  const balance = (await balances([kgs]))[0]!.balance;
  const confirmedCount = await db()
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('wallet_id', '=', kgs)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  expect(balance).toBe(10 * Number(confirmedCount.n));
  expect(await checkLedger(db())).toEqual([]);
}, 60_000);

describe('over HTTP', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app.close();
  });

  it('records one movement for 100 concurrent requests with one Idempotency-Key', async () => {
    const sales = await signedIn(app, db(), ['accountant']);
    const kgs = await siteWallet('kgs', 0);
    const body = { type: 'income', wallet_id: kgs, amount: 250, comment: 'Один платёж' };
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        sales.browser.post('/api/admin/balance/movements', body, {
          headers: { 'idempotency-key': 'one-key-for-all' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const ids = new Set(responses.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await db()
      .selectFrom('transactions')
      .select('id')
      .where('wallet_id', '=', kgs)
      .execute();
    expect(rows).toEqual([{ id: [...ids][0] }]);
  }, 60_000);
});
