import { sql, type Kysely } from 'kysely';
import { OUTBOX_KINDS, OUTBOX_KINDS_WITH_DAYS } from '@tour/core';
import { seedCompanyRequisites } from './company';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { syncRolesAndPermissions } from '../routes/auth/roles-sync';
import { confirmMovement, recordMovement, rejectMovement } from '../domain/ledger/movements';
import { insertCategory } from '../routes/ledger/repository';
import { buildDemoPlan, type DemoPlan, type TransactionStatus, type TransactionType } from './plan';
import { localDate } from './calendar';
import { seedMainSection, type MainSectionSeed, type MainSectionSummary } from './main-section';
import { createRandom, DEFAULT_SEED, type RandomSource } from './random';

export { DEMO_ACCOUNTS, DEMO_PHONE_LOGIN, transferTargetAmount } from './plan';
export { createRandom, DEFAULT_SEED } from './random';

/** Sign-in password of every demo account (DESIGN.md 5). */
export const DEMO_PASSWORD = 'demo-password';

export interface SeedOptions {
  /** The moment the data is built around (rates for the 90 days up to it); now by default. */
  now?: Date;
  /** A seeded generator (`createRandom(seed)`); `createRandom(seed ?? DEFAULT_SEED)` by default. */
  random?: RandomSource;
  seed?: number;
}

export interface DemoSummary {
  users: number;
  staff: number;
  tourists: number;
  agentTourists: number;
  rateDays: number;
  rates: number;
  wallets: number;
  siteWallets: number;
  transactions: number;
  byStatus: Record<TransactionStatus, number>;
  byType: Record<TransactionType, number>;
  crossCurrencyTransfers: number;
  /** Prepared tours, trips, participants, requests and participants' payments. */
  mainSection: MainSectionSummary;
  /** Suppliers, the trips' bookings and the suppliers' payments. */
  bookings: MainSectionSeed['bookings'];
  milliseconds: number;
}

// Any constant the rest of the code does not use; it makes concurrent seeders take turns.
const SEED_LOCK = 741_852_963;
const CHUNK = 500;

/** True when the database has no users at all (a fresh one, where demo data may go). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Empties every table but the migrations' own, app_secrets and the booking generation (a counter
 * that only grows: answers remembered under it must never match again), restarting the ids.
 */
export async function truncateAllTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = current_schema()
      and tablename not in ('kysely_migration', 'kysely_migration_lock', 'app_secrets',
                            'booking_generation')
    order by tablename`.execute(db);
  const names = rows.map((row) => row.name);
  if (names.length > 0) {
    await sql`truncate table ${sql.join(names.map((name) => sql.table(name)))} restart identity cascade`.execute(
      db,
    );
  }
  // The kinds of message are settings the migrations wrote, not data: emptied with the users
  // (who changed them), every kind is back switched on with its default days (migrations outbox
  // and message-schedule), or no message of any kind would ever be written again.
  await sql`insert into message_kinds (kind, days)
    select kind, case when kind = any(${[...OUTBOX_KINDS_WITH_DAYS]}::text[]) then 7 end
    from unnest(${[...OUTBOX_KINDS]}::text[]) as kind
    on conflict (kind) do nothing`.execute(db);
  return names;
}

// Ids drawn from the sequence up front: rows can refer to each other within one batch, and
// nothing relies on the order of RETURNING.
async function reserveIds(
  db: Kysely<Database>,
  table: 'users' | 'wallets',
  count: number,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence(${table}, 'id')) as id
    from generate_series(1, ${count})`.execute(db);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

function lookup(ids: Map<string, number>, key: string | null): number | null {
  if (key === null) return null;
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo data refers to an unknown key: ${key}`);
  return id;
}

/** Writes the plan; returns the wallets' ids by their keys. */
async function writePlan(
  trx: Kysely<Database>,
  plan: DemoPlan,
  passwordHash: string,
): Promise<Map<string, number>> {
  const userIds = new Map<string, number>();
  (await reserveIds(trx, 'users', plan.users.length)).forEach((id, i) =>
    userIds.set((plan.users[i] as DemoPlan['users'][number]).key, id),
  );
  const userId = (key: string | null) => lookup(userIds, key);

  await insertInChunks(plan.users, (chunk) =>
    trx
      .insertInto('users')
      .values(
        chunk.map((user) => ({
          id: userId(user.key) as number,
          full_name: user.full_name,
          email: user.email,
          phone: user.phone,
          password_hash: user.signsIn ? passwordHash : null,
          birth_date: user.birth_date,
          citizenship: user.citizenship,
          passport_number: user.passport_number,
          passport_issued_at: user.passport_issued_at,
          passport_expires_at: user.passport_expires_at,
          notes: user.notes,
          manager_id: userId(user.managerKey),
          counterparty_id: userId(user.counterpartyKey),
          created_at: user.created_at,
          updated_at: user.created_at,
        })),
      )
      .execute(),
  );
  await insertInChunks(
    plan.users.flatMap((user) =>
      user.roles.map((role) => ({ user_id: userId(user.key) as number, role })),
    ),
    (chunk) => trx.insertInto('user_roles').values(chunk).execute(),
  );
  await insertInChunks(plan.rates, (chunk) =>
    trx
      .insertInto('currency_rates')
      .values(
        chunk.map((rate) => ({
          date: rate.date,
          from_currency: rate.from_currency,
          to_currency: rate.to_currency,
          rate: rate.rate,
          created_by: userId(rate.createdByKey),
          updated_at: rate.updated_at,
        })),
      )
      .execute(),
  );

  const walletIds = new Map<string, number>();
  (await reserveIds(trx, 'wallets', plan.wallets.length)).forEach((id, i) =>
    walletIds.set((plan.wallets[i] as DemoPlan['wallets'][number]).key, id),
  );
  const walletId = (key: string | null) => lookup(walletIds, key);
  // Every wallet opens empty: its balance comes only from the movements confirmed below.
  await trx
    .insertInto('wallets')
    .values(
      plan.wallets.map((wallet) => ({
        id: walletId(wallet.key) as number,
        type: wallet.type,
        kind: wallet.kind,
        user_id: userId(wallet.ownerKey),
        name: wallet.name,
        currency: wallet.currency,
        created_at: wallet.created_at,
      })),
    )
    .execute();

  // The categories the accountant added beyond the built-in ones, before the operations use them.
  const accountant = userId('accountant');
  for (const name of new Set(plan.transactions.map((tx) => tx.category))) {
    if (name !== null) await insertCategory(trx, name, accountant!);
  }

  await replayThroughLedger(trx, plan, walletId, userId);
  await seedCompanyRequisites(trx, userId('admin')!);
  return walletIds;
}

const REJECTION_REASONS = [
  'Деньги не поступили на счёт',
  'Ошибка в сумме',
  'Операция записана дважды',
] as const;

/**
 * The planned operations through the one movement call and its confirmation and rejection (no
 * second ledger here): each recorded at its planned moment, each decided at its own, in the order
 * of those moments, so every balance moves as it did in the plan and never dips below zero.
 */
async function replayThroughLedger(
  trx: Kysely<Database>,
  plan: DemoPlan,
  walletId: (key: string | null) => number | null,
  userId: (key: string | null) => number | null,
) {
  type Step = { at: number; order: number; index: number; decide: boolean };
  const steps: Step[] = [];
  plan.transactions.forEach((tx, index) => {
    steps.push({ at: tx.created_at.getTime(), order: 0, index, decide: false });
    if (tx.confirmed_at) {
      steps.push({ at: tx.confirmed_at.getTime(), order: 1, index, decide: true });
    }
  });
  steps.sort((a, b) => a.at - b.at || a.order - b.order || a.index - b.index);

  const ids: number[] = [];
  for (const step of steps) {
    const tx = plan.transactions[step.index]!;
    if (!step.decide) {
      const base = {
        walletId: walletId(tx.walletKey)!,
        amountMinor: tx.amount,
        currency: tx.currency,
        comment: tx.comment,
        category: tx.category,
        createdBy: userId(tx.createdByKey)!,
        createdAt: tx.created_at,
        idempotency: null,
      };
      const { id } = await recordMovement(
        trx,
        tx.type === 'transfer'
          ? {
              ...base,
              kind: 'transfer',
              target: {
                walletId: walletId(tx.targetWalletKey)!,
                amountMinor: tx.target_amount!,
                currency: tx.targetCurrency!,
                rate: tx.rate!,
                rateDate: localDate(tx.created_at.getTime()),
              },
            }
          : { ...base, kind: tx.type },
      );
      ids[step.index] = id;
    } else if (tx.status === 'confirmed') {
      await confirmMovement(trx, ids[step.index]!, userId(tx.confirmedByKey)!, {
        at: tx.confirmed_at!,
      });
    } else {
      const reason = REJECTION_REASONS[step.index % REJECTION_REASONS.length]!;
      await rejectMovement(trx, ids[step.index]!, userId(tx.confirmedByKey)!, reason, {
        at: tx.confirmed_at!,
      });
    }
  }
}

function summarize(
  plan: DemoPlan,
  milliseconds: number,
): Omit<DemoSummary, 'mainSection' | 'bookings'> {
  const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
  const { users, wallets, transactions } = plan;
  return {
    users: users.length,
    staff: count(
      users,
      (u) => u.signsIn && u.roles.some((r) => r !== 'client' && r !== 'counterparty'),
    ),
    tourists: count(users, (u) => u.roles.includes('client')),
    agentTourists: count(users, (u) => u.counterpartyKey !== null),
    rateDays: new Set(plan.rates.map((rate) => rate.date)).size,
    rates: plan.rates.length,
    wallets: wallets.length,
    siteWallets: count(wallets, (w) => w.type === 'site'),
    transactions: transactions.length,
    byStatus: {
      pending: count(transactions, (t) => t.status === 'pending'),
      confirmed: count(transactions, (t) => t.status === 'confirmed'),
      rejected: count(transactions, (t) => t.status === 'rejected'),
    },
    byType: {
      income: count(transactions, (t) => t.type === 'income'),
      outcome: count(transactions, (t) => t.type === 'outcome'),
      transfer: count(transactions, (t) => t.type === 'transfer'),
    },
    crossCurrencyTransfers: count(
      transactions,
      (t) => t.type === 'transfer' && t.rate !== null && t.rate !== '1',
    ),
    milliseconds,
  };
}

/**
 * Loads the demo data of DESIGN.md 5 into an empty database, in one transaction. Returns null and
 * changes nothing when the database already has users (so calling it on every start is safe).
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<DemoSummary | null> {
  const started = performance.now();
  if (!(await isDatabaseEmpty(db))) return null;
  await syncRolesAndPermissions(db);
  const now = options.now ?? new Date();
  const random = options.random ?? createRandom(options.seed ?? DEFAULT_SEED);
  const plan = buildDemoPlan({ now, random });
  // One hash for every demo account: argon2id is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const written = await db.transaction().execute(async (trx) => {
    // A second instance waits here for the first one's whole seed, which on a busy machine takes
    // longer than the pool's statement timeout: neither the wait nor the writing is cut short.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await isDatabaseEmpty(trx))) return false;
    const walletIds = await writePlan(trx, plan, passwordHash);
    return seedMainSection(trx, { today: localDate(now.getTime()), random, walletIds });
  });
  return written
    ? { ...summarize(plan, Math.round(performance.now() - started)), ...written }
    : null;
}
