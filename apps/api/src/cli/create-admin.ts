import { migrateToLatest } from '../db/migrate';
import { AdminInputError, createAdmin, validateAdminInput } from './admin-account';
import { openCliDatabase, parseOptions, runCli, UsageError } from './runtime';

const USAGE = `Создание администратора (для рабочей базы, без демо-данных).

  npm run create-admin -w apps/api -- --email <адрес> --password <пароль> [--name "Имя"]

Если пользователь с таким адресом уже есть, ему задается новый пароль и добавляется роль
администратора. Пароль можно передать и в переменной ADMIN_PASSWORD (его не будет видно в
списке процессов и в истории команд).

База: DATABASE_URL, иначе встроенная PostgreSQL в DATA_DIR (по умолчанию ./data).`;

async function main(): Promise<number> {
  const values = parseOptions({
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const input = {
    email: values.email,
    password: values.password ?? process.env.ADMIN_PASSWORD,
    name: values.name,
  };
  try {
    // Bad input is refused before anything starts or changes.
    validateAdminInput(input);
  } catch (error) {
    throw error instanceof AdminInputError ? new UsageError(error.message) : error;
  }

  const database = await openCliDatabase();
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) console.log(`Применены миграции: ${applied.join(', ')}`);
    const result = await createAdmin(database.db, input);
    console.log(
      result.created
        ? `Администратор создан: ${result.email} (id ${result.id})`
        : `Пользователь ${result.email} (id ${result.id}) уже был: пароль заменен, роль ` +
            'администратора добавлена',
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
