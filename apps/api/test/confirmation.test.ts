import type { Db } from '../src/db/database';
import { confirmMovement, recordMovement, type Movement } from '../src/domain/ledger/movements';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// confirmMovement (DESIGN.md 3 "Accounting": only confirmation changes a balance; a wallet never
// goes below zero), on a real database with several connections.

const database = useTestDatabase({ max: 10 });
const db = (): Db => database().db;

let accountant: number;
let clerk: number;
let tourist: number;

async function wallet(currency: string, balance: number): Promise<number> {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: 'user', user_id: tourist, name: `Кошелёк ${currency}`, currency, balance })
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

async function operation(id: number) {
  return db().selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const record = (movement: Movement) =>
  db()
    .transaction()
    .execute((trx) => recordMovement(trx, movement))
    .then((recorded) => recorded.id);

const confirm = (id: number) =>
  db()
    .transaction()
    .execute((trx) => confirmMovement(trx, id, accountant));

function base(walletId: number, amountMinor: number, currency: 'kgs' | 'usd' = 'kgs') {
  // Recorded by a clerk and confirmed by the accountant: the four-eyes rule is on by default.
  return { walletId, amountMinor, currency, createdBy: clerk, idempotency: null };
}

beforeAll(async () => {
  accountant = await createTestUser(db(), { password: null });
  clerk = await createTestUser(db(), { password: null });
  tourist = await createTestUser(db(), { password: null });
});

describe('confirmMovement', () => {
  it('adds an income to its wallet and records who confirmed it and when', async () => {
    const kgs = await wallet('kgs', 500);
    const id = await record({ kind: 'income', ...base(kgs, 1200) });
    expect(await balanceOf(kgs)).toBe(500);

    await confirm(id);
    expect(await balanceOf(kgs)).toBe(1700);
    const row = await operation(id);
    expect(row.status).toBe('confirmed');
    expect(Number(row.confirmed_by)).toBe(accountant);
    expect(row.confirmed_at).not.toBeNull();
  });

  it('takes an outcome away, and refuses one that would leave the wallet below zero', async () => {
    const kgs = await wallet('kgs', 1000);
    const fits = await record({ kind: 'outcome', ...base(kgs, 1000) });
    const tooMuch = await record({ kind: 'outcome', ...base(kgs, 1) });

    await confirm(fits);
    expect(await balanceOf(kgs)).toBe(0);
    // The message names the wallet and what it lacks: one som (som are kept whole).
    await expect(confirm(tooMuch)).rejects.toMatchObject({
      statusCode: 422,
      errors: { amount: ['Недостаточно средств в кошельке «Кошелёк kgs»: не хватает С1,00'] },
    });
    expect(await balanceOf(kgs)).toBe(0);
    expect((await operation(tooMuch)).status).toBe('pending');
  });

  it('moves a transfer out of the source and its converted amount into the target', async () => {
    const usd = await wallet('usd', 10_000);
    const kgs = await wallet('kgs', 0);
    // $50.00 at 87.45 som per dollar: 4372.5, ceiled to 4373 som.
    const id = await record({
      kind: 'transfer',
      ...base(usd, 5_000, 'usd'),
      target: { walletId: kgs, amountMinor: 4_373, currency: 'kgs', rate: '87.45' },
    });

    await confirm(id);
    expect(await balanceOf(usd)).toBe(5_000);
    expect(await balanceOf(kgs)).toBe(4_373);
  });

  it('refuses a transfer the source cannot cover and leaves both wallets alone', async () => {
    const usd = await wallet('usd', 100);
    const kgs = await wallet('kgs', 7);
    const id = await record({
      kind: 'transfer',
      ...base(usd, 101, 'usd'),
      target: { walletId: kgs, amountMinor: 89, currency: 'kgs', rate: '87.45' },
    });
    await expect(confirm(id)).rejects.toMatchObject({ statusCode: 422 });
    expect([await balanceOf(usd), await balanceOf(kgs)]).toEqual([100, 7]);
  });

  it('applies an operation once when confirmations race, and answers the rest 409 in Russian', async () => {
    const kgs = await wallet('kgs', 0);
    const id = await record({ kind: 'income', ...base(kgs, 300) });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => confirm(id)));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        message: 'Операция уже подтверждена',
      });
    }
    expect(await balanceOf(kgs)).toBe(300);
  });

  it('never lets racing outcomes take a wallet below zero', async () => {
    const kgs = await wallet('kgs', 1000);
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => record({ kind: 'outcome', ...base(kgs, 300) })),
    );
    const results = await Promise.allSettled(ids.map((id) => confirm(id)));

    // 1000 som cover three outcomes of 300; the other three stay pending.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await balanceOf(kgs)).toBe(100);
  });

  it('answers 404 for an operation that does not exist', async () => {
    await expect(confirm(99_999_999)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Операция не найдена',
    });
  });

  it('refuses to confirm a rejected operation', async () => {
    const kgs = await wallet('kgs', 0);
    const id = await record({ kind: 'income', ...base(kgs, 300) });
    await db()
      .updateTable('transactions')
      .set({ status: 'rejected', confirmed_at: new Date() })
      .where('id', '=', id)
      .execute();
    await expect(confirm(id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Операция уже отклонена',
    });
    expect(await balanceOf(kgs)).toBe(0);
  });
});
