import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { backupDatabase, type BackupResult } from './backup';
import { contentsOf } from './catalog';
import { BackupError, messageOf, splitPassword, withClient, type Log } from './connection';
import { checkMigrations, loadTourDump, readRows, readTourDumpHeader } from './dump-reader';
import { formatOfFile, type BackupFormat } from './files';
import { clientEnv, findTools, run, type PgTool } from './tools';
import type { TourDumpHeader } from './tour-dump';

/** The application_name of the API's pools (db/database.ts): how a restore sees a live API. */
const API_APPLICATION = 'tour-api';

export interface RestoreOptions {
  url: string;
  file: string;
  /** Replace whatever the database holds (else only an empty database is restored into). */
  force?: boolean;
  /**
   * With `force` and a database that is not empty: where its current content is saved first
   * (a backup like any other), or null not to save it.
   */
  safetyCopy?: string | null;
  binDirs?: string[];
  log?: Log;
}

export interface RestoreResult {
  format: BackupFormat;
  /** pg_restore (pg_dump format only). */
  tool: PgTool | null;
  /** The copy of what the database held before (force on a database that was not empty). */
  safetyCopy: BackupResult | null;
  /** Whether the database held anything before. */
  replaced: boolean;
  milliseconds: number;
}

/**
 * Restores `file` (either format) into the database at `url`. Refused, with nothing changed,
 * when the file cannot be read, a tour-dump was made with other migrations than this build's,
 * an API instance is connected, or the database is not empty and `force` is not given.
 */
export async function restoreDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupError(`Файла ${file} нет.`);
  const format = formatOfFile(file);
  if (!format) {
    throw new BackupError(
      `${file} — не резервная копия: ни формата pg_dump (-Fc), ни tour-dump этой программы.`,
    );
  }

  // Everything that can refuse is checked before anything changes.
  let tool: PgTool | null = null;
  let header: TourDumpHeader | null = null;
  if (format === 'pg_dump') {
    tool = await restoreTool(options.binDirs);
    const listed = await run(tool.path, ['--list', file]);
    if (listed.code !== 0) {
      throw new BackupError(`pg_restore не читает ${file}: ${listed.stderr.trim()}`);
    }
  } else {
    header = await readTourDumpHeader(file);
    checkMigrations(header);
    // The whole file, before anything changes: a copy cut short is refused here.
    await readRows(file, new Set(header.tables.map((table) => table.name)));
  }

  const { contents, apiSessions } = await withClient(options.url, 'tour-restore', async (c) => ({
    contents: await contentsOf(c),
    apiSessions: await apiSessionsOf(c),
  }));
  if (apiSessions > 0) {
    throw new BackupError(
      `К базе подключены работающие экземпляры API (соединений: ${apiSessions}). Остановите их: ` +
        'восстановление заменяет базу целиком.',
    );
  }
  const replaced = contents.relations > 0 || contents.functions > 0;
  let safetyCopy: BackupResult | null = null;
  if (replaced) {
    if (!options.force) {
      throw new BackupError(
        `База данных не пуста (${
          contents.tables > 0
            ? `таблиц: ${contents.tables}`
            : `объектов: ${contents.relations + contents.functions}`
        }). Восстановление заменит всё её содержимое: запустите с --force (текущее содержимое ` +
          'сначала будет сохранено в отдельную копию).',
      );
    }
    if (options.safetyCopy) {
      log(`Сохраняю текущее содержимое базы в ${options.safetyCopy}`);
      try {
        safetyCopy = await backupDatabase({
          url: options.url,
          file: options.safetyCopy,
          ...(options.binDirs ? { binDirs: options.binDirs } : {}),
          log,
        });
      } catch (error) {
        throw new BackupError(
          `Не удалось сохранить текущее содержимое базы перед заменой, ничего не изменено: ` +
            messageOf(error),
        );
      }
    }
    log('Очищаю базу (схема public создаётся заново)');
    await clearDatabase(options.url);
  }

  try {
    if (tool) await runPgRestore(tool, options.url, file, log);
    else await loadTourDump(options.url, file, header!, log);
  } catch (error) {
    const saved = safetyCopy ? ` Прежнее содержимое базы — в ${safetyCopy.file}.` : '';
    throw new BackupError(`${messageOf(error)}${saved}`);
  }
  await withClient(options.url, 'tour-restore', (client) => client.query('analyze'));
  return {
    format,
    tool,
    safetyCopy,
    replaced,
    milliseconds: Math.round(performance.now() - started),
  };
}

async function restoreTool(binDirs?: string[]): Promise<PgTool> {
  const tools = await findTools('pg_restore', binDirs);
  // The newest reads every older archive.
  const newest = tools.sort((a, b) => b.major - a.major)[0];
  if (!newest) {
    throw new BackupError(
      'pg_restore не найден: установите клиент PostgreSQL (Debian: postgresql-client-15 или новее).',
    );
  }
  return newest;
}

async function apiSessionsOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity
      where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
    [API_APPLICATION],
  );
  return Number(rows[0]!.n);
}

/**
 * Drops everything in the schema public (tables, their data, functions, the extensions in it)
 * and makes it anew as PostgreSQL 15 makes it: owned by the database's owner, usable by all.
 */
export async function clearDatabase(url: string): Promise<void> {
  await withClient(url, 'tour-restore', async (client) => {
    await client.query('begin');
    try {
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
      await client.query('savepoint owner');
      try {
        await client.query('alter schema public owner to pg_database_owner');
      } catch {
        // Not the database's owner: the schema stays ours, which restores as well.
        await client.query('rollback to savepoint owner');
      }
      await client.query('grant usage on schema public to public');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw new BackupError(`Не удалось очистить базу: ${messageOf(error)}`);
    }
  });
}

async function runPgRestore(tool: PgTool, url: string, file: string, log: Log): Promise<void> {
  log(`pg_restore ${tool.version} (${tool.path})`);
  const { url: address, password } = splitPassword(url);
  // One transaction: a restore that fails leaves the (empty) database as it was. No owners or
  // grants of the source: the objects belong to whoever restores.
  const result = await run(
    tool.path,
    [
      '--no-password',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${address}`,
      file,
    ],
    clientEnv(password),
  );
  if (result.code !== 0) {
    throw new BackupError(
      `pg_restore не восстановил копию: ${result.stderr.trim() || result.code}`,
    );
  }
}
