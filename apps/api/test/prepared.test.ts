import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../src/db/database';
import {
  compiledOnce,
  executePrepared,
  executePreparedFirst,
  MAX_STATEMENTS,
  preparedQuery,
} from '../src/db/prepared';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// Named prepared statements for the hot queries: the same rows as a plain run, one statement per
// text on each connection, errors that leave the connection usable, and a bounded registry.

const database = useTestDatabase();
const db = () => database().db;

const userById = (on: Db, id: number) =>
  on.selectFrom('users').select(['id', 'full_name']).where('id', '=', id);

/** The prepared statements of the connection `on` is bound to. */
async function statementsOf(on: Db) {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements order by name`.execute(on);
  return rows;
}

describe('executePrepared', () => {
  it('answers as a plain run does, for every parameter value', async () => {
    const first = await createTestUser(db(), {
      password: null,
      full_name: 'Первый Подготовленный',
    });
    const second = await createTestUser(db(), {
      password: null,
      full_name: 'Второй Подготовленный',
    });
    for (const id of [first, second, first, -1]) {
      expect(await executePrepared(db(), userById(db(), id))).toEqual(
        await userById(db(), id).execute(),
      );
    }
    expect(await executePreparedFirst(db(), userById(db(), second))).toEqual({
      id: second,
      full_name: 'Второй Подготовленный',
    });
    expect(await executePreparedFirst(db(), userById(db(), -1))).toBeUndefined();
  });

  it('prepares a text once per connection, and plain queries not at all', async () => {
    const id = await createTestUser(db(), { password: null });
    // A text no other test runs: the registry and the pooled connections outlive a test.
    const emailOf = (on: Db, userId: number) =>
      on.selectFrom('users').select('email').where('id', '=', userId);
    const text = emailOf(db(), id).compile().sql;
    const named = async (on: Db) =>
      (await statementsOf(on)).filter((statement) => statement.statement === text);
    await db()
      .connection()
      .execute(async (connection) => {
        await emailOf(connection, id).execute();
        expect(await named(connection)).toEqual([]);
        for (let run = 0; run < 3; run += 1) {
          await executePrepared(connection, emailOf(connection, id + run));
        }
        expect(await named(connection)).toHaveLength(1);
        // Once registered, the text runs as its statement even through a plain execute().
        expect(await emailOf(connection, id).execute()).toHaveLength(1);
        expect(await named(connection)).toHaveLength(1);
      });
  });

  it('leaves pg itself alone: a client outside the pool runs a registered text unnamed', async () => {
    const id = await createTestUser(db(), { password: null });
    const phoneOf = (on: Db, userId: number) =>
      on.selectFrom('users').select('phone').where('id', '=', userId);
    const compiled = phoneOf(db(), id).compile();
    await executePrepared(db(), phoneOf(db(), id));
    const client = new pg.Client({ connectionString: database().url });
    await client.connect();
    try {
      await client.query(compiled.sql, [...compiled.parameters]);
      const { rows } = await client.query('select name from pg_prepared_statements');
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('rejects a failing run and leaves the connection usable', async () => {
    const id = await createTestUser(db(), { password: null, email: 'taken@example.com' });
    const insert = (on: Db, email: string) =>
      on.insertInto('users').values({ full_name: 'Дубль', email }).returning('id');
    await db()
      .connection()
      .execute(async (connection) => {
        await expect(
          executePrepared(connection, insert(connection, 'taken@example.com')),
        ).rejects.toThrow(/unique|duplicate/i);
        const [created] = await executePrepared(connection, insert(connection, 'free@example.com'));
        expect(created!.id).toBeGreaterThan(id);
      });
  });

  it(`stops naming new texts after ${MAX_STATEMENTS} and still runs them`, async () => {
    const numbered = (n: number) =>
      db()
        .selectFrom('users')
        .select(sql<number>`${sql.lit(n)}::int`.as('n'))
        .limit(1);
    await createTestUser(db(), { password: null });
    await db()
      .connection()
      .execute(async (connection) => {
        for (let n = 0; n < MAX_STATEMENTS + 5; n += 1) {
          expect(await executePrepared(connection, numbered(n))).toEqual([{ n }]);
        }
        // The texts registered by the earlier tests of this file took some of the names.
        const prepared = (await statementsOf(connection)).length;
        expect(prepared).toBeGreaterThan(MAX_STATEMENTS - 10);
        expect(prepared).toBeLessThanOrEqual(MAX_STATEMENTS);
      });
  });
});

describe('compiledOnce', () => {
  const byIdAndName = (on: Db, id: number, name: string) =>
    on
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('id', '=', id)
      .where('full_name', '=', name);

  it('builds once and answers every call with its own values, as a fresh build does', async () => {
    const first = await createTestUser(db(), { password: null, full_name: 'Однажды Собранный' });
    const second = await createTestUser(db(), { password: null, full_name: 'Дважды Собранный' });
    let builds = 0;
    const query = compiledOnce(
      (id: number, name: string) => {
        builds += 1;
        return byIdAndName(db(), id, name);
      },
      [-1, '\u0000name'],
    );
    const calls: [number, string][] = [
      [first, 'Однажды Собранный'],
      [second, 'Дважды Собранный'],
      [first, 'Дважды Собранный'],
      [second, 'Дважды Собранный'],
    ];
    for (const [id, name] of calls) {
      const rows = await executePrepared(db(), query(id, name));
      expect(rows).toEqual(await byIdAndName(db(), id, name).execute());
    }
    expect(builds).toBe(1);
    expect((await executePrepared(db(), query(second, 'Дважды Собранный'))).length).toBe(1);
  });

  it('refuses a placeholder that is not exactly one of the parameters', () => {
    const unused = compiledOnce(
      (id: number, _name: string) => db().selectFrom('users').select('id').where('id', '=', id),
      [-1, 'unused'],
    );
    expect(() => unused(1, 'x').compile()).toThrow(/placeholder unused/);
    const twice = compiledOnce((id: number) => byIdAndName(db(), id, String(id)), [7]);
    expect(() => twice(1).compile()).not.toThrow();
    const same = compiledOnce(
      (id: number) =>
        db().selectFrom('users').select('id').where('id', '=', id).where('manager_id', '=', id),
      [-2],
    );
    expect(() => same(1).compile()).toThrow(/placeholder -2/);
  });
});

describe('preparedQuery', () => {
  it('builds once per handle (the database, each transaction) and answers with its values', async () => {
    const first = await createTestUser(db(), { password: null, full_name: 'Раз Подготовленный' });
    const second = await createTestUser(db(), { password: null, full_name: 'Два Подготовленный' });
    const handles: Db[] = [];
    const query = preparedQuery(
      (on: Db, ids: number[]) => {
        handles.push(on);
        return on
          .selectFrom('users')
          .select(['id', 'full_name'])
          .where('id', '=', sql<number>`any(${ids}::bigint[])`)
          .orderBy('id');
      },
      [[]],
    );
    expect(await query(db(), [first])).toEqual([{ id: first, full_name: 'Раз Подготовленный' }]);
    expect(await query(db(), [second, first, -1])).toEqual([
      { id: first, full_name: 'Раз Подготовленный' },
      { id: second, full_name: 'Два Подготовленный' },
    ]);
    expect(await query(db(), [])).toEqual([]);
    expect(handles).toEqual([db()]);
    // A transaction is a handle of its own: built for it, then seeing its own writes.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ full_name: 'Раз Переименованный' })
          .where('id', '=', first)
          .execute();
        expect(await query(trx, [first])).toEqual([
          { id: first, full_name: 'Раз Переименованный' },
        ]);
        expect(await query(trx, [second])).toEqual([
          { id: second, full_name: 'Два Подготовленный' },
        ]);
      });
    expect(handles.length).toBe(2);
  });
});
