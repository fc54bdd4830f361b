import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { foldAllDeltas } from '../src/lib/delta-tally';
import { PENDING_TALLY, waitingIds } from '../src/routes/ledger/waitings-repository';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The confirmation queue («Ожидание подтверждения») as an accountant works it: every row names
// what it is for (the trip with its dates, the tourist, the booking and its supplier, the author,
// the wallet), filters, search, order, counts per choice, and confirming what a filter shows;
// the same names in «Все операции», a wallet's statement and their files.

const database = useTestDatabase({ max: 10 });
const db = (): Db => database().db;
let app: App;

type Who = { browser: Browser; id: number };
let sales: Who;
let accountant: Who;
let accountant2: Who;
let reservations: Who;
let admin: Who;
const wallets = { cashUsd: 0, bankKgs: 0, bankUsd: 0 };
const people = { ivanova: 0, petrov: 0 };
const ops = { cash: 0, bank: 0, supplier: 0, transfer: 0, refund: 0 };
let tripId = 0;
let bookingId = 0;
const participants = { ivanova: 0, petrov: 0 };

async function ok<T = Record<string, unknown>>(response: {
  statusCode: number;
  json: () => { data: T };
  body: string;
}): Promise<T> {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json().data;
}

let keys = 0;
const key = () => ({ headers: { 'idempotency-key': `waitings-${process.pid}-${++keys}` } });

async function siteWallet(name: string, currency: string, kind: 'cash' | 'bank', balance = 0) {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: 'site', kind, name, currency, balance })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

interface Row {
  id: number;
  type: string;
  amount: number;
  currency: string;
  wallet_name: string;
  created_by_name: string | null;
  overpayment: boolean;
  trip: { id: number; title: string; starts_on: string; ends_on: string } | null;
  participant: { id: number; user_id: number; full_name: string } | null;
  booking: { id: number; kind: string; title: string; supplier_name: string | null } | null;
}
interface Queue {
  data: Row[];
  total: number;
  totals: Record<string, unknown>[];
  counts: {
    type: Record<string, number>;
    currency: Record<string, number>;
    author: { id: number | null; name: string; count: number }[];
    wallet: { id: number; name: string; currency: string; count: number }[];
    overpayment: number;
  };
}

const queue = async (query = '') =>
  ok<Queue>(await accountant.browser.get(`/api/admin/balance/waitings${query}`));
const ids = (page: Queue) => page.data.map((row) => row.id);

beforeAll(async () => {
  app = await buildTestApp(db());
  sales = await signedIn(app, db(), ['sales_manager'], { full_name: 'Сейлз Айгерим' });
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Нина' });
  accountant2 = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Олег' });
  reservations = await signedIn(app, db(), ['reservation_agent'], { full_name: 'Бронь Эрлан' });
  admin = await signedIn(app, db(), ['admin'], { full_name: 'Админ Бакыт' });
  wallets.cashUsd = await siteWallet('Касса USD', 'usd', 'cash');
  wallets.bankKgs = await siteWallet('Расчётный счёт (сом)', 'kgs', 'bank', 100_000_00);
  wallets.bankUsd = await siteWallet('Расчётный счёт USD', 'usd', 'bank', 5_000_00);
  people.ivanova = await createTestUser(db(), {
    full_name: 'Иванова Анна',
    password: null,
    manager_id: sales.id,
  });
  people.petrov = await createTestUser(db(), {
    full_name: 'Петров Пётр',
    password: null,
    manager_id: sales.id,
  });
  tripId = (
    await ok<{ id: number }>(
      await sales.browser.post('/api/admin/trips', {
        title: 'Осенний Киото',
        country: 'Япония',
        starts_on: '2027-11-01',
        ends_on: '2027-11-08',
        price: 3430,
        currency: 'usd',
        seats: 10,
      }),
    )
  ).id;
  for (const name of ['ivanova', 'petrov'] as const) {
    participants[name] = (
      await ok<{ id: number }>(
        await sales.browser.post(`/api/admin/trip/${tripId}/participants`, {
          user_id: people[name],
        }),
      )
    ).id;
  }
  const supplier = await ok<{ id: number }>(
    await reservations.browser.post('/api/admin/suppliers', {
      name: 'Sakura Hotels',
      kinds: ['hotel'],
    }),
  );
  bookingId = (
    await ok<{ id: number }>(
      await reservations.browser.post('/api/admin/bookings', {
        kind: 'hotel',
        trip_id: tripId,
        supplier_id: supplier.id,
        starts_on: '2027-11-01',
        ends_on: '2027-11-08',
        cost: 1200,
        currency: 'usd',
        status: 'confirmed',
        details: {
          hotel_name: 'Sakura',
          city: 'Киото',
          meal_plan: 'BB',
          room_plan: [
            { room_type: 'DBL', participant_ids: [participants.ivanova, participants.petrov] },
          ],
        },
        participants: [
          { participant_id: participants.ivanova },
          { participant_id: participants.petrov },
        ],
      }),
    )
  ).id;

  // The day's movements, in this order: $700 in cash for Иванова, С5 000 by bank for Петров,
  // $400 to the hotel, $1 000 from the bank to the drawer, a $50 refund to Иванова.
  ops.cash = (
    await ok<{ id: number }>(
      await sales.browser.post(
        `/api/admin/trip/${tripId}/participant/${participants.ivanova}/payments`,
        { currency: 'usd', amount: 700, comment: 'Наличными в офисе' },
        key(),
      ),
    )
  ).id;
  ops.bank = (
    await ok<{ id: number }>(
      await sales.browser.post(
        `/api/admin/trip/${tripId}/participant/${participants.petrov}/payments`,
        { wallet_id: wallets.bankKgs, amount: 5000 },
        key(),
      ),
    )
  ).id;
  ops.supplier = (
    await ok<{ id: number }>(
      await admin.browser.post(
        `/api/admin/booking/${bookingId}/payments`,
        { wallet_id: wallets.bankUsd, amount: 400, comment: 'Предоплата отелю' },
        key(),
      ),
    )
  ).id;
  ops.transfer = (
    await ok<{ id: number }>(
      await accountant.browser.post(
        '/api/admin/balance/movements',
        {
          type: 'transfer',
          wallet_id: wallets.bankUsd,
          target_wallet_id: wallets.cashUsd,
          amount: 1000,
          comment: 'Подкрепление кассы',
        },
        key(),
      ),
    )
  ).id;
  ops.refund = (
    await ok<{ id: number }>(
      await accountant.browser.post(
        '/api/admin/balance/movements',
        {
          type: 'outcome',
          wallet_id: wallets.bankUsd,
          trip_id: tripId,
          participant_id: participants.ivanova,
          amount: 50,
          comment: 'Возврат за экскурсию',
        },
        key(),
      ),
    )
  ).id;
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/admin/balance/waitings', () => {
  it('names what every operation is for: trip and dates, tourist, booking and supplier, author, wallet', async () => {
    const page = await queue();
    expect(ids(page)).toEqual([ops.cash, ops.bank, ops.supplier, ops.transfer, ops.refund]);
    const trip = {
      id: tripId,
      title: 'Осенний Киото',
      starts_on: '2027-11-01',
      ends_on: '2027-11-08',
    };
    const [cash, bank, supplier, transfer] = page.data;
    expect(cash).toMatchObject({
      wallet_name: 'Касса USD',
      created_by_name: 'Сейлз Айгерим',
      trip,
      participant: { id: participants.ivanova, user_id: people.ivanova, full_name: 'Иванова Анна' },
      booking: null,
    });
    expect(bank).toMatchObject({
      wallet_name: 'Расчётный счёт (сом)',
      participant: { full_name: 'Петров Пётр' },
    });
    // A supplier payment is named by its booking, its supplier and the booking's trip.
    expect(supplier).toMatchObject({
      created_by_name: 'Админ Бакыт',
      trip,
      participant: null,
      booking: { id: bookingId, kind: 'hotel', supplier_name: 'Sakura Hotels' },
    });
    expect(transfer).toMatchObject({ trip: null, participant: null, booking: null });
  });

  it('filters by type, tourist, author, currency, wallet, trip, amount and period', async () => {
    expect(ids(await queue('?type=outcome'))).toEqual([ops.supplier, ops.refund]);
    // The tourist a payment or refund is for.
    expect(ids(await queue(`?tourist=${people.ivanova}`))).toEqual([ops.cash, ops.refund]);
    expect(ids(await queue(`?author=${sales.id}`))).toEqual([ops.cash, ops.bank]);
    expect(ids(await queue('?currency=kgs'))).toEqual([ops.bank]);
    // A wallet: what leaves it and what it receives.
    expect(ids(await queue(`?wallet=${wallets.cashUsd}`))).toEqual([ops.cash, ops.transfer]);
    // A trip: its participants' payments and its bookings' supplier payments.
    expect(ids(await queue(`?trip=${tripId}`))).toEqual([
      ops.cash,
      ops.bank,
      ops.supplier,
      ops.refund,
    ]);
    // Amounts in each operation's own currency: $400 to $1 000 (С5 000 is more than 1 000 som).
    expect(ids(await queue('?amount_from=400&amount_to=1000'))).toEqual([
      ops.cash,
      ops.supplier,
      ops.transfer,
    ]);
    expect(ids(await queue('?amount_from=5000&currency=kgs'))).toEqual([ops.bank]);
    expect(ids(await queue('?from=2999-01-01'))).toEqual([]);
    expect((await queue('?to=2999-01-01')).total).toBe(5);
  });

  it('searches the tourist, the trip, the supplier, the author, the wallet and the number', async () => {
    expect(ids(await queue(`?search=${encodeURIComponent('иванова')}`))).toEqual([
      ops.cash,
      ops.refund,
    ]);
    expect(ids(await queue(`?search=${encodeURIComponent('sakura')}`))).toEqual([ops.supplier]);
    expect((await queue(`?search=${encodeURIComponent('Киото')}`)).total).toBe(4);
    expect(ids(await queue(`?search=${encodeURIComponent('Айгерим')}`))).toEqual([
      ops.cash,
      ops.bank,
    ]);
    expect(ids(await queue(`?search=${encodeURIComponent('подкрепление')}`))).toEqual([
      ops.transfer,
    ]);
    expect(ids(await queue(`?search=${encodeURIComponent(`№${ops.bank}`)}`))).toEqual([ops.bank]);
  });

  it('walks the queue for a search that finds many and finds the same page', async () => {
    // The walk asks each pending operation in turn (waitingIds' `walk`), the way a search that
    // finds thousands is read; here it must find what gathering the matches finds.
    const walked = (term: string) =>
      waitingIds(db(), { search: term, withSite: true }, 'oldest', 20, 0, true);
    expect(await walked('иванова')).toEqual([ops.cash, ops.refund]);
    expect(await walked('sakura')).toEqual([ops.supplier]);
    expect(await walked('Айгерим')).toEqual([ops.cash, ops.bank]);
    expect(await walked('подкрепление')).toEqual([ops.transfer]);
    expect(await walked(`№${ops.bank}`)).toEqual([ops.bank]);
    expect((await walked('Киото')).length).toBe(4);
    expect(await walked('никого-такого')).toEqual([]);
  });

  it('orders newest first or by amount within each currency', async () => {
    expect(ids(await queue('?sort=newest'))).toEqual([
      ops.refund,
      ops.transfer,
      ops.supplier,
      ops.bank,
      ops.cash,
    ]);
    // Within a currency, the largest first: $1 000, $700, $400, $50; then the som.
    expect(ids(await queue('?sort=amount_desc'))).toEqual([
      ops.transfer,
      ops.cash,
      ops.supplier,
      ops.refund,
      ops.bank,
    ]);
    expect(ids(await queue('?sort=amount_asc&currency=usd'))).toEqual([
      ops.refund,
      ops.supplier,
      ops.cash,
      ops.transfer,
    ]);
    // Paging keeps the order.
    expect(ids(await queue('?sort=newest&per_page=2&page=2'))).toEqual([ops.supplier, ops.bank]);
  });

  it('counts every choice of each filter given the others, and totals what it shows', async () => {
    const page = await queue(`?currency=usd&author=${accountant.id}`);
    expect(ids(page)).toEqual([ops.transfer, ops.refund]);
    // The currency's own choices ignore the currency chosen; the others follow it.
    expect(page.counts.currency).toEqual({ kgs: 0, usd: 2, eur: 0, jpy: 0 });
    expect(page.counts.type).toEqual({ income: 0, outcome: 1, transfer: 1 });
    expect(page.counts.author).toEqual([
      { id: admin.id, name: 'Админ Бакыт', count: 1 },
      { id: accountant.id, name: 'Бухгалтер Нина', count: 2 },
      { id: sales.id, name: 'Сейлз Айгерим', count: 1 },
    ]);
    expect(page.counts.wallet).toEqual([
      { id: wallets.bankUsd, name: 'Расчётный счёт USD', currency: 'usd', count: 2 },
    ]);
    expect(page.counts.overpayment).toBe(0);
    // $50 out and $1 000 transferred, both waiting: nothing confirmed to sum.
    expect(page.totals).toEqual([
      {
        currency: 'usd',
        count: 2,
        confirmed_count: 0,
        income: 0,
        outcome: 0,
        transfer: 0,
        pending_count: 2,
        pending_income: 0,
        pending_outcome: 50,
        pending_transfer: 1000,
        rejected_count: 0,
      },
    ]);
  });
  it('counts a wallet’s choices without the wallet, and the others within it', async () => {
    // The cash desk holds the cash payment (by sales) and receives the transfer (by the
    // accountant); the accountant's operations leave the USD bank account (transfer, refund).
    const page = await queue(`?wallet=${wallets.cashUsd}&author=${accountant.id}`);
    expect(ids(page)).toEqual([ops.transfer]);
    expect(page.counts.wallet).toEqual([
      { id: wallets.bankUsd, name: 'Расчётный счёт USD', currency: 'usd', count: 2 },
    ]);
    expect(page.counts.author).toEqual([
      { id: accountant.id, name: 'Бухгалтер Нина', count: 1 },
      { id: sales.id, name: 'Сейлз Айгерим', count: 1 },
    ]);
    expect(page.counts.type).toEqual({ income: 0, outcome: 0, transfer: 1 });
    expect(page.counts.currency).toEqual({ kgs: 0, usd: 1, eur: 0, jpy: 0 });
    expect(page.totals).toMatchObject([
      { currency: 'usd', count: 1, pending_count: 1, pending_transfer: 1000, pending_income: 0 },
    ]);
  });
});

describe('the queue’s tally (migration pending-tally)', () => {
  it('answers the same totals and counts as the operations summed afresh, folded or not', async () => {
    // A filter the tally keeps, and the same with a period that forces the live sums.
    const filters = ['', '?type=outcome', `?author=${accountant.id}`, '?currency=usd'];
    const live = (query: string) => `${query}${query ? '&' : '?'}to=2999-12-31`;
    for (const query of filters) {
      const kept = await queue(query);
      const fresh = await queue(live(query));
      expect([query, kept.totals, kept.counts, kept.total]).toEqual([
        query,
        fresh.totals,
        fresh.counts,
        fresh.total,
      ]);
    }
    expect(await foldAllDeltas(db(), PENDING_TALLY)).toBeGreaterThan(0);
    const folded = await queue();
    expect(folded.totals).toEqual((await queue(live(''))).totals);
    const { rows } = await sql<{ kept: string; fresh: string }>`
      select (select coalesce(sum(count), 0) from pending_tally)::text as kept,
             (select count(*) from transactions where status = 'pending')::text as fresh`.execute(
      db(),
    );
    expect(rows[0]!.kept).toBe(rows[0]!.fresh);
  });
});

describe('«Все операции» of a trip', () => {
  const operations = async (query: string) =>
    ok<{ data: Row[]; total: number; totals: { currency: string; count: number }[] }>(
      await accountant.browser.get(`/api/admin/balance/operations?${query}`),
    );
  it('lists its own operations and its bookings’ supplier payments, each once, newest first', async () => {
    const all = await operations(`trip=${tripId}`);
    expect(all.data.map((row) => row.id)).toEqual([ops.refund, ops.supplier, ops.bank, ops.cash]);
    expect(all.total).toBe(4);
    expect(all.totals.map(({ currency, count }) => [currency, count])).toEqual([
      ['kgs', 1],
      ['usd', 3],
    ]);
    // The other filters hold in both of its parts.
    const outgoing = await operations(`trip=${tripId}&type=outcome`);
    expect(outgoing.data.map((row) => row.id)).toEqual([ops.refund, ops.supplier]);
    const paged = await operations(`trip=${tripId}&per_page=1&page=2`);
    expect([paged.data.map((row) => row.id), paged.total]).toEqual([[ops.supplier], 4]);
    // With a wallet, the trip is a condition on the wallet's operations.
    const bank = await operations(`trip=${tripId}&wallet=${wallets.bankUsd}`);
    expect(bank.data.map((row) => row.id)).toEqual([ops.refund, ops.supplier]);
  });
});

describe('the same names elsewhere', () => {
  it('names them in «Все операции» and its file', async () => {
    const all = await ok<{ data: Row[] }>(
      await accountant.browser.get(`/api/admin/balance/operations?trip=${tripId}`),
    );
    expect(all.data.find((row) => row.id === ops.supplier)).toMatchObject({
      booking: { supplier_name: 'Sakura Hotels' },
      trip: { title: 'Осенний Киото' },
    });
    const file = await accountant.browser.get(
      `/api/admin/balance/operations/export?wallet=${wallets.cashUsd}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Операции')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    const cashRow = [2, 3]
      .map((n) => sheet.getRow(n))
      .find((row) => row.getCell(1).value === ops.cash)!;
    expect(cashRow.getCell(column('Тур')).value).toBe('Осенний Киото, 01.11.2027–08.11.2027');
    expect(cashRow.getCell(column('Турист')).value).toBe('Иванова Анна');
  });
});

describe('POST /api/admin/balance/waitings/confirm', () => {
  it('confirms what the filter shows, only as many as the person saw', async () => {
    // Another operation arrives meanwhile: the person saw 2, there are 3 — nothing happens.
    const late = await ok<{ id: number }>(
      await sales.browser.post(
        `/api/admin/trip/${tripId}/participant/${participants.petrov}/payments`,
        { currency: 'usd', amount: 100 },
        key(),
      ),
    );
    const changed = await accountant2.browser.post('/api/admin/balance/waitings/confirm', {
      author: sales.id,
      expected: 2,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'Список изменился: под фильтр теперь попадает операций — 3. Ничего не подтверждено; ' +
        'проверьте список и повторите.',
    );
    expect((await queue(`?author=${sales.id}`)).total).toBe(3);
    // A JSON body is not coerced: an amount bound as text is refused, nothing confirmed (the
    // screen sends numbers; the query string of the list carries them as text).
    const asText = await accountant2.browser.post('/api/admin/balance/waitings/confirm', {
      author: sales.id,
      amount_from: '100.50',
      expected: 3,
    });
    expect(asText.statusCode).toBe(422);
    expect(Object.keys(asText.json().errors)).toEqual(['amount_from']);
    expect((await queue(`?author=${sales.id}`)).total).toBe(3);

    const before = await db()
      .selectFrom('wallets')
      .select(['id', 'balance'])
      .where('id', 'in', [wallets.cashUsd, wallets.bankKgs])
      .execute();
    const results = await ok<{ id: number; ok: boolean; status: number }[]>(
      await accountant2.browser.post('/api/admin/balance/waitings/confirm', {
        author: sales.id,
        expected: 3,
      }),
    );
    expect(results.map((r) => [r.id, r.ok, r.status])).toEqual([
      [ops.cash, true, 200],
      [ops.bank, true, 200],
      [late.id, true, 200],
    ]);
    const after = await db()
      .selectFrom('wallets')
      .select(['id', 'balance'])
      .where('id', 'in', [wallets.cashUsd, wallets.bankKgs])
      .execute();
    const balance = (rows: typeof before, id: number) =>
      Number(rows.find((row) => row.id === id)!.balance);
    // Minor units: $700 + $100 into the drawer, С5 000 into the bank.
    expect(balance(after, wallets.cashUsd) - balance(before, wallets.cashUsd)).toBe(80000);
    expect(balance(after, wallets.bankKgs) - balance(before, wallets.bankKgs)).toBe(5000);
    expect((await queue(`?author=${sales.id}`)).total).toBe(0);

    // The four-eyes rule holds in bulk: the author's own are refused one by one.
    const own = await ok<{ id: number; ok: boolean; status: number }[]>(
      await accountant.browser.post('/api/admin/balance/waitings/confirm', {
        type: 'transfer',
        expected: 1,
      }),
    );
    expect(own.map((r) => [r.id, r.ok, r.status])).toEqual([[ops.transfer, false, 403]]);
    expect(
      (await sales.browser.post('/api/admin/balance/waitings/confirm', { expected: 1 })).statusCode,
    ).toBe(403);
  });

  it('names the trip and tourist of a confirmed payment in the drawer’s statement', async () => {
    const statement = await ok<{
      movements: { data: (Row & { effect: number })[] };
    }>(
      await accountant.browser.get(
        `/api/admin/wallet/${wallets.cashUsd}/statement?from=2000-01-01&to=2999-12-31`,
      ),
    );
    expect(statement.movements.data[0]).toMatchObject({
      id: ops.cash,
      effect: 700,
      trip: { title: 'Осенний Киото', starts_on: '2027-11-01' },
      participant: { full_name: 'Иванова Анна' },
    });
    const file = await accountant.browser.get(
      `/api/admin/wallet/${wallets.cashUsd}/statement/export?from=2000-01-01&to=2999-12-31`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Выписка')!;
    expect(sheet.getRow(3).getCell(5).value).toBe(
      'Тур: Осенний Киото, 01.11.2027–08.11.2027; турист: Иванова Анна',
    );
  });
});
