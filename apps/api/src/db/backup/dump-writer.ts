import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { MIGRATION_TABLE } from '../migrate';
import { MIGRATION_TABLES, qualified, tablesOf } from './catalog';
import { BackupError, connect, type ServerVersion } from './connection';
import {
  BATCH_ROWS,
  TOUR_DUMP_FORMAT,
  TOUR_DUMP_VERSION,
  type TourDumpHeader,
  type TourDumpSequence,
} from './tour-dump';

export async function writeTourDump(
  url: string,
  draft: string,
  server: ServerVersion,
): Promise<void> {
  const client = await connect(url, 'tour-backup');
  try {
    // One snapshot for every table: the API may be writing meanwhile. The settings make each
    // value's text exact and independent of the session (pg_dump sets the same ones).
    await client.query('begin isolation level repeatable read, read only');
    await client.query(
      `set local timezone = 'UTC'; set local datestyle = 'ISO, YMD';
       set local intervalstyle = 'postgres'; set local extra_float_digits = 3;
       set local statement_timeout = 0`,
    );
    const found = await client.query<{ present: boolean }>(
      `select to_regclass('public.${MIGRATION_TABLE}') is not null as present`,
    );
    if (!found.rows[0]!.present) {
      throw new BackupError(
        `В базе нет таблицы ${MIGRATION_TABLE}: это не база API (или она ещё не создана).`,
      );
    }
    const migrations = await client.query<{ name: string }>(
      `select name from public.${MIGRATION_TABLE} order by name`,
    );
    const tables = (await tablesOf(client)).filter((table) => !MIGRATION_TABLES.has(table.name));
    const database = await client.query<{ name: string }>('select current_database() as name');
    const header: TourDumpHeader = {
      format: TOUR_DUMP_FORMAT,
      version: TOUR_DUMP_VERSION,
      server: server.text,
      serverMajor: server.major,
      database: database.rows[0]!.name,
      createdAt: new Date().toISOString(),
      migrations: migrations.rows.map((row) => row.name),
      tables: tables.map(({ name, all }) => ({ name, columns: all })),
    };
    async function* lines(): AsyncGenerator<string> {
      yield `${JSON.stringify(header)}\n`;
      let total = 0;
      for (const table of tables) {
        yield `${JSON.stringify({ table: table.name })}\n`;
        await client.query(
          `declare tour_rows no scroll cursor for
             select t::text as r from only ${qualified(client, table.name)} t`,
        );
        let rows = 0;
        for (;;) {
          const batch = await client.query<{ r: string }>(
            `fetch forward ${BATCH_ROWS} from tour_rows`,
          );
          if (batch.rows.length === 0) break;
          rows += batch.rows.length;
          yield batch.rows.map((row) => `${JSON.stringify(row.r)}\n`).join('');
        }
        await client.query('close tour_rows');
        total += rows;
        yield `${JSON.stringify({ end: table.name, rows })}\n`;
      }
      const sequences = await sequencesOf(client);
      yield `${JSON.stringify({ sequences })}\n`;
      yield `${JSON.stringify({ done: true, tables: tables.length, rows: total })}\n`;
    }
    await pipeline(
      Readable.from(lines()),
      createGzip(),
      fs.createWriteStream(draft, { mode: 0o600 }),
    );
    await client.query('commit');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function sequencesOf(client: pg.Client): Promise<TourDumpSequence[]> {
  const { rows: names } = await client.query<{ name: string }>(
    `select relname as name from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname`,
  );
  const sequences: TourDumpSequence[] = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${qualified(client, name)}`,
    );
    sequences.push({ name, value: rows[0]!.value, called: rows[0]!.called });
  }
  return sequences;
}
