import pg from 'pg';
import type { Db } from './schema';

/**
 * PostgreSQL's LISTEN/NOTIFY between the API instances that share one database: an instance
 * says what changed with `pg_notify` (delivered to every listener when its transaction commits)
 * and each instance hears it on one connection of its own, kept outside the pool (a LISTEN lives
 * as long as its connection). A lost connection is opened again and listens again; what was said
 * meanwhile is not replayed, so the listener is told it may have missed something.
 */

/** How a database was opened, so that a listener can open its own connection to it. */
const connections = new WeakMap<object, pg.ClientConfig>();

/** Recorded by createDatabase: a database's connection settings, for its listeners. */
export function rememberConnection(db: Db, config: pg.ClientConfig): void {
  connections.set(db, config);
}

/** Waits between two attempts to listen again after the connection was lost. */
export const RELISTEN_DELAY_MS = 1_000;

/** NOTIFY's payload must be shorter than 8 000 bytes. */
export const MAX_PAYLOAD_BYTES = 7_900;

export interface Listening {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export interface ListenOptions {
  channel: string;
  /** Each notification's payload. */
  onMessage: (payload: string) => void;
  /** Listening again after the connection was lost: notifications may have been missed. */
  onResumed: () => void;
  relistenDelayMs?: number;
}

/**
 * Listens on `channel` for as long as it is not closed, reconnecting after a loss; null when the
 * database was not opened by createDatabase (nothing to connect with).
 */
export function listen(db: Db, options: ListenOptions): Listening | null {
  const config = connections.get(db);
  if (!config) return null;
  const delay = options.relistenDelayMs ?? RELISTEN_DELAY_MS;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let everListened = false;

  const connect = async (): Promise<void> => {
    timer = null;
    if (closed) return;
    const next = new pg.Client({ ...config, application_name: 'tour-api-listener' });
    client = next;
    let lost = false;
    const retry = () => {
      if (lost) return;
      lost = true;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!closed) timer = setTimeout(() => void connect(), delay);
    };
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(options.channel)}`);
    } catch {
      retry();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    if (everListened) options.onResumed();
    everListened = true;
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        current.removeAllListeners('notification');
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
