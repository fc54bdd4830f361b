import type { Compilable } from 'kysely';
import pg from 'pg';
import type { Db } from './database';

/**
 * Named prepared statements for the hot, fixed-shape queries (the session behind every request,
 * a wallet and its history page). PostgreSQL parses such a statement once per connection and,
 * after a few runs, keeps its plan: planning cost as much as running these index lookups.
 *
 * Only queries whose SQL text does not vary from call to call belong here (values go in
 * parameters, never an IN list of varying length): each text becomes a statement on every pooled
 * connection for the connection's life. Past MAX_STATEMENTS texts, queries simply run unnamed.
 */
export const MAX_STATEMENTS = 100;
const statementNames = new Map<string, string>();

/** The statement name for this SQL text, registering it while there is room. */
function nameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_STATEMENTS) {
    name = `tour_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Runs a Kysely query as a named prepared statement; the rows as `execute()` returns them. */
export async function executePrepared<O>(db: Db, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  nameOf(compiled.sql);
  const { rows } = await db.executeQuery(compiled);
  return rows;
}

/** As executePrepared, the first row or undefined. */
export async function executePreparedFirst<O>(
  db: Db,
  query: Compilable<O>,
): Promise<O | undefined> {
  const [row] = await executePrepared(db, query);
  return row;
}

/**
 * The pool's client: a text registered by executePrepared runs as its named statement (node-postgres
 * sends Parse once per connection and then only Bind and Execute); everything else as before.
 */
export class PreparingClient extends pg.Client {}

const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const [text, values, callback] = args;
  if (typeof text === 'string' && Array.isArray(values) && callback === undefined) {
    const name = statementNames.get(text);
    if (name) return plainQuery.call(this, { name, text, values });
  }
  return plainQuery.apply(this, args);
} as pg.Client['query'];
