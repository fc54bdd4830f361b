import path from 'node:path';
import { readConfig, type ApiConfig } from '../config';
import { apiHoldingDataDir } from '../db/embedded';
import { backupDatabase, defaultBackupPath, runningEmbeddedUrl } from '../db/backup';
import {
  externalServer,
  formatMs,
  parseOptions,
  runCli,
  startCliEmbedded,
  UsageError,
  type CliServer,
} from './runtime';

const USAGE = `Резервная копия базы данных в файл.

  npm run backup -w apps/api [-- <файл>]

Файл по умолчанию: backups/tour-ГГГГ-ММ-ДДTЧЧММСС.dump в папке, откуда вызван npm; существующий
файл не перезаписывается. Копия читается из одного снимка базы: работающий API можно не
останавливать.

Формат: pg_dump -Fc (читает pg_restore), если установлен pg_dump той же версии, что и сервер
PostgreSQL, или новее (версию спрашиваем у сервера); иначе — собственный формат tour-dump
(пакет встроенной PostgreSQL 15 не содержит pg_dump: для неё годится pg_dump из пакета Debian
postgresql-client-15, если он установлен). Оба восстанавливает npm run restore.

База: DATABASE_URL, иначе встроенная PostgreSQL в DATA_DIR (по умолчанию ./data): сервер
работающего API или запущенный на время команды.`;

// An API running on DATA_DIR holds it (api.pid): read from its server rather than refuse.
async function openSource(config: ApiConfig): Promise<CliServer> {
  if (config.databaseUrl) return externalServer(config.databaseUrl);
  const holder = apiHoldingDataDir(config.dataDir);
  if (holder !== null) {
    const url = await runningEmbeddedUrl(config.dataDir);
    if (url) {
      return {
        url,
        where: `встроенная PostgreSQL в ${config.dataDir} (сервер работающего API, pid ${holder})`,
        close: async () => undefined,
      };
    }
  }
  return startCliEmbedded(config.dataDir);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // The file is the one argument that is not an option.
  const files = args.filter((arg) => !arg.startsWith('-'));
  const options = args.filter((arg) => arg.startsWith('-'));
  const values = parseOptions({ help: { type: 'boolean', short: 'h' } }, options);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (files.length > 1) throw new UsageError(`Лишний аргумент: ${files[1]}`);
  const config = readConfig();
  // Relative to where npm was called, as DATA_DIR is (config.ts).
  const base = process.env.INIT_CWD || process.cwd();
  const file = files[0]
    ? path.resolve(base, files[0])
    : defaultBackupPath(path.resolve(base, 'backups'));

  const source = await openSource(config);
  try {
    console.log(`База данных: ${source.where}`);
    const result = await backupDatabase({
      url: source.url,
      file,
      log: (message) => console.log(message),
    });
    const kb = Math.ceil(result.bytes / 1024).toLocaleString('ru-RU');
    console.log(
      `Копия готова: ${result.file} (${kb} КБ, формат ${result.format}, PostgreSQL ` +
        `${result.server.major}, ${formatMs(result.milliseconds)})\n` +
        `Восстановление: npm run restore -w apps/api -- ${result.file}`,
    );
    return 0;
  } finally {
    await source.close();
  }
}

runCli(main, USAGE);
