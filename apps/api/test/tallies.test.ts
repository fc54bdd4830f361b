import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { refreshAllStalePaid } from '../src/routes/trips/paid';
import { listTrips } from '../src/routes/trips/trip-service';
import { fingerprintAllUsers } from '../src/routes/users/user-repository';
import { findWallet } from '../src/domain/ledger/wallets';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// Totals kept by triggers so that paged lists need not count: users_tally (count and id sum of
// users) for the whole users list, trips_tally for the whole trips list,
// wallets.listed_transactions for a wallet's history. Each must
// equal a real count after every kind of change, rolled back ones too.

const database = useTestDatabase();
const db = () => database().db;
/** The tally as a wallet's history page reads it: with the wallet. */
const tallyOf = async (walletId: number) =>
  Number((await findWallet(db(), walletId))?.listed_transactions);

async function counted() {
  const { rows } = await sql<{ total: string; sum: string }>`
    select count(*) as total, coalesce(sum(id), 0)::text as sum from users`.execute(db());
  return { total: Number(rows[0]!.total), sum: rows[0]!.sum };
}

describe('users_tally', () => {
  it('follows inserts, bulk inserts, deletes, rollbacks and truncation', async () => {
    expect(await fingerprintAllUsers(db())).toEqual(await counted());
    await createTestUser(db(), { password: null });
    await sql`insert into users (full_name) select 'Пакет ' || i from generate_series(1, 50) i`.execute(
      db(),
    );
    expect(await fingerprintAllUsers(db())).toEqual(await counted());
    expect((await counted()).total).toBeGreaterThanOrEqual(51);

    await sql`delete from users where full_name like 'Пакет 1%'`.execute(db());
    expect(await fingerprintAllUsers(db())).toEqual(await counted());

    const before = await counted();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('users').values({ full_name: 'Откатится' }).execute();
          throw new Error('rollback');
        }),
    ).rejects.toThrow('rollback');
    expect(await fingerprintAllUsers(db())).toEqual(before);

    await sql`truncate table users, users_tally restart identity cascade`.execute(db());
    expect(await fingerprintAllUsers(db())).toEqual({ total: 0, sum: '0' });
    await createTestUser(db(), { password: null });
    expect(await fingerprintAllUsers(db())).toEqual(await counted());
  });
});

describe('trips_tally', () => {
  /** The total the whole trips list shows (read from the tally), and the trips counted. */
  const listedTotal = async () =>
    (await listTrips(db(), { id: 1, roles: ['admin'], permissions: [] }, {})).total;
  const countedTrips = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from trips`.execute(db())).rows[0]!.n);
  const insertTrips = (target: Db, n: number) =>
    sql`insert into trips (title, starts_on, ends_on, status, price, currency, seats)
      select 'Счётный тур ' || i, date '2027-01-01' + i, date '2027-01-05' + i, 'planned', 1000,
             'kgs', 10
      from generate_series(1, ${n}) i`.execute(target);

  it('gives the whole list its total through inserts, deletes, rollbacks and truncation', async () => {
    expect(await listedTotal()).toBe(await countedTrips());
    await insertTrips(db(), 1);
    await insertTrips(db(), 30);
    expect(await countedTrips()).toBeGreaterThanOrEqual(31);
    expect(await listedTotal()).toBe(await countedTrips());

    await sql`delete from trips where title like 'Счётный тур 1%'`.execute(db());
    expect(await listedTotal()).toBe(await countedTrips());

    const before = await countedTrips();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await insertTrips(trx, 5);
          throw new Error('rollback');
        }),
    ).rejects.toThrow('rollback');
    expect(await listedTotal()).toBe(before);

    await sql`truncate table trips, trips_tally restart identity cascade`.execute(db());
    expect(await listedTotal()).toBe(0);
    await insertTrips(db(), 2);
    expect(await listedTotal()).toBe(2);
  });
});

describe('wallets.listed_transactions', () => {
  /** What a wallet's history lists, counted: own operations, and transfers from other wallets. */
  async function listed(walletId: number) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from transactions
       where wallet_id = ${walletId} or target_wallet_id = ${walletId}`.execute(db());
    return Number(rows[0]!.n);
  }

  it('follows inserts, bulk inserts, transfers, deletes, rollbacks and truncation', async () => {
    const owner = await createTestUser(db(), { password: null });
    const [a, b] = await Promise.all(
      ['kgs', 'usd'].map(async (currency) => {
        const row = await db()
          .insertInto('wallets')
          .values({ type: 'user', user_id: owner, name: currency, currency })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    const check = async () => {
      for (const id of [a!, b!]) expect(await tallyOf(id)).toBe(await listed(id));
    };
    await check();
    await sql`insert into transactions (wallet_id, type, amount, currency, status)
      select ${a}, 'income', 100 + i, 'kgs', 'pending' from generate_series(1, 30) i`.execute(db());
    await sql`insert into transactions
        (wallet_id, type, amount, currency, status, target_wallet_id, target_amount, rate)
      values (${a}, 'transfer', 8750, 'kgs', 'pending', ${b}, 100, 0.0114),
             (${b}, 'transfer', 100, 'usd', 'pending', ${b}, 100, 1)`.execute(db());
    await check();
    expect(await tallyOf(a!)).toBe(31);
    expect(await tallyOf(b!)).toBe(2); // the transfer to itself once

    await sql`delete from transactions where wallet_id = ${a} and amount < 110`.execute(db());
    await check();

    const before = await tallyOf(a!);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`insert into transactions (wallet_id, type, amount, currency, status)
            values (${a}, 'income', 1, 'kgs', 'pending')`.execute(trx);
          throw new Error('rollback');
        }),
    ).rejects.toThrow('rollback');
    expect(await tallyOf(a!)).toBe(before);

    // Cascade: the outbox's messages refer to the operations they tell of.
    await sql`truncate table transactions cascade`.execute(db());
    await check();
    expect(await tallyOf(a!)).toBe(0);
  });

  it('refuses to move an operation to another wallet, and lets its status change', async () => {
    const owner = await createTestUser(db(), { password: null });
    const wallets = await db()
      .insertInto('wallets')
      .values([
        { type: 'user', user_id: owner, name: 'Первый', currency: 'kgs' },
        { type: 'user', user_id: owner, name: 'Второй', currency: 'kgs' },
      ])
      .returning('id')
      .execute();
    const [first, second] = wallets.map((row) => row.id);
    const { id } = await db()
      .insertInto('transactions')
      .values({ wallet_id: first!, type: 'income', amount: 5, currency: 'kgs', status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db().updateTable('transactions').set({ wallet_id: second! }).where('id', '=', id).execute(),
    ).rejects.toThrow('an operation cannot move to another wallet');
    await db()
      .updateTable('transactions')
      .set({ status: 'confirmed', confirmed_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await tallyOf(first!)).toBe(1);
    expect(await tallyOf(second!)).toBe(0);
  });
});

/**
 * What only a repair by hand can do since resolved operations are kept (the
 * transactions_keep_resolved trigger): the guard off for one transaction, which nobody else sees.
 */
async function repair(work: (trx: Db) => Promise<unknown>): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`alter table transactions disable trigger transactions_keep_resolved`.execute(trx);
      await work(trx);
      await sql`alter table transactions enable trigger transactions_keep_resolved`.execute(trx);
    });
}

describe('trip_participants.paid_own and foreign_payments', () => {
  /** What each participant paid in its trip's currency and how many foreign ones, read back. */
  async function kept(ids: number[]) {
    const rows = await db()
      .selectFrom('trip_participants')
      .select(['id', 'paid_own', 'foreign_payments'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((row) => [row.id, Number(row.paid_own), Number(row.foreign_payments)]);
  }

  /** The same figures counted from the transactions themselves. */
  async function countedPaid(ids: number[]) {
    const { rows } = await sql<{ id: number; own: string; foreign: string }>`
      select p.id,
        coalesce(sum(case when t.currency = tr.currency
          then case when t.type = 'income' then t.amount else -t.amount end end), 0) as own,
        count(t.id) filter (where t.currency <> tr.currency) as foreign
      from trip_participants p
      join trips tr on tr.id = p.trip_id
      left join transactions t on t.participant_id = p.id and t.status = 'confirmed'
        and t.type in ('income', 'outcome')
      where p.id = any(${ids}::bigint[])
      group by p.id order by p.id`.execute(db());
    return rows.map((row) => [Number(row.id), Number(row.own), Number(row.foreign)]);
  }

  it('follows payments and refunds through inserts, confirmations, deletes, rollbacks and truncation', async () => {
    const tourist = await createTestUser(db(), { password: null });
    const other = await createTestUser(db(), { password: null });
    const wallet = await db()
      .insertInto('wallets')
      .values({ type: 'user', user_id: tourist, name: 'Сомы', currency: 'kgs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows: trips } = await sql<{ id: number }>`
      insert into trips (title, starts_on, ends_on, status, price, currency, seats)
      values ('Тур в сомах', '2027-03-01', '2027-03-05', 'planned', 10000, 'kgs', 5),
             ('Тур в долларах', '2027-03-01', '2027-03-05', 'planned', 10000, 'usd', 5)
      returning id`.execute(db());
    const participants = await db()
      .insertInto('trip_participants')
      .values([
        { trip_id: trips[0]!.id, user_id: tourist, price: 10_000, status: 'booked' },
        { trip_id: trips[1]!.id, user_id: tourist, price: 10_000, status: 'booked' },
        { trip_id: trips[1]!.id, user_id: other, price: 10_000, status: 'booked' },
      ])
      .returning('id')
      .execute();
    const [inSom, inDollars, untouched] = participants.map((row) => row.id);
    const ids = [inSom!, inDollars!, untouched!];
    const pay = (
      participant: number,
      tripIndex: number,
      rows: {
        type: 'income' | 'outcome';
        amount: number;
        currency?: string;
        confirmed?: boolean;
      }[],
    ) =>
      db()
        .insertInto('transactions')
        .values(
          rows.map((row) => ({
            wallet_id: wallet.id,
            type: row.type,
            amount: row.amount,
            currency: row.currency ?? 'kgs',
            status: row.confirmed === false ? ('pending' as const) : ('confirmed' as const),
            confirmed_at: row.confirmed === false ? null : new Date(),
            trip_id: trips[tripIndex]!.id,
            participant_id: participant,
          })),
        )
        .returning('id')
        .execute();

    // One confirmed payment of 3000 som into the som trip; the dollar trip's participant paid
    // in som, which is another currency for its trip.
    await pay(inSom!, 0, [{ type: 'income', amount: 3000 }]);
    await pay(inDollars!, 1, [{ type: 'income', amount: 8750 }]);
    expect(await kept(ids)).toEqual([
      [inSom, 3000, 0],
      [inDollars, 0, 1],
      [untouched, 0, 0],
    ]);

    // The som payment of the dollar trip waits to be converted (stale); payments in the trip's
    // own currency never make a participant stale.
    const conversion = async (id: number) =>
      db()
        .selectFrom('trip_participants')
        .select(['paid_foreign', 'foreign_rate_missing', 'foreign_stale'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await conversion(inSom!)).toMatchObject({ foreign_stale: false });
    expect(await conversion(inDollars!)).toMatchObject({ foreign_stale: true });
    // No rate yet: converted, it is flagged, not counted.
    await refreshAllStalePaid(db());
    expect(await conversion(inDollars!)).toEqual({
      paid_foreign: 0,
      foreign_rate_missing: true,
      foreign_stale: false,
    });
    // A rate of a day before the payment makes it stale again; 8750 som at 87.5 is $100.00.
    await sql`insert into currency_rates (date, from_currency, to_currency, rate)
      values ('2026-01-01', 'usd', 'kgs', 87.5)`.execute(db());
    expect(await conversion(inDollars!)).toMatchObject({ foreign_stale: true });
    await refreshAllStalePaid(db());
    expect(await conversion(inDollars!)).toEqual({
      paid_foreign: 10000,
      foreign_rate_missing: false,
      foreign_stale: false,
    });
    // A changed rate too: at 100 som per dollar it is $87.50.
    await sql`update currency_rates set rate = 100 where date = '2026-01-01'`.execute(db());
    expect(await conversion(inDollars!)).toMatchObject({ foreign_stale: true });
    await refreshAllStalePaid(db());
    expect(await conversion(inDollars!)).toMatchObject({ paid_foreign: 8750 });
    // A rate of a later day than the payment changes nothing.
    await sql`insert into currency_rates (date, from_currency, to_currency, rate)
      values (current_date + 2, 'usd', 'kgs', 90)`.execute(db());
    expect(await conversion(inDollars!)).toMatchObject({ foreign_stale: false });

    // In bulk: a refund of 500, a pending payment (not counted until confirmed), another one.
    const bulk = await pay(inSom!, 0, [
      { type: 'outcome', amount: 500 },
      { type: 'income', amount: 2000, confirmed: false },
      { type: 'income', amount: 1000 },
    ]);
    expect(await kept(ids)).toEqual([
      [inSom, 3500, 0],
      [inDollars, 0, 1],
      [untouched, 0, 0],
    ]);

    // Confirming the pending payment counts it; un-confirming one (a repair by hand: the ledger
    // refuses it otherwise) takes it back out.
    await db()
      .updateTable('transactions')
      .set({ status: 'confirmed', confirmed_at: new Date() })
      .where('id', '=', bulk[1]!.id)
      .execute();
    expect(await kept([inSom!])).toEqual([[inSom, 5500, 0]]);
    await repair((trx) =>
      trx
        .updateTable('transactions')
        .set({ status: 'rejected' })
        .where('id', '=', bulk[2]!.id)
        .execute(),
    );
    expect(await kept([inSom!])).toEqual([[inSom, 4500, 0]]);
    expect(await kept(ids)).toEqual(await countedPaid(ids));

    await repair((trx) =>
      sql`delete from transactions where participant_id = ${inDollars}`.execute(trx),
    );
    expect(await kept([inDollars!])).toEqual([[inDollars, 0, 0]]);

    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('transactions')
            .values({
              wallet_id: wallet.id,
              type: 'income',
              amount: 1,
              currency: 'kgs',
              status: 'confirmed',
              confirmed_at: new Date(),
              trip_id: trips[0]!.id,
              participant_id: inSom!,
            })
            .execute();
          throw new Error('rollback');
        }),
    ).rejects.toThrow('rollback');
    expect(await kept([inSom!])).toEqual([[inSom, 4500, 0]]);
    expect(await kept(ids)).toEqual(await countedPaid(ids));

    // Cascade: the outbox's messages refer to the operations they tell of.
    await sql`truncate table transactions cascade`.execute(db());
    expect(await kept(ids)).toEqual([
      [inSom, 0, 0],
      [inDollars, 0, 0],
      [untouched, 0, 0],
    ]);
  });
});
