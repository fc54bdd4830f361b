import path from 'node:path';
import { readConfig, type ApiConfig } from '../config';
import { apiHoldingDataDir } from '../db/embedded';
import { defaultBackupPath, restoreDatabase } from '../db/backup';
import {
  externalServer,
  formatMs,
  parseOptions,
  runCli,
  startCliEmbedded,
  UsageError,
  type CliServer,
} from './runtime';

const USAGE = `Восстановление базы данных из резервной копии (npm run backup).

  npm run restore -w apps/api -- <файл> [--force]

  --force, --clean  база не пуста: заменить ВСЁ её содержимое копией (прежнее содержимое
                    сначала сохраняется в backups/tour-…-before-restore.dump)

Без --force восстанавливает только в пустую базу. API должен быть остановлен: команда
отказывает, пока он работает с этой базой. Копия pg_dump (-Fc) восстанавливается программой
pg_restore, копия tour-dump — этой программой той же версии, что её сделала. Новые миграции
API применит при запуске.

База: DATABASE_URL, иначе встроенная PostgreSQL в DATA_DIR (по умолчанию ./data; запускается на
время команды, пустая папка — новая база).`;

async function openTarget(config: ApiConfig): Promise<CliServer> {
  if (config.databaseUrl) return externalServer(config.databaseUrl);
  const holder = apiHoldingDataDir(config.dataDir);
  if (holder !== null) {
    throw new Error(
      `С папкой данных ${config.dataDir} работает API (pid ${holder}): остановите его перед ` +
        'восстановлением — оно заменяет базу целиком.',
    );
  }
  // The lock (api.pid) keeps an API from starting on the database while it is restored.
  return startCliEmbedded(config.dataDir);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // The file is the one argument that is not an option.
  const files = args.filter((arg) => !arg.startsWith('-'));
  const options = args.filter((arg) => arg.startsWith('-'));
  const values = parseOptions(
    {
      force: { type: 'boolean' },
      clean: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    options,
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (files.length === 0) throw new UsageError('Укажите файл резервной копии');
  if (files.length > 1) throw new UsageError(`Лишний аргумент: ${files[1]}`);
  const config = readConfig();
  const base = process.env.INIT_CWD || process.cwd();
  const file = path.resolve(base, files[0]!);

  const target = await openTarget(config);
  try {
    console.log(`База данных: ${target.where}`);
    const result = await restoreDatabase({
      url: target.url,
      file,
      force: Boolean(values.force || values.clean),
      safetyCopy: defaultBackupPath(path.resolve(base, 'backups'), new Date(), '-before-restore'),
      log: (message) => console.log(message),
    });
    if (result.safetyCopy) console.log(`Прежнее содержимое базы: ${result.safetyCopy.file}`);
    console.log(
      `Восстановлено из ${file} (формат ${result.format}) за ${formatMs(result.milliseconds)}.\n` +
        'Проверка учёта: npm run ledger:check -w apps/api',
    );
    return 0;
  } finally {
    await target.close();
  }
}

runCli(main, USAGE);
