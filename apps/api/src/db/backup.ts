import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { CLUSTER_USER, clusterFiles, embeddedBinDir, serverStatus } from './cluster';
import { createDatabase } from './database';
import { runProcess } from './run-process';
import { EMBEDDED_DATABASE } from './embedded';
import { MIGRATION_NAMES, MIGRATION_TABLE, migrateToLatest } from './migrate';

/**
 * Backups of the API's database (`npm run backup` / `npm run restore`, README "Backup and
 * restore"), in one of two formats:
 *
 * - `pg_dump`: PostgreSQL's own custom format (`pg_dump -Fc`), restored with `pg_restore`. Used
 *   whenever a pg_dump able to dump the server is installed: its major version at least the
 *   server's (a pg_dump refuses a newer server). Debian's postgresql-client-15 dumps the
 *   production floor, PostgreSQL 15, and the embedded server of the same major.
 * - `tour-dump`: this module's own, for a server no installed pg_dump can dump — the embedded
 *   PostgreSQL 15 on a machine without a PostgreSQL client (its npm package ships only initdb,
 *   pg_ctl and postgres), or a newer external server than any pg_dump there. Written through the
 *   pg driver in one repeatable-read snapshot: a header (server, applied migrations, every
 *   table's columns), each table's rows as their row-type text (the server's own output
 *   functions, exact for every type), the sequences; gzip-compressed. The schema is not in the
 *   file: a restore builds it with this build's migrations, so it needs the very migrations the
 *   copy was made with (anything else is refused before a thing changes).
 *
 * A restore goes only into a database without tables of its own, or, when asked (`force`),
 * replaces everything in it: the current content is first saved beside the backups, then the
 * schema `public` is dropped and made anew. It refuses while an API instance is connected to the
 * database (its pool's application_name).
 */

export type BackupFormat = 'pg_dump' | 'tour-dump';

/** Russian message for the person running the command (the CLI prints it without a stack). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Log = (message: string) => void;

/** The application_name of the API's pools (db/database.ts): how a restore sees a live API. */
const API_APPLICATION = 'tour-api';

const TOUR_DUMP_FORMAT = 'tour-dump';
const TOUR_DUMP_VERSION = 1;
/** Rows per fetch when writing and per INSERT when loading. */
const BATCH_ROWS = 1000;
/** ...or fewer, when the rows are long: a batch holds at most this many characters. */
const BATCH_CHARS = 8 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Connections and the server's version

function connect(url: string, application: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: application });
  return client.connect().then(
    () => client,
    (error: unknown) => {
      throw new BackupError(`Не удалось подключиться к базе данных: ${messageOf(error)}`);
    },
  );
}

async function withClient<T>(
  url: string,
  application: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connect(url, application);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ServerVersion {
  /** server_version_num: 150018, 170010. */
  num: number;
  major: number;
  /** server_version as the server says it: "17.10", "15.18 (Debian 15.18-0+deb12u1)". */
  text: string;
}

async function versionOf(client: pg.Client): Promise<ServerVersion> {
  const { rows } = await client.query<{ num: string; text: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as text`,
  );
  const num = Number(rows[0]!.num);
  return { num, major: Math.floor(num / 10000), text: rows[0]!.text };
}

/** What the server at `url` says its version is (pg_dump is picked by its major). */
export function serverVersion(url: string): Promise<ServerVersion> {
  return withClient(url, 'tour-backup', versionOf);
}

/** The URL without its password (for messages), and the password (for PGPASSWORD). */
function splitPassword(url: string): { url: string; password: string | null } {
  try {
    const parsed = new URL(url);
    const password = parsed.password ? decodeURIComponent(parsed.password) : null;
    parsed.password = '';
    return { url: parsed.toString(), password };
  } catch {
    return { url, password: null };
  }
}

/** The URL for messages: never a password. */
export function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's client programs

export interface PgTool {
  path: string;
  major: number;
  /** As the program prints it: "15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
}

/** A PostgreSQL program run to its end (its own environment, else ours), its output kept. */
const run = (file: string, args: string[], env?: NodeJS.ProcessEnv) =>
  runProcess(file, args, { env: env ?? process.env });

/**
 * Folders that may hold pg_dump and pg_restore: the embedded package's (in case it ever ships
 * them), Debian's /usr/lib/postgresql/<major>/bin, the PGDG /usr/pgsql-<major>/bin, then PATH.
 */
export function candidateBinDirs(): string[] {
  const dirs: string[] = [];
  try {
    dirs.push(embeddedBinDir());
  } catch {
    // No embedded PostgreSQL installed: an external server's tools are elsewhere.
  }
  const versioned = (parent: string, pattern: RegExp, bin: (name: string) => string) => {
    try {
      for (const name of fs.readdirSync(parent)) {
        if (pattern.test(name)) dirs.push(bin(name));
      }
    } catch {
      // No such folder on this system.
    }
  };
  versioned('/usr/lib/postgresql', /^\d+$/, (name) => `/usr/lib/postgresql/${name}/bin`);
  versioned('/usr', /^pgsql-\d+$/, (name) => `/usr/${name}/bin`);
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return dirs;
}

/** Every `name` (pg_dump, pg_restore) found in `dirs` with its version, each program once. */
export async function findTools(
  name: 'pg_dump' | 'pg_restore',
  dirs: string[] = candidateBinDirs(),
): Promise<PgTool[]> {
  const seen = new Set<string>();
  const tools: PgTool[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    let real: string;
    try {
      fs.accessSync(file, fs.constants.X_OK);
      real = fs.realpathSync(file);
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    const result = await run(file, ['--version']).catch(() => null);
    // "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
    const match = result && /\)\s*((\d+)(?:\.\d+)?.*)$/m.exec(result.stdout.trim());
    if (!result || result.code !== 0 || !match) continue;
    tools.push({ path: file, major: Number(match[2]), version: match[1]!.trim() });
  }
  return tools;
}

/**
 * The program to use with a server of `serverMajor`: the lowest major that is at least the
 * server's (pg_dump refuses a newer server; the closest one writes what that server reads), or
 * null when every one found is older.
 */
export function pickTool(tools: PgTool[], serverMajor: number): PgTool | null {
  const fit = tools.filter((tool) => tool.major >= serverMajor).sort((a, b) => a.major - b.major);
  return fit[0] ?? null;
}

function clientEnv(password: string | null): NodeJS.ProcessEnv {
  return password === null ? process.env : { ...process.env, PGPASSWORD: password };
}

// ---------------------------------------------------------------------------------------------
// Files

/** backups/tour-YYYY-MM-DDTHHMMSS.dump (local time) under `dir`; `suffix` before the extension. */
export function defaultBackupPath(dir: string, now = new Date(), suffix = ''): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}` +
    `T${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return path.join(dir, `tour-${stamp}${suffix}.dump`);
}

// The file appears under its name only once complete and on disk: a half-written copy keeps the
// `.partial` name (and is removed when the failure is ours).
async function writeAtomically(file: string, write: (draft: string) => Promise<void>) {
  const target = path.resolve(file);
  if (fs.existsSync(target)) {
    throw new BackupError(
      `Файл ${target} уже есть: укажите другое имя (копия не перезаписывается).`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const draft = `${target}.partial`;
  fs.rmSync(draft, { force: true });
  try {
    // Made 0600 before anything is in it: pg_dump and the stream below keep an existing file's mode.
    fs.writeFileSync(draft, '', { mode: 0o600 });
    await write(draft);
    // Personal data and password hashes: readable by the owner only.
    fs.chmodSync(draft, 0o600);
    const handle = await fs.promises.open(draft, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    fs.renameSync(draft, target);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
  try {
    const dir = fs.openSync(path.dirname(target), 'r');
    fs.fsyncSync(dir);
    fs.closeSync(dir);
  } catch {
    // Some file systems cannot sync a folder; the file itself is on disk.
  }
  return target;
}

/** The format of a backup file, from its first bytes; null when it is neither. */
export function formatOfFile(file: string): BackupFormat | null {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'tour-dump';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The schema as the catalog says

interface Column {
  name: string;
  type: string;
}

interface TableShape {
  name: string;
  /** The columns a row's values go into: every one but the generated. */
  columns: Column[];
  /** Whether a column is an identity column (an INSERT then says OVERRIDING SYSTEM VALUE). */
  identity: boolean;
}

const TABLES_SQL = `
  select c.relname as name,
         coalesce(json_agg(json_build_object('name', a.attname,
                                             'type', format_type(a.atttypid, a.atttypmod),
                                             'generated', a.attgenerated <> '')
                           order by a.attnum) filter (where a.attnum is not null), '[]') as columns,
         bool_or(a.attidentity <> '') as identity
    from pg_class c
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     and not c.relispartition
   group by c.relname
   order by c.relname`;

async function tablesOf(client: pg.Client): Promise<(TableShape & { all: Column[] })[]> {
  const { rows } = await client.query<{
    name: string;
    columns: (Column & { generated: boolean })[];
    identity: boolean | null;
  }>(TABLES_SQL);
  return rows.map((row) => ({
    name: row.name,
    all: row.columns.map(({ name, type }) => ({ name, type })),
    columns: row.columns.filter((c) => !c.generated).map(({ name, type }) => ({ name, type })),
    identity: row.identity === true,
  }));
}

/** Tables whose rows a tour-dump does not carry: the migrations' own (a restore migrates). */
const MIGRATION_TABLES = new Set([MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`]);

const ident = (client: pg.Client, name: string) => client.escapeIdentifier(name);
const qualified = (client: pg.Client, name: string) => `public.${ident(client, name)}`;

export interface DatabaseContents {
  /** Tables outside the system schemas. */
  tables: number;
  /** Tables, views, sequences and foreign tables outside the system schemas. */
  relations: number;
  /** Functions and procedures outside the system schemas (extensions' included). */
  functions: number;
}

const CONTENTS_SQL = `
  with user_schemas as (
    select oid from pg_namespace
     where nspname <> 'information_schema' and nspname not like 'pg\\_%')
  select (select count(*) from pg_class
           where relnamespace in (select oid from user_schemas)
             and relkind in ('r', 'p')) as tables,
         (select count(*) from pg_class
           where relnamespace in (select oid from user_schemas)
             and relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as relations,
         (select count(*) from pg_proc
           where pronamespace in (select oid from user_schemas)) as functions`;

async function contentsOf(client: pg.Client): Promise<DatabaseContents> {
  const { rows } = await client.query<{ tables: string; relations: string; functions: string }>(
    CONTENTS_SQL,
  );
  const row = rows[0]!;
  return {
    tables: Number(row.tables),
    relations: Number(row.relations),
    functions: Number(row.functions),
  };
}

/** What the database at `url` holds outside the system schemas. */
export function databaseContents(url: string): Promise<DatabaseContents> {
  return withClient(url, 'tour-restore', contentsOf);
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupOptions {
  url: string;
  /** The file to write; refused if it exists. */
  file: string;
  /** auto (default): pg_dump when one fits the server, else tour-dump. */
  format?: BackupFormat | 'auto';
  /** Where to look for pg_dump (candidateBinDirs by default). */
  binDirs?: string[];
  log?: Log;
}

export interface BackupResult {
  file: string;
  format: BackupFormat;
  /** The pg_dump used (pg_dump format only). */
  tool: PgTool | null;
  server: ServerVersion;
  bytes: number;
  milliseconds: number;
}

/** Writes a backup of the database at `url` to `file` (pg_dump -Fc, or tour-dump: see above). */
export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const server = await serverVersion(options.url);
  const wanted = options.format ?? 'auto';
  let tool: PgTool | null = null;
  if (wanted !== 'tour-dump') {
    const tools = await findTools('pg_dump', options.binDirs);
    tool = pickTool(tools, server.major);
    if (!tool) {
      const found = tools.length
        ? `найдены только ${tools.map((t) => `${t.path} (${t.major})`).join(', ')}`
        : 'pg_dump не найден';
      if (wanted === 'pg_dump') {
        throw new BackupError(
          `Нет pg_dump для PostgreSQL ${server.major}: ${found}. Установите клиент PostgreSQL ` +
            `${server.major} или новее (Debian: postgresql-client-${server.major}).`,
        );
      }
      log(
        `pg_dump для PostgreSQL ${server.major} нет (${found}): копия в собственном формате ` +
          'tour-dump (восстанавливается командой restore этой же версии программы)',
      );
    }
  }
  const format: BackupFormat = tool ? 'pg_dump' : 'tour-dump';
  const file = await writeAtomically(options.file, async (draft) => {
    if (tool) await runPgDump(tool, options.url, draft, log);
    else await writeTourDump(options.url, draft, server);
  });
  return {
    file,
    format,
    tool,
    server,
    bytes: fs.statSync(file).size,
    milliseconds: Math.round(performance.now() - started),
  };
}

async function runPgDump(tool: PgTool, url: string, draft: string, log: Log): Promise<void> {
  log(`pg_dump ${tool.version} (${tool.path})`);
  const { url: address, password } = splitPassword(url);
  // The password goes in the environment, never on the command line (ps would show it).
  const result = await run(
    tool.path,
    ['--format=custom', '--no-password', `--file=${draft}`, `--dbname=${address}`],
    clientEnv(password),
  );
  if (result.code !== 0) {
    throw new BackupError(`pg_dump не сделал копию: ${result.stderr.trim() || result.code}`);
  }
}

interface TourDumpHeader {
  format: typeof TOUR_DUMP_FORMAT;
  version: number;
  server: string;
  serverMajor: number;
  database: string;
  createdAt: string;
  migrations: string[];
  tables: { name: string; columns: Column[] }[];
}

interface TourDumpSequence {
  name: string;
  value: string;
  called: boolean;
}

async function writeTourDump(url: string, draft: string, server: ServerVersion): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// Restore

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

async function readTourDumpHeader(file: string): Promise<TourDumpHeader> {
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
function checkMigrations(header: TourDumpHeader): void {
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
async function loadTourDump(
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
async function readRows(
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

// ---------------------------------------------------------------------------------------------
// The embedded database of DATA_DIR, as the API leaves it

/**
 * The URL of the embedded server running on DATA_DIR (an API holds it), read from its
 * postmaster.pid (the port) and the password file; null when no server runs there.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const cluster = path.join(path.resolve(dataDir), 'postgres');
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  let binDir: string;
  try {
    binDir = embeddedBinDir();
  } catch {
    return null;
  }
  if (!(await serverStatus(binDir, cluster)).running) return null;
  // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, ...
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]?.trim());
  if (!Number.isInteger(port) || port <= 0) return null;
  const password = fs.readFileSync(clusterFiles(cluster).passwordFile, 'utf8').trim();
  return (
    `postgres://${CLUSTER_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/` +
    encodeURIComponent(EMBEDDED_DATABASE)
  );
}
