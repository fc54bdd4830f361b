import { migrateToLatest } from '../db/migrate';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  isDatabaseEmpty,
  seedDemoData,
  truncateAllTables,
  type DemoSummary,
} from '../seed/demo';
import { formatMs, openCliDatabase, parseOptions, runCli, UsageError } from './runtime';

const USAGE = `Загрузка демо-данных в пустую базу данных.

  npm run seed -w apps/api [-- --force] [--seed <число>]

  --force        база не пуста: удалить ВСЕ данные и загрузить демо-данные заново
  --seed <число> другой набор демо-данных (по умолчанию один и тот же)

База: DATABASE_URL, иначе встроенная PostgreSQL в DATA_DIR (по умолчанию ./data).`;

function report(summary: DemoSummary): string {
  const { byStatus, byType, bookings } = summary;
  const payments = bookings.supplierPayments;
  const paid = summary.mainSection.payments;
  return [
    `Демо-данные загружены за ${formatMs(summary.milliseconds)}:`,
    `  пользователи: ${summary.users} (сотрудники: ${summary.staff}, туристы: ${summary.tourists}, ` +
      `из них от агентов: ${summary.agentTourists})`,
    `  курсы валют: ${summary.rates} за ${summary.rateDays} дней`,
    `  кошельки: ${summary.wallets} (кассы и счета компании: ${summary.siteWallets})`,
    `  операции: ${summary.transactions} (подтверждено ${byStatus.confirmed}, ` +
      `ожидают ${byStatus.pending}, отклонено ${byStatus.rejected}; ` +
      `пополнений ${byType.income}, снятий ${byType.outcome}, переводов ${byType.transfer}, ` +
      `из них с конвертацией ${summary.crossCurrencyTransfers})`,
    `  поставщики: ${bookings.suppliers}; бронирования: ${bookings.bookings} ` +
      `(подтверждено ${bookings.byStatus.confirmed}, запрошено ${bookings.byStatus.requested}, ` +
      `отменено ${bookings.byStatus.cancelled}, из них со штрафом ${bookings.penalties})`,
    `  цены в прайс-листах: ${bookings.prices}; калькуляции: ${bookings.costings}`,
    `  оплаты туристов: ${paid.payments} (подтверждено ${paid.confirmed}, ожидают ${paid.pending}, ` +
      `отклонено ${paid.rejected}, переплат ${paid.overpayments}); возвраты: ${paid.refunds}`,
    `  оплаты поставщикам: ${payments.payments} (подтверждено ${payments.confirmed}, ` +
      `ожидают ${payments.pending}, отклонено ${payments.rejected})`,
    '',
    `Вход (пароль ${DEMO_PASSWORD}): ` +
      DEMO_ACCOUNTS.map((account) => account.email ?? account.phone).join(', '),
  ].join('\n');
}

async function main(): Promise<number> {
  const values = parseOptions({
    force: { type: 'boolean' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) {
    throw new UsageError(`--seed должен быть целым числом, а не «${values.seed}»`);
  }

  const database = await openCliDatabase();
  try {
    console.log(`База данных: ${database.where}`);
    const applied = await migrateToLatest(database.db);
    console.log(
      applied.length ? `Применены миграции: ${applied.join(', ')}` : 'Новых миграций нет',
    );
    if (!(await isDatabaseEmpty(database.db))) {
      if (!values.force) {
        console.error(
          'В базе данных уже есть пользователи: демо-данные не загружены. Чтобы удалить ВСЕ ' +
            'данные и загрузить демо-данные заново, запустите с --force:\n' +
            '  npm run seed -w apps/api -- --force',
        );
        return 1;
      }
      const tables = await truncateAllTables(database.db);
      console.log(`Все данные удалены (таблиц очищено: ${tables.length})`);
    }
    const summary = await seedDemoData(database.db, seed === undefined ? {} : { seed });
    if (!summary) {
      console.error('Пока шла загрузка, в базе появились пользователи: демо-данные не загружены.');
      return 1;
    }
    console.log(report(summary));
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
