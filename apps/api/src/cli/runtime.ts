import { parseArgs, type ParseArgsConfig } from 'node:util';
import { readConfig, type ApiConfig } from '../config';
import { createDatabase, type Db } from '../db/database';
import { hidePassword } from '../db/backup';
import { installShutdownHandlers, startEmbeddedDatabase } from '../db/embedded';

export interface CliDatabase {
  db: Db;
  /** Where the data lives, for messages (never a password). */
  where: string;
  close(): Promise<void>;
}

/** A PostgreSQL server a command works on: its URL, where it is for messages, how to let it go. */
export interface CliServer {
  url: string;
  /** Where the data lives, for messages (never a password). */
  where: string;
  close(): Promise<void>;
}

/** The server of DATABASE_URL: nothing to start or stop. */
export function externalServer(url: string): CliServer {
  return { url, where: hidePassword(url), close: async () => undefined };
}

/**
 * The embedded PostgreSQL in DATA_DIR, started here: its URL, and close() stopping it (also on
 * Ctrl+C, so no server is left running). `before` runs first on close (a pool to end).
 */
export async function startCliEmbedded(
  dataDir: string,
  before: () => Promise<void> = async () => undefined,
): Promise<CliServer> {
  const embedded = await startEmbeddedDatabase({
    dataDir,
    log: (message) => console.error(message),
  });
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      removeHandlers();
      await before().catch(() => undefined);
      await embedded.stop();
    })());
  const removeHandlers = installShutdownHandlers(close);
  return { url: embedded.url, where: `встроенная PostgreSQL в ${dataDir}`, close };
}

/** DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (started here, stopped by close()). */
export async function openCliDatabase(config: ApiConfig = readConfig()): Promise<CliDatabase> {
  if (config.databaseUrl) {
    const db = createDatabase({ url: config.databaseUrl, max: 4 });
    return { db, where: hidePassword(config.databaseUrl), close: () => db.destroy() };
  }
  let db: Db | null = null;
  const embedded = await startCliEmbedded(config.dataDir, async () => db?.destroy());
  db = createDatabase({ url: embedded.url, max: 4 });
  return { db, where: embedded.where, close: embedded.close };
}

/**
 * Runs a command: its exit code, or 1 with the error's message (no stack) on failure; a usage
 * error also prints `usage`.
 */
export function runCli(main: () => Promise<number>, usage = ''): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(error instanceof UsageError && usage ? `${message}\n\n${usage}` : message);
      process.exitCode = 1;
    },
  );
}

export function formatMs(ms: number): string {
  return `${(ms / 1000).toFixed(1).replace('.', ',')} с`;
}

/** Thrown for a command line that cannot be read; its message is Russian. */
export class UsageError extends Error {}

function quoted(message: string): string {
  return (/'([^' ]+)/.exec(message)?.[1] ?? message).trim();
}

/** node:util parseArgs (strict, no positionals) with Russian messages. */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(
  options: O,
  args: string[] = process.argv.slice(2),
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`Неизвестный параметр: ${quoted(message)}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(
        message.includes('argument missing')
          ? `Параметру ${quoted(message)} нужно значение`
          : `Параметр ${quoted(message)} не принимает значения`,
      );
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(`Лишний аргумент: ${quoted(message)}`);
    }
    throw error;
  }
}
