import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import type { Database } from '../../apps/api/src/db/schema';
import { confirmInBulk, rejectInBulk } from '../../apps/api/src/domain/ledger/movements';
import { refreshAllStaleGaps } from '../../apps/api/src/routes/bookings/gaps';
import { refreshAllStalePaid } from '../../apps/api/src/routes/trips/paid';
import { foldAllAdministrativeDeltas } from '../../apps/api/src/routes/reports/administrative-tally';
import { queueAllTrips, refreshAllReportFigures } from '../../apps/api/src/routes/reports/figures';

export const BENCH_SIZES = {
  users: 100_000,
  wallets: 200_000,
  transactions: 1_000_000,
  trips: 10_000,
  /** Trips 1..this have 40 participants each (the summary scenario opens them), the rest 18. */
  bigTrips: 1_000,
  participants: 202_000,
  /** Ten per trip: a hotel, flights there and back, insurance, two transfers, a guide, … */
  bookings: 100_000,
};

/** Words the trips' titles are made of (the trips search scenario looks for them). */
export const TRIP_TITLES = [
  'Золотое кольцо Японии',
  'Сеул и Пусан',
  'Грузия: Тбилиси и Казбеги',
  'Самарканд и Бухара',
  'Стамбул и Каппадокия',
  'Иссык-Куль',
];
const TRIP_COUNTRIES = ['Япония', 'Корея', 'Грузия', 'Узбекистан', 'Турция', 'Кыргызстан'];

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
 * in rotating currencies) and 1M transactions, a tenth of them on one busy site wallet, decided
 * by `accountantId` (another user than the admin who recorded them: the four-eyes rule).
 * Returns the ids the scenarios need.
 */
export function seedBenchData(pool: Db, adminId: number, accountantId: number) {
  // One connection without the API's 30 s statement timeout: a million rows take longer.
  return pool.connection().execute(async (db) => {
    await sql`set statement_timeout = 0`.execute(db);
    return fill(db, adminId, accountantId);
  });
}

async function fill(db: Kysely<Database>, adminId: number, accountantId: number) {
  const { users, wallets, transactions } = BENCH_SIZES;
  // The bench's staff come first; every later user is a tourist.
  const staff = Math.max(adminId, accountantId);
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
    select id, 'client' from users where id > ${staff}`.execute(db);
  const { site } = await db
    .insertInto('wallets')
    .values({ type: 'site', user_id: null, name: 'Касса (сом)', currency: 'kgs' })
    .returning('id as site')
    .executeTakeFirstOrThrow();
  await sql`
    insert into wallets (type, user_id, name, currency)
    select 'user', u.id, 'Кошелек ' || (array['kgs','usd','eur','jpy'])[1 + (u.id + k) % 4],
           (array['kgs','usd','eur','jpy'])[1 + (u.id + k) % 4]
    from (select id from users where id > ${staff} order by id limit ${wallets / 2}) as u,
         generate_series(0, 1) as k`.execute(db);
  const { min, max } = await db
    .selectFrom('wallets')
    .select([(eb) => eb.fn.min('id').as('min'), (eb) => eb.fn.max('id').as('max')])
    .where('type', '=', 'user')
    .executeTakeFirstOrThrow();
  // The million operations: two thirds incomes, a third withdrawals. Each is recorded pending and
  // decided through the ledger's own bulk calls (confirmInBulk, rejectInBulk), so every balance
  // is the sum of its confirmed movements: the incomes confirmed (but every twentieth, still
  // waiting), the withdrawals waiting, every thirty-third operation rejected. Every twentieth (on
  // the company's cash desk) is an administrative operation of a built-in category: 50k of them
  // for the administrative report.
  const operations = (destiny: 'confirmed' | 'rejected' | 'pending') => sql`
    insert into transactions (wallet_id, type, amount, currency, status, created_by, created_at,
                              comment, category)
    select t.wallet_id,
           case when t.i % 3 = 0 then 'outcome' else 'income' end,
           100 + (t.i * 31) % 100000,
           w.currency,
           'pending',
           ${adminId}::bigint,
           now() - make_interval(mins => (t.i % 130000)::int),
           'Платеж №' || t.i,
           case when t.i % 20 = 0 then (array['Аренда', 'Зарплаты', 'Налоги', 'Маркетинг',
             'Банковские комиссии', 'Прочее'])[1 + (t.i / 20) % 6] end
    from (select i, case when i % 10 = 0 then ${site}::bigint
                         else ${min}::bigint + (i * 7919) % (${max}::bigint - ${min}::bigint + 1)
                    end as wallet_id
          from generate_series(1::bigint, ${transactions}::bigint) as i) as t
    join wallets w on w.id = t.wallet_id
    where case when t.i % 33 = 0 then 'rejected'
               when t.i % 3 = 0 or t.i % 20 = 7 then 'pending'
               else 'confirmed' end = ${destiny}`;
  const pendingIds = sql`select id from transactions where status = 'pending'`;
  await operations('confirmed').execute(db);
  await fillTrips(db, adminId, staff, Number(site), 'confirmed');
  await db
    .transaction()
    .execute((trx) => confirmInBulk(trx, pendingIds, accountantId, { at: 'recorded' }));
  await operations('rejected').execute(db);
  await db
    .transaction()
    .execute((trx) =>
      rejectInBulk(trx, pendingIds, accountantId, 'Отклонено при проверке', { at: 'recorded' }),
    );
  await operations('pending').execute(db);
  await fillTrips(db, adminId, staff, Number(site), 'pending');
  // What the running server's refresher does within seconds of the bulk load: the participants'
  // payments in another currency converted and stored on them.
  await refreshAllStalePaid(db);
  // And its other refresher: what each trip's participants lack, stored per trip.
  await refreshAllStaleGaps(db);
  // And the general report's figures of every trip (what the triggers queued during the bulk load
  // is every trip anyway).
  await sql`delete from trip_report_queue`.execute(db);
  await queueAllTrips(db);
  await refreshAllReportFigures(db);
  // And the administrative report's deltas folded into its days.
  await foldAllAdministrativeDeltas(db);
  // What autovacuum does soon after a bulk load on a live server: statistics and the visibility map
  // (index-only scans read the heap for every page that is not marked all-visible).
  await sql`vacuum analyze`.execute(db);
  return benchIdsOf(db);
}

/** The ids the scenarios need. */
export interface BenchIds {
  siteWalletId: number;
  firstUserWalletId: number;
  firstTripId: number;
  firstClientId: number;
  /** Who recorded every operation (the confirmation queue's author filter). */
  adminId: number;
}

/** The ids the scenarios need, read from a seeded database (BENCH_URL reuses one). */
export async function benchIdsOf(db: Kysely<Database>): Promise<BenchIds> {
  const row = await sql<{
    site: string;
    wallet: string;
    trip: string;
    client: string;
    admin: string;
  }>`
    select (select min(id) from wallets where type = 'site') as site,
           (select min(id) from wallets where type = 'user') as wallet,
           (select min(id) from trips) as trip,
           (select min(user_id) from user_roles where role = 'client') as client,
           (select min(created_by) from transactions) as admin`.execute(db);
  const ids = row.rows[0]!;
  return {
    siteWalletId: Number(ids.site),
    firstUserWalletId: Number(ids.wallet),
    firstTripId: Number(ids.trip),
    firstClientId: Number(ids.client),
    adminId: Number(ids.admin),
  };
}

/**
 * 10k trips over three years in every status, 202k participants (40 on each of the first 1000
 * trips, 18 on the others), two confirmed payments into the company cash desk per participant of
 * the big trips (some in another currency than the trip's), and 90 days of rates.
 */
async function fillTrips(
  db: Kysely<Database>,
  adminId: number,
  /** The last staff member's id: every later user is a tourist. */
  staff: number,
  siteWalletId: number,
  destiny: 'confirmed' | 'pending',
) {
  const { trips, bigTrips, users } = BENCH_SIZES;
  if (destiny === 'pending') {
    await tripPayments(db, adminId, siteWalletId, destiny);
    return;
  }
  const { firstClientId } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min('id').as('firstClientId'))
    .where('id', '>', staff)
    .executeTakeFirstOrThrow();
  const titles = sql.lit(`{${TRIP_TITLES.map((t) => `"${t}"`).join(',')}}`);
  const countries = sql.lit(`{${TRIP_COUNTRIES.join(',')}}`);
  await sql`
    insert into trips (title, country, starts_on, ends_on, status, price, currency, seats,
                       seats_taken, manager_id)
    select (${titles}::text[])[1 + t % 6] || ' №' || t,
           (${countries}::text[])[1 + t % 6],
           date '2025-01-01' + (t * 37) % 1095,
           date '2025-01-01' + (t * 37) % 1095 + 3 + t % 8,
           (array['planned','confirmed','in_progress','completed','cancelled'])[1 + t % 5],
           case when t % 2 = 0 then 150000 else 1800 * 100 end,
           case when t % 2 = 0 then 'kgs' else 'usd' end,
           45,
           case when t <= ${bigTrips} then 40 else 18 end,
           ${adminId}
    from generate_series(1, ${trips}) as t`.execute(db);
  const { first } = await db
    .selectFrom('trips')
    .select((eb) => eb.fn.min('id').as('first'))
    .executeTakeFirstOrThrow();
  // Within a trip the 40 numbers t*40+slot are consecutive, and 7919 is prime to the user count:
  // each trip's participants are distinct users.
  await sql`
    insert into trip_participants (trip_id, user_id, price, discount, status)
    select ${first}::bigint + t - 1,
           ${firstClientId}::bigint + ((t * 40 + slot)::bigint * 7919) % ${users},
           tr.price, case when slot % 7 = 0 then tr.price / 10 else 0 end,
           case when slot % 19 = 0 then 'confirmed' else 'booked' end
    from generate_series(1, ${trips}) as t
    cross join generate_series(0, 39) as slot
    join trips tr on tr.id = ${first}::bigint + t - 1
    where slot < case when t <= ${bigTrips} then 40 else 18 end`.execute(db);
  await sql`
    insert into currency_rates (date, from_currency, to_currency, rate)
    select current_date - d, c.code, 'kgs', c.rate + (d % 5) * 0.01
    from generate_series(0, 400) as d
    cross join (values ('usd', 87.5), ('eur', 95.2), ('jpy', 0.58)) as c(code, rate)`.execute(db);
  await tripPayments(db, adminId, siteWalletId, destiny);
  await fillBookings(db, adminId);
  await fillPriceLists(db);
}

/**
 * 100k bookings, ten per trip in rotating statuses: a hotel for the whole stay, flights there and
 * back and a health insurance covering every participant (the hotel's rooming list two by two;
 * every seventh trip's last participant uncovered, so the dashboard has something missing), two
 * transfers, a guide, entrance tickets and a tour expense; every eleventh unpaid past its due date.
 */
async function fillBookings(db: Kysely<Database>, adminId: number) {
  const suppliers = await db
    .insertInto('suppliers')
    .values(
      (
        [
          ['Hotel Bench', 'hotel'],
          ['Airline Bench', 'air_ticket'],
          ['Insurer Bench', 'health_insurance'],
          ['Transfers Bench', 'transfer'],
          ['Guides Bench', 'guide'],
          ['Venues Bench', 'activity'],
          ['Expenses Bench', 'tour_expense'],
        ] as const
      ).map(([name, kind]) => ({ name, kinds: [kind] })),
    )
    .returning(['id', 'kinds'])
    .execute();
  const supplierOf = Object.fromEntries(suppliers.map((s) => [s.kinds[0]!, s.id]));
  // slot: 0 hotel, 1-2 flights, 3 insurance, 4-5 transfers, 6 guide, 7 activity, 8 expense, 9 a
  // second hotel night for the last night (a split stay).
  await sql`
    insert into bookings (kind, trip_id, supplier_id, starts_on, ends_on, cost, currency, status,
                          penalty, confirmation_number, payment_due_on, details, title, created_by)
    select k.kind, tr.id, (${JSON.stringify(supplierOf)}::jsonb ->> k.kind)::bigint,
           case when k.slot in (2, 5) then tr.ends_on
                when k.slot = 9 then tr.ends_on - 1
                when k.slot in (6, 7, 8) then tr.starts_on + 1 else tr.starts_on end,
           case when k.slot in (0, 3) then tr.ends_on - case when k.slot = 0 then 1 else 0 end
                when k.slot = 9 then tr.ends_on
                when k.slot = 6 then tr.starts_on + 2
                when k.slot in (1, 4) then tr.starts_on
                when k.slot in (7, 8) then tr.starts_on + 1
                else tr.ends_on end,
           10000 + (tr.id * 13 + k.slot * 101) % 500000,
           case when tr.currency = 'kgs' and k.slot % 2 = 0 then 'kgs' else 'usd' end,
           (array['requested','confirmed','confirmed','confirmed','cancelled'])[1 + (tr.id + k.slot) % 5],
           case when (tr.id + k.slot) % 5 = 4 then 5000 end,
           'CNF-' || tr.id || '-' || k.slot,
           case when (tr.id + k.slot) % 11 = 0 then tr.starts_on - 30 end,
           '{}'::jsonb,
           k.kind || ' ' || tr.title,
           ${adminId}::bigint
    from trips tr
    cross join (values (0, 'hotel'), (1, 'air_ticket'), (2, 'air_ticket'),
                       (3, 'health_insurance'), (4, 'transfer'), (5, 'transfer'), (6, 'guide'),
                       (7, 'activity'), (8, 'tour_expense'), (9, 'hotel')) as k(slot, kind)
    where tr.ends_on - tr.starts_on >= 3
    order by tr.id, k.slot
    limit ${BENCH_SIZES.bookings}`.execute(db);
  await sql`
    insert into booking_participants (booking_id, participant_id, room, ticket_number, ticket_cost)
    select b.id, p.id,
           case when b.kind = 'hotel' then 1 + (row_number() over (partition by b.id order by p.id) - 1) / 2 end,
           case when b.kind = 'air_ticket' then '235-' || p.id end,
           case when b.kind = 'air_ticket' then 20000 end
    from bookings b
    join trip_participants p on p.trip_id = b.trip_id and p.status <> 'cancelled'
    where b.kind in ('hotel', 'air_ticket', 'health_insurance')
      and not (b.trip_id % 7 = 0 and p.id = (select max(id) from trip_participants q
                                             where q.trip_id = b.trip_id))`.execute(db);
}

/**
 * Two payments into the company cash desk per participant of the big trips, recorded pending: the
 * second of every fourth participant stays waiting, the others are confirmed by the caller.
 */
async function tripPayments(
  db: Kysely<Database>,
  adminId: number,
  siteWalletId: number,
  destiny: 'confirmed' | 'pending',
) {
  const { bigTrips } = BENCH_SIZES;
  const { first } = await db
    .selectFrom('trips')
    .select((eb) => eb.fn.min('id').as('first'))
    .executeTakeFirstOrThrow();
  await sql`
    insert into transactions (wallet_id, type, amount, currency, status, trip_id, participant_id,
                              created_by, created_at, comment)
    select ${siteWalletId}::bigint, 'income', 50000 + (p.id % 7) * 1000, 'kgs', 'pending',
           p.trip_id, p.id, ${adminId}::bigint,
           now() - make_interval(days => (p.id % 300)::int),
           'Оплата тура'
    from trip_participants p
    cross join generate_series(0, 1) as k
    where p.trip_id < ${first}::bigint + ${bigTrips}
      and (case when k = 1 and p.id % 4 = 0 then 'pending' else 'confirmed' end) = ${destiny}`.execute(
    db,
  );
}

/** The services of the bench's price lists: what a costing's lines pick (costingBodyOf). */
export const PRICED = {
  hotels: ['Стандарт', 'Улучшенный', 'Делюкс', 'Люкс'],
  routes: ['Маршрут 1', 'Маршрут 2', 'Маршрут 3', 'Маршрут 4'],
  venues: Array.from({ length: 20 }, (_, i) => `Объект ${i + 1}`),
  expenses: Array.from({ length: 20 }, (_, i) => `Расход ${i + 1}`),
} as const;

/**
 * Price lists for the costing scenario, on the bench's suppliers, for 2025–2027: four room
 * categories (SGL and DBL, BB, in USD) by monthly season (288 prices), four routes' cars of 3, 7
 * and 18 seats by year (KGS), a guide's day by year (EUR), twenty venues' adult tickets (KGS) and
 * twenty expenses (USD, every other one per group) by year.
 */
export async function fillPriceLists(db: Kysely<Database>) {
  const supplier = async (kind: string) =>
    (
      await db
        .selectFrom('suppliers')
        .select('id')
        .where(sql<boolean>`kinds @> array[${kind}]::text[]`)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [hotel, transfer, guide, venue, expense] = await Promise.all(
    ['hotel', 'transfer', 'guide', 'activity', 'tour_expense'].map(supplier),
  );
  const rows: Insertable<Database['supplier_prices']>[] = [];
  const years = [2025, 2026, 2027];
  const year = (y: number) => ({ valid_from: `${y}-01-01`, valid_to: `${y}-12-31` });
  for (const [index, service] of PRICED.hotels.entries()) {
    for (const y of years) {
      for (let month = 1; month <= 12; month++) {
        const last = new Date(Date.UTC(y, month, 0)).getUTCDate();
        const season = {
          valid_from: `${y}-${String(month).padStart(2, '0')}-01`,
          valid_to: `${y}-${String(month).padStart(2, '0')}-${last}`,
        };
        const base = 6000 + index * 2000 + (month % 6) * 500;
        for (const [variant, price] of [
          ['SGL', base],
          ['DBL', Math.round(base * 1.4)],
        ] as const) {
          rows.push({
            supplier_id: hotel!,
            kind: 'hotel',
            service,
            variant,
            meal_plan: 'BB',
            unit: 'room_night',
            currency: 'usd',
            price,
            ...season,
          });
        }
      }
    }
  }
  for (const service of PRICED.routes) {
    for (const y of years) {
      for (const [capacity, price] of [
        [3, 2500],
        [7, 4000],
        [18, 9000],
      ] as const) {
        rows.push({
          supplier_id: transfer!,
          kind: 'transfer',
          service,
          capacity,
          unit: 'car',
          currency: 'kgs',
          price,
          ...year(y),
        });
      }
    }
  }
  for (const y of years) {
    rows.push({
      supplier_id: guide!,
      kind: 'guide',
      service: 'Гид, день',
      unit: 'day',
      currency: 'eur',
      price: 9000,
      ...year(y),
    });
    for (const [index, service] of PRICED.venues.entries()) {
      rows.push({
        supplier_id: venue!,
        kind: 'activity',
        service,
        variant: 'adult',
        unit: 'person',
        currency: 'kgs',
        price: 500 + index * 50,
        ...year(y),
      });
    }
    for (const [index, service] of PRICED.expenses.entries()) {
      rows.push({
        supplier_id: expense!,
        kind: 'tour_expense',
        service,
        unit: index % 2 === 0 ? 'person' : 'group',
        currency: 'usd',
        price: 1000 + index * 250,
        ...year(y),
      });
    }
  }
  await db.insertInto('supplier_prices').values(rows).execute();
}

/**
 * A 14-day tour's costing with 60 lines from the bench's price lists, starting `start`
 * (YYYY-MM-DD, in 2025–2027 less two weeks): four hotels of 3 or 4 nights (13 nights), four
 * transfers, a guide each day, twenty tickets and eighteen expenses, sold in USD; null when the
 * database has no price lists (one seeded before them).
 */
export async function costingBodyOf(db: Kysely<Database>, start: string) {
  const day = (offset: number) => {
    const date = new Date(`${start}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const prices = await db
    .selectFrom('supplier_prices')
    .select([
      'id',
      'supplier_id',
      'kind',
      'service',
      sql<string>`valid_from::text`.as('from'),
      sql<string>`valid_to::text`.as('to'),
    ])
    .where('kind', 'in', ['hotel', 'transfer', 'guide', 'activity', 'tour_expense'])
    .where('valid_from', '<=', day(13))
    .where('valid_to', '>=', start)
    .execute();
  if (prices.length === 0) return null;
  // A tour crossing a season's end (a new year) takes each day's price of its own season.
  const of = (kind: string, service: string, on = start) =>
    prices.find(
      (price) =>
        price.kind === kind && price.service === service && price.from <= on && price.to >= on,
    );
  const lines: object[] = [];
  let night = 0;
  for (const [index, service] of PRICED.hotels.entries()) {
    const nights = index === 0 ? 4 : 3;
    lines.push({
      type: 'hotel',
      supplier_id: of('hotel', service)!.supplier_id,
      service,
      meal_plan: 'BB',
      check_in: day(night),
      nights,
    });
    night += nights;
  }
  for (const [index, service] of PRICED.routes.entries()) {
    lines.push({
      type: 'transfer',
      supplier_id: of('transfer', service)!.supplier_id,
      service,
      date: day(index * 4),
    });
  }
  for (let d = 0; d < 14; d++) {
    lines.push({ type: 'price', price_id: of('guide', 'Гид, день', day(d))!.id, date: day(d) });
  }
  for (const [index, service] of PRICED.venues.entries()) {
    lines.push({
      type: 'price',
      price_id: of('activity', service, day(index % 14))!.id,
      date: day(index % 14),
    });
  }
  for (const service of PRICED.expenses.slice(0, 18)) {
    lines.push({ type: 'price', price_id: of('tour_expense', service)!.id, date: day(0) });
  }
  return {
    currency: 'usd',
    rate_date: day(0),
    markup_type: 'percent',
    markup: 12,
    commission: 10,
    lines,
  };
}
