import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { listen, type Listening } from '../../db/notifications';
import { STAFF } from '../../plugins/access';
import { canReadWalletOf, readsEveryWallet } from '../wallets/service';
import type { ScopeViewer } from '../../domain/reach';

/**
 * Server-sent events (GET /api/events): what changed, pushed to every open page, so a wallet view
 * open in one browser updates when an accountant in another confirms a payment (SPEC.md 4
 * balance-updated), whichever API instance recorded the change: the instances tell each other
 * through PostgreSQL (LISTEN/NOTIFY, db/notifications.ts) and each tells its own open pages. Each
 * page hears only of the wallets its user may read (the wallets' read rule, canReadWalletOf).
 */

/** SPEC.md 4: the wallets whose balance or operations changed, and their owners. */
export interface BalanceUpdated {
  walletIds: number[];
  userIds: number[];
}

/** A wallet a change touched, with what the read rule needs: whose it is, and its owner's links. */
interface TouchedWallet {
  id: number;
  type: 'site' | 'user';
  user_id: number | null;
  owner: { manager_id: number | null; counterparty_id: number | null } | null;
}

/** What the bus carries: the wallets with their owners, or only their ids if those were unread. */
interface Announcement {
  walletIds: number[];
  wallets: TouchedWallet[] | null;
}

/**
 * The event as one viewer hears it: the wallets it may read and their owners; none (null) when it
 * may read none of them. When the wallets could not be read, a viewer who reads every wallet hears
 * the ids and anyone else an event without ids (its lists are reloaded, nothing is named).
 */
export function eventFor(viewer: ScopeViewer, announcement: Announcement): BalanceUpdated | null {
  if (announcement.wallets === null) {
    const ids = readsEveryWallet(viewer) ? announcement.walletIds : [];
    return { walletIds: ids, userIds: [] };
  }
  const readable = announcement.wallets.filter((wallet) => canReadWalletOf(viewer, wallet));
  if (readable.length === 0) return null;
  const owners = readable.flatMap((wallet) => (wallet.user_id === null ? [] : [wallet.user_id]));
  return { walletIds: readable.map((wallet) => wallet.id), userIds: [...new Set(owners)] };
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

const BALANCE_UPDATED = 'balance-updated';
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
 * How often a stream sends a comment, so that proxies keep it open, and checks that its session
 * still holds with the same rights.
 */
export const KEEP_ALIVE_MS = 25_000;

const sameRights = (a: ScopeViewer, b: ScopeViewer) =>
  a.roles.join() === b.roles.join() && a.permissions.join() === b.permissions.join();

export interface EventRoutesOptions {
  db: Db;
  /** KEEP_ALIVE_MS unless a test shortens it. */
  keepAliveMs?: number;
}

export const eventRoutes: FastifyPluginAsyncTypebox<EventRoutesOptions> = async (
  app,
  { db, keepAliveMs = KEEP_ALIVE_MS },
) => {
  // Open streams never end by themselves: the server's close ends them, or it would wait forever.
  const open = new Set<{ end: () => void }>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  app.addHook('onClose', async () => {
    const bus = buses.get(db);
    const listening = bus?.listening;
    if (bus) bus.listening = null;
    await listening?.close();
  });

  app.get(
    '/events',
    {
      config: { access: STAFF },
      schema: {
        tags: ['Сессия'],
        summary: 'Поток событий (text/event-stream)',
        description:
          'События balance-updated: { walletIds, userIds } — кошельки, чей баланс или операции ' +
          'изменились (запись, подтверждение, отклонение, сторно), и их владельцы; только те, ' +
          'что пользователь вправе видеть (как GET /admin/wallet/{id}). Только номера, без ' +
          'сумм; страница перечитывает то, что показывает, со своими правами. Только ' +
          'сотрудникам: агенту и клиенту — 403.',
      },
    },
    (request, reply) => {
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      stream.write(': подключено\n\n');
      const viewer = request.viewer!;
      const send = (announcement: Announcement) => {
        const event = eventFor(viewer, announcement);
        if (event) stream.write(`event: ${BALANCE_UPDATED}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      // A session that ends (sign-out, expiry, its user disabled or its password changed) or whose
      // rights change ends its stream at the next check: the page reconnects with its rights now,
      // or is refused. The check touches nothing, so an open page keeps no session alive.
      const sessionId = request.session.id!;
      const keepAlive = setInterval(() => {
        stream.write(': ping\n\n');
        void app.sessions.currentViewer(sessionId).then(
          (now) => {
            if (!now || !sameRights(now, viewer)) stream.end();
          },
          () => undefined,
        );
      }, keepAliveMs);
      const bus = busOf(db);
      listenToOthers(db, bus);
      bus.emitter.on(BALANCE_UPDATED, send);
      open.add(stream);
      const stop = () => {
        clearInterval(keepAlive);
        bus.emitter.off(BALANCE_UPDATED, send);
        open.delete(stream);
      };
      request.raw.on('close', stop);
      stream.on('close', stop);
    },
  );
};
