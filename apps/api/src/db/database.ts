import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { rememberConnection } from './notifications';
import { preparingPool } from './prepared';
import type { Database, Db } from './schema';

const INT8 = 20;
const DATE = 1082;

function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`bigint ${value} exceeds 2^53`);
  return parsed;
}

// Per-pool parsers: no global pg state, so the same process can hold several pools safely.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return parseInt8;
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// Defined beside the tables, so that the pool's helpers (notifications, prepared) need not
// import this file back.
export type { Db };

export interface DatabaseOptions {
  /** postgres:// connection string. */
  url: string;
  /** Pool size; a few connections per API instance are plenty. */
  max?: number;
}

/** A Kysely instance over a pg pool; every connection runs in UTC. */
export function createDatabase({ url, max = 10 }: DatabaseOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers,
    options: '-c TimeZone=UTC -c statement_timeout=30000',
    application_name: 'tour-api',
  });
  // An idle client's network error must not crash the process; the pool replaces the client.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener: the server ending its connection between two of
  // a transaction's queries (a restart, a failover, kill -9 of the postmaster) must fail that
  // request, not the process (pg emits 'error' when no query is running to take it).
  pool.on('connect', (client) => client.on('error', () => undefined));
  // The hot queries of executePrepared run as named statements (db/prepared.ts).
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  // A listener (db/notifications.ts) opens its own connection the same way, outside the pool.
  rememberConnection(db, { connectionString: url, options: '-c TimeZone=UTC' });
  return db;
}
