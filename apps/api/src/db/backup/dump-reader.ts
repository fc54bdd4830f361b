import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { createDatabase } from '../database';
import { MIGRATION_NAMES, migrateToLatest } from '../migrate';
import {
  ident,
  MIGRATION_TABLES,
  qualified,
  tablesOf,
  type Column,
  type TableShape,
} from './catalog';
import { BackupError, messageOf, withClient, type Log } from './connection';
import {
  BATCH_CHARS,
  BATCH_ROWS,
  TOUR_DUMP_FORMAT,
  TOUR_DUMP_VERSION,
  type TourDumpHeader,
  type TourDumpSequence,
} from './tour-dump';

function lineReader(file: string): { lines: AsyncIterableIterator<string>; close(): void } {
  const input = fs.createReadStream(file).pipe(createGunzip());
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  return {
    lines: reader[Symbol.asyncIterator](),
    close: () => {
      reader.close();
      input.destroy();
    },
  };
}

function broken(file: string, why: string): BackupError {
  return new BackupError(`Копия ${file} повреждена или не дописана: ${why}.`);
}

export async function readTourDumpHeader(file: string): Promise<TourDumpHeader> {
  const reader = lineReader(file);
  try {
    const first = await reader.lines.next();
    const header = first.done ? null : (JSON.parse(first.value) as Partial<TourDumpHeader>);
    if (header?.format !== TOUR_DUMP_FORMAT) throw broken(file, 'нет заголовка tour-dump');
    if (header.version !== TOUR_DUMP_VERSION) {
      throw new BackupError(
        `Копия ${file} в формате tour-dump версии ${header.version}, а эта программа читает ` +
          `версию ${TOUR_DUMP_VERSION}.`,
      );
    }
    return header as TourDumpHeader;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw broken(file, messageOf(error));
  } finally {
    reader.close();
  }
}

// The schema of a tour-dump is this build's migrations: exactly the ones the copy was made with.
export function checkMigrations(header: TourDumpHeader): void {
  const ours = new Set(MIGRATION_NAMES);
  const theirs = new Set(header.migrations);
  const unknown = header.migrations.filter((name) => !ours.has(name));
  const missing = MIGRATION_NAMES.filter((name) => !theirs.has(name));
  if (unknown.length === 0 && missing.length === 0) return;
  const what = unknown.length
    ? `копия сделана более новой версией программы (неизвестные миграции: ${unknown.join(', ')})`
    : `копия сделана более старой версией программы (в ней нет миграций: ${missing.join(', ')})`;
  throw new BackupError(
    `Копию формата tour-dump восстанавливает только та версия программы, которая её сделала: ` +
      `${what}. Восстановите её той версией (API при запуске применит новые миграции сам).`,
  );
}

/**
 * Loads a tour-dump into a database without tables: this build's migrations make the schema,
 * then, in one transaction, every table is emptied (some migrations write rows) and filled from
 * the file with the triggers of the tables off (the tallies they keep come from the file) and the
 * foreign keys dropped, then put back and so checked again; the sequences are set last.
 */
export async function loadTourDump(
  url: string,
  file: string,
  header: TourDumpHeader,
  log: Log,
): Promise<void> {
  const db = createDatabase({ url, max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  await withClient(url, 'tour-restore', async (client) => {
    await client.query('begin');
    try {
      await client.query(
        `set local timezone = 'UTC'; set local datestyle = 'ISO, YMD';
         set local intervalstyle = 'postgres'; set local statement_timeout = 0`,
      );
      const tables = new Map(
        (await tablesOf(client))
          .filter((table) => !MIGRATION_TABLES.has(table.name))
          .map((table) => [table.name, table]),
      );
      checkShapes(header, tables);
      const names = [...tables.keys()];
      const list = names.map((name) => qualified(client, name)).join(', ');

      const { rows: keys } = await client.query<{ table: string; name: string; def: string }>(
        `select cl.relname as table, co.conname as name, pg_get_constraintdef(co.oid) as def
           from pg_constraint co join pg_class cl on cl.oid = co.conrelid
          where co.contype = 'f' and cl.relnamespace = 'public'::regnamespace
          order by cl.relname, co.conname`,
      );
      const { rows: triggers } = await client.query<{
        table: string;
        name: string;
        enabled: string;
      }>(
        `select cl.relname as table, t.tgname as name, t.tgenabled as enabled
           from pg_trigger t join pg_class cl on cl.oid = t.tgrelid
          where not t.tgisinternal and cl.relnamespace = 'public'::regnamespace`,
      );
      for (const key of keys) {
        await client.query(
          `alter table ${qualified(client, key.table)} drop constraint ${ident(client, key.name)}`,
        );
      }
      for (const name of names) {
        await client.query(`alter table ${qualified(client, name)} disable trigger user`);
      }
      await client.query(`truncate table ${list}`);

      const content = await readRows(file, new Set(names), async (name, batch) => {
        const table = tables.get(name)!;
        const columns = table.columns.map((c) => ident(client, c.name));
        await client.query(
          `insert into ${qualified(client, name)} (${columns.join(', ')})
             ${table.identity ? 'overriding system value' : ''}
           select ${columns.map((c) => `(x).${c}`).join(', ')}
             from (select r::${qualified(client, name)} as x from unnest($1::text[]) as r) s`,
          [batch],
        );
      });
      for (const sequence of content.sequences) {
        await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
          qualified(client, sequence.name),
          sequence.value,
          sequence.called,
        ]);
      }

      const ENABLE: Record<string, string> = { O: '', A: 'always ', R: 'replica ' };
      for (const trigger of triggers) {
        const how = ENABLE[trigger.enabled];
        if (how === undefined) continue;
        await client.query(
          `alter table ${qualified(client, trigger.table)} enable ${how}trigger ` +
            ident(client, trigger.name),
        );
      }
      log(
        `Таблиц: ${names.length}, строк: ${content.rows}; проверяю внешние ключи (${keys.length})`,
      );
      for (const key of keys) {
        await client.query(
          `alter table ${qualified(client, key.table)} add constraint ` +
            `${ident(client, key.name)} ${key.def}`,
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error instanceof BackupError
        ? error
        : new BackupError(`Копия не восстановлена: ${messageOf(error)}`);
    }
  });
}

function checkShapes(header: TourDumpHeader, tables: Map<string, TableShape & { all: Column[] }>) {
  const problems: string[] = [];
  for (const table of header.tables) {
    const here = tables.get(table.name);
    if (!here) problems.push(`таблицы ${table.name} нет`);
    else if (JSON.stringify(here.all) !== JSON.stringify(table.columns)) {
      problems.push(`столбцы таблицы ${table.name} другие`);
    }
  }
  const named = new Set(header.tables.map((table) => table.name));
  for (const name of tables.keys()) {
    if (!named.has(name)) problems.push(`в копии нет таблицы ${name}`);
  }
  if (problems.length) {
    throw new BackupError(`Схема базы не совпадает с копией: ${problems.join('; ')}.`);
  }
}

interface DumpContent {
  rows: number;
  sequences: TourDumpSequence[];
}

/**
 * Reads a tour-dump's rows after its header, checking that every table block ends with the count
 * it began and the file with its end mark; `insert` (when given) gets them in batches. Without
 * it, the whole file is checked before a restore changes anything.
 */
export async function readRows(
  file: string,
  tables: ReadonlySet<string>,
  insert?: (table: string, batch: string[]) => Promise<void>,
): Promise<DumpContent> {
  const reader = lineReader(file);
  let current: string | null = null;
  let batch: string[] = [];
  let chars = 0;
  let inTable = 0;
  let total = 0;
  let sequences: TourDumpSequence[] | null = null;
  let done = false;
  const flush = async () => {
    if (current !== null && batch.length > 0) await insert?.(current, batch);
    batch = [];
    chars = 0;
  };
  try {
    let first = true;
    for await (const line of reader.lines) {
      if (first) {
        first = false; // the header, read before
        continue;
      }
      if (done) throw broken(file, 'строки после конца копии');
      const value = JSON.parse(line) as unknown;
      if (typeof value === 'string') {
        if (current === null) throw broken(file, 'строка вне таблицы');
        batch.push(value);
        chars += value.length;
        inTable += 1;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
        continue;
      }
      const mark = value as {
        table?: string;
        end?: string;
        rows?: number;
        sequences?: TourDumpSequence[];
        done?: boolean;
        tables?: number;
      };
      if (mark.table !== undefined) {
        if (!tables.has(mark.table)) throw broken(file, `неизвестная таблица ${mark.table}`);
        current = mark.table;
        inTable = 0;
      } else if (mark.end !== undefined) {
        await flush();
        if (mark.end !== current || mark.rows !== inTable) {
          throw broken(file, `таблица ${mark.end}: строк ${inTable}, а записано ${mark.rows}`);
        }
        total += inTable;
        current = null;
      } else if (mark.sequences !== undefined) {
        sequences = mark.sequences;
      } else if (mark.done) {
        if (mark.rows !== total) throw broken(file, `строк ${total}, а записано ${mark.rows}`);
        done = true;
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw broken(file, messageOf(error));
  } finally {
    reader.close();
  }
  if (!done || !sequences) throw broken(file, 'нет конца копии');
  return { rows: total, sequences };
}
