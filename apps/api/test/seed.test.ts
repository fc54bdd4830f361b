import {
  CURRENCIES,
  convertDecimal,
  fromMinorUnits,
  permissionsOfRoles,
  toMinorUnits,
  type Currency,
} from '@tour/shared';
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
import { tripSummary } from '../src/routes/trips/summary';

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
  const [tours, trips, participants, requests] = await Promise.all([
    db().selectFrom('prepared_tours').selectAll().orderBy('id').execute(),
    db().selectFrom('trips').selectAll().orderBy('id').execute(),
    db().selectFrom('trip_participants').selectAll().orderBy('id').execute(),
    db().selectFrom('requests').selectAll().orderBy('id').execute(),
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
    },
    // The participants' payments carry the clock's time of recording and confirming.
    transactions: transactions.map((row) =>
      row.participant_id === null ? row : { ...row, created_at: null, confirmed_at: null },
    ),
  };
}

describe('isDatabaseEmpty and seedDemoData', () => {
  it('seeds an empty database once; a second call changes nothing', async () => {
    expect(emptyBefore).toBe(true);
    expect(emptyAfter).toBe(false);
    expect(summary).not.toBeNull();
    expect(summary?.milliseconds).toBeLessThan(5000);

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
    // The plan's operations; the participants' payments come from the main section's services.
    const rows = await db()
      .selectFrom('transactions')
      .selectAll()
      .where('participant_id', 'is', null)
      .execute();
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
    const rows = await db()
      .selectFrom('transactions')
      .selectAll()
      .where('participant_id', 'is', null)
      .execute();
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

  it('records participants payments through the payments service, full, partial and more than due', async () => {
    const payments = await db()
      .selectFrom('transactions as t')
      .innerJoin('trip_participants as p', 'p.id', 't.participant_id')
      .select([
        't.amount',
        't.currency',
        't.status',
        't.trip_id',
        'p.trip_id as participant_trip',
        'p.price',
        'p.discount',
      ])
      .execute();
    expect(payments.length).toBeGreaterThan(20);
    for (const payment of payments) {
      expect(['pending', 'confirmed']).toContain(payment.status);
      expect(payment.trip_id).toBe(payment.participant_trip);
    }
    // Two of three confirmed by the accountant, the rest waiting.
    const confirmed = payments.filter((payment) => payment.status === 'confirmed').length;
    expect(confirmed).toBe(summary?.mainSection.confirmedPayments);
    expect(confirmed).toBeGreaterThan(payments.length / 2);
    expect(confirmed).toBeLessThan(payments.length);
    const sameCurrency = await db()
      .selectFrom('transactions as t')
      .innerJoin('trip_participants as p', 'p.id', 't.participant_id')
      .innerJoin('trips as tr', 'tr.id', 'p.trip_id')
      .select(['t.amount', 'p.price', 'p.discount'])
      .whereRef('t.currency', '=', 'tr.currency')
      .execute();
    const ratio = (row: { amount: number; price: number; discount: number }) =>
      row.amount / (row.price - row.discount);
    expect(sameCurrency.some((row) => ratio(row) >= 0.99 && ratio(row) <= 1.06)).toBe(true);
    expect(sameCurrency.some((row) => ratio(row) < 0.9)).toBe(true);
    expect(sameCurrency.some((row) => ratio(row) > 1.06)).toBe(true);
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

  it('confirms the payments through the ledger: each wallet holds what was confirmed into it', async () => {
    const wallets = await db()
      .selectFrom('transactions as t')
      .innerJoin('wallets as w', 'w.id', 't.wallet_id')
      .select(['w.id', 'w.balance', 't.amount', 't.status'])
      .where('t.participant_id', 'is not', null)
      .execute();
    const expected = new Map<number, number>();
    const balances = new Map<number, number>();
    for (const row of wallets) {
      balances.set(row.id, Number(row.balance));
      const add = row.status === 'confirmed' ? Number(row.amount) : 0;
      expected.set(row.id, (expected.get(row.id) ?? 0) + add);
    }
    // The tourists' deposit wallets the payments opened hold nothing else.
    const others = await db()
      .selectFrom('transactions')
      .select('wallet_id')
      .where('participant_id', 'is', null)
      .where('wallet_id', 'in', [...expected.keys()])
      .execute();
    for (const other of others) expected.delete(other.wallet_id);
    expect(expected.size).toBeGreaterThan(10);
    for (const [id, amount] of expected) expect([id, balances.get(id)]).toEqual([id, amount]);
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
    await expect(isDatabaseEmpty(db())).resolves.toBe(true);
    const again = await seedDemoData(db(), { now: NOW, random: createRandom(SEED) });
    expect(again).not.toBeNull();
    expect(await snapshot()).toEqual(first);
  });
});
