import { EventEmitter } from 'node:events';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { STAFF } from '../../plugins/access';
import { canReadWalletOf, readsEveryWallet } from '../wallets/service';
import type { ScopeViewer } from '../users/user-scope';

/**
 * Server-sent events (GET /api/events): what changed, pushed to every open page, so a wallet view
 * open in one browser updates when an accountant in another confirms a payment (SPEC.md 4
 * balance-updated). One process serves the API, so an in-process emitter is the bus. Each page
 * hears only of the wallets its user may read (the wallets' read rule, canReadWalletOf).
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

const bus = new EventEmitter();
// Every open page listens: far more than the default ten listeners.
bus.setMaxListeners(0);

const BALANCE_UPDATED = 'balance-updated';
const LEDGER_CHANGED = 'ledger-changed';

let ledgerVersion = 0;
bus.on(LEDGER_CHANGED, () => {
  ledgerVersion += 1;
});

/**
 * Figures of the ledger remembered until it next changes: every write of an operation is announced
 * after its commit (publishBalanceUpdated), which forgets them all; a computation that began
 * before an announcement is not kept. Per database, the latest `size` keys.
 */
export function rememberedUntilLedgerChanges<T>(size: number) {
  const kept = new WeakMap<object, Map<string, { version: number; value: T }>>();
  return async (db: object, key: string, compute: () => Promise<T>): Promise<T> => {
    let entries = kept.get(db);
    if (!entries) kept.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.version === ledgerVersion) return hit.value;
    const version = ledgerVersion;
    const value = await compute();
    if (version === ledgerVersion) {
      entries.delete(key);
      entries.set(key, { version, value });
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    }
    return value;
  };
}

/** Announces a change of the ledger, after its transaction committed; never throws. */
export async function publishBalanceUpdated(db: Db, walletIds: number[]): Promise<void> {
  const unique = [...new Set(walletIds)];
  if (unique.length === 0) return;
  // First, at once: what remembers figures of the ledger forgets them before anyone reads again.
  bus.emit(LEDGER_CHANGED);
  // The change has committed: its announcement never fails the request that made it. Without
  // the wallets (the database out of reach a moment) the event still goes out (eventFor).
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
    .where('wallets.id', 'in', unique)
    .execute()
    .catch(() => null);
  const announcement: Announcement = {
    walletIds: unique,
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
  bus.emit(BALANCE_UPDATED, announcement);
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
  { keepAliveMs = KEEP_ALIVE_MS },
) => {
  // Open streams never end by themselves: the server's close ends them, or it would wait forever.
  const open = new Set<{ end: () => void }>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
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
      bus.on(BALANCE_UPDATED, send);
      open.add(stream);
      const stop = () => {
        clearInterval(keepAlive);
        bus.off(BALANCE_UPDATED, send);
        open.delete(stream);
      };
      request.raw.on('close', stop);
      stream.on('close', stop);
    },
  );
};
