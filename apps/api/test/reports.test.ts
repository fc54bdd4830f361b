import ExcelJS from 'exceljs';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { foldAllAdministrativeDeltas } from '../src/routes/reports/administrative-tally';
import { queueAllTrips, refreshAllReportFigures } from '../src/routes/reports/figures';
import { sheetsOf } from './workbook';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The reports (DESIGN.md 3b) on a small fixed data set whose every figure is computed by hand
// below: a dollar trip paid in dollars, som and euros, a cancelled participant refunded in part,
// a supplier paid before the service at another day's rate, a cancelled booking's penalty, and a
// payment made before any rate existed. Each trip is shown on the contract basis (revenue: what
// its participants owe by contract at its start day's rate; costs, profit, margin) beside the
// cash one (paid, debt, supplier payments, cash result).

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;
let app: App;
let admin: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };

type Reply = Awaited<ReturnType<Browser['get']>>;

async function ok(response: Reply) {
  expect([response.statusCode, response.json()]).toEqual([
    200,
    expect.objectContaining({ code: 1 }),
  ]);
  return response.json().data;
}

/** A company wallet of the currency, made directly (the figures need no balances). */
async function wallet(currency: string): Promise<number> {
  const row = await db()
    .insertInto('wallets')
    .values({ type: 'site', user_id: null, name: `Касса ${currency}`, currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const wallets: Record<string, number> = {};

/** A movement confirmed at 06:00 UTC of `day` (noon in Bishkek: that business day). */
async function movement(values: {
  type: 'income' | 'outcome';
  amount: number;
  currency: string;
  day: string;
  trip?: number;
  participant?: number;
  booking?: number;
  pending?: boolean;
}) {
  await db()
    .insertInto('transactions')
    .values({
      wallet_id: (wallets[values.currency] ??= await wallet(values.currency)),
      type: values.type,
      amount: values.amount,
      currency: values.currency,
      status: values.pending ? 'pending' : 'confirmed',
      trip_id: values.trip ?? null,
      participant_id: values.participant ?? null,
      booking_id: values.booking ?? null,
      confirmed_at: values.pending ? null : new Date(`${values.day}T06:00:00Z`),
      created_at: new Date(`${values.day}T06:00:00Z`),
    })
    .execute();
}

async function trip(title: string, startsOn: string, endsOn: string, currency: string) {
  return ok(
    await admin.browser.post('/api/admin/trips', {
      title,
      country: 'Япония',
      starts_on: startsOn,
      ends_on: endsOn,
      price: 1000,
      currency,
      seats: 10,
    }),
  ) as Promise<{ id: number }>;
}

async function participant(
  tripId: number,
  name: string,
  terms: { price?: number; discount?: number } = {},
): Promise<number> {
  const user = await createTestUser(db(), { password: null, full_name: name });
  return (
    await ok(
      await admin.browser.post(`/api/admin/trip/${tripId}/participants`, {
        user_id: user,
        ...terms,
      }),
    )
  ).id;
}

/** A downloaded workbook's sheets, each row's values from column A (empty rows left out). */

let tokyo: number;
let noRate: number;
let spring: number;
let hotel: number;
let anna: number;
let boris: number;
let vera: number;
let supplier: number;

beforeAll(async () => {
  app = await buildTestApp(db());
  admin = await signedIn(app, db(), ['admin'], { full_name: 'Администратор' });
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер' });
  // Som per unit of each currency on three days.
  await db()
    .insertInto('currency_rates')
    .values(
      (
        [
          ['2031-01-10', 'usd', '87.5'],
          ['2031-01-10', 'eur', '95'],
          ['2031-01-20', 'usd', '88'],
          ['2031-01-20', 'eur', '96'],
          ['2031-02-01', 'usd', '89'],
          ['2031-02-01', 'eur', '97'],
        ] as const
      ).map(([date, from, rate]) => ({ date, from_currency: from, to_currency: 'kgs', rate })),
    )
    .execute();

  tokyo = (await trip('Токио зимой', '2031-02-01', '2031-02-07', 'usd')).id;
  anna = await participant(tokyo, 'Анна Токио');
  boris = await participant(tokyo, 'Борис Токио');
  vera = await participant(tokyo, 'Вера Токио');
  // Anna: $500 on 10.01 and 43 750 som on 20.01 (at 88: $497.159…); $10 still waiting.
  await movement({
    type: 'income',
    amount: 50000,
    currency: 'usd',
    day: '2031-01-10',
    trip: tokyo,
    participant: anna,
  });
  await movement({
    type: 'income',
    amount: 43750,
    currency: 'kgs',
    day: '2031-01-20',
    trip: tokyo,
    participant: anna,
  });
  await movement({
    type: 'income',
    amount: 1000,
    currency: 'usd',
    day: '2031-01-21',
    trip: tokyo,
    participant: anna,
    pending: true,
  });
  // Boris: €400 on 10.01.
  await movement({
    type: 'income',
    amount: 40000,
    currency: 'eur',
    day: '2031-01-10',
    trip: tokyo,
    participant: boris,
  });
  // Vera: $300 on 10.01, then cancelled and refunded $100 on 20.01 (the rest is her penalty).
  await movement({
    type: 'income',
    amount: 30000,
    currency: 'usd',
    day: '2031-01-10',
    trip: tokyo,
    participant: vera,
  });
  await ok(
    await admin.browser.put(`/api/admin/trip/${tokyo}/participant/${vera}`, {
      price: 1000,
      discount: 0,
      status: 'cancelled',
    }),
  );
  await movement({
    type: 'outcome',
    amount: 10000,
    currency: 'usd',
    day: '2031-01-20',
    trip: tokyo,
    participant: vera,
  });

  supplier = (
    await ok(
      await admin.browser.post('/api/admin/suppliers', { name: 'JTB', kinds: ['tour_expense'] }),
    )
  ).id;
  // $1000 of services on 01.02, $600 of it paid on 20.01 (at 88 som, against 89 on the day).
  hotel = (
    await ok(
      await admin.browser.post('/api/admin/bookings', {
        kind: 'tour_expense',
        trip_id: tokyo,
        supplier_id: supplier,
        starts_on: '2031-02-01',
        participants: [],
        cost: 1000,
        currency: 'usd',
        status: 'confirmed',
        details: { category: 'Отель' },
      }),
    )
  ).id;
  await movement({
    type: 'outcome',
    amount: 60000,
    currency: 'usd',
    day: '2031-01-20',
    booking: hotel,
  });
  // A transfer cancelled with a €50 penalty.
  await ok(
    await admin.browser.post('/api/admin/bookings', {
      kind: 'tour_expense',
      trip_id: tokyo,
      supplier_id: supplier,
      starts_on: '2031-02-01',
      participants: [],
      cost: 300,
      currency: 'eur',
      status: 'cancelled',
      penalty: 50,
      details: { category: 'Трансфер' },
    }),
  );

  // A som trip: 10 000 som, and ¥5 000 paid before any rate existed.
  noRate = (await trip('Без курса', '2031-02-10', '2031-02-12', 'kgs')).id;
  const gulnara = await participant(noRate, 'Гульнара');
  await movement({
    type: 'income',
    amount: 10000,
    currency: 'kgs',
    day: '2031-01-10',
    trip: noRate,
    participant: gulnara,
  });
  await movement({
    type: 'income',
    amount: 5000,
    currency: 'jpy',
    day: '2030-12-01',
    trip: noRate,
    participant: gulnara,
  });
  // Outside the period.
  spring = (await trip('Весной', '2031-04-01', '2031-04-05', 'usd')).id;
});

afterAll(async () => {
  await app.close();
});

const PERIOD = 'from=2031-02-01&to=2031-03-31';

/** The figures of a line, a month and the totals, in the columns' order of screen and workbook. */
const FIGURE_KEYS = [
  'revenue',
  'costs',
  'profit',
  'margin',
  'paid',
  'debt',
  'supplier_paid',
  'cash_result',
  'exchange_difference',
] as const;

/** The figures of a month no trip starts in: zeros, and no margin without revenue. */
const NO_TRIPS = {
  revenue: 0,
  costs: 0,
  profit: 0,
  margin: null,
  paid: 0,
  debt: 0,
  supplier_paid: 0,
  cash_result: 0,
  exchange_difference: 0,
};

describe('the general report', () => {
  it('adds each trip up in som on both bases, the exchange difference apart', async () => {
    const report = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    expect(report).toMatchObject({
      currency: 'kgs',
      from: '2031-02-01',
      to: '2031-03-31',
      total: 2,
    });
    const [first, second] = report.lines;
    // Revenue: Anna's and Boris's $1000 each, and the $200 Vera paid and kept (she cancelled):
    // $2200 at 89 on the start day = 195 800. Costs: 1000×89 + the penalty 50×97 = 93 850.
    // Profit 101 950, margin 101 950 / 195 800 = 52.068… %. Paid: Anna 500×87.5 + 43 750 =
    // 87 500; Boris 400×95 = 38 000; Vera 300×87.5 − 100×88 = 17 450: 142 950; debt 195 800 −
    // 142 950 = 52 850. The supplier was paid $600 at 88 = 52 800; cash result 142 950 − 52 800 =
    // 90 150. Exchange difference: $600 at 89 less at 88 = 600 (a gain).
    expect(first).toMatchObject({
      trip: { id: tokyo, title: 'Токио зимой', currency: 'usd', status: 'planned' },
      tourists: 2,
      revenue: 195800,
      costs: 93850,
      profit: 101950,
      margin: 52.07,
      paid: 142950,
      debt: 52850,
      supplier_paid: 52800,
      cash_result: 90150,
      exchange_difference: 600,
      missing_rate: false,
    });
    // A som trip: Gulnara owes 1000 som and paid 10 000 (overpaid: a debt of −9000); the yen she
    // paid before any rate is left out and flagged, never taken at 1.
    expect(second).toMatchObject({
      trip: { id: noRate },
      tourists: 1,
      revenue: 1000,
      costs: 0,
      profit: 1000,
      margin: 100,
      paid: 10000,
      debt: -9000,
      supplier_paid: 0,
      cash_result: 10000,
      exchange_difference: 0,
      missing_rate: true,
    });
    expect(report.missing_rates).toEqual([{ date: '2030-12-01', currency: 'jpy' }]);
    const february = {
      revenue: 196800,
      costs: 93850,
      profit: 102950,
      margin: 52.31, // 102 950 / 196 800 = 52.312…
      paid: 152950,
      debt: 43850,
      supplier_paid: 52800,
      cash_result: 100150,
      exchange_difference: 600,
    };
    expect(report.totals).toEqual({ trips: 2, tourists: 3, missing_rate: true, ...february });
    expect(report.months).toEqual([
      { month: '2031-02', ...february },
      { month: '2031-03', ...NO_TRIPS },
    ]);
  });

  it('converts to dollars per participant and per booking, each rounded up once', async () => {
    const report = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${PERIOD}&currency=usd`),
    );
    // Revenue $2200 in the trip's own currency. Paid: Anna $500 + 43 750/88 = $997.159… → 997.16;
    // Boris €400 at 95/87.5 = $434.285… → 434.29; Vera $200: $1631.45. Costs $1000 + €50 at 97/89
    // = $54.494… → 54.50: $1054.50. Profit $1145.50, margin 1145.50 / 2200 = 52.068… %.
    expect(report.lines[0]).toMatchObject({
      revenue: 2200,
      costs: 1054.5,
      profit: 1145.5,
      margin: 52.07,
      paid: 1631.45,
      debt: 568.55,
      supplier_paid: 600,
      cash_result: 1031.45,
      exchange_difference: 0,
    });
  });

  it('shows the exchange difference in a third currency', async () => {
    const report = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${PERIOD}&currency=eur`),
    );
    // $600 at 89/97 = €550.515… → 550.52 on the service day; at 88/96 = €550.00 when paid.
    expect(report.lines[0]).toMatchObject({ supplier_paid: 550, exchange_difference: 0.52 });
  });

  it('filters by status, manager and country, and pages', async () => {
    const one = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${PERIOD}&per_page=1&page=2`),
    );
    expect([one.total, one.lines.map((line: { trip: { id: number } }) => line.trip.id)]).toEqual([
      2,
      [noRate],
    ]);
    expect([one.totals.revenue, one.totals.paid]).toEqual([196800, 152950]);
    const none = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${PERIOD}&status=completed`),
    );
    expect([none.total, none.totals.revenue, none.totals.paid]).toEqual([0, 0, 0]);
    const country = await ok(
      await accountant.browser.get(
        `/api/admin/reports/general?${PERIOD}&country=${encodeURIComponent('япон')}`,
      ),
    );
    expect(country.total).toBe(2);
    const manager = await ok(
      await accountant.browser.get(
        `/api/admin/reports/general?${PERIOD}&manager_id=${accountant.id}`,
      ),
    );
    expect(manager.total).toBe(0);
  });

  it('refuses a reversed period in Russian, under the field', async () => {
    const response = await accountant.browser.get(
      '/api/admin/reports/general?from=2031-03-01&to=2031-02-01',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ to: ['Начало периода позже его конца'] });
    // An end more than ten years after the start too, and a start alone more than ten years
    // before the end of the current year (without an end, the period runs at least to it).
    for (const period of ['from=2020-01-01&to=2030-01-02', 'from=2001-01-01']) {
      const long = await accountant.browser.get(`/api/admin/reports/general?${period}`);
      expect([long.statusCode, long.json().errors]).toEqual([
        422,
        { to: ['Период отчёта — не больше 10 лет'] },
      ]);
    }
    const open = await ok(
      await accountant.browser.get('/api/admin/reports/general?from=2031-02-01'),
    );
    expect([open.from, open.to, open.total]).toEqual(['2031-02-01', null, 3]);
    const last = await ok(
      await accountant.browser.get('/api/admin/reports/general?from=9999-12-02'),
    );
    expect([last.total, last.months.map((m: { month: string }) => m.month)]).toEqual([
      0,
      ['9999-12'],
    ]);
  });
});

describe('the contract basis beside the cash one', () => {
  let como: number;
  let seoul: number;

  beforeAll(async () => {
    // Som per unit on 15.05 (and every day up to 31.05) and from 01.06.
    await db()
      .insertInto('currency_rates')
      .values(
        (
          [
            ['2031-05-15', 'usd', '90'],
            ['2031-05-15', 'eur', '100'],
            ['2031-06-01', 'usd', '91'],
            ['2031-06-01', 'eur', '102'],
          ] as const
        ).map(([date, from, rate]) => ({ date, from_currency: from, to_currency: 'kgs', rate })),
      )
      .execute();
    // A dollar trip of 01.06: Aida $1500 less a $100 discount, paid €500 on 15.05 (in part, in
    // another currency); Bakyt $1500, nothing paid yet; Cholpon paid 36 050 som on 15.05, then
    // cancelled and was refunded $150 on 20.05, the rest kept.
    como = (await trip('Озеро Иссык-Куль', '2031-06-01', '2031-06-08', 'usd')).id;
    const aida = await participant(como, 'Аида Иссык-Куль', { price: 1500, discount: 100 });
    await participant(como, 'Бакыт Иссык-Куль', { price: 1500 });
    const cholpon = await participant(como, 'Чолпон Иссык-Куль', { price: 1500 });
    await movement({
      type: 'income',
      amount: 50000,
      currency: 'eur',
      day: '2031-05-15',
      trip: como,
      participant: aida,
    });
    await movement({
      type: 'income',
      amount: 36050,
      currency: 'kgs',
      day: '2031-05-15',
      trip: como,
      participant: cholpon,
    });
    await ok(
      await admin.browser.put(`/api/admin/trip/${como}/participant/${cholpon}`, {
        price: 1500,
        discount: 0,
        status: 'cancelled',
      }),
    );
    await movement({
      type: 'outcome',
      amount: 15000,
      currency: 'usd',
      day: '2031-05-20',
      trip: como,
      participant: cholpon,
    });
    // A hotel of 100 000 som from 01.06, 60 000 of it paid on 20.05; a guide for €300 from 02.06.
    const lakeHotel = (
      await ok(
        await admin.browser.post('/api/admin/bookings', {
          kind: 'tour_expense',
          trip_id: como,
          supplier_id: supplier,
          starts_on: '2031-06-01',
          participants: [],
          cost: 100000,
          currency: 'kgs',
          status: 'confirmed',
          details: { category: 'Отель' },
        }),
      )
    ).id;
    await movement({
      type: 'outcome',
      amount: 60000,
      currency: 'kgs',
      day: '2031-05-20',
      booking: lakeHotel,
    });
    await ok(
      await admin.browser.post('/api/admin/bookings', {
        kind: 'tour_expense',
        trip_id: como,
        supplier_id: supplier,
        starts_on: '2031-06-02',
        participants: [],
        cost: 300,
        currency: 'eur',
        status: 'confirmed',
        details: { category: 'Гид' },
      }),
    );

    // The trip: sold for $3 430, $700 of it paid, $1 465 of costs.
    seoul = (await trip('Сеул осенью', '2031-09-01', '2031-09-07', 'usd')).id;
    const mira = await participant(seoul, 'Мира Сеул', { price: 3430 });
    await movement({
      type: 'income',
      amount: 70000,
      currency: 'usd',
      day: '2031-08-01',
      trip: seoul,
      participant: mira,
    });
    await ok(
      await admin.browser.post('/api/admin/bookings', {
        kind: 'tour_expense',
        trip_id: seoul,
        supplier_id: supplier,
        starts_on: '2031-09-01',
        participants: [],
        cost: 1465,
        currency: 'usd',
        status: 'confirmed',
        details: { category: 'Пакет' },
      }),
    );
  });

  // The lake trip by hand, in dollars. Revenue, in the trip's dollars: Aida 1500 − 100 = 1400,
  // Bakyt 1500, Cholpon what she kept: 36 050/90 − 150 = 250.555… → 250.56 (rounded once, for
  // her): $3150.56. Costs: 100 000 som at 91 = 1098.901… → 1098.91; €300 at 102/91 = 336.263… →
  // 336.27: $1435.18. Profit $1715.38, margin 1715.38 / 3150.56 = 54.446… %. Paid: Aida €500 at
  // 100/90 = 555.555… → 555.56, Cholpon 250.56: $806.12; debt 3150.56 − 806.12 = 2344.44.
  // Supplier paid: 60 000 som at 90 (15.05's rate, the latest on 20.05) = 666.666… → 666.67; cash
  // result 806.12 − 666.67 = 139.45. Exchange difference: 60 000 som at 91 = 659.340… → 659.35,
  // less 666.67 at the payment's rate: −7.32.
  const COMO_USD = {
    revenue: 3150.56,
    costs: 1435.18,
    profit: 1715.38,
    margin: 54.45,
    paid: 806.12,
    debt: 2344.44,
    supplier_paid: 666.67,
    cash_result: 139.45,
    exchange_difference: -7.32,
  };
  // In som. Revenue $3150.56 at 91 on the start day = 286 700.96 → 286 701 (once, for the trip).
  // Costs 100 000 + 300×102 = 130 600; profit 156 101, margin 156 101 / 286 701 = 54.447… %.
  // Paid: Aida 500×100 = 50 000, Cholpon 36 050 − 150×90 = 22 550: 72 550; debt 214 151. Supplier
  // paid 60 000; cash result 12 550. The hotel is in som: no exchange difference.
  const COMO_KGS = {
    revenue: 286701,
    costs: 130600,
    profit: 156101,
    margin: 54.45,
    paid: 72550,
    debt: 214151,
    supplier_paid: 60000,
    cash_result: 12550,
    exchange_difference: 0,
  };

  it('counts a trip by contract and in cash, in dollars and in som', async () => {
    const june = 'from=2031-06-01&to=2031-06-30';
    const usd = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${june}&currency=usd`),
    );
    expect(usd.lines).toEqual([
      expect.objectContaining({
        trip: expect.objectContaining({ id: como }),
        tourists: 2,
        missing_rate: false,
        ...COMO_USD,
      }),
    ]);
    expect(usd.totals).toEqual({ trips: 1, tourists: 2, missing_rate: false, ...COMO_USD });
    const kgs = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${june}&currency=kgs`),
    );
    expect(kgs.lines[0]).toMatchObject(COMO_KGS);
    expect(kgs.totals).toEqual({ trips: 1, tourists: 2, missing_rate: false, ...COMO_KGS });
  });

  it('shows the trip sold for $3 430 with $700 paid as $3 430 of revenue, not a loss', async () => {
    const report = await ok(
      await accountant.browser.get(
        '/api/admin/reports/general?from=2031-09-01&to=2031-09-30&currency=usd',
      ),
    );
    // Counting only what was paid made it 700 − 1465 = −$765 (a margin of −109 %). By contract:
    // revenue 3430, profit 3430 − 1465 = 1965, margin 1965 / 3430 = 57.288… %; in cash: $700
    // paid, $2730 still owed, nothing paid to the supplier yet.
    expect(report.lines[0]).toMatchObject({
      trip: { id: seoul },
      revenue: 3430,
      costs: 1465,
      profit: 1965,
      margin: 57.29,
      paid: 700,
      debt: 2730,
      supplier_paid: 0,
      cash_result: 700,
      exchange_difference: 0,
    });
  });

  it('gives the tour summary the same two bases for the trip, to the minor unit', async () => {
    const usd = await ok(await accountant.browser.get(`/api/admin/reports/tour?trip_id=${como}`));
    expect(usd.totals).toEqual({ tourists: 2, missing_rate: false, ...COMO_USD });
    const kgs = await ok(
      await accountant.browser.get(`/api/admin/reports/tour?trip_id=${como}&currency=kgs`),
    );
    expect(kgs.totals).toEqual({ tourists: 2, missing_rate: false, ...COMO_KGS });
  });

  it('takes by default the current year and every later start', async () => {
    const year = new Date().getFullYear();
    const nextYear = (
      await trip('В следующем году', `${year + 1}-03-10`, `${year + 1}-03-15`, 'kgs')
    ).id;
    const lastYear = (await trip('В прошлом году', `${year - 1}-12-20`, `${year - 1}-12-25`, 'kgs'))
      .id;
    const report = await ok(
      await accountant.browser.get('/api/admin/reports/general?per_page=100'),
    );
    expect([report.from, report.to]).toEqual([`${year}-01-01`, null]);
    const ids = report.lines.map((line: { trip: { id: number } }) => line.trip.id);
    expect(ids).toContain(nextYear);
    expect(ids).toContain(seoul);
    expect(ids).not.toContain(lastYear);
    // The months run from January to the month of the last start (the trip, 09.2031).
    expect(report.months[0].month).toBe(`${year}-01`);
    expect(report.months.at(-1).month).toBe('2031-09');
    expect(report.months).toHaveLength((2031 - year) * 12 + 9);
    await db().deleteFrom('trips').where('id', 'in', [nextYear, lastYear]).execute();
  });
});

describe("a trip's users", () => {
  it('reconciles to the general report line to the minor unit, cancelled participants apart', async () => {
    const report = await ok(
      await accountant.browser.get(`/api/admin/reports/general/${tokyo}/users?currency=kgs`),
    );
    expect(report.trip).toMatchObject({ id: tokyo, currency: 'usd' });
    const rows = Object.fromEntries(
      report.participants.map((p: { full_name: string }) => [p.full_name, p]),
    );
    expect(rows['Анна Токио']).toMatchObject({
      status: 'booked',
      price: 1000,
      discount: 0,
      due: 1000,
      paid: 997.16,
      expected: 10,
      debt: 2.84,
      paid_in_currency: 87500,
    });
    expect(rows['Борис Токио']).toMatchObject({
      paid: 434.29,
      debt: 565.71,
      paid_in_currency: 38000,
    });
    expect(rows['Вера Токио']).toMatchObject({
      status: 'cancelled',
      due: 0,
      paid: 200,
      debt: -200,
      paid_in_currency: 17450,
    });
    expect(report.totals).toEqual({
      active: { due: 2000, paid: 1431.45, expected: 10, debt: 568.55, paid_in_currency: 125500 },
      cancelled: { due: 0, paid: 200, expected: 0, debt: -200, paid_in_currency: 17450 },
      paid_in_currency: 142950,
      missing_rate: false,
    });
    // Anna's som payment with both of its rates.
    expect(rows['Анна Токио'].payments[1]).toEqual({
      id: expect.any(Number),
      type: 'income',
      status: 'confirmed',
      date: '2031-01-20',
      amount: 43750,
      currency: 'kgs',
      trip_rate: expect.any(Number),
      trip_rate_date: '2031-01-20',
      in_trip_currency: 497.16,
      report_rate: 1,
      report_rate_date: '2031-01-20',
      in_report_currency: 43750,
    });
  });

  it('answers 404 for a trip that does not exist', async () => {
    const response = await accountant.browser.get('/api/admin/reports/general/999999/users');
    expect(response.statusCode).toBe(404);
  });
});

describe('the general report in XLSX', () => {
  it('carries the screen’s lines, totals to the minor unit, the months and the rates used', async () => {
    const response = await accountant.browser.get(`/api/admin/reports/general/export?${PERIOD}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'filename=general-report-2031-02-01-2031-03-31-kgs.xlsx;',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const values = (sheet: ExcelJS.Worksheet) =>
      sheet
        .getSheetValues()
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1));
    const report = values(workbook.getWorksheet('Общий отчет')!);
    // The period, the bases of the figures and the filters above the table.
    expect(report.slice(1, 7)).toEqual([
      ['Период', 'Туры с началом с 01.02.2031 по 31.03.2031'],
      ['Основа', expect.stringMatching(/^По договорам — к оплате по участникам .+; по кассе — /)],
      ['Валюта отчета', 'Сом (KGS)'],
      ['Статус', 'все'],
      ['Менеджер', 'все'],
      ['Страна', 'все'],
    ]);
    const header = report.findIndex((row) => row[0] === 'Тур');
    expect(report[header]!.slice(7)).toEqual([
      'Туристов',
      'Выручка',
      'Расходы',
      'Прибыль',
      'Маржа, %',
      'Оплачено',
      'Долг',
      'Оплачено поставщикам',
      'Денежный результат',
      'Курсовая разница',
      'Нет курса',
      'План: расходы',
      'План: прибыль',
      'План: маржа, %',
      'Расходы сверх плана',
    ]);
    // The figures of the first test above, column by column.
    expect(report[header + 1]).toEqual([
      'Токио зимой',
      'Япония',
      new Date('2031-02-01T00:00:00Z'),
      new Date('2031-02-07T00:00:00Z'),
      'Запланирован',
      undefined, // no manager
      'USD',
      2,
      195800,
      93850,
      101950,
      52.07,
      142950,
      52850,
      52800,
      90150,
      600,
      undefined, // every rate found
      'нет калькуляции',
    ]);
    const totals = [196800, 93850, 102950, 52.31, 152950, 43850, 52800, 100150, 600];
    expect(report.at(-1)).toEqual([
      'Итого (туров: 2)',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      3,
      ...totals,
      'да',
    ]);
    // The screen's totals, to the minor unit.
    const screen = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    expect(totals).toEqual(FIGURE_KEYS.map((key) => screen.totals[key]));
    const months = values(workbook.getWorksheet('По месяцам')!);
    expect(months.slice(-3)).toEqual([
      ['02.2031', ...totals],
      ['03.2031', 0, 0, 0, undefined, 0, 0, 0, 0, 0],
      ['Итого', ...totals],
    ]);
    // The screen's chart travels as a native chart on the months' sheet: its parts, wired in,
    // well-formed, reading the month rows' cells (categories in A, income B, costs C, profit E).
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => strFromU8(files[name]!);
    for (const part of [
      'xl/charts/chart1.xml',
      'xl/drawings/drawing1.xml',
      'xl/drawings/_rels/drawing1.xml.rels',
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/_rels/sheet2.xml.rels',
      '[Content_Types].xml',
    ]) {
      expect([part, XMLValidator.validate(text(part))]).toEqual([part, true]);
    }
    const chart = text('xl/charts/chart1.xml');
    let monthsHeader = 0;
    workbook.getWorksheet('По месяцам')!.eachRow((row, number) => {
      if (row.getCell(1).value === 'Месяц') monthsHeader = number;
    });
    expect(monthsHeader).toBe(4); // title, the period, an empty line, the header
    const [first, last] = [5, 6]; // February and March
    const ranges = [...chart.matchAll(/<c:f>([^<]+)<\/c:f>/g)].map((match) =>
      match[1]!.replace(/&apos;/g, "'"),
    );
    // The months in A; revenue (B) and costs (C) as bars, profit (D) and paid (F) as lines.
    expect([...new Set(ranges)]).toEqual([
      `'По месяцам'!$A$${first}:$A$${last}`,
      `'По месяцам'!$B$${first}:$B$${last}`,
      `'По месяцам'!$C$${first}:$C$${last}`,
      `'По месяцам'!$D$${first}:$D$${last}`,
      `'По месяцам'!$F$${first}:$F$${last}`,
    ]);
    expect(chart).toContain('<c:barChart>');
    expect(chart).toContain('<c:lineChart>');
    expect(chart).toContain('<c:v>196800</c:v>');
    expect(chart).toContain('<c:v>152950</c:v>');
    expect(text('xl/worksheets/sheet2.xml')).toMatch(
      /<drawing r:id="rIdChartDrawing1"\/><\/worksheet>$/,
    );
    expect(text('xl/worksheets/_rels/sheet2.xml.rels')).toContain(
      'Target="../drawings/drawing1.xml"',
    );
    expect(text('[Content_Types].xml')).toContain(
      '<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>',
    );

    const rates = values(workbook.getWorksheet('Курсы')!);
    const day = (text: string) => new Date(`${text}T00:00:00Z`);
    // Each rate as a bank prints it (the exact one stays in the API's JSON).
    const quote = (symbol: string, rate: string) => `1\u00a0${symbol} = ${rate}\u00a0С`;
    expect(rates.slice(rates.findIndex((row) => row[0] === 'День суммы') + 1)).toEqual([
      [day('2030-12-01'), 'JPY', 'нет курса'],
      [day('2031-01-10'), 'EUR', quote('€', '95,00'), day('2031-01-10')],
      [day('2031-01-10'), 'USD', quote('$', '87,50'), day('2031-01-10')],
      [day('2031-01-20'), 'USD', quote('$', '88,00'), day('2031-01-20')],
      [day('2031-02-01'), 'EUR', quote('€', '97,00'), day('2031-02-01')],
      [day('2031-02-01'), 'USD', quote('$', '89,00'), day('2031-02-01')],
    ]);
  });

  it('states the default period and totals it as the screen does, in dollars', async () => {
    const year = new Date().getFullYear();
    const response = await accountant.browser.get('/api/admin/reports/general/export?currency=usd');
    expect(response.headers['content-disposition']).toContain(
      `filename=general-report-${year}-01-01-usd.xlsx;`,
    );
    const sheet = await sheetsOf(response);
    const rows = sheet('Общий отчет');
    expect(rows[1]).toEqual([
      'Период',
      `Туры с началом с 01.01.${year} — текущий год и все более поздние`,
    ]);
    const screen = await ok(
      await accountant.browser.get('/api/admin/reports/general?currency=usd'),
    );
    const totals = rows.at(-1)!;
    expect(totals[0]).toBe(`Итого (туров: ${screen.totals.trips})`);
    expect(totals.slice(7, 17)).toEqual([
      screen.totals.tourists,
      ...FIGURE_KEYS.map((key) => screen.totals[key]),
    ]);
    const months = sheet('По месяцам');
    expect(months.at(-1)!.slice(1)).toEqual(FIGURE_KEYS.map((key) => screen.totals[key]));
    expect(months.slice(-1 - screen.months.length, -1).map((row) => row[0])).toEqual(
      screen.months.map((m: { month: string }) => m.month.split('-').reverse().join('.')),
    );
  });
});

describe('the tour summary', () => {
  it("splits each booking's cost between the tourists it covers, to the cent, and adds up", async () => {
    // Three cents of tips for Anna and Boris: a cent each, and the odd one to Anna (first by name).
    await ok(
      await admin.browser.post('/api/admin/bookings', {
        kind: 'tour_expense',
        trip_id: tokyo,
        supplier_id: supplier,
        starts_on: '2031-02-02',
        participants: [{ participant_id: boris }, { participant_id: anna }],
        cost: 0.03,
        currency: 'usd',
        status: 'confirmed',
        details: { category: 'Чаевые' },
      }),
    );
    const summary = await ok(
      await accountant.browser.get(`/api/admin/reports/tour?trip_id=${tokyo}`),
    );
    expect(summary.currency).toBe('usd');
    expect(summary.kinds).toHaveLength(1);
    const bookings = summary.kinds[0].bookings;
    expect(summary.kinds[0]).toMatchObject({ kind: 'tour_expense', converted: 1054.53 });
    expect(bookings.find((b: { id: number }) => b.id === hotel)).toMatchObject({
      cost: 1000,
      converted: 1000,
      rate: 1,
      rate_date: null,
      supplier_paid: 600,
      supplier_debt: 400,
      exchange_difference: 0,
      shared_by: 2,
      missing_rate: false,
    });
    // The cancelled transfer's €50 penalty at 97/89 on its day.
    expect(bookings.find((b: { status: string }) => b.status === 'cancelled')).toMatchObject({
      currency: 'eur',
      cost: 50,
      converted: 54.5,
      rate_date: '2031-02-01',
      supplier_paid: 0,
      supplier_debt: 50,
    });
    // $1000 and $54.50 for the two still travelling, $0.03 for the two it covers.
    expect(summary.tourists).toEqual([
      {
        participant_id: anna,
        full_name: 'Анна Токио',
        status: 'booked',
        paid: 997.16,
        costs: 527.27,
        by_kind: { tour_expense: 527.27 },
        result: 469.89,
      },
      {
        participant_id: boris,
        full_name: 'Борис Токио',
        status: 'booked',
        paid: 434.29,
        costs: 527.26,
        by_kind: { tour_expense: 527.26 },
        result: -92.97,
      },
      {
        participant_id: vera,
        full_name: 'Вера Токио',
        status: 'cancelled',
        paid: 200,
        costs: 0,
        by_kind: {},
        result: 200,
      },
    ]);
    expect(summary.unassigned).toEqual({ costs: 0, by_kind: {} });
    // As the general report: revenue $2200, costs now 1054.53, profit 1145.47, margin
    // 1145.47 / 2200 = 52.066… %; paid 1631.45, debt 568.55, the supplier paid $600, cash result
    // 1031.45.
    expect(summary.totals).toEqual({
      tourists: 2,
      missing_rate: false,
      revenue: 2200,
      costs: 1054.53,
      profit: 1145.47,
      margin: 52.07,
      paid: 1631.45,
      debt: 568.55,
      supplier_paid: 600,
      cash_result: 1031.45,
      exchange_difference: 0,
    });
  });

  it('exports the bookings with their rates and the tourists with their shares', async () => {
    const sheet = await sheetsOf(
      await accountant.browser.get(`/api/admin/reports/tour/export?trip_id=${tokyo}`),
    );
    const bookings = sheet('Бронирования');
    const field = (label: string) => bookings.find((row) => row[0] === label);
    expect(field('Основа')![1]).toMatch(/^По договорам — .+; по кассе — /);
    expect(
      [
        'Выручка',
        'Расходы',
        'Прибыль',
        'Маржа, %',
        'Оплачено',
        'Долг',
        'Оплачено поставщикам',
        'Денежный результат',
        'Курсовая разница',
      ].map(field),
    ).toEqual([
      ['Выручка', 2200],
      ['Расходы', 1054.53],
      ['Прибыль', 1145.47],
      ['Маржа, %', 52.07],
      ['Оплачено', 1631.45],
      ['Долг', 568.55],
      ['Оплачено поставщикам', 600],
      ['Денежный результат', 1031.45],
      ['Курсовая разница', 0],
    ]);
    const penalty = bookings.find((row) => row[1] === 'Трансфер')!;
    // The euro in dollars on 01.02 as a bank prints it: 97 / 89 = 1.089887… to six digits.
    expect([penalty[5], penalty[6], penalty[7], penalty[9]]).toEqual([
      'Отменено',
      50,
      '1\u00a0€ = 1,08989\u00a0$',
      54.5,
    ]);
    // A booking in the report's own currency has no rate to show.
    expect(bookings.find((row) => row[1] === 'Отель')![7]).toBe('—');
    const tourists = sheet('По туристам');
    const header = tourists.findIndex((row) => row[0] === 'ФИО');
    expect(tourists.slice(header + 1)).toEqual([
      ['Анна Токио', 'Забронирован', 997.16, 527.27, 527.27, 469.89],
      ['Борис Токио', 'Забронирован', 434.29, 527.26, 527.26, -92.97],
      ['Вера Токио', 'Отменён', 200, 0, undefined, 200],
    ]);
  });

  it('answers in another currency and 404 for an unknown trip', async () => {
    const summary = await ok(
      await accountant.browser.get(`/api/admin/reports/tour?trip_id=${tokyo}&currency=kgs`),
    );
    // In som: revenue $2200 at 89 = 195 800, paid 142 950; the penalty is 50 × 97 = 4850 and the
    // hotel 89 000; the exchange difference 600.
    expect(summary.totals).toMatchObject({
      revenue: 195800,
      paid: 142950,
      exchange_difference: 600,
    });
    expect(summary.totals.costs).toBe(89000 + 4850 + 3); // 0.03 × 89 = 2.67 som, up to 3
    const response = await accountant.browser.get('/api/admin/reports/tour?trip_id=999999');
    expect(response.statusCode).toBe(404);
  });
});

describe('the administrative report', () => {
  it('adds operations up by category and month at their days’ rates, rounding each cell once', async () => {
    await db()
      .insertInto('operation_categories')
      .values([{ name: 'Аренда офиса' }, { name: 'Зарплата' }, { name: 'Возврат аванса' }])
      .onConflict((oc) => oc.doNothing())
      .execute();
    const operation = async (
      category: string,
      type: 'income' | 'outcome',
      amount: number,
      currency: string,
      day: string,
    ) =>
      db()
        .insertInto('transactions')
        .values({
          wallet_id: (wallets[currency] ??= await wallet(currency)),
          type,
          amount,
          currency,
          status: 'confirmed',
          category,
          confirmed_at: new Date(`${day}T06:00:00Z`),
          created_at: new Date(`${day}T06:00:00Z`),
        })
        .execute();
    // January: rent $100 on 10.01 (87.5) and 1 000 som on 20.01; salaries €0.01 twice on 20.01
    // (0.96 som each: 1.92 together, up to 2, not 1 + 1).
    await operation('Аренда офиса', 'outcome', 10000, 'usd', '2031-01-10');
    await operation('Аренда офиса', 'outcome', 1000, 'kgs', '2031-01-20');
    await operation('Зарплата', 'outcome', 1, 'eur', '2031-01-20');
    await operation('Зарплата', 'outcome', 1, 'eur', '2031-01-20');
    // February: rent $10 on 01.02 (89); an advance returned, 500 som.
    await operation('Аренда офиса', 'outcome', 1000, 'usd', '2031-02-01');
    await operation('Возврат аванса', 'income', 500, 'kgs', '2031-02-03');
    // Before any rate: flagged, left out.
    await operation('Зарплата', 'outcome', 100, 'jpy', '2031-01-05');
    // Out of the period.
    await operation('Аренда офиса', 'outcome', 999, 'kgs', '2031-03-01');
    // A pending one is not counted.
    await db()
      .insertInto('transactions')
      .values({
        wallet_id: wallets.kgs!,
        type: 'outcome',
        amount: 777,
        currency: 'kgs',
        status: 'pending',
        category: 'Зарплата',
      })
      .execute();

    const report = await ok(
      await accountant.browser.get(
        '/api/admin/reports/administrative?from=2031-01-01&to=2031-02-28',
      ),
    );
    expect(report.months).toEqual(['2031-01', '2031-02']);
    expect(report.lines).toEqual([
      {
        category: 'Возврат аванса',
        type: 'income',
        by_month: [0, 500],
        total: 500,
        originals: [{ currency: 'kgs', amount: 500 }],
        missing_rate: false,
      },
      {
        category: 'Аренда офиса',
        type: 'outcome',
        by_month: [8750 + 1000, 890],
        total: 10640,
        originals: [
          { currency: 'kgs', amount: 1000 },
          { currency: 'usd', amount: 110 },
        ],
        missing_rate: false,
      },
      {
        category: 'Зарплата',
        type: 'outcome',
        by_month: [2, 0],
        total: 2,
        originals: [
          { currency: 'eur', amount: 0.02 },
          { currency: 'jpy', amount: 100 },
        ],
        missing_rate: true,
      },
    ]);
    expect(report.totals).toEqual({
      income: [0, 500],
      outcome: [9752, 890],
      net: [-9752, -390],
      income_total: 500,
      outcome_total: 10642,
      net_total: -10142,
      missing_rate: true,
    });
    expect(report.missing_rates).toEqual([{ date: '2031-01-05', currency: 'jpy' }]);

    // The same in XLSX, with its chart reading the totals rows.
    const response = await accountant.browser.get(
      '/api/admin/reports/administrative/export?from=2031-01-01&to=2031-02-28',
    );
    const sheet = await sheetsOf(response);
    const rows = sheet('Административный отчет');
    expect(rows.slice(-3)).toEqual([
      ['Поступления', undefined, 0, 500, 500],
      ['Расходы', undefined, 9752, 890, 10642],
      ['Разница', undefined, -9752, -390, -10142],
    ]);
    const chart = strFromU8(
      unzipSync(new Uint8Array(response.rawPayload))['xl/charts/chart1.xml']!,
    );
    expect(XMLValidator.validate(chart)).toBe(true);
    // Title, three fields, an empty line, the header on row 6, three lines, an empty line, the
    // totals on rows 11 to 13; the months in columns C and D.
    expect([...new Set([...chart.matchAll(/<c:f>([^<]+)<\/c:f>/g)].map((m) => m[1]))]).toEqual([
      '&apos;Административный отчет&apos;!$C$6:$D$6',
      '&apos;Административный отчет&apos;!$C$11:$D$11',
      '&apos;Административный отчет&apos;!$C$12:$D$12',
      '&apos;Административный отчет&apos;!$C$13:$D$13',
    ]);
  });
});

describe('the stored figures', () => {
  const REPORT_CURRENCIES = ['kgs', 'usd', 'eur', 'jpy'] as const;
  type ReportCurrency = (typeof REPORT_CURRENCIES)[number];
  /** Minor units in one unit of each currency (som and yen have none). */
  const MINOR: Record<ReportCurrency, number> = { kgs: 1, usd: 100, eur: 100, jpy: 1 };
  /** The figures a trip stores and a report's line shows, in minor units, to be added up. */
  const SUMMED = ['revenue', 'costs', 'paid', 'supplier_paid', 'exchange_difference'] as const;
  type Summed = Record<(typeof SUMMED)[number], number>;

  type Line = {
    trip: { starts_on: string };
    tourists: number;
    missing_rate: boolean;
  } & Summed;

  /** Every trip's stored figures in one currency, by trip id, in minor units. */
  async function storedFigures(currency: ReportCurrency) {
    const rows = await db()
      .selectFrom('trip_report_figures')
      .selectAll()
      .where('currency', '=', currency)
      .orderBy('trip_id')
      .execute();
    return rows.map((row) => ({
      trip: row.trip_id,
      revenue: Number(row.revenue),
      costs: Number(row.costs),
      paid: Number(row.paid),
      supplier_paid: Number(row.supplier_paid),
      exchange_difference: Number(row.exchange_difference),
      missing: row.missing,
      last_day: row.last_day,
      month: row.month,
    }));
  }

  /**
   * The stored figures after every kind of change against the same figures rebuilt from nothing.
   * Triggers queue a trip whenever something its figures depend on changes (migrations
   * trip-report-figures and trip-report-revenue), the refresher computes the queued trips, and
   * triggers on the figures keep the tally per month; the rebuild drops all of it, queues every
   * trip and computes them all, as a database from before the figures gets them. Both compute a
   * trip with the same code, which the figures worked out by hand in these tests pin down; what
   * this comparison tests is the other part, independent of that code: that no kind of change
   * escapes the queue, and that the tally kept change by change is the tally of the trips.
   */
  async function expectStoredEqualsRebuilt() {
    expect(await refreshAllReportFigures(db())).toBeGreaterThan(0);
    const queued = await db()
      .selectFrom('trip_report_queue')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(0);
    await expectTallyEqualsFigures();
    const reports = await expectReportsAddUp();
    const kept = await Promise.all(REPORT_CURRENCIES.map(storedFigures));

    await db().deleteFrom('trip_report_figures').execute();
    await queueAllTrips(db());
    const trips = await db().selectFrom('trips').select('id').execute();
    expect(await refreshAllReportFigures(db())).toBe(trips.length);
    const rebuilt = await Promise.all(REPORT_CURRENCIES.map(storedFigures));
    // Every trip, even one nothing was ever paid or booked for (its figures are zeros).
    expect(rebuilt.map((rows) => rows.length)).toEqual(REPORT_CURRENCIES.map(() => trips.length));
    expect(kept).toEqual(rebuilt);
    await expectTallyEqualsFigures();
    expect(await expectReportsAddUp()).toEqual(reports);
  }

  /** The tally per month (migration general-report-months) against the figures summed afresh. */
  async function expectTallyEqualsFigures() {
    const months = await sql`
      select currency, month, trips, revenue::text, costs::text, paid::text,
        supplier_paid::text, exchange_difference::text
      from trip_report_months order by 1, 2`.execute(db());
    const summed = await sql`
      select currency, month, count(*)::int as trips, sum(revenue)::text as revenue,
        sum(costs)::text as costs, sum(paid)::text as paid,
        sum(supplier_paid)::text as supplier_paid,
        sum(exchange_difference)::text as exchange_difference
      from trip_report_figures group by 1, 2 order by 1, 2`.execute(db());
    expect(months.rows).toEqual(summed.rows);
    expect(summed.rows.length).toBeGreaterThan(0);
    const missing = await sql`
      select currency, month, day, from_currency, trips
      from trip_report_month_missing order by 1, 2, 3, 4`.execute(db());
    const counted = await sql`
      select f.currency, f.month, (m ->> 0)::date as day, m ->> 1 as from_currency,
        count(*)::int as trips
      from trip_report_figures f, jsonb_array_elements(f.missing) m
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db());
    expect(missing.rows).toEqual(counted.rows);
  }

  /**
   * Figures of summed lines by DESIGN.md 3b, worked out here apart from the report's code: profit
   * is revenue less costs, the margin profit / revenue in % to two places (half away from zero;
   * none without revenue), debt revenue less paid, the cash result paid less the supplier paid.
   */
  function figuresOf(minor: Summed, currency: ReportCurrency) {
    const { revenue, costs, paid, supplier_paid, exchange_difference } = minor;
    const profit = revenue - costs;
    const hundredths = Math.floor(
      (Math.abs(profit) * 20000 + Math.abs(revenue)) / (2 * Math.abs(revenue)),
    );
    const major = (value: number) => value / MINOR[currency];
    return {
      revenue: major(revenue),
      costs: major(costs),
      profit: major(profit),
      margin: revenue === 0 ? null : (profit < 0 !== revenue < 0 ? -1 : 1) * (hundredths / 100),
      paid: major(paid),
      debt: major(revenue - paid),
      supplier_paid: major(supplier_paid),
      cash_result: major(paid - supplier_paid),
      exchange_difference: major(exchange_difference),
    };
  }

  /**
   * The report of PERIOD (whole months: read from the tally) and of the default period (from
   * 1 January on, without an end) in every currency, all its lines on one page (read from each
   * trip's figures): its totals and months are its lines added up. Returns the reports.
   */
  async function expectReportsAddUp() {
    const reports = [];
    for (const query of [PERIOD, '']) {
      for (const currency of REPORT_CURRENCIES) {
        const report = await ok(
          await accountant.browser.get(
            `/api/admin/reports/general?${query}&currency=${currency}&per_page=100`,
          ),
        );
        const lines: Line[] = report.lines;
        expect(lines).toHaveLength(report.total);
        const sum = (of: Line[]) =>
          Object.fromEntries(
            SUMMED.map((key) => [
              key,
              of.reduce((total, line) => total + Math.round(line[key] * MINOR[currency]), 0),
            ]),
          ) as Summed;
        const missingRate = lines.some((line) => line.missing_rate);
        expect(report.totals).toEqual({
          trips: lines.length,
          tourists: lines.reduce((total, line) => total + line.tourists, 0),
          missing_rate: missingRate,
          ...figuresOf(sum(lines), currency),
        });
        expect(report.missing_rates.length > 0).toBe(missingRate);
        const months = report.months.map((m: { month: string }) => m.month);
        for (const line of lines) expect(months).toContain(line.trip.starts_on.slice(0, 7));
        expect(report.months).toEqual(
          months.map((month: string) => ({
            month,
            ...figuresOf(
              sum(lines.filter((line) => line.trip.starts_on.startsWith(month))),
              currency,
            ),
          })),
        );
        reports.push(report);
      }
    }
    return reports;
  }

  it('equal a full recomputation after every kind of change, and the report reads them', async () => {
    await expectStoredEqualsRebuilt();
    // The fixed data set's figures by hand, in minor units (som; cents), with the tour summary's
    // three cents of tips for Tokyo (booked from 02.02: its last day). Tokyo in som as the first
    // test has it, costs 89 000 + 4850 + 3 (0.03 × 89 = 2.67 som, up to 3); in dollars as the
    // second, costs 1000 + 54.50 + 0.03 = 1054.53. The som trip: 1000 som of revenue and 10 000
    // paid; in dollars 1000 / 89 (the latest rate on 10.02) = 11.235… → 11.24 and 10 000 / 87.5
    // = 114.285… → 114.29; the yen it was paid before any rate is missing in both. The spring
    // trip has nothing to count. The lake trip as its own tests have it. The trip in som,
    // at 91 (01.06's rate, the latest on 01.08 and 01.09): revenue 3430 × 91 = 312 130, costs
    // 1465 × 91 = 133 315, paid 700 × 91 = 63 700.
    const figures = (
      trip: number,
      [revenue, costs, paid, supplierPaid, difference]: number[],
      lastDay: string | null,
      month: string,
      missing: string[][] = [],
    ) => ({
      trip,
      revenue,
      costs,
      paid,
      supplier_paid: supplierPaid,
      exchange_difference: difference,
      missing,
      last_day: lastDay,
      month,
    });
    const noYenRate = [['2030-12-01', 'jpy']];
    const idOf = async (title: string) =>
      (
        await db()
          .selectFrom('trips')
          .select('id')
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).id;
    const como = await idOf('Озеро Иссык-Куль');
    const seoul = await idOf('Сеул осенью');
    expect(await storedFigures('kgs')).toEqual([
      figures(tokyo, [195800, 93853, 142950, 52800, 600], '2031-02-02', '2031-02-01'),
      figures(noRate, [1000, 0, 10000, 0, 0], '2031-02-10', '2031-02-01', noYenRate),
      figures(spring, [0, 0, 0, 0, 0], null, '2031-04-01'),
      figures(como, [286701, 130600, 72550, 60000, 0], '2031-06-02', '2031-06-01'),
      figures(seoul, [312130, 133315, 63700, 0, 0], '2031-09-01', '2031-09-01'),
    ]);
    expect(await storedFigures('usd')).toEqual([
      figures(tokyo, [220000, 105453, 163145, 60000, 0], '2031-02-02', '2031-02-01'),
      figures(noRate, [1124, 0, 11429, 0, 0], '2031-02-10', '2031-02-01', noYenRate),
      figures(spring, [0, 0, 0, 0, 0], null, '2031-04-01'),
      figures(como, [315056, 143518, 80612, 66667, -732], '2031-06-02', '2031-06-01'),
      figures(seoul, [343000, 146500, 70000, 0, 0], '2031-09-01', '2031-09-01'),
    ]);
    // Read from the stored figures, the report shows them: February is Tokyo and the som trip,
    // revenue 195 800 + 1000 = 196 800, costs 93 853, profit 102 947, margin 102 947 / 196 800
    // = 52.310… %, paid 142 950 + 10 000 = 152 950, debt 43 850, the supplier paid 52 800, cash
    // result 100 150, exchange difference 600; March has no trip.
    const report = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    const february = {
      revenue: 196800,
      costs: 93853,
      profit: 102947,
      margin: 52.31,
      paid: 152950,
      debt: 43850,
      supplier_paid: 52800,
      cash_result: 100150,
      exchange_difference: 600,
    };
    expect(report.totals).toEqual({ trips: 2, tourists: 3, missing_rate: true, ...february });
    expect(report.months).toEqual([
      { month: '2031-02', ...february },
      { month: '2031-03', ...NO_TRIPS },
    ]);
    expect(report.missing_rates).toEqual([{ date: '2030-12-01', currency: 'jpy' }]);

    // A rate entered for a day before the trip's last sum: the trip is queued and read afresh.
    await db()
      .insertInto('currency_rates')
      .values({ date: '2030-11-01', from_currency: 'jpy', to_currency: 'kgs', rate: '0.6' })
      .execute();
    const withRate = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    // ¥5 000 at 0.6 = 3 000 som now counts.
    expect(withRate.totals).toMatchObject({ paid: 155950, missing_rate: false });
    expect(withRate.missing_rates).toEqual([]);
    await expectStoredEqualsRebuilt();

    // A payment confirmed, a booking cancelled, a rate changed: each queues its trip.
    await movement({
      type: 'income',
      amount: 1000,
      currency: 'eur',
      day: '2031-01-20',
      trip: tokyo,
      participant: boris,
    });
    await db()
      .updateTable('bookings')
      .set({ status: 'cancelled', penalty: 10000 })
      .where('id', '=', hotel)
      .execute();
    await db()
      .updateTable('currency_rates')
      .set({ rate: '98' })
      .where('date', '=', '2031-02-01')
      .where('from_currency', '=', 'eur')
      .execute();
    const changed = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${PERIOD}&currency=usd`),
    );
    // Boris €400 at 95/87.5 and €10 at 96/88: 434.2857… + 10.9090… = 445.1948… → 445.20 (was
    // 434.29); the hotel's $100 penalty instead of $1000; the transfer's €50 at 98/89 = 55.0561…
    // → 55.06 (was 54.50); the tips $0.03. The revenue stays $2200.
    expect(changed.lines[0]).toMatchObject({ revenue: 2200, paid: 1642.36, costs: 155.09 });
    await expectStoredEqualsRebuilt();

    // Anna's price and discount changed, Boris cancelled: each queues the trip.
    const terms = async (id: number, price: number, discount: number, status: string) =>
      ok(
        await admin.browser.put(`/api/admin/trip/${tokyo}/participant/${id}`, {
          price,
          discount,
          status,
        }),
      );
    await terms(anna, 1200, 50, 'booked');
    await terms(boris, 1000, 0, 'cancelled');
    const renegotiated = await ok(
      await accountant.browser.get(`/api/admin/reports/general?${PERIOD}&currency=usd`),
    );
    // Anna owes 1200 − 50 = 1150; Boris keeps what he paid, $445.20; Vera $200: $1795.20.
    expect(renegotiated.lines[0]).toMatchObject({ tourists: 1, revenue: 1795.2, paid: 1642.36 });
    await expectStoredEqualsRebuilt();

    // The dollar's rate of the trip's start day changed: $1795.20 at 90 = 161 568 som.
    await db()
      .updateTable('currency_rates')
      .set({ rate: '90' })
      .where('date', '=', '2031-02-01')
      .where('from_currency', '=', 'usd')
      .execute();
    const restated = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    expect(restated.lines[0]).toMatchObject({ trip: { id: tokyo }, revenue: 161568 });
    await expectStoredEqualsRebuilt();
  });

  it('move with their trip between months, come with a new trip and go with a removed one', async () => {
    const kyoto = (await trip('Киото', '2031-03-20', '2031-03-22', 'kgs')).id;
    const osaka = (await trip('Осака весной', '2031-03-10', '2031-03-15', 'eur')).id;
    // Even a trip nothing is paid for yet has figures (zeros), counted in its month.
    await expectStoredEqualsRebuilt();
    const before = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    const tokyoLine = before.lines.find((line: { trip: { id: number } }) => line.trip.id === tokyo);

    // Tokyo moves to April (out of the period), Olga joins Osaka for €1000 (at 98, the rate of
    // 01.02 since the test above, the latest before its start: 98 000 som of revenue) and pays
    // €200 on 01.02 (19 600 som), and Kyoto is removed. Before the refresher runs, the queued
    // trips are read afresh.
    await db()
      .updateTable('trips')
      .set({ starts_on: '2031-04-03', ends_on: '2031-04-09' })
      .where('id', '=', tokyo)
      .execute();
    const olga = await participant(osaka, 'Ольга Осака');
    await movement({
      type: 'income',
      amount: 20000,
      currency: 'eur',
      day: '2031-02-01',
      trip: osaka,
      participant: olga,
    });
    await db().deleteFrom('trips').where('id', '=', kyoto).execute();
    const after = await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`));
    expect(after.total).toBe(before.total - 2);
    expect(after.totals.paid).toBe(before.totals.paid - tokyoLine.paid + 19600);
    expect(after.totals.revenue).toBe(before.totals.revenue - tokyoLine.revenue + 98000);
    const february = (report: { months: { month: string; paid: number }[] }) =>
      report.months.find((m) => m.month === '2031-02')!;
    expect(february(after).paid).toBe(february(before).paid - tokyoLine.paid);
    await expectReportsAddUp();
    // Refreshed, the figures counted in their new months, the removed trip's gone from the tally.
    await expectStoredEqualsRebuilt();
    expect(await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`))).toEqual(
      after,
    );

    // A euro rate entered for 05.03: after every sum Osaka converts but its start (10.03), so only
    // its revenue moves: €1000 at 99 = 99 000 som.
    await db()
      .insertInto('currency_rates')
      .values({ date: '2031-03-05', from_currency: 'eur', to_currency: 'kgs', rate: '99' })
      .execute();
    const osakaLine = async () =>
      (await ok(await accountant.browser.get(`/api/admin/reports/general?${PERIOD}`))).lines.find(
        (line: { trip: { id: number } }) => line.trip.id === osaka,
      );
    expect(await osakaLine()).toMatchObject({ revenue: 99000, paid: 19600 });
    await expectStoredEqualsRebuilt();
    expect(await osakaLine()).toMatchObject({ revenue: 99000, paid: 19600 });
  });
});

describe('the administrative tally', () => {
  /** The tally (folded days and deltas) against the ledger summed afresh, per key. */
  async function expectTallyEqualsLedger() {
    const tally = await sql<{ key: string; total: string }>`
      select category || ' ' || type || ' ' || currency || ' ' || day as key,
        sum(total)::text as total
      from (select category, type, currency, day, total from administrative_days
            union all
            select category, type, currency, day, amount from administrative_deltas) t
      group by 1 having sum(total) <> 0 order by 1`.execute(db());
    const ledger = await sql<{ key: string; total: string }>`
      select category || ' ' || type || ' ' || currency || ' ' ||
          (confirmed_at at time zone 'Asia/Bishkek')::date as key,
        sum(amount)::text as total
      from transactions
      where status = 'confirmed' and category is not null and type in ('income', 'outcome')
      group by 1 order by 1`.execute(db());
    expect(tally.rows).toEqual(ledger.rows);
    expect(ledger.rows.length).toBeGreaterThan(0);
  }

  it('equals the ledger summed afresh, folded or not, after every kind of change', async () => {
    const before = await ok(
      await accountant.browser.get(
        '/api/admin/reports/administrative?from=2031-01-01&to=2031-02-28',
      ),
    );
    await expectTallyEqualsLedger();
    expect(await foldAllAdministrativeDeltas(db())).toBeGreaterThan(0);
    await expectTallyEqualsLedger();
    // Folded, the report is the same.
    expect(
      await ok(
        await accountant.browser.get(
          '/api/admin/reports/administrative?from=2031-01-01&to=2031-02-28',
        ),
      ),
    ).toEqual(before);
    // The pending salary confirmed on 01.02 and another advance returned: each shows in the
    // tally at once (resolved operations never change: the ledger refuses it).
    await db()
      .updateTable('transactions')
      .set({ status: 'confirmed', confirmed_at: new Date('2031-02-01T06:00:00Z') })
      .where('status', '=', 'pending')
      .where('category', '=', 'Зарплата')
      .execute();
    await db()
      .insertInto('transactions')
      .values({
        wallet_id: wallets.kgs!,
        type: 'income',
        amount: 500,
        currency: 'kgs',
        status: 'confirmed',
        category: 'Возврат аванса',
        confirmed_at: new Date('2031-02-10T06:00:00Z'),
      })
      .execute();
    await expectTallyEqualsLedger();
    const after = await ok(
      await accountant.browser.get(
        '/api/admin/reports/administrative?from=2031-01-01&to=2031-02-28',
      ),
    );
    // February: the rent's $10, now at 90 (the stored figures' test changed the dollar's rate of
    // 01.02), 900 som, and the salary's 777 som; two advances of 500 returned. January now counts
    // the ¥100 salary too (60 som: the yen's rate entered by the stored figures' test).
    expect([after.totals.income, after.totals.outcome]).toEqual([
      [0, 1000],
      [9752 + 60, 900 + 777],
    ]);
    await foldAllAdministrativeDeltas(db());
    await expectTallyEqualsLedger();
  });
});
