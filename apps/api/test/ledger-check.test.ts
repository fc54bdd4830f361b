import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { confirmMovement, recordMovement, type Movement } from '../src/domain/ledger/movements';
import { checkLedger } from '../src/routes/ledger/check';
import { createTestDatabase, useTestDatabase } from './database';
import { createTestUser } from './http';

// checkLedger and `npm run ledger:check`: each kind of difference is found and named, and a
// ledger kept by the one movement call has none.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;

let clerk: number;
let accountant: number;
let owner: number;

async function wallet(currency: string, balance = 0, name = `Кошелёк ${currency}`) {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: 'user', user_id: owner, name, currency, balance })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const base = (walletId: number, amountMinor: number, currency: 'kgs' | 'usd') => ({
  walletId,
  amountMinor,
  currency,
  createdBy: clerk,
  idempotency: null,
});

async function recordAndConfirm(movement: Movement): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await recordMovement(trx, movement);
      await confirmMovement(trx, id, accountant);
      return id;
    });
}

/** A transfer written straight into the table (as a bug or a hand edit would), pending. */
async function rawTransfer(
  from: number,
  to: number,
  amount: number,
  targetAmount: number,
  rate: string,
  fraction: [string, string] | null = null,
) {
  const { id } = await db()
    .insertInto('transactions')
    .values({
      wallet_id: from,
      type: 'transfer',
      amount,
      currency: 'usd',
      status: 'pending',
      target_wallet_id: to,
      target_amount: targetAmount,
      rate,
      rate_numerator: fraction?.[0] ?? null,
      rate_denominator: fraction?.[1] ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  clerk = await createTestUser(db(), { password: null });
  accountant = await createTestUser(db(), { password: null });
  owner = await createTestUser(db(), { password: null });
});

describe('checkLedger', () => {
  it('finds nothing in a ledger kept by the movement calls', async () => {
    const kgs = await wallet('kgs');
    const usd = await wallet('usd');
    await recordAndConfirm({ kind: 'income', ...base(usd, 100_00, 'usd') });
    await recordAndConfirm({
      kind: 'transfer',
      ...base(usd, 50_00, 'usd'),
      target: { walletId: kgs, amountMinor: 4373, currency: 'kgs', rate: '87.45' },
    });
    await recordAndConfirm({ kind: 'outcome', ...base(kgs, 73, 'kgs') });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('names a balance that differs from its confirmed movements', async () => {
    const kgs = await wallet('kgs', 0, 'Касса сверки');
    await recordAndConfirm({ kind: 'income', ...base(kgs, 500, 'kgs') });
    await sql`update wallets set balance = balance + 1 where id = ${kgs}`.execute(db());
    expect(await checkLedger(db())).toEqual([
      {
        kind: 'balance',
        id: kgs,
        message: `Кошелёк №${kgs} «Касса сверки»: баланс 501, а по подтверждённым операциям 500 (в минимальных единицах)`,
      },
    ]);
    await sql`update wallets set balance = balance - 1 where id = ${kgs}`.execute(db());
    expect(await checkLedger(db())).toEqual([]);
  });

  it('names a transfer whose converted amount is not the ceiling of amount times rate', async () => {
    const usd = await wallet('usd');
    const kgs = await wallet('kgs');
    const usd2 = await wallet('usd');
    // $50.00 at 87.45 is 4372.5 som: 4373 is right, 4372 short, 4374 over.
    const right = await rawTransfer(usd, kgs, 50_00, 4373, '87.45');
    const short = await rawTransfer(usd, kgs, 50_00, 4372, '87.45');
    const over = await rawTransfer(usd, kgs, 50_00, 4374, '87.45');
    const same = await rawTransfer(usd, usd2, 10_00, 20_00, '2');
    const found = await checkLedger(db());
    expect(found.map((d) => [d.kind, d.id])).toEqual([
      ['transfer', short],
      ['transfer', over],
      ['transfer', same],
    ]);
    expect(found[0]!.message).toBe(
      `Перевод №${short}: списано 5000, зачислено 4372: зачислено меньше, чем сумма по курсу`,
    );
    expect(found.map((d) => d.id)).not.toContain(right);
    await db().deleteFrom('transactions').where('id', 'in', [right, short, over, same]).execute();
  });

  it('checks a transfer at an inverse rate by its exact fraction: 8745 som at 1/87.45 is $100.00', async () => {
    const kgs = await wallet('kgs');
    const usd = await wallet('usd');
    const exact = await db()
      .insertInto('transactions')
      .values(
        [10_000, 10_001].map((target) => ({
          wallet_id: kgs,
          type: 'transfer' as const,
          amount: 8745,
          currency: 'kgs',
          status: 'pending' as const,
          target_wallet_id: usd,
          target_amount: target,
          rate: '0.011435105774',
          rate_numerator: '1',
          rate_denominator: '87.45',
        })),
      )
      .returning('id')
      .execute();
    expect((await checkLedger(db())).map((d) => [d.kind, d.id])).toEqual([
      ['transfer', exact[1]!.id],
    ]);
    await db()
      .deleteFrom('transactions')
      .where(
        'id',
        'in',
        exact.map((row) => row.id),
      )
      .execute();
  });

  it('names a reversal that is not the mirror of its original, or reverses a pending one', async () => {
    const kgs = await wallet('kgs');
    const original = await recordAndConfirm({ kind: 'income', ...base(kgs, 300, 'kgs') });
    const pending = await db()
      .transaction()
      .execute((trx) => recordMovement(trx, { kind: 'income', ...base(kgs, 5, 'kgs') }));
    const bad = await db()
      .insertInto('transactions')
      .values([
        {
          wallet_id: kgs,
          type: 'outcome',
          amount: 299,
          currency: 'kgs',
          status: 'pending',
          reverses_id: original,
        },
        {
          wallet_id: kgs,
          type: 'outcome',
          amount: 5,
          currency: 'kgs',
          status: 'pending',
          reverses_id: pending.id,
        },
      ])
      .returning('id')
      .execute();
    expect(await checkLedger(db())).toEqual([
      {
        kind: 'reversal',
        id: bad[0]!.id,
        message: `Сторно №${bad[0]!.id} операции №${original}: не зеркальна исходной (тип, кошельки или суммы)`,
      },
      {
        kind: 'reversal',
        id: bad[1]!.id,
        message: `Сторно №${bad[1]!.id} операции №${pending.id}: сторнирует неподтверждённую операцию`,
      },
    ]);
    await db()
      .deleteFrom('transactions')
      .where(
        'id',
        'in',
        bad.map((row) => row.id),
      )
      .execute();
  });
});

describe('checkLedger: where participants’ money is and what stored totals count', () => {
  /** A trip in som with one participant (the owner of the wallets above), written straight. */
  async function tripWithParticipant() {
    const trip = await db()
      .insertInto('trips')
      .values({
        title: 'Проверка учёта',
        starts_on: '2027-06-01',
        ends_on: '2027-06-05',
        status: 'planned',
        price: 50000,
        currency: 'kgs',
        seats: 5,
        itinerary: JSON.stringify([]) as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const participant = await db()
      .insertInto('trip_participants')
      .values({ trip_id: trip.id, user_id: owner, price: 50000, status: 'booked' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { tripId: trip.id, participantId: participant.id };
  }

  it('names a participant’s payment in a stranger’s wallet, and one linked to another trip', async () => {
    const { tripId, participantId } = await tripWithParticipant();
    const other = await tripWithParticipant();
    const stranger = await createTestUser(db(), { password: null });
    const { id: strangers } = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: stranger, name: 'Чужой кошелёк', currency: 'kgs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: desk } = await db()
      .insertInto('wallets')
      .values({ type: 'site', kind: 'cash', name: 'Касса (сом)', currency: 'kgs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await wallet('kgs', 0, 'Свой депозит');
    const payment = (walletId: number, trip = tripId, participant = participantId) => ({
      wallet_id: walletId,
      type: 'income' as const,
      amount: 1000,
      currency: 'kgs',
      status: 'pending' as const,
      trip_id: trip,
      participant_id: participant,
    });
    const rows = await db()
      .insertInto('transactions')
      .values([
        payment(desk),
        payment(own),
        payment(strangers),
        payment(desk, other.tripId, participantId),
      ])
      .returning('id')
      .execute();
    expect(await checkLedger(db())).toEqual([
      {
        kind: 'arrival',
        id: rows[2]!.id,
        message:
          `Платёж участника №${rows[2]!.id} в чужом кошельке «Чужой кошелёк»: деньги поступают в ` +
          'кассу или на счёт компании (или в кошелёк самого туриста)',
      },
      {
        kind: 'arrival',
        id: rows[3]!.id,
        message: `Операция №${rows[3]!.id}: участник не из тура операции`,
      },
    ]);
    await db()
      .deleteFrom('transactions')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  });

  it('names a stored total that counts what was not confirmed', async () => {
    const { participantId } = await tripWithParticipant();
    // As a broken trigger would leave it: a rejected С700 counted in the participant's paid, in
    // a booking's paid and in the administrative day's sums.
    await sql`alter table trip_participants disable trigger user`.execute(db());
    await sql`update trip_participants set paid_own = 700 where id = ${participantId}`.execute(
      db(),
    );
    await sql`alter table trip_participants enable trigger user`.execute(db());
    await db()
      .insertInto('administrative_deltas')
      .values({
        category: 'Аренда офиса',
        type: 'outcome',
        currency: 'kgs',
        day: '2027-01-15',
        amount: 700,
      })
      .execute();
    expect(await checkLedger(db())).toEqual([
      {
        kind: 'stored',
        id: participantId,
        message:
          `Участник тура №${participantId}: сохранено оплачено 700, а по подтверждённым ` +
          'операциям 0 (или не сходится счёт платежей в других валютах)',
      },
      {
        kind: 'stored',
        id: 0,
        message:
          'Административные операции «Аренда офиса» за 15.01.2027: в итогах 700, а по ' +
          'подтверждённым операциям 0',
      },
    ]);
    await sql`alter table trip_participants disable trigger user`.execute(db());
    await sql`update trip_participants set paid_own = 0 where id = ${participantId}`.execute(db());
    await sql`alter table trip_participants enable trigger user`.execute(db());
    await sql`delete from administrative_deltas where day = '2027-01-15'`.execute(db());
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe('npm run ledger:check', () => {
  function run(url: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['-r', '@swc-node/register', 'src/cli/ledger-check.ts'],
        { cwd: path.join(__dirname, '..'), env: { ...process.env, DATABASE_URL: url } },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('exits 0 on agreeing books and 1 listing each difference', async () => {
    const other = await createTestDatabase({ max: 2 });
    try {
      const clean = await run(other.url);
      expect(clean.code).toBe(0);
      expect(clean.stdout).toContain('Расхождений нет: операций проверено 0');

      const user = await createTestUser(other.db, { password: null });
      const { id } = await other.db
        .insertInto('wallets')
        .values({ type: 'user', user_id: user, name: 'Сломанный', currency: 'kgs', balance: 7 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const broken = await run(other.url);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(
        `Кошелёк №${id} «Сломанный»: баланс 7, а по подтверждённым операциям 0`,
      );
      expect(broken.stderr).toContain('Расхождений: 1');
    } finally {
      await other.drop();
    }
  });
});
