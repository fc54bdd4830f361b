import fs from 'node:fs';
import {
  BackupError,
  serverVersion,
  splitPassword,
  type Log,
  type ServerVersion,
} from './connection';
import { writeTourDump } from './dump-writer';
import { writeAtomically, type BackupFormat } from './files';
import { clientEnv, findTools, pickTool, run, type PgTool } from './tools';

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

/** Writes a backup of the database at `url` to `file` (pg_dump -Fc, or tour-dump: see index.ts). */
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
