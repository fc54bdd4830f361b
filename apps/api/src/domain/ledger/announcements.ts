import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { listen, type Listening } from '../../db/notifications';

/** A wallet a change touched, with what the read rule needs: whose it is, and its owner's links. */
export interface TouchedWallet {
  id: number;
  type: 'site' | 'user';
  user_id: number | null;
  owner: { manager_id: number | null; counterparty_id: number | null } | null;
}

/** What the bus carries: the wallets with their owners, or only their ids if those were unread. */
export interface Announcement {
  walletIds: number[];
  wallets: TouchedWallet[] | null;
}

/**
 * One bus per database the process serves (one per API instance; a test may run two instances
 * in one process, each over its own pool), with the instance's name in what it says to others.
 */
interface Bus {
  emitter: EventEmitter;
  instance: string;
  /** The LISTEN connection, opened with the first stream, closed with the app. */
  listening: Listening | null;
}
const buses = new WeakMap<object, Bus>();

function busOf(db: Db): Bus {
  let bus = buses.get(db);
  if (!bus) {
    const emitter = new EventEmitter();
    // Every open page listens: far more than the default ten listeners.
    emitter.setMaxListeners(0);
    bus = { emitter, instance: randomUUID(), listening: null };
    buses.set(db, bus);
  }
  return bus;
}

export const BALANCE_UPDATED = 'balance-updated';
/** The PostgreSQL channel the instances announce their ledger's changes on. */
export const LEDGER_CHANNEL = 'tour_balance_updated';
/** Wallet ids per notification: well within NOTIFY's 8 000 bytes. */
const IDS_PER_NOTIFICATION = 500;

/** The ledger's generation (migration ledger-generation): it moves with every write of any instance. */
export async function ledgerGeneration(db: Db): Promise<bigint> {
  const { rows } = await sql<{
    last_value: string;
  }>`select last_value from ledger_generation`.execute(db);
  return BigInt(rows[0]!.last_value);
}

/**
 * Figures of the ledger remembered until it next changes, whichever API instance changes it: kept
 * under the ledger's generation read before they were computed, so a value is never older than
 * the generation it is found under. Per database, the latest `size` keys. A caller inside a
 * transaction reads the generation before opening it and passes it (`generation`): read from
 * within, it could be newer than the transaction's snapshot.
 */
export function rememberedUntilLedgerChanges<T>(size: number) {
  const kept = new WeakMap<object, Map<string, { generation: bigint; value: T }>>();
  return async (
    db: Db,
    key: string,
    compute: () => Promise<T>,
    generation?: bigint,
  ): Promise<T> => {
    const now = generation ?? (await ledgerGeneration(db));
    let entries = kept.get(db);
    if (!entries) kept.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.generation === now) {
      // Most recently used last: the oldest key is the one dropped.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = await compute();
    const latest = entries.get(key);
    if (!latest || latest.generation <= now) {
      entries.delete(key);
      entries.set(key, { generation: now, value });
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    }
    return value;
  };
}

/** The wallets of a change as the read rule needs them; null when they cannot be read. */
async function announcementOf(db: Db, walletIds: number[]): Promise<Announcement> {
  const rows = await db
    .selectFrom('wallets')
    .leftJoin('users', 'users.id', 'wallets.user_id')
    .select([
      'wallets.id',
      'wallets.type',
      'wallets.user_id',
      'users.manager_id',
      'users.counterparty_id',
    ])
    .where('wallets.id', 'in', walletIds)
    .execute()
    .catch(() => null);
  return {
    walletIds,
    wallets:
      rows?.map((row) => ({
        id: row.id,
        type: row.type === 'site' ? 'site' : 'user',
        user_id: row.user_id,
        owner:
          row.user_id === null
            ? null
            : { manager_id: row.manager_id, counterparty_id: row.counterparty_id },
      })) ?? null,
  };
}

/**
 * Announces a change of the ledger, after its transaction committed; never throws. The ledger's
 * generation moves (every instance forgets what it remembered), the other instances hear of it
 * through PostgreSQL (pg_notify) and tell their own pages, and this instance tells its pages.
 */
export async function publishBalanceUpdated(db: Db, walletIds: number[]): Promise<void> {
  const unique = [...new Set(walletIds)];
  if (unique.length === 0) return;
  const bus = busOf(db);
  // The change has committed: its announcement never fails the request that made it. Without
  // the database a moment, the other instances' pages are not told; this one's still are.
  for (let start = 0; start < unique.length; start += IDS_PER_NOTIFICATION) {
    const payload = JSON.stringify({
      from: bus.instance,
      walletIds: unique.slice(start, start + IDS_PER_NOTIFICATION),
    });
    await sql`select nextval('ledger_generation'), pg_notify(${LEDGER_CHANNEL}, ${payload})`
      .execute(db)
      .catch(() => undefined);
  }
  // Without the wallets (the database out of reach a moment) the event still goes out (eventFor).
  bus.emitter.emit(BALANCE_UPDATED, await announcementOf(db, unique));
}

/** What another instance said: its wallets, told to this instance's pages. */
function heard(db: Db, bus: Bus, payload: string): void {
  let message: { from?: unknown; walletIds?: unknown };
  try {
    message = JSON.parse(payload) as typeof message;
  } catch {
    return;
  }
  if (message.from === bus.instance || !Array.isArray(message.walletIds)) return;
  const ids = message.walletIds.filter((id): id is number => Number.isSafeInteger(id));
  if (ids.length === 0) return;
  void announcementOf(db, ids).then((announcement) =>
    bus.emitter.emit(BALANCE_UPDATED, announcement),
  );
}

/** Starts hearing the other instances, once per database; the app's close stops it. */
function listenToOthers(db: Db, bus: Bus): void {
  if (bus.listening) return;
  bus.listening = listen(db, {
    channel: LEDGER_CHANNEL,
    onMessage: (payload) => heard(db, bus, payload),
    // What was said while the connection was lost is unknown: every page reloads what it shows.
    onResumed: () => bus.emitter.emit(BALANCE_UPDATED, { walletIds: [], wallets: null }),
  });
}

/** Announces the wallets of operations that were recorded or resolved (both sides of a transfer). */
export function publishOperations(
  db: Db,
  operations: { wallet_id: number; target_wallet_id: number | null }[],
): Promise<void> {
  return publishBalanceUpdated(
    db,
    operations.flatMap((op) =>
      op.target_wallet_id === null ? [op.wallet_id] : [op.wallet_id, op.target_wallet_id],
    ),
  );
}

/**
 * Lets `listener` hear every announcement on this instance, this instance's and the others'
 * (hearing the others starts with the first listener); the function returned stops it.
 */
export function hearAnnouncements(db: Db, listener: (announcement: Announcement) => void) {
  const bus = busOf(db);
  listenToOthers(db, bus);
  bus.emitter.on(BALANCE_UPDATED, listener);
  return () => {
    bus.emitter.off(BALANCE_UPDATED, listener);
  };
}

/** Stops hearing the other instances (the app's close). */
export async function stopHearingOthers(db: Db): Promise<void> {
  const bus = buses.get(db);
  const listening = bus?.listening;
  if (bus) bus.listening = null;
  await listening?.close();
}
