import { migrateToLatest } from '../db/migrate';
import { openCliDatabase, parseOptions, runCli } from './runtime';

const USAGE = `Применение миграций базы данных.

  npm run migrate -w apps/api

База: DATABASE_URL, иначе встроенная PostgreSQL в DATA_DIR (по умолчанию ./data).`;

async function main(): Promise<number> {
  if (parseOptions({ help: { type: 'boolean', short: 'h' } }).help) {
    console.log(USAGE);
    return 0;
  }
  const database = await openCliDatabase();
  try {
    console.log(`База данных: ${database.where}`);
    const applied = await migrateToLatest(database.db);
    if (applied.length === 0) console.log('Новых миграций нет: база в актуальном состоянии');
    else
      console.log(
        `Применены миграции (${applied.length}):\n${applied.map((n) => `  ${n}`).join('\n')}`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
