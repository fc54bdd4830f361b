import { sql } from 'kysely';
import {
  CURRENCIES,
  convertDecimal,
  fromMinorUnits,
  permissionsOfRoles,
  toMinorUnits,
  type Currency,
} from '@tour/core';
import { verifyPassword } from '../src/lib/passwords';
import {
  createRandom,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_PHONE_LOGIN,
  isDatabaseEmpty,
  seedDemoData,
  truncateAllTables,
  type DemoSummary,
} from '../src/seed/demo';
import { buildDemoPlan } from '../src/seed/plan';
import { checkLedger } from '../src/routes/ledger/check';
// Renamed: react-hooks/rules-of-hooks takes any use* call for a React hook.
import { useTestDatabase as testDatabase } from './database';
import { listUsers } from '../src/routes/users/user-service';
import { tripSummary } from '../src/routes/trips/summary-service';
import { missingBookingsOf } from '../src/routes/bookings/missing';

// 14:00 in Bishkek: rates run from 2026-08-24 to 2026-11-21.
const NOW = new Date('2026-11-21T08:00:00Z');
const SEED = 42;
const DAY = 86_400_000;

const database = testDatabase();
const db = () => database().db;

let emptyBefore: boolean;
let emptyAfter: boolean;
let summary: DemoSummary | null;

beforeAll(async () => {
  emptyBefore = await isDatabaseEmpty(db());
  summary = await seedDemoData(db(), { now: NOW, seed: SEED });
  emptyAfter = await isDatabaseEmpty(db());
});

async function rolesOf(userId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

/** Everything the seed wrote, except the password hashes (argon2 salts them at random). */
async function snapshot() {
  const [users, roles, rates, wallets, transactions] = await Promise.all([
    db().selectFrom('users').selectAll().orderBy('id').execute(),
    db().selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role').execute(),
    db()
      .selectFrom('currency_rates')
      .selectAll()
      .orderBy('date')
      .orderBy('from_currency')
      .execute(),
    db().selectFrom('wallets').selectAll().orderBy('id').execute(),
    db().selectFrom('transactions').selectAll().orderBy('id').execute(),
  ]);
  // The main section's records are made by the services at the moment of seeding: their
  // timestamps are the clock's, everything else repeats.
  const untimed = <T extends { created_at?: unknown; updated_at?: unknown }>(rows: T[]) =>
    rows.map(({ created_at: _created, updated_at: _updated, ...row }) => row);
  const [tours, trips, participants, requests, suppliers, bookings, covers] = await Promise.all([
    db().selectFrom('prepared_tours').selectAll().orderBy('id').execute(),
    db().selectFrom('trips').selectAll().orderBy('id').execute(),
    db().selectFrom('trip_participants').selectAll().orderBy('id').execute(),
    db().selectFrom('requests').selectAll().orderBy('id').execute(),
    db().selectFrom('suppliers').selectAll().orderBy('id').execute(),
    db().selectFrom('bookings').selectAll().orderBy('id').execute(),
    db()
      .selectFrom('booking_participants')
      .selectAll()
      .orderBy('booking_id')
      .orderBy('participant_id')
      .execute(),
  ]);
  return {
    users: users.map(({ password_hash, ...user }) => ({
      ...user,
      signsIn: password_hash !== null,
    })),
    roles,
    rates,
    // Wallets the participants' payments opened carry the clock's time of seeding.
    wallets: wallets.map((wallet) =>
      wallet.created_at.getTime() > NOW.getTime() ? { ...wallet, created_at: null } : wallet,
    ),
    mainSection: {
      tours: untimed(tours),
      trips: untimed(trips),
      participants: untimed(participants),
      requests: untimed(requests).map(({ converted_at: _at, ...row }) => row),
      suppliers: untimed(suppliers),
      bookings: untimed(bookings),
      covers,
    },
    // The participants' and the suppliers' payments carry the clock's time of recording and
    // confirming.
    transactions: transactions.map((row) =>
      row.participant_id === null && row.booking_id === null
        ? row
        : { ...row, created_at: null, confirmed_at: null },
    ),
  };
}

describe('isDatabaseEmpty and seedDemoData', () => {
  it('seeds an empty database once; a second call changes nothing', async () => {
    expect(emptyBefore).toBe(true);
    expect(emptyAfter).toBe(false);
    expect(summary).not.toBeNull();
    // How long it takes is a figure of bench/api (the first start), never a timed assertion here.
    expect(summary?.milliseconds).toBeGreaterThan(0);

    const before = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    await expect(seedDemoData(db(), { now: NOW, seed: SEED })).resolves.toBeNull();
    const after = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
  });
});

describe('demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((account) => [account.email ?? account.phone, account] as const))(
    '%s has exactly its role and signs in with the demo password',
    async (_login, account) => {
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where(account.email ? 'email' : 'phone', '=', (account.email ?? account.phone) as string)
        .executeTakeFirstOrThrow();
      expect(await rolesOf(user.id)).toEqual([account.role]);
      expect(user.full_name).toBe(account.full_name);
      expect(user.full_name).toMatch(/^[А-ЯЁ][а-яё-]+( [А-ЯЁ][а-яё-]+){1,2}$/);
      expect(user.disabled_at).toBeNull();
      await expect(verifyPassword(user.password_hash, DEMO_PASSWORD)).resolves.toBe(true);
      await expect(verifyPassword(user.password_hash, 'wrong-password')).resolves.toBe(false);
    },
  );

  it('has the staff member without an email who signs in by phone', async () => {
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', DEMO_PHONE_LOGIN)
      .executeTakeFirstOrThrow();
    expect(DEMO_PHONE_LOGIN).toBe('+996700000001');
    expect(user.email).toBeNull();
    const roles = await rolesOf(user.id);
    expect(roles).toEqual(['sales_manager']);
  });

  it('hashes the demo password once for every account', async () => {
    const rows = await db()
      .selectFrom('users')
      .select('password_hash')
      .distinct()
      .where('password_hash', 'is not', null)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('tourists', () => {
  async function tourists() {
    return db()
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .selectAll('users')
      .where('user_roles.role', '=', 'client')
      .execute();
  }

  it('are a few hundred clients with Russian and Kyrgyz names and documents', async () => {
    const rows = await tourists();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(rows.length).toBe(summary?.tourists);
    for (const user of rows) {
      expect(user.full_name).toMatch(/^[А-ЯЁӨҮҢ][а-яёөүң-]+( [А-ЯЁӨҮҢ][а-яёөүң-]+){1,2}$/);
      expect(['Кыргызстан', 'Казахстан', 'Россия']).toContain(user.citizenship);
      expect(user.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (user.phone !== null) expect(user.phone).toMatch(/^\+(996\d{9}|7\d{10})$/);
      if (user.passport_number !== null) {
        expect(user.passport_number).toMatch(/^(A[CN]\d{7}|N\d{8}|7\d{8})$/);
        expect(user.passport_issued_at! < user.passport_expires_at!).toBe(true);
        expect(user.passport_issued_at! > user.birth_date!).toBe(true);
      }
    }
    const kyrgyz = rows.filter((user) => user.citizenship === 'Кыргызстан').length;
    expect(kyrgyz / rows.length).toBeGreaterThan(0.6);
    // Only the client demo account signs in.
    expect(rows.filter((user) => user.password_hash !== null)).toHaveLength(1);
    expect(rows.filter((user) => user.email !== null).length).toBeGreaterThan(50);
  });

  it('include passports expiring within six months, agent tourists and managed users', async () => {
    const rows = await tourists();
    const inSixMonths = '2027-05-21';
    const expiringSoon = rows.filter(
      (user) =>
        user.passport_expires_at !== null &&
        user.passport_expires_at >= '2026-11-21' &&
        user.passport_expires_at < inSixMonths,
    );
    expect(expiringSoon.length).toBeGreaterThanOrEqual(5);

    const agent = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'agent@example.com')
      .executeTakeFirstOrThrow();
    expect(rows.filter((user) => user.counterparty_id === agent.id)).toHaveLength(40);

    const sales = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales@example.com')
      .executeTakeFirstOrThrow();
    expect(rows.filter((user) => user.manager_id === sales.id).length).toBeGreaterThan(50);
  });
});

describe('currency rates', () => {
  it('cover the last 90 days with usd, eur and jpy to kgs in realistic ranges', async () => {
    const rows = await db().selectFrom('currency_rates').selectAll().orderBy('date').execute();
    const dates = [...new Set(rows.map((row) => row.date))];
    expect(dates).toHaveLength(90);
    expect(dates[0]).toBe('2026-08-24');
    expect(dates[89]).toBe('2026-11-21');
    const ranges: Record<string, [number, number]> = {
      usd: [87.3, 87.9],
      eur: [94, 96],
      jpy: [0.56, 0.6],
    };
    for (const date of dates) {
      const day = rows.filter((row) => row.date === date);
      expect(day.map((row) => `${row.from_currency}>${row.to_currency}`).sort()).toEqual([
        'eur>kgs',
        'jpy>kgs',
        'usd>kgs',
      ]);
      for (const row of day) {
        const [min, max] = ranges[row.from_currency] as [number, number];
        expect(Number(row.rate)).toBeGreaterThanOrEqual(min);
        expect(Number(row.rate)).toBeLessThanOrEqual(max);
        // numeric(24, 10) comes back padded: at most 4 significant decimals.
        expect(row.rate).toMatch(/^\d+\.\d{0,4}0*$/);
      }
    }
  });
});

/** The operations the plan replays: neither a participant's payment nor a supplier's. */
function planOperations() {
  return db()
    .selectFrom('transactions')
    .selectAll()
    .where('participant_id', 'is', null)
    .where('booking_id', 'is', null)
    .execute();
}

/** The ids of the staff who take, confirm and refund the participants' payments. */
async function staffIds() {
  const rows = await db()
    .selectFrom('users')
    .select(['id', 'email', 'phone'])
    .where((eb) =>
      eb.or([
        eb('email', 'in', ['sales@example.com', 'accountant@example.com', 'admin@example.com']),
        eb('phone', '=', DEMO_PHONE_LOGIN),
      ]),
    )
    .execute();
  const id = (test: (row: (typeof rows)[number]) => boolean) => rows.find(test)!.id;
  return {
    sales: id((row) => row.email === 'sales@example.com'),
    phone: id((row) => row.phone === DEMO_PHONE_LOGIN),
    accountant: id((row) => row.email === 'accountant@example.com'),
    admin: id((row) => row.email === 'admin@example.com'),
  };
}

describe('wallets and transactions', () => {
  it('has site and user wallets in all four currencies', async () => {
    const wallets = await db().selectFrom('wallets').selectAll().execute();
    const site = wallets.filter((wallet) => wallet.type === 'site');
    const user = wallets.filter((wallet) => wallet.type === 'user');
    expect(new Set(site.map((wallet) => wallet.currency))).toEqual(new Set(CURRENCIES));
    expect(new Set(wallets.map((wallet) => wallet.currency))).toEqual(new Set(CURRENCIES));
    expect(site.map((wallet) => wallet.name)).toEqual(
      expect.arrayContaining(['Касса (сом)', 'Расчетный счет USD']),
    );
    expect(site.every((wallet) => wallet.user_id === null)).toBe(true);
    expect(user.length).toBeGreaterThanOrEqual(10);
    expect(new Set(user.map((wallet) => wallet.currency)).size).toBe(4);
  });

  it('has transactions of every status and type, cross-currency transfers included', async () => {
    // The plan's operations; the participants' and the suppliers' payments come from the
    // services of the main section and of the bookings.
    const rows = await planOperations();
    expect(rows.length).toBe(summary?.transactions);
    for (const status of ['pending', 'confirmed', 'rejected'] as const) {
      for (const type of ['income', 'outcome', 'transfer'] as const) {
        expect([status, type, rows.some((r) => r.status === status && r.type === type)]).toEqual([
          status,
          type,
          true,
        ]);
      }
    }
    const wallets = new Map(
      (await db().selectFrom('wallets').selectAll().execute()).map((w) => [w.id, w]),
    );
    const cross = rows.filter(
      (row) =>
        row.type === 'transfer' &&
        wallets.get(row.wallet_id)?.currency !== wallets.get(row.target_wallet_id ?? 0)?.currency,
    );
    expect(cross.filter((row) => row.status === 'confirmed').length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => row.category !== null).length).toBeGreaterThan(0);
  });

  it('dates, people and currencies of transactions are consistent', async () => {
    const rows = await planOperations();
    const wallets = new Map(
      (await db().selectFrom('wallets').selectAll().execute()).map((w) => [w.id, w]),
    );
    const roles = await db().selectFrom('user_roles').selectAll().execute();
    const permissions = (userId: number | null) =>
      permissionsOfRoles(roles.filter((r) => r.user_id === userId).map((r) => r.role));
    const oldest = NOW.getTime() - 90 * DAY;
    for (const row of rows) {
      expect(row.currency).toBe(wallets.get(row.wallet_id)?.currency);
      expect(row.created_at.getTime()).toBeGreaterThan(oldest);
      expect(row.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(row.trip_id).toBeNull();
      expect(row.booking_id).toBeNull();
      expect(row.comment).toMatch(/[А-Яа-яЁё]/);
      expect(permissions(row.created_by)).toContain('add_payment');
      if (row.status === 'pending') {
        expect(row.confirmed_by).toBeNull();
        expect(row.confirmed_at).toBeNull();
      } else {
        expect(permissions(row.confirmed_by)).toContain('confirm_payment');
        expect(row.confirmed_at!.getTime()).toBeGreaterThan(row.created_at.getTime());
        expect(row.confirmed_at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    }
  });

  it('keeps every balance equal to its confirmed movements and never below zero', async () => {
    const wallets = await db().selectFrom('wallets').selectAll().execute();
    const confirmed = await db()
      .selectFrom('transactions')
      .selectAll()
      .where('status', '=', 'confirmed')
      .orderBy('confirmed_at')
      .orderBy('id')
      .execute();
    const running = new Map(wallets.map((wallet) => [wallet.id, 0]));
    const lowest = new Map(wallets.map((wallet) => [wallet.id, 0]));
    const move = (walletId: number, delta: number) => {
      const balance = (running.get(walletId) as number) + delta;
      running.set(walletId, balance);
      lowest.set(walletId, Math.min(lowest.get(walletId) as number, balance));
    };
    for (const row of confirmed) {
      if (row.type === 'income') move(row.wallet_id, row.amount);
      else move(row.wallet_id, -row.amount);
      if (row.type === 'transfer')
        move(row.target_wallet_id as number, row.target_amount as number);
    }
    for (const wallet of wallets) {
      expect(wallet.balance).toBe(running.get(wallet.id));
      expect(wallet.balance).toBeGreaterThanOrEqual(0);
      expect(lowest.get(wallet.id)).toBe(0);
    }
    expect(wallets.filter((wallet) => wallet.balance > 0).length).toBeGreaterThan(10);
  });

  it('passes the ledger check: balances, transfers and reversals agree', async () => {
    expect(await checkLedger(db())).toEqual([]);
  });

  it('converts transfers with the shared conversion, rounded up to the target precision', async () => {
    const wallets = new Map(
      (await db().selectFrom('wallets').selectAll().execute()).map((w) => [w.id, w]),
    );
    const transfers = await db()
      .selectFrom('transactions')
      .selectAll()
      .where('type', '=', 'transfer')
      .execute();
    expect(transfers.length).toBeGreaterThan(0);
    for (const row of transfers) {
      const from = wallets.get(row.wallet_id)?.currency as Currency;
      const to = wallets.get(row.target_wallet_id as number)?.currency as Currency;
      const amount = fromMinorUnits(row.amount, from);
      const converted = convertDecimal(amount, from, to, { [from]: { [to]: row.rate as string } });
      expect(toMinorUnits(converted!.amount, to)).toBe(row.target_amount);
      if (from === to) {
        expect(Number(row.rate)).toBe(1);
        expect(row.target_amount).toBe(row.amount);
      }
    }
  });
});

describe('the main section', () => {
  it('has 8-12 prepared tours with unique keys, most published for agents', async () => {
    const tours = await db().selectFrom('prepared_tours').selectAll().execute();
    expect(tours.length).toBeGreaterThanOrEqual(8);
    expect(tours.length).toBeLessThanOrEqual(12);
    expect(new Set(tours.map((t) => t.key)).size).toBe(tours.length);
    expect(tours.filter((t) => t.published).length).toBeGreaterThan(tours.length / 2);
  });

  it('has trips in every status, never more participants than seats', async () => {
    const trips = await db().selectFrom('trips').selectAll().execute();
    expect(new Set(trips.map((t) => t.status))).toEqual(
      new Set(['planned', 'confirmed', 'in_progress', 'completed', 'cancelled']),
    );
    for (const trip of trips) {
      const taken = await db()
        .selectFrom('trip_participants')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('trip_id', '=', trip.id)
        .where('status', '<>', 'cancelled')
        .executeTakeFirstOrThrow();
      expect([trip.id, Number(taken.n)]).toEqual([trip.id, trip.seats_taken]);
      expect(trip.seats_taken).toBeLessThanOrEqual(trip.seats);
    }
  });

  it('has requests in every status and from every source', async () => {
    const requests = await db().selectFrom('requests').selectAll().execute();
    expect(new Set(requests.map((r) => r.status))).toEqual(
      new Set(['new', 'in_work', 'converted', 'rejected']),
    );
    expect(new Set(requests.map((r) => r.source))).toEqual(
      new Set(['site', 'phone', 'agent', 'office']),
    );
  });

  it('records the participants’ payments as the sales managers take them, confirmed by the accountant', async () => {
    const staff = await staffIds();
    const moves = await db()
      .selectFrom('transactions as t')
      .innerJoin('trip_participants as p', 'p.id', 't.participant_id')
      .innerJoin('trips as tr', 'tr.id', 'p.trip_id')
      .select([
        't.id',
        't.type',
        't.status',
        't.amount',
        't.currency',
        't.wallet_id',
        't.trip_id',
        't.participant_id',
        't.created_by',
        't.confirmed_by',
        't.rejection_reason',
        'p.trip_id as participant_trip',
        'tr.currency as trip_currency',
        'tr.status as trip_status',
      ])
      .orderBy('t.id')
      .execute();
    const incomes = moves.filter((move) => move.type === 'income');
    expect(incomes.length).toBeGreaterThan(60);
    // Taken by the two sales managers; decided by the accountant, never by their author.
    expect(new Set(incomes.map((income) => income.created_by))).toEqual(
      new Set([staff.sales, staff.phone]),
    );
    for (const move of moves) {
      expect(move.trip_id).toBe(move.participant_trip);
      if (move.status !== 'pending') expect(move.confirmed_by).not.toBe(move.created_by);
    }
    for (const income of incomes.filter((row) => row.status !== 'pending')) {
      expect(income.confirmed_by).toBe(staff.accountant);
    }
    const byStatus = (status: string) => incomes.filter((row) => row.status === status);
    expect(byStatus('confirmed').length).toBeGreaterThan(incomes.length / 2);
    expect(byStatus('pending').length).toBeGreaterThan(0);
    // Two amounts typed a digit short: rejected, then entered again for the same tourist.
    const rejected = byStatus('rejected');
    expect(rejected).toHaveLength(2);
    for (const typo of rejected) {
      expect(typo.rejection_reason).toMatch(/^Ошибка в сумме/);
      const again = incomes.find(
        (row) =>
          row.id > typo.id &&
          row.participant_id === typo.participant_id &&
          row.status !== 'rejected' &&
          Math.abs(row.amount - 10 * typo.amount) <= 10,
      );
      expect(again).toBeDefined();
    }
    // A few paid in som for a trip priced in another currency.
    const inSom = incomes.filter((row) => row.currency === 'kgs' && row.trip_currency !== 'kgs');
    expect(inSom.length).toBeGreaterThanOrEqual(2);
    expect(inSom.length).toBeLessThan(incomes.length / 4);
    // Refunds only to the cancelled group: each deposit back from where it came, recorded by the
    // accountant and confirmed by the administrator.
    const refunds = moves.filter((move) => move.type === 'outcome');
    expect(refunds.length).toBeGreaterThan(0);
    for (const refund of refunds) {
      expect([refund.trip_status, refund.status, refund.created_by, refund.confirmed_by]).toEqual([
        'cancelled',
        'confirmed',
        staff.accountant,
        staff.admin,
      ]);
      const deposit = incomes.filter(
        (row) =>
          row.participant_id === refund.participant_id &&
          row.wallet_id === refund.wallet_id &&
          row.amount === refund.amount &&
          row.status === 'confirmed',
      );
      expect(deposit).toHaveLength(1);
    }
    const summed = summary!.mainSection.payments;
    expect([summed.payments, summed.confirmed, summed.pending, summed.rejected]).toEqual([
      incomes.length,
      byStatus('confirmed').length,
      byStatus('pending').length,
      2,
    ]);
    expect([summed.refunds, summed.overpayments]).toEqual([refunds.length, 1]);
  });

  it('gives the trip summaries paid, partly paid, overpaid and waiting participants and passport warnings', async () => {
    const trips = await db().selectFrom('trips').select('id').execute();
    const summaries = await Promise.all(trips.map((trip) => tripSummary(db(), trip.id)));
    const rows = summaries.flatMap((summary) =>
      summary.participants.filter((row) => row.status !== 'cancelled'),
    );
    const kinds = new Set(
      rows.map((row) =>
        row.paid === 0 ? 'unpaid' : row.debt === 0 ? 'paid' : row.debt > 0 ? 'partly' : 'overpaid',
      ),
    );
    expect(kinds).toEqual(new Set(['unpaid', 'paid', 'partly', 'overpaid']));
    expect(rows.some((row) => row.expected > 0)).toBe(true);
    expect(summaries.some((summary) => summary.missing_rates)).toBe(false);
    const problems = new Set(
      summaries.flatMap((summary) => summary.readiness.flatMap((entry) => entry.problems)),
    );
    expect(problems).toContain('passport_expires');
  });

  it('takes the participants’ payments into the company’s cash desks and accounts (DESIGN.md 3b)', async () => {
    const arrivals = await db()
      .selectFrom('transactions as t')
      .innerJoin('wallets as w', 'w.id', 't.wallet_id')
      .select(['w.type', 'w.kind', (eb) => eb.fn.countAll<string>().as('count')])
      .where('t.participant_id', 'is not', null)
      .where('t.type', '=', 'income')
      .groupBy(['w.type', 'w.kind'])
      .execute();
    const count = (kind: string) =>
      arrivals.filter((row) => row.kind === kind).reduce((sum, row) => sum + Number(row.count), 0);
    // Every one in a company wallet, most at a cash desk, some by bank; none in a deposit.
    expect(arrivals.every((row) => row.type === 'site')).toBe(true);
    expect(count('cash')).toBeGreaterThan(count('bank'));
    expect(count('bank')).toBeGreaterThan(0);
    // The books agree: each wallet holds what was confirmed into and out of it.
    expect(await checkLedger(db())).toEqual([]);
  });

  it('lets the users list find the tourists taking part in trips', async () => {
    // Through the users service as the demo admin (a new signed-in user would change the data).
    const admin = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const viewer = { id: admin.id, roles: ['admin'], permissions: permissionsOfRoles(['admin']) };
    const page = await listUsers(db(), viewer, { withTrips: 1 });
    expect(page.total).toBeGreaterThan(50);
  });
});

describe('the demo business (DESIGN.md 3b, 5)', () => {
  // The seed's "today": 14:00 in Bishkek on NOW.
  const TODAY = '2026-11-21';
  type Summary = Awaited<ReturnType<typeof tripSummary>>;
  let trips: { id: number; status: string; currency: Currency; starts_on: string }[];
  const summaries = new Map<number, Summary>();

  beforeAll(async () => {
    const rows = await db()
      .selectFrom('trips')
      .select(['id', 'status', 'currency', 'starts_on'])
      .orderBy('starts_on')
      .execute();
    trips = rows.map((row) => ({ ...row, currency: row.currency as Currency }));
    for (const trip of trips) summaries.set(trip.id, await tripSummary(db(), trip.id));
  });

  const ofStatus = (...statuses: string[]) =>
    trips.filter((trip) => statuses.includes(trip.status));
  const summaryOf = (trip: { id: number }) => summaries.get(trip.id)!;

  it('earns 8-30 % on most trips on the contract basis; only the cancelled group loses, its penalties against no revenue', () => {
    const [cancelled, ...more] = ofStatus('cancelled');
    expect(more).toEqual([]);
    const group = summaryOf(cancelled!);
    expect(group.totals.due).toBe(0);
    expect(group.costs.total).toBeGreaterThan(0);
    expect(group.bookings.every((booking) => booking.status === 'cancelled')).toBe(true);
    const margins = ofStatus('planned', 'confirmed', 'in_progress', 'completed').map((trip) => {
      const { totals, costs } = summaryOf(trip);
      expect([trip.id, costs.missing_rate]).toEqual([trip.id, false]);
      // Revenue: the active participants' due; costs: the bookings' in the trip's currency.
      expect(totals.due).toBeGreaterThan(0);
      return { id: trip.id, margin: (totals.due - costs.total) / totals.due };
    });
    expect(margins.length).toBe(trips.length - 1);
    const within = margins.filter(({ margin }) => margin >= 0.08 && margin <= 0.3);
    expect(within.length).toBeGreaterThanOrEqual(0.8 * margins.length);
    expect(margins.filter(({ margin }) => margin < -0.5)).toEqual([]);
    expect(margins.filter(({ margin }) => margin <= 0)).toEqual([]);
  });

  it('has the ended trips paid in full but one tourist owing a little; trips under way and starting soon partly paid', () => {
    const completed = ofStatus('completed');
    expect(completed.length).toBeGreaterThanOrEqual(3);
    const owing = completed.filter((trip) => summaryOf(trip).totals.debt > 0);
    expect(owing).toHaveLength(1);
    const { totals, participants } = summaryOf(owing[0]!);
    const debtors = participants.filter((row) => row.debt > 0);
    expect(debtors).toHaveLength(1);
    expect(totals.debt).toBeLessThanOrEqual(0.05 * totals.due);
    for (const trip of completed) expect(summaryOf(trip).totals.expected).toBe(0);

    const soon = '2026-12-12';
    const current = trips.filter(
      (trip) =>
        trip.status === 'in_progress' || (trip.status === 'confirmed' && trip.starts_on <= soon),
    );
    expect(current.some((trip) => trip.status === 'in_progress')).toBe(true);
    for (const trip of current) {
      const rows = summaryOf(trip).participants.filter((row) => row.status !== 'cancelled');
      expect([trip.id, summaryOf(trip).totals.paid > 0]).toEqual([trip.id, true]);
      expect([trip.id, rows.some((row) => row.debt > 0)]).toEqual([trip.id, true]);
    }
    // Planned departures: a few deposits, most not paid yet.
    for (const trip of ofStatus('planned')) {
      expect(trip.starts_on > TODAY).toBe(true);
      const rows = summaryOf(trip).participants.filter((row) => row.status !== 'cancelled');
      const paying = rows.filter((row) => row.paid + row.expected > 0);
      expect(paying.length).toBeLessThan(rows.length);
    }
  });

  it('takes no more than due from anyone but the one overpayment, marked and small; cancelled ones keep nothing', async () => {
    const marked = await db()
      .selectFrom('transactions')
      .select(['participant_id', 'type', 'status'])
      .where('overpayment', '=', true)
      .execute();
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatchObject({ type: 'income', status: 'confirmed' });
    const over: { participant: number; due: number; beyond: number }[] = [];
    for (const trip of trips) {
      const minor = (value: number) => toMinorUnits(value, trip.currency);
      for (const row of summaryOf(trip).participants) {
        if (row.status === 'cancelled') {
          expect([row.participant_id, row.paid, row.expected]).toEqual([row.participant_id, 0, 0]);
        }
        const beyond = minor(row.paid) + minor(row.expected) - minor(row.due);
        if (beyond > 0) over.push({ participant: row.participant_id, due: minor(row.due), beyond });
      }
    }
    expect(over.map((entry) => entry.participant)).toEqual([marked[0]!.participant_id]);
    expect(over[0]!.beyond).toBeLessThan(0.05 * over[0]!.due);
  });
});

describe('the agents', () => {
  // The seed's "today": 14:00 in Bishkek on NOW.
  const TODAY = '2026-11-21';
  const AGENTS = [
    {
      email: 'agent@example.com',
      phone: '+996772100600',
      full_name: 'Жумабеков Азамат Канатович',
      notes: 'Турагентство «Ала-Тоо Трэвел», Бишкек',
      tourists: 40,
      requests: 5,
    },
    {
      email: 'agent2@example.com',
      phone: '+996772100601',
      full_name: 'Сыдыкова Айгерим Бакытовна',
      notes: 'Турагентство «Жибек Жолу Тур», Ош',
      tourists: 15,
      requests: 4,
    },
  ];

  async function agentNamed(email: string) {
    return db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  }

  it.each(AGENTS)(
    '$email is a counterparty who signs in, with its agency in the notes',
    async (expected) => {
      const agent = await agentNamed(expected.email);
      expect(await rolesOf(agent.id)).toEqual(['counterparty']);
      expect([agent.full_name, agent.phone, agent.notes]).toEqual([
        expected.full_name,
        expected.phone,
        expected.notes,
      ]);
      expect(agent.disabled_at).toBeNull();
      await expect(verifyPassword(agent.password_hash, 'demo-password')).resolves.toBe(true);
    },
  );

  it('each brings its own tourists, none shared, some on trips confirmed or booked and paying', async () => {
    const brought = new Map<number, number>();
    for (const expected of AGENTS) {
      const agent = await agentNamed(expected.email);
      const own = await db()
        .selectFrom('users')
        .select('id')
        .where('counterparty_id', '=', agent.id)
        .execute();
      expect([expected.email, own.length]).toEqual([expected.email, expected.tourists]);
      for (const { id } of own) {
        expect(await rolesOf(id)).toEqual(['client']);
        expect(brought.has(id)).toBe(false);
        brought.set(id, agent.id);
      }
      const onTrips = await db()
        .selectFrom('trip_participants as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .innerJoin('trips as t', 't.id', 'p.trip_id')
        .select(['p.id', 'p.status', 't.status as trip_status', 't.prepared_tour_id'])
        .where('u.counterparty_id', '=', agent.id)
        .execute();
      const statuses = new Set(onTrips.map((row) => row.status));
      expect([expected.email, statuses.has('confirmed'), statuses.has('booked')]).toEqual([
        expected.email,
        true,
        true,
      ]);
      // The commission is due on confirmed tourists of trips not cancelled, of a tour with terms.
      const earning = await db()
        .selectFrom('trip_participants as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .innerJoin('trips as t', 't.id', 'p.trip_id')
        .innerJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
        .select('p.id')
        .where('u.counterparty_id', '=', agent.id)
        .where('p.status', '=', 'confirmed')
        .where('t.status', '<>', 'cancelled')
        .where((eb) =>
          eb.or([eb('pt.agent_price', 'is not', null), eb('pt.agent_commission', 'is not', null)]),
        )
        .execute();
      expect([expected.email, earning.length > 0]).toEqual([expected.email, true]);
      const paid = await db()
        .selectFrom('transactions')
        .select('id')
        .where(
          'participant_id',
          'in',
          onTrips.map((row) => row.id),
        )
        .execute();
      expect([expected.email, paid.length > 0]).toEqual([expected.email, true]);
    }
  });

  it('each sends its own requests for its own tourists on published departures, in every status', async () => {
    for (const expected of AGENTS) {
      const agent = await agentNamed(expected.email);
      const own = await db()
        .selectFrom('users')
        .select(['id', 'full_name', 'phone'])
        .where('counterparty_id', '=', agent.id)
        .execute();
      const requests = await db()
        .selectFrom('requests as r')
        .innerJoin('trips as t', 't.id', 'r.trip_id')
        .innerJoin('prepared_tours as pt', 'pt.id', 'r.prepared_tour_id')
        .selectAll('r')
        .select([
          't.starts_on',
          't.ends_on',
          't.status as trip_status',
          't.prepared_tour_id as trip_tour_id',
          'pt.published',
        ])
        .where('r.counterparty_id', '=', agent.id)
        .orderBy('r.id')
        .execute();
      expect([expected.email, requests.length]).toEqual([expected.email, expected.requests]);
      expect(new Set(requests.map((r) => r.status))).toEqual(
        new Set(['new', 'in_work', 'converted', 'rejected']),
      );
      for (const request of requests) {
        expect(request.source).toBe('agent');
        expect(request.created_by).toBe(agent.id);
        expect(request.published).toBe(true);
        expect(request.trip_tour_id).toBe(request.prepared_tour_id);
        expect(request.starts_on > TODAY).toBe(true);
        expect(['planned', 'confirmed']).toContain(request.trip_status);
        expect([request.date_from, request.date_to]).toEqual([request.starts_on, request.ends_on]);
        expect(request.travellers.length).toBeGreaterThan(0);
        expect(request.adults).toBe(request.travellers.length);
        expect(request.children).toBe(0);
        // The travellers are the agent's own tourists, named and reachable by phone as stored.
        for (const traveller of request.travellers) {
          expect(own).toContainEqual(expect.objectContaining(traveller));
        }
        expect([request.contact_name, request.phone]).toEqual([
          request.travellers[0]!.full_name,
          request.travellers[0]!.phone,
        ]);
        if (request.status === 'rejected') expect(request.reject_reason).toBeTruthy();
        else expect(request.reject_reason).toBeNull();
      }
      // The converted one made exactly its travellers participants of its trip.
      const converted = requests.find((r) => r.status === 'converted')!;
      const participants = await db()
        .selectFrom('trip_participants as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.trip_id', 'u.full_name', 'u.phone', 'u.counterparty_id'])
        .where('p.request_id', '=', converted.id)
        .orderBy('p.id')
        .execute();
      // The contact first, then its companions: the request's travellers in their order.
      expect(participants.map(({ full_name, phone }) => ({ full_name, phone }))).toEqual(
        converted.travellers,
      );
      for (const participant of participants) {
        expect([participant.trip_id, participant.counterparty_id]).toEqual([
          converted.trip_id,
          agent.id,
        ]);
      }
    }
    expect(summary?.mainSection.agentRequests).toBe(9);
  });

  it('has published tours with upcoming departures with free seats, on agent price and on commission', async () => {
    const departures = await db()
      .selectFrom('trips as t')
      .innerJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
      .select([
        'pt.id as tour_id',
        'pt.agent_price',
        'pt.agent_commission',
        't.seats',
        't.seats_taken',
      ])
      .where('pt.published', '=', true)
      .where('t.starts_on', '>', TODAY)
      .where('t.status', 'in', ['planned', 'confirmed'])
      .execute();
    const open = departures.filter((trip) => trip.seats_taken < trip.seats);
    expect(new Set(open.map((trip) => trip.tour_id)).size).toBeGreaterThanOrEqual(2);
    expect(open.some((trip) => trip.agent_price !== null)).toBe(true);
    expect(open.some((trip) => trip.agent_commission !== null)).toBe(true);
  });
});

describe('suppliers and bookings', () => {
  // The seed's "today": 14:00 in Bishkek on NOW.
  const TODAY = '2026-11-21';
  const KINDS = [
    'hotel',
    'air_ticket',
    'health_insurance',
    'transfer',
    'guide',
    'activity',
    'tour_expense',
  ];
  const PLACES: Record<string, number> = { SGL: 1, DBL: 2, TWN: 2, TRPL: 3 };

  /** The kinds' own fields as stored (money in minor units). */
  interface Details {
    room_plan: { room_type: string }[];
    meal_plan: string;
    from_airport: string;
    to_airport: string;
    coverage: number;
    seats?: number;
    flight_booking_id?: number;
    rate_per_day: number;
    tickets: { count: number; price: number }[];
  }

  async function everything() {
    const [suppliers, bookings, covers, trips, participants, payments] = await Promise.all([
      db().selectFrom('suppliers').selectAll().execute(),
      db().selectFrom('bookings').selectAll().orderBy('id').execute(),
      db().selectFrom('booking_participants').selectAll().execute(),
      db().selectFrom('trips').selectAll().execute(),
      db().selectFrom('trip_participants').selectAll().execute(),
      db()
        .selectFrom('transactions')
        .selectAll()
        .where('booking_id', 'is not', null)
        .orderBy('id')
        .execute(),
    ]);
    return { suppliers, bookings, covers, trips, participants, payments };
  }

  const dueOf = (b: { status: string; cost: number; penalty: number | null }) =>
    b.status === 'cancelled' ? (b.penalty ?? 0) : b.cost;

  it('has a directory of 30-45 suppliers of every kind in the six countries', async () => {
    const { suppliers } = await everything();
    expect(suppliers.length).toBeGreaterThanOrEqual(30);
    expect(suppliers.length).toBeLessThanOrEqual(45);
    expect(summary?.bookings.suppliers).toBe(suppliers.length);
    expect(new Set(suppliers.flatMap((s) => s.kinds))).toEqual(new Set(KINDS));
    // Japan, Korea, Georgia, Uzbekistan, Turkey, Kyrgyzstan by their phones' country codes.
    for (const code of ['+81', '+82', '+995', '+998', '+90', '+996']) {
      expect([code, suppliers.some((s) => s.phone?.startsWith(code))]).toEqual([code, true]);
    }
    for (const supplier of suppliers) {
      expect(supplier.kinds.length).toBeGreaterThan(0);
      expect(supplier.contact_person).toBeTruthy();
      expect(supplier.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(['kgs', 'usd', 'eur', 'jpy']).toContain(supplier.default_currency);
    }
    expect(new Set(suppliers.map((s) => s.default_currency))).toEqual(
      new Set(['kgs', 'usd', 'eur', 'jpy']),
    );
  });

  it('lists the Kyrgyz suppliers’ prices and costs the Kyrgyz tours from them, applying none', async () => {
    const prices = await db()
      .selectFrom('supplier_prices as p')
      .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
      .select([
        's.name',
        'p.kind',
        'p.service',
        'p.variant',
        'p.meal_plan',
        'p.capacity',
        'p.currency',
        'p.price',
        sql<string>`p.valid_from::text`.as('valid_from'),
        sql<string>`p.valid_to::text`.as('valid_to'),
      ])
      .execute();
    // Hotels: 5, 2, 6, 5 and 4 room types in four seasons, the yurts' 4 in the two summers;
    // transfers: 4 routes by 3 cars; 2 guides, 4 tickets, 2 other expenses.
    expect(prices.length).toBe(20 + 8 + 24 + 20 + 16 + 8 + 12 + 8);
    expect(summary?.bookings.prices).toBe(prices.length);
    expect(new Set(prices.map((p) => p.name))).toEqual(
      new Set([
        'Отель «Ала-Тоо», Бишкек',
        'Гостевой дом «Каракол Хаус»',
        'Пансионат «Радуга», Чолпон-Ата',
        'Гостевой дом «Алтынай», Кочкор',
        'Юрточный лагерь «Сон-Куль Жайлоо»',
        'Транспортная компания «Ала-Тоо Транс»',
        'CBT Кочкор',
        'Яхт-клуб «Капитан», Чолпон-Ата',
      ]),
    );
    // A sedan from Manas in som; a double room in Bishkek next summer in dollars (in cents).
    expect(
      prices
        .filter((p) => p.service === 'Аэропорт Манас — Бишкек')
        .map((p) => [p.capacity, p.price]),
    ).toEqual(
      expect.arrayContaining([
        [3, 1500],
        [7, 2500],
        [18, 5000],
      ]),
    );
    expect(
      prices.find(
        (p) =>
          p.name === 'Отель «Ала-Тоо», Бишкек' &&
          p.service === 'Стандарт' &&
          p.variant === 'DBL' &&
          p.valid_from === '2027-05-01',
      ),
    ).toMatchObject({ meal_plan: 'BB', currency: 'usd', price: 8500, valid_to: '2027-10-31' });
    // Each one in its supplier's history, as if typed in.
    const history = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('entity_type', '=', 'supplier_price')
      .where('action', '=', 'created')
      .executeTakeFirstOrThrow();
    expect(Number(history.count)).toBe(prices.length);

    const costings = await db()
      .selectFrom('costings as c')
      .leftJoin('prepared_tours as t', 't.id', 'c.prepared_tour_id')
      .leftJoin('trips as trip', 'trip.id', 'c.trip_id')
      .select(['c.version', 'c.title', 'c.trip_id', 't.title as tour', 'c.rows'])
      .orderBy('c.id')
      .execute();
    expect(summary?.bookings.costings).toBe(5);
    expect(costings.map((c) => [c.tour, c.trip_id !== null, c.version, c.title])).toEqual([
      ['Иссык-Куль: выходные', false, 1, 'Высокий сезон'],
      ['Иссык-Куль: выходные', false, 2, 'Межсезонье'],
      ['Сон-Куль верхом', false, 1, 'Лето, с ночёвками в юртах'],
      [null, true, 1, 'По прайс-листам'],
      [null, true, 1, 'По прайс-листам'],
    ]);
    // The Issyk-Kul weekend's departure, in the low season, for two: a sedan there and back
    // (2 × 7 000 for two), two nights in a double (3 800 a room) or a single (2 800), the yacht
    // (1 500) and the dinner (700).
    const rows = costings[3]!.rows as {
      group_size: number;
      single: { cost: number };
      double: { cost: number };
    }[];
    expect(rows[0]).toMatchObject({
      group_size: 2,
      double: { cost: 7000 + 3800 + 1500 + 700 },
      single: { cost: 7000 + 5600 + 1500 + 700 },
    });
    // No costing's price applied: the departures keep their tours' prices.
    const costed = await db()
      .selectFrom('trips')
      .innerJoin('prepared_tours', 'prepared_tours.id', 'trips.prepared_tour_id')
      .select(['trips.price', 'prepared_tours.base_price'])
      .where(
        'trips.id',
        'in',
        costings.flatMap((c) => (c.trip_id === null ? [] : [c.trip_id])),
      )
      .execute();
    expect(costed.map((t) => t.price)).toEqual(costed.map((t) => t.base_price));
  });

  it('books every kind within the trips, some requested, some cancelled with a penalty', async () => {
    const { suppliers, bookings, trips } = await everything();
    const supplierOf = new Map(suppliers.map((s) => [s.id, s]));
    const tripOf = new Map(trips.map((t) => [t.id, t]));
    expect(summary?.bookings.bookings).toBe(bookings.length);
    for (const kind of KINDS) {
      const ofKind = bookings.filter((b) => b.kind === kind);
      expect([kind, ofKind.some((b) => b.status === 'confirmed')]).toEqual([kind, true]);
    }
    expect(bookings.filter((b) => b.status === 'requested').length).toBeGreaterThanOrEqual(5);
    const penalised = bookings.filter((b) => b.status === 'cancelled' && (b.penalty ?? 0) > 0);
    expect(new Set(penalised.map((b) => b.kind)).size).toBeGreaterThanOrEqual(3);
    // A cancelled trip's bookings are cancelled; some penalties are kept, some waived.
    const cancelledTrips = trips.filter((t) => t.status === 'cancelled').map((t) => t.id);
    expect(cancelledTrips.length).toBeGreaterThan(0);
    const ofCancelled = bookings.filter((b) => cancelledTrips.includes(b.trip_id));
    expect(ofCancelled.length).toBeGreaterThan(0);
    expect(ofCancelled.every((b) => b.status === 'cancelled')).toBe(true);
    expect(ofCancelled.some((b) => b.penalty === null)).toBe(true);
    // From last month to two months ahead, within each trip, from a supplier of the kind.
    for (const booking of bookings) {
      const trip = tripOf.get(booking.trip_id)!;
      expect(booking.starts_on >= trip.starts_on && booking.ends_on <= trip.ends_on).toBe(true);
      expect(supplierOf.get(booking.supplier_id)?.kinds).toContain(booking.kind);
      expect(booking.currency).toBe(supplierOf.get(booking.supplier_id)?.default_currency);
      expect(booking.title).not.toBe('');
      if (booking.status === 'confirmed' && booking.kind !== 'tour_expense') {
        expect(booking.confirmation_number).toBeTruthy();
      }
    }
    const starts = bookings.map((b) => b.starts_on).sort();
    expect(starts[0]! < '2026-10-21').toBe(true);
    expect(starts[starts.length - 1]! > '2027-01-01').toBe(true);
  });

  it("fills each kind's own fields: rooming lists, tickets, policies, flights met, days and tickets", async () => {
    const { bookings, covers, participants } = await everything();
    const statusOf = new Map(participants.map((p) => [p.id, p.status]));
    const coversOf = (id: number) => covers.filter((c) => c.booking_id === id);
    const byId = new Map(bookings.map((b) => [b.id, b]));
    let linkedTransfers = 0;
    let singles = 0;
    for (const booking of bookings) {
      const details = booking.details as unknown as Details;
      const own = coversOf(booking.id);
      if (booking.kind === 'hotel') {
        // Everyone placed in a room of the plan, no room over its places, none left empty.
        const occupants = new Map<number, number>();
        for (const cover of own) {
          expect(cover.room).not.toBeNull();
          expect(cover.room).toBeLessThanOrEqual(details.room_plan.length);
          if (statusOf.get(cover.participant_id) !== 'cancelled') {
            occupants.set(cover.room!, (occupants.get(cover.room!) ?? 0) + 1);
          }
        }
        details.room_plan.forEach((room, index) => {
          expect(occupants.get(index + 1) ?? 0).toBeLessThanOrEqual(PLACES[room.room_type]!);
          if (booking.status !== 'cancelled')
            expect(own.some((c) => c.room === index + 1)).toBe(true);
        });
        if (details.room_plan.some((room) => room.room_type === 'SGL')) singles += 1;
        expect(['RO', 'BB', 'HB', 'FB', 'AI']).toContain(details.meal_plan);
      }
      if (booking.kind === 'air_ticket') {
        expect(details.from_airport).toMatch(/^[A-Z]{3}$/);
        expect(details.to_airport).toMatch(/^[A-Z]{3}$/);
        expect(own.reduce((sum, c) => sum + c.ticket_cost!, 0)).toBe(booking.cost);
        if (booking.status === 'confirmed') {
          for (const cover of own) expect(cover.ticket_number).toMatch(/^\d{3}-\d{10}$/);
        }
      }
      if (booking.kind === 'health_insurance' && booking.status === 'confirmed') {
        for (const cover of own) expect(cover.policy_number).toBeTruthy();
        expect(details.coverage).toBeGreaterThan(0);
      }
      if (booking.kind === 'transfer') {
        if (details.seats) expect(details.seats).toBeGreaterThanOrEqual(own.length);
        if (details.flight_booking_id) {
          const flight = byId.get(details.flight_booking_id)!;
          expect([flight.kind, flight.trip_id]).toEqual(['air_ticket', booking.trip_id]);
          linkedTransfers += 1;
        }
      }
      if (booking.kind === 'guide') {
        const days = (Date.parse(booking.ends_on) - Date.parse(booking.starts_on)) / DAY + 1;
        expect(booking.cost).toBe(details.rate_per_day * days);
      }
      if (booking.kind === 'activity') {
        expect(booking.cost).toBe(details.tickets.reduce((sum, t) => sum + t.count * t.price, 0));
      }
    }
    expect(linkedTransfers).toBeGreaterThanOrEqual(5);
    expect(singles).toBeGreaterThan(0);
  });

  it('leaves a trip with a participant missing a flight, one missing insurance, one a hotel night', async () => {
    const { bookings, covers, trips, participants } = await everything();
    const live = participants.filter((p) => p.status !== 'cancelled');
    const covering = (participantId: number, kind: string) =>
      covers
        .filter((c) => c.participant_id === participantId)
        .map((c) => bookings.find((b) => b.id === c.booking_id)!)
        .filter((b) => b.kind === kind && b.status !== 'cancelled');
    // Trips where some fly (or are insured) and someone else does not: a gap, not a bus tour.
    const partly = (kind: string) =>
      trips.filter((trip) => {
        const own = live.filter((p) => p.trip_id === trip.id);
        const covered = own.filter((p) => covering(p.id, kind).length > 0).length;
        return trip.status !== 'cancelled' && covered > 0 && covered < own.length;
      });
    expect(partly('health_insurance').length).toBeGreaterThanOrEqual(1);
    // Every tourist flies there and back, but one whose ticket home is not issued yet; the tours
    // by road at home are marked so and need no ticket.
    const gaps = await missingBookingsOf(
      db(),
      trips.filter((trip) => trip.status !== 'cancelled').map((trip) => trip.id),
    );
    const flightGaps = [...gaps.values()]
      .flat()
      .flatMap((gap) => gap.problems.filter((problem) => problem.includes('flight')));
    expect(flightGaps).toEqual(['return_flight_missing']);
    const byRoad = trips.filter((trip) => trip.flights === 'none');
    expect(byRoad.length).toBeGreaterThan(0);
    expect(new Set(byRoad.map((trip) => trip.country))).toEqual(new Set(['Кыргызстан']));
    expect(
      bookings.some((b) => byRoad.some((trip) => trip.id === b.trip_id) && b.kind === 'air_ticket'),
    ).toBe(false);
    // A participant with a hotel for some nights of the trip but not for all of them.
    const nightGap = trips.some((trip) => {
      if (trip.status === 'cancelled') return false;
      const nights = new Set<string>();
      for (let d = Date.parse(trip.starts_on); d < Date.parse(trip.ends_on); d += DAY) {
        nights.add(new Date(d).toISOString().slice(0, 10));
      }
      return live
        .filter((p) => p.trip_id === trip.id)
        .some((p) => {
          const slept = new Set<string>();
          for (const stay of covering(p.id, 'hotel')) {
            for (let d = Date.parse(stay.starts_on); d < Date.parse(stay.ends_on); d += DAY) {
              slept.add(new Date(d).toISOString().slice(0, 10));
            }
          }
          return slept.size > 0 && [...nights].some((night) => !slept.has(night));
        });
    });
    expect(nightGap).toBe(true);
  });

  it('pays suppliers by linked outcomes: paid, partly paid, unpaid past due; confirmed by another', async () => {
    const { bookings, payments, trips } = await everything();
    const tripOf = new Map(trips.map((t) => [t.id, t]));
    const roles = await db().selectFrom('user_roles').selectAll().execute();
    const permissions = (userId: number | null) =>
      permissionsOfRoles(roles.filter((r) => r.user_id === userId).map((r) => r.role));
    const wallets = new Map(
      (await db().selectFrom('wallets').selectAll().execute()).map((w) => [w.id, w]),
    );
    const byId = new Map(bookings.map((b) => [b.id, b]));
    expect(new Set(payments.map((p) => p.status))).toEqual(
      new Set(['pending', 'confirmed', 'rejected']),
    );
    for (const payment of payments) {
      const booking = byId.get(payment.booking_id!)!;
      expect(payment.type).toBe('outcome');
      expect(payment.currency).toBe(booking.currency);
      expect(wallets.get(payment.wallet_id)?.currency).toBe(booking.currency);
      // From the company's cash desks and accounts, never a staff member's advance.
      expect(wallets.get(payment.wallet_id)?.type).toBe('site');
      expect(permissions(payment.created_by)).toContain('add_payment');
      if (payment.status !== 'pending') {
        expect(payment.confirmed_by).not.toBe(payment.created_by);
        expect(permissions(payment.confirmed_by)).toContain('confirm_payment');
      }
    }
    const states = new Map<string, number>();
    for (const booking of bookings) {
      const mine = payments.filter((p) => p.booking_id === booking.id);
      const confirmed = mine.filter((p) => p.status === 'confirmed');
      const paid = confirmed.reduce((sum, p) => sum + p.amount, 0);
      expect([booking.id, booking.paid]).toEqual([booking.id, paid]);
      const due = dueOf(booking);
      // Never more than due, counting what still waits.
      const committed = mine.filter((p) => p.status !== 'rejected');
      expect(committed.reduce((sum, p) => sum + p.amount, 0)).toBeLessThanOrEqual(due);
      if (due === 0) continue;
      const state = paid >= due ? 'paid' : paid > 0 ? 'partly' : 'unpaid';
      states.set(state, (states.get(state) ?? 0) + 1);
    }
    expect(new Set(states.keys())).toEqual(new Set(['paid', 'partly', 'unpaid']));
    const overdue = bookings.filter(
      (b) => b.payment_due_on !== null && b.payment_due_on < TODAY && b.paid < dueOf(b),
    );
    expect(overdue.some((b) => b.paid === 0 && b.status === 'confirmed')).toBe(true);
    expect(overdue.some((b) => b.paid > 0)).toBe(true);
    // Cancelled with a penalty: some penalties paid.
    expect(
      bookings.some(
        (b) => b.status === 'cancelled' && (b.penalty ?? 0) > 0 && b.paid === b.penalty,
      ),
    ).toBe(true);
    expect(summary?.bookings.supplierPayments.payments).toBe(payments.length);
    // Every payment meant to be confirmed was: its wallet held the money.
    expect(summary?.bookings.supplierPayments.shortOfMoney).toBe(0);
    // Paid before the service: what has been used, mostly paid in full.
    const used = bookings.filter(
      (b) => b.status === 'confirmed' && tripOf.get(b.trip_id)!.ends_on < TODAY,
    );
    const settled = used.filter((b) => b.paid === b.cost);
    expect(settled.length).toBeGreaterThanOrEqual(0.8 * used.length);
  });
});

describe('determinism', () => {
  it('builds the same data for the same seed and moment, other data for another seed', () => {
    const plan = (seed: number) => buildDemoPlan({ now: NOW, random: createRandom(seed) });
    expect(plan(SEED)).toEqual(plan(SEED));
    expect(plan(SEED + 1).users.map((u) => u.full_name)).not.toEqual(
      plan(SEED).users.map((u) => u.full_name),
    );
  });

  it('writes the same rows again after every table is emptied', async () => {
    const first = await snapshot();
    const tables = await truncateAllTables(db());
    expect(tables).toEqual(expect.arrayContaining(['users', 'wallets', 'transactions']));
    expect(tables).not.toContain('kysely_migration');
    // The booking generation only grows: a reseed moves it on, never back to a number some
    // remembered answer was kept under.
    expect(tables).not.toContain('booking_generation');
    await expect(isDatabaseEmpty(db())).resolves.toBe(true);
    // The kinds of message are settings: back as the migrations left them.
    const kinds = await db()
      .selectFrom('message_kinds')
      .select(['kind', 'enabled', 'days'])
      .orderBy('kind')
      .execute();
    expect(kinds).toEqual([
      { kind: 'passport_expiring', enabled: true, days: null },
      { kind: 'payment_confirmed', enabled: true, days: null },
      { kind: 'payment_due', enabled: true, days: 7 },
      { kind: 'payment_overdue', enabled: true, days: null },
      { kind: 'quote', enabled: true, days: null },
      { kind: 'request_converted', enabled: true, days: null },
      { kind: 'request_received', enabled: true, days: null },
      { kind: 'supplier_payment_due', enabled: true, days: 7 },
    ]);
    const again = await seedDemoData(db(), { now: NOW, random: createRandom(SEED) });
    expect(again).not.toBeNull();
    expect(await snapshot()).toEqual(first);
  });
});
