import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import {
  BALANCE_UPDATED,
  hearAnnouncements,
  stopHearingOthers,
  type Announcement,
} from '../../domain/ledger/announcements';
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
  app.addHook('onClose', () => stopHearingOthers(db));

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
      const stopHearing = hearAnnouncements(db, send);
      open.add(stream);
      const stop = () => {
        clearInterval(keepAlive);
        stopHearing();
        open.delete(stream);
      };
      request.raw.on('close', stop);
      stream.on('close', stop);
    },
  );
};
