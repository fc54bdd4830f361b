import { migrateToLatest } from '../db/migrate';
import { checkLedger } from '../routes/ledger/check';
import { openCliDatabase, parseOptions, runCli } from './runtime';

const USAGE = `Проверка учёта: каждый баланс (и кошельков компании) равен подтверждённым операциям
кошелька, стороны и курс каждого перевода сходятся, сторно зеркальны исходным, платежи участников
туров — в кошельках компании или самих туристов, сохранённые итоги (оплачено участником, оплачено
поставщику, административные суммы) считают только подтверждённые операции.

  npm run ledger:check -w apps/api

База: DATABASE_URL, иначе встроенная PostgreSQL в DATA_DIR (по умолчанию ./data).
Код выхода 0 — расхождений нет, 1 — есть (каждое напечатано).`;

async function main(): Promise<number> {
  const values = parseOptions({ help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const database = await openCliDatabase();
  try {
    console.log(`База данных: ${database.where}`);
    await migrateToLatest(database.db);
    const started = performance.now();
    const differences = await checkLedger(database.db);
    const counts = await database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const seconds = ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
    if (differences.length === 0) {
      console.log(`Расхождений нет: операций проверено ${counts.n} за ${seconds} с`);
      return 0;
    }
    for (const difference of differences) console.error(difference.message);
    console.error(`Расхождений: ${differences.length} (операций ${counts.n})`);
    return 1;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
