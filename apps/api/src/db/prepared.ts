import type {
  Compilable,
  CompiledQuery,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  RawBuilder,
} from 'kysely';
import type pg from 'pg';
import type { Db } from './schema';

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

/**
 * Runs a Kysely query (or a raw `sql` statement) as a named prepared statement; the rows as
 * `execute()` returns them.
 */
export async function executePrepared<O>(
  db: Db,
  query: Compilable<O> | RawBuilder<O>,
): Promise<O[]> {
  const compiled = 'isRawBuilder' in query ? query.compile(db) : query.compile();
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
 * A fixed-shape query built and compiled once, then run with new values: the hot statements whose
 * SQL text and parameter places never change (the session behind every request, the names of a
 * page of operations) skip Kysely's building and compiling on every call (20 to 80 µs each).
 * `build` is called once with `placeholders`, values that stand for the parameters (each must be
 * distinct: a string no caller passes, an object of its own); every call's `values` take their
 * places, in the same order. Run the result with executePrepared.
 */
export function compiledOnce<P extends unknown[], O>(
  build: (...placeholders: P) => Compilable<O>,
  placeholders: P,
): (...values: P) => Compilable<O> {
  let compiled: { query: CompiledQuery<O>; places: number[] } | undefined;
  const compile = () => {
    const query = build(...placeholders).compile();
    const places = query.parameters.map((parameter) => placeholders.indexOf(parameter));
    for (const [index, placeholder] of placeholders.entries()) {
      if (places.filter((place) => place === index).length !== 1) {
        throw new Error(`compiledOnce: placeholder ${String(placeholder)} must be one parameter`);
      }
    }
    return { query, places };
  };
  return (...values) => ({
    compile: () => {
      compiled ??= compile();
      const { query, places } = compiled;
      return {
        ...query,
        parameters: query.parameters.map((parameter, i) =>
          places[i] === -1 ? parameter : values[places[i]!],
        ),
      };
    },
  });
}

/**
 * A fixed-shape query of whatever handle it is given (the database or a transaction), built and
 * compiled once per handle (compiledOnce, `placeholders` as there) and run as a prepared
 * statement: the rows as `execute()` returns them. For module-level queries that take their
 * handle at each call.
 */
export function preparedQuery<P extends unknown[], O>(
  build: (db: Db, ...placeholders: P) => Compilable<O>,
  placeholders: P,
): (db: Db, ...values: P) => Promise<O[]> {
  const byHandle = new WeakMap<Db, (...values: P) => Compilable<O>>();
  return (db, ...values) => {
    let query = byHandle.get(db);
    if (!query) {
      query = compiledOnce((...places: P) => build(db, ...places), placeholders);
      byHandle.set(db, query);
    }
    return executePrepared(db, query(...values));
  };
}

/**
 * A pooled client as Kysely's driver uses it, where a text registered by executePrepared runs as
 * its named statement through pg's own query config ({ name, text, values }: node-postgres sends
 * Parse once per connection, then only Bind and Execute). Everything else, cursors included, goes
 * to the client unchanged.
 */
function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  function query(sql: string, parameters: ReadonlyArray<unknown>): Promise<pg.QueryResult>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>) {
    if (typeof sqlOrCursor !== 'string') {
      return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    }
    const values = [...(parameters ?? [])];
    const name = statementNames.get(sqlOrCursor);
    return name
      ? client.query({ name, text: sqlOrCursor, values })
      : client.query(sqlOrCursor, values);
  }
  return {
    query: query as PostgresPoolClient['query'],
    // pg-pool gives the client a new release function at every checkout: read it at the call.
    // Kysely passes true for a connection to discard (one whose rollback failed): pg-pool then
    // closes it instead of handing it to the next request.
    release: (destroy?: boolean) => client.release(destroy),
  };
}

/**
 * The pool handed to Kysely's PostgresDialect: pg's pool, its clients wrapped by
 * preparingClient (one wrapper per connection, so Kysely keeps one connection object for it).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
    // Required by Kysely 0.29's PostgresPool (the settings of a connection that would cancel a
    // query given an AbortSignal, with a Client class; none is given, and no query takes one).
    options: pool.options,
  };
}
