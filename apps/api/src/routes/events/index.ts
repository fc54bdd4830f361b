import { EventEmitter } from 'node:events';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { STAFF } from '../../plugins/access';

/**
 * Server-sent events (GET /api/events): what changed, pushed to every open page, so a wallet view
 * open in one browser updates when an accountant in another confirms a payment (SPEC.md 4
 * balance-updated). One process serves the API, so an in-process emitter is the bus.
 */

/** SPEC.md 4: the wallets whose balance or operations changed, and their owners. */
export interface BalanceUpdated {
  walletIds: number[];
  userIds: number[];
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
  // the owners (the database out of reach a moment) the event still names the wallets.
  const owners = await db
    .selectFrom('wallets')
    .select('user_id')
    .where('id', 'in', unique)
    .where('user_id', 'is not', null)
    .execute()
    .catch(() => []);
  const event: BalanceUpdated = {
    walletIds: unique,
    userIds: [...new Set(owners.map((row) => row.user_id!))],
  };
  bus.emit(BALANCE_UPDATED, event);
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

/** How often a quiet stream sends a comment, so that proxies keep it open. */
export const KEEP_ALIVE_MS = 25_000;

export const eventRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app) => {
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
          'изменились (запись, подтверждение, отклонение, сторно), и их владельцы. Только ' +
          'номера, без сумм; страница перечитывает то, что показывает, со своими правами. ' +
          'Только сотрудникам: агенту и клиенту — 403.',
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
      const send = (event: BalanceUpdated) => {
        stream.write(`event: ${BALANCE_UPDATED}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const keepAlive = setInterval(() => stream.write(': ping\n\n'), KEEP_ALIVE_MS);
      bus.on(BALANCE_UPDATED, send);
      open.add(stream);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        bus.off(BALANCE_UPDATED, send);
        open.delete(stream);
      });
    },
  );
};
