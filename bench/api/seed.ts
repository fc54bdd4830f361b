import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import type { Database } from '../../apps/api/src/db/schema';

export const BENCH_SIZES = { users: 100_000, wallets: 200_000, transactions: 1_000_000 };

const SURNAMES = [
  'Иванов',
  'Петров',
  'Сидоров',
  'Кузнецов',
  'Смирнов',
  'Асанов',
  'Токтогулов',
  'Абдыкадыров',
  'Осмонов',
  'Жумабеков',
  'Морозов',
  'Волков',
  'Соколов',
  'Лебедев',
  'Козлов',
  'Новиков',
];
const NAMES = [
  'Иван',
  'Алексей',
  'Бакыт',
  'Нурлан',
  'Айбек',
  'Сергей',
  'Дмитрий',
  'Эрлан',
  'Азамат',
  'Тимур',
  'Мария',
  'Айгуль',
  'Гульнара',
  'Елена',
  'Анна',
  'Жылдыз',
  'Асель',
  'Ольга',
  'Наталья',
  'Чолпон',
];

/**
 * Fills a migrated database in bulk with generate_series: 100k users, 200k wallets (two each,
 * in rotating currencies) and 1M transactions, a tenth of them on one busy site wallet.
 * Returns the ids the scenarios need.
 */
export function seedBenchData(pool: Db, adminId: number) {
  // One connection without the API's 30 s statement timeout: a million rows take longer.
  return pool.connection().execute(async (db) => {
    await sql`set statement_timeout = 0`.execute(db);
    return fill(db, adminId);
  });
}

async function fill(db: Kysely<Database>, adminId: number) {
  const { users, wallets, transactions } = BENCH_SIZES;
  const surnames = sql.lit(`{${SURNAMES.join(',')}}`);
  const names = sql.lit(`{${NAMES.join(',')}}`);
  await sql`
    insert into users (full_name, email, phone, passport_number, manager_id, birth_date)
    select (${surnames}::text[])[1 + i % 16] || ' ' || (${names}::text[])[1 + (i / 16) % 20],
           case when i % 2 = 0 then 'tourist' || i || '@bench.example' end,
           '+996' || lpad(i::text, 9, '0'),
           'AC' || lpad(i::text, 7, '0'),
           ${adminId},
           date '1960-01-01' + (i % 20000)
    from generate_series(1, ${users}) as i`.execute(db);
  await sql`insert into user_roles (user_id, role)
    select id, 'client' from users where id <> ${adminId}`.execute(db);
  const { site } = await db
    .insertInto('wallets')
    .values({ type: 'site', user_id: null, name: 'Касса (сом)', currency: 'kgs' })
    .returning('id as site')
    .executeTakeFirstOrThrow();
  await sql`
    insert into wallets (type, user_id, name, currency)
    select 'user', u.id, 'Кошелек ' || (array['kgs','usd','eur','jpy'])[1 + (u.id + k) % 4],
           (array['kgs','usd','eur','jpy'])[1 + (u.id + k) % 4]
    from (select id from users where id <> ${adminId} order by id limit ${wallets / 2}) as u,
         generate_series(0, 1) as k`.execute(db);
  const { min, max } = await db
    .selectFrom('wallets')
    .select([(eb) => eb.fn.min('id').as('min'), (eb) => eb.fn.max('id').as('max')])
    .where('type', '=', 'user')
    .executeTakeFirstOrThrow();
  await sql`
    insert into transactions (wallet_id, type, amount, currency, status, created_by, confirmed_by,
                              created_at, confirmed_at, comment)
    select t.wallet_id,
           case when t.i % 3 = 0 then 'outcome' else 'income' end,
           100 + (t.i * 31) % 100000,
           w.currency,
           case when t.i % 20 = 0 then 'pending' when t.i % 33 = 0 then 'rejected' else 'confirmed' end,
           ${adminId}::bigint,
           case when t.i % 20 = 0 then null else ${adminId}::bigint end,
           now() - make_interval(mins => (t.i % 130000)::int),
           case when t.i % 20 = 0 then null
                else now() - make_interval(mins => (t.i % 130000)::int) end,
           'Платеж №' || t.i
    from (select i, case when i % 10 = 0 then ${site}::bigint
                         else ${min}::bigint + (i * 7919) % (${max}::bigint - ${min}::bigint + 1)
                    end as wallet_id
          from generate_series(1::bigint, ${transactions}::bigint) as i) as t
    join wallets w on w.id = t.wallet_id`.execute(db);
  // What autovacuum does soon after a bulk load on a live server: statistics and the visibility map
  // (index-only scans read the heap for every page that is not marked all-visible).
  await sql`vacuum analyze`.execute(db);
  return { siteWalletId: Number(site), firstUserWalletId: Number(min) };
}
