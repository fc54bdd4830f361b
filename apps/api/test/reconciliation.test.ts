import { decodeExtended, parse } from 'content-disposition';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import {
  confirmMovement,
  recordMovement,
  rejectMovement,
  reverseMovement,
} from '../src/domain/ledger/movements';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// «Акт сверки» with a supplier and with an agent, and «Отчёт агента» for a month (issue 32).
// Every figure below is computed by hand from the records made here (in the comments), and read
// back from the XLSX cells and the DOCX text; the supplier's closing balance is also compared
// with what the bookings screens show as its debt.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let resv: Browser;
let acct: Browser;
let sales: Browser;
let agentA: { browser: Browser; id: number };
let agentB: { browser: Browser; id: number };
let adminId: number;
let acctId: number;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const NBSP = '\u00a0';
/** Amounts as printed: thousands grouped with a no-break space. */
const usd = (text: string) => text.replace(/(\d) (\d)/g, `$1${NBSP}$2`);

/** A moment of a business day (Bishkek, UTC+6): noon there. */
const on = (day: string) => new Date(`${day}T12:00:00+06:00`);

let wallet: number;
let supplierId: number;
const booking = { sept: 0, cancelled: 0 };

async function insertBooking(values: {
  trip: number;
  kind: string;
  title: string;
  starts_on: string;
  cost: number;
  status: string;
  penalty?: number;
}): Promise<number> {
  const { id } = await db()
    .insertInto('bookings')
    .values({
      kind: values.kind,
      trip_id: values.trip,
      supplier_id: supplierId,
      starts_on: values.starts_on,
      ends_on: values.starts_on,
      cost: values.cost,
      currency: 'usd',
      status: values.status,
      penalty: values.penalty ?? null,
      confirmation_number: null,
      payment_due_on: null,
      notes: null,
      details: JSON.stringify({}),
      title: values.title,
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Records an operation as the admin and has the accountant confirm it on `day`. */
async function confirmedOn(
  day: string,
  movement: { kind: 'income' | 'outcome'; amountMinor: number } & Record<string, unknown>,
): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await recordMovement(trx, {
        walletId: wallet,
        currency: 'usd',
        createdBy: adminId,
        idempotency: null,
        ...movement,
      } as Parameters<typeof recordMovement>[1]);
      await confirmMovement(trx, id, acctId, { at: on(day) });
      return id;
    });
}

async function reversedOn(day: string, id: number): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const reversal = await reverseMovement(trx, id, adminId, 'Ошибочная оплата');
      await confirmMovement(trx, reversal.id, acctId, { at: on(day) });
      return reversal.id;
    });
}

async function insertTrip(values: {
  title: string;
  starts_on: string;
  ends_on: string;
  price: number;
  tour?: number;
}): Promise<number> {
  const { id } = await db()
    .insertInto('trips')
    .values({
      title: values.title,
      prepared_tour_id: values.tour ?? null,
      country: 'Япония',
      starts_on: values.starts_on,
      ends_on: values.ends_on,
      status: 'confirmed',
      price: values.price,
      currency: 'usd',
      seats: 20,
      manager_id: null,
      itinerary: '[]',
      notes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertTour(key: string, terms: { agent_price?: number; agent_commission?: string }) {
  const { id } = await db()
    .insertInto('prepared_tours')
    .values({
      title: `Тур ${key}`,
      key,
      country: 'Япония',
      days: 7,
      itinerary: '[]',
      base_price: 100000,
      currency: 'usd',
      agent_price: terms.agent_price ?? null,
      agent_commission: terms.agent_commission ?? null,
      published: true,
      archived_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function participate(
  trip: number,
  userId: number,
  price: number,
  discount = 0,
  status: 'confirmed' | 'cancelled' = 'confirmed',
): Promise<number> {
  const { id } = await db()
    .insertInto('trip_participants')
    .values({ trip_id: trip, user_id: userId, price, discount, status, request_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Agent A's participations, by tourist. */
const p = { z: 0, x: 0, y: 0, w: 0, cancelled: 0 };
const trip = { sept: 0, percent: 0, fixed: 0 };

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin, id: adminId } = await signedIn(app, db(), ['admin']));
  ({ browser: acct, id: acctId } = await signedIn(app, db(), ['accountant']));
  ({ browser: resv } = await signedIn(app, db(), ['reservation_agent']));
  ({ browser: sales } = await signedIn(app, db(), ['sales_manager']));
  agentA = await signedIn(app, db(), ['counterparty'], { full_name: 'Агентство Шелковый путь' });
  agentB = await signedIn(app, db(), ['counterparty'], { full_name: 'Агентство Чужое' });
  expect((await admin.put('/api/admin/company', REQUISITES)).statusCode).toBe(200);

  ({ id: wallet } = await db()
    .insertInto('wallets')
    .values({ type: 'site', user_id: null, name: 'Банк USD', currency: 'usd', kind: 'bank' })
    .returning('id')
    .executeTakeFirstOrThrow());
  await confirmedOn('2026-09-01', { kind: 'income', amountMinor: 10_000_00 });

  // The supplier: a hotel in September ($1 200,00) and a transfer in October cancelled with a
  // $150,00 penalty (its $800,00 cost no longer owed).
  ({ id: supplierId } = await db()
    .insertInto('suppliers')
    .values({ name: 'Отель Сакура', default_currency: 'usd' })
    .returning('id')
    .executeTakeFirstOrThrow());
  const bookingTrip = await insertTrip({
    title: 'Осень в Киото',
    starts_on: '2026-09-20',
    ends_on: '2026-10-12',
    price: 300000,
  });
  booking.sept = await insertBooking({
    trip: bookingTrip,
    kind: 'hotel',
    title: 'Сакура, 5 ночей',
    starts_on: '2026-09-20',
    cost: 1200_00,
    status: 'confirmed',
  });
  booking.cancelled = await insertBooking({
    trip: bookingTrip,
    kind: 'transfer',
    title: 'Трансфер в аэропорт',
    starts_on: '2026-10-10',
    cost: 800_00,
    status: 'cancelled',
    penalty: 150_00,
  });
  const pay = (day: string, bookingId: number, amountMinor: number) =>
    confirmedOn(day, { kind: 'outcome', amountMinor, bookingId });
  await pay('2026-09-25', booking.sept, 500_00); // before the period
  const reversed = await pay('2026-10-05', booking.sept, 400_00);
  await pay('2026-10-12', booking.cancelled, 150_00);
  await reversedOn('2026-10-20', reversed);
  await pay('2026-10-25', booking.sept, 250_25);
  // Pending and rejected payments are in no act.
  await db()
    .transaction()
    .execute(async (trx) => {
      await recordMovement(trx, {
        kind: 'outcome',
        walletId: wallet,
        currency: 'usd',
        amountMinor: 10_00,
        bookingId: booking.sept,
        createdBy: adminId,
        idempotency: null,
      });
      const { id: rejected } = await recordMovement(trx, {
        kind: 'outcome',
        walletId: wallet,
        currency: 'usd',
        amountMinor: 20_00,
        bookingId: booking.sept,
        createdBy: adminId,
        idempotency: null,
      });
      await rejectMovement(trx, rejected, acctId, 'Не тот поставщик', { at: on('2026-10-07') });
    });

  // The agents: A's tourists Z (September, no prepared tour), X (a 10 % tour), Y (an agent price
  // of $900,00), one cancelled; B's tourist W on X's trip.
  const percentTour = await insertTour('percent-tour', { agent_commission: '10' });
  const fixedTour = await insertTour('fixed-tour', { agent_price: 900_00 });
  trip.sept = await insertTrip({
    title: 'Сентябрьский Токио',
    starts_on: '2026-09-10',
    ends_on: '2026-09-17',
    price: 500_00,
  });
  trip.percent = await insertTrip({
    title: 'Золотая осень',
    starts_on: '2026-10-08',
    ends_on: '2026-10-15',
    price: 1000_00,
    tour: percentTour,
  });
  trip.fixed = await insertTrip({
    title: 'Хоккайдо',
    starts_on: '2026-10-20',
    ends_on: '2026-10-27',
    price: 1100_00,
    tour: fixedTour,
  });
  const tourist = (full_name: string, counterparty_id: number) =>
    createTestUser(db(), { full_name, roles: ['client'], password: null, counterparty_id });
  p.z = await participate(trip.sept, await tourist('Закиров Зарлык', agentA.id), 500_00);
  p.x = await participate(trip.percent, await tourist('Ким Ирина', agentA.id), 1000_00, 55_55);
  p.y = await participate(trip.fixed, await tourist('Юсупов Ян', agentA.id), 1100_00);
  p.cancelled = await participate(
    trip.fixed,
    await tourist('Отменова Анна', agentA.id),
    1100_00,
    0,
    'cancelled',
  );
  p.w = await participate(trip.percent, await tourist('Чужой Турист', agentB.id), 1000_00);
  const paid = (day: string, participantId: number, tripId: number, amountMinor: number) =>
    confirmedOn(day, { kind: 'income', amountMinor, tripId, participantId });
  await paid('2026-09-05', p.z, trip.sept, 300_00); // before the period
  const wrong = await paid('2026-10-02', p.x, trip.percent, 600_00);
  await reversedOn('2026-10-09', wrong);
  await paid('2026-10-10', p.x, trip.percent, 700_00);
  await paid('2026-10-21', p.y, trip.fixed, 900_00);
  await paid('2026-10-15', p.w, trip.percent, 1000_00); // agent B's: never in A's papers
});
afterAll(async () => {
  await app.close();
});

async function workbookOf(response: LightMyRequestResponse) {
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, XLSX]);
  expect(response.headers['cache-control']).toBe('no-store');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** Every row as its cells' values (dates as DD.MM.YYYY), empty rows left out. */
function rowsOf(sheet: ExcelJS.Worksheet, width: number): unknown[][] {
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const values = Array.from({ length: width }, (_, c) => {
      const value = row.getCell(c + 1).value ?? null;
      return value instanceof Date ? value.toISOString().slice(0, 10) : value;
    });
    if (values.some((value) => value !== null)) rows.push(values);
  }
  return rows;
}

function documentText(response: LightMyRequestResponse): string {
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, DOCX]);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const xml = strFromU8(files['word/document.xml']!);
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((match) => match[1]!)
    .join('')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function fileName(response: LightMyRequestResponse): string {
  const { parameters } = parse(response.headers['content-disposition'] as string, {
    extended: false,
  });
  return decodeExtended(parameters['filename*']!) ?? '';
}

const OCTOBER = 'from=2026-10-01&to=2026-10-31&currency=usd';

describe('the act with a supplier', () => {
  const url = (format: string, query = OCTOBER) =>
    `/api/admin/supplier/${supplierId}/act?${query}&format=${format}`;

  it('prints the opening balance, the period by day with the reversal on its own line, the turnovers and the closing balance (XLSX)', async () => {
    const response = await resv.get(url('xlsx'));
    const sheet = await workbookOf(response);
    const rows = rowsOf(sheet, 4);
    expect(rows[0]![0]).toMatch(/^Акт сверки взаимных расчётов № \d+ от \d\d\.\d\d\.\d{4}$/);
    expect(rows.slice(1, 5)).toEqual([
      ['Организация', 'ОсОО «Турбюро»', null, null],
      ['Поставщик', 'Отель Сакура', null, null],
      ['Период', '01.10.2026 – 31.10.2026', null, null],
      ['Валюта', 'Доллар США (USD)', null, null],
    ]);
    const table = rows.slice(5);
    const sp = booking.sept;
    // Before 01.10: the hotel $1 200,00 (credit) less the payment of $500,00 (debit): the
    // company owes $700,00. In October: $400,00 paid 05.10, the penalty $150,00 10.10, $150,00
    // paid 12.10, the $400,00 reversed 20.10, $250,25 paid 25.10. Debit 400 + 150 + 250,25 =
    // 800,25; credit 150 + 400 = 550,00; closing −700 + 800,25 − 550 = −449,75: $449,75 owed.
    expect(
      table.slice(0, 9).map((row) => [row[0], String(row[1]).split(',')[0], row[2], row[3]]),
    ).toEqual([
      ['Дата', 'Документ', 'Дебет', 'Кредит'],
      [null, 'Сальдо на 01.10.2026', null, 700],
      ['2026-10-05', 'Оплата поставщику', 400, null],
      [
        '2026-10-10',
        `Штраф за отмену бронирования № ${booking.cancelled} «Трансфер в аэропорт»`,
        null,
        150,
      ],
      ['2026-10-12', 'Оплата поставщику', 150, null],
      ['2026-10-20', expect.stringMatching(/^Сторно оплаты № \d+$/), null, 400],
      ['2026-10-25', 'Оплата поставщику', 250.25, null],
      [null, 'Обороты за период', 800.25, 550],
      [null, 'Сальдо на 31.10.2026', null, 449.75],
    ]);
    expect(table[9]).toEqual([
      null,
      usd('Задолженность в пользу Отель Сакура на 31.10.2026 составляет $449,75.'),
      null,
      null,
    ]);
    expect(String(table[2]![1])).toContain(`бронирование № ${sp}`);
    expect(table[10]).toEqual([null, 'От ОсОО «Турбюро»', 'От Отель Сакура', null]);
    expect(String(table[11]![1])).toContain('Директор');
    expect(String(table[11]![1])).toContain('Г. М. Асанова');
    // Amounts as numbers in the currency's format.
    expect(sheet.getRow(8).getCell(4).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(fileName(response)).toBe('Акт сверки Отель Сакура USD 01.10.2026-31.10.2026.xlsx');
  });

  it('closes at minus the supplier debt the bookings screens show, to the cent', async () => {
    let debt = 0;
    for (const id of [booking.sept, booking.cancelled]) {
      const response = await resv.get(`/api/admin/booking/${id}`);
      expect(response.statusCode).toBe(200);
      debt += Math.round(response.json().data.debt * 100);
    }
    // $1 200,00 − (500 + 400 − 400 + 250,25) = $449,75, and $150,00 − $150,00 = 0.
    expect(debt).toBe(449_75);
  });

  it('prints the same figures in the DOCX, with the same number, and both sides to sign', async () => {
    const first = await resv.get(url('xlsx'));
    const number = rowsOf(await workbookOf(first), 1)[0]![0] as string;
    const text = documentText(await acct.get(url('docx')));
    expect(text).toContain(number);
    expect(text).toContain('ИНН 02411201910125');
    expect(text).toContain(
      'за период 01.10.2026 – 31.10.2026 между ОсОО «Турбюро» и поставщиком Отель Сакура',
    );
    expect(text).toContain(usd('Сальдо на 01.10.2026$700,00'));
    expect(text).toContain(usd('Обороты за период$800,25$550,00'));
    expect(text).toContain(usd('Сальдо на 31.10.2026$449,75'));
    expect(text).toContain(
      usd('Задолженность в пользу Отель Сакура на 31.10.2026 составляет $449,75.'),
    );
    expect(text).toContain(usd('Сторно оплаты'));
    expect(text).toContain('От ОсОО «Турбюро»');
    expect(text).toContain('От Отель Сакура');
    expect(text).not.toContain('$10,00'); // the pending payment
    expect(text).not.toContain('$20,00'); // the rejected one
  });

  it('starts the next period where this one closed, and a new subject takes the next number', async () => {
    const november = rowsOf(
      await workbookOf(await resv.get(url('xlsx', 'from=2026-11-01&to=2026-11-30&currency=usd'))),
      4,
    );
    const october = rowsOf(await workbookOf(await resv.get(url('xlsx'))), 4);
    const numberOf = (rows: unknown[][]) => Number(/№ (\d+)/.exec(String(rows[0]![0]))![1]);
    expect(numberOf(november)).toBe(numberOf(october) + 1);
    expect(november.find((row) => row[1] === 'Сальдо на 01.11.2026')).toEqual([
      null,
      'Сальдо на 01.11.2026',
      null,
      449.75,
    ]);
  });

  it('has nothing in another currency, and refuses a reversed period in Russian', async () => {
    const rows = rowsOf(
      await workbookOf(await resv.get(url('xlsx', 'from=2026-10-01&to=2026-10-31&currency=eur'))),
      4,
    );
    expect(rows.find((row) => String(row[1]).startsWith('Задолженность'))).toEqual([
      null,
      'Задолженность на 31.10.2026 отсутствует.',
      null,
      null,
    ]);
    const reversed = await resv.get(url('xlsx', 'from=2026-10-31&to=2026-10-01&currency=usd'));
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ to: ['Конец периода не может быть раньше начала'] });
    const bad = await resv.get(
      `/api/admin/supplier/${supplierId}/act?from=01.10.2026&to=2026-10-31&currency=rub&format=pdf`,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'format', 'from']);
    expect(
      (await resv.get(`/api/admin/supplier/999999/act?${OCTOBER}&format=xlsx`)).statusCode,
    ).toBe(404);
  });
});

describe('the act with an agent', () => {
  const url = (agentId: number, format: string) =>
    `/api/admin/users/${agentId}/agent/act?${OCTOBER}&format=${format}`;

  // Before 01.10: Z's September trip, $500,00 due, no prepared tour so no commission (debit),
  // less Z's $300,00 (credit): the agent owes $200,00. In October: X's $600,00 02.10 (credit);
  // X's trip 08.10: $1 000,00 − $55,55 = $944,45 due, 10 % = 94,445 → $94,45 commission, $850,00
  // (debit); the $600,00 reversed 09.10 (debit); X's $700,00 10.10 (credit); Y's trip 20.10:
  // $1 100,00 less the agent price $900,00 = $200,00 commission, $900,00 (debit); Y's $900,00
  // 21.10 (credit). Debit 850 + 600 + 900 = 2 350,00; credit 600 + 700 + 900 = 2 200,00; closing
  // 200 + 2 350 − 2 200 = $350,00 owed by the agent. B's tourist and A's cancelled one: nowhere.
  const expected = [
    ['Дата', 'Документ', 'Дебет', 'Кредит'],
    [null, 'Сальдо на 01.10.2026', 200, null],
    ['2026-10-02', 'Оплата', null, 600],
    ['2026-10-08', 'Тур «Золотая осень» 08.10.2026–15.10.2026', 850, null],
    ['2026-10-09', 'Сторно оплаты', 600, null],
    ['2026-10-10', 'Оплата', null, 700],
    ['2026-10-20', 'Тур «Хоккайдо» 20.10.2026–27.10.2026', 900, null],
    ['2026-10-21', 'Оплата', null, 900],
    [null, 'Обороты за период', 2350, 2200],
    [null, 'Сальдо на 31.10.2026', 350, null],
  ];
  const head = (rows: unknown[][]) =>
    rows.map((row) => [row[0], String(row[1]).split(/ №|,/)[0], row[2], row[3]]);

  it('prints the tourists’ trips less the commission and their payments, the reversal on its own line (XLSX)', async () => {
    const rows = rowsOf(await workbookOf(await admin.get(url(agentA.id, 'xlsx'))), 4);
    expect(rows[2]).toEqual(['Агент', 'Агентство Шелковый путь', null, null]);
    const table = rows.slice(5);
    expect(head(table.slice(0, 10))).toEqual(expected);
    expect(table[3]![1]).toBe(
      usd(
        `Тур «Золотая осень» 08.10.2026–15.10.2026, турист Ким Ирина: к оплате $944,45, комиссия (10${NBSP}%) $94,45`,
      ),
    );
    expect(table[6]![1]).toBe(
      usd(
        'Тур «Хоккайдо» 20.10.2026–27.10.2026, турист Юсупов Ян: к оплате $1 100,00, комиссия (агентская цена $900,00) $200,00',
      ),
    );
    expect(table[10]![1]).toBe(
      usd('Задолженность в пользу ОсОО «Турбюро» на 31.10.2026 составляет $350,00.'),
    );
    const all = JSON.stringify(rows);
    expect(all).not.toContain('Чужой');
    expect(all).not.toContain('Отменова');
  });

  it('prints the same in the DOCX', async () => {
    const text = documentText(await admin.get(url(agentA.id, 'docx')));
    expect(text).toContain('между ОсОО «Турбюро» и агентом Агентство Шелковый путь');
    expect(text).toContain(usd('Обороты за период$2 350,00$2 200,00'));
    expect(text).toContain(
      usd('Задолженность в пользу ОсОО «Турбюро» на 31.10.2026 составляет $350,00.'),
    );
    expect(text).not.toContain('Чужой');
  });

  it('gives the agent its own act in its area, the same figures, and nothing of another agent', async () => {
    const own = rowsOf(
      await workbookOf(await agentA.browser.get(`/api/agent/act?${OCTOBER}&format=xlsx`)),
      4,
    );
    expect(head(own.slice(5, 15))).toEqual(expected);
    const other = rowsOf(
      await workbookOf(await agentB.browser.get(`/api/agent/act?${OCTOBER}&format=xlsx`)),
      4,
    );
    expect(other[2]).toEqual(['Агент', 'Агентство Чужое', null, null]);
    const otherText = JSON.stringify(other);
    expect(otherText).not.toContain('Ким Ирина');
    expect(otherText).toContain('Чужой Турист');
    // Another agent's act through the staff route: refused by role, whatever the id.
    expect((await agentA.browser.get(url(agentB.id, 'xlsx'))).statusCode).toBe(403);
    // A user who is not an agent, and one out of a sales manager's reach: 404 alike.
    expect((await admin.get(url(adminId, 'xlsx'))).statusCode).toBe(404);
    expect((await sales.get(url(agentA.id, 'xlsx'))).statusCode).toBe(404);
  });
});

describe('the agent’s monthly report', () => {
  // October's trips of A's tourists: X (due $944,45, 10 % → $94,45, $850,00 to the operator,
  // paid 600 − 600 + 700 = $700,00, owes $150,00) and Y (due $1 100,00, agent price $900,00 →
  // $200,00, $900,00, paid $900,00, owes 0). Totals: 2 044,45; 294,45; 1 750,00; 1 600,00; 150,00.
  it('lists the sold participants with the commission, paid and owed, totals per currency (XLSX)', async () => {
    const response = await admin.get(
      `/api/admin/users/${agentA.id}/agent/report?month=2026-10&format=xlsx`,
    );
    const rows = rowsOf(await workbookOf(response), 14);
    expect(rows[0]![0]).toMatch(/^Отчёт агента за октябрь 2026 № \d+ от \d\d\.\d\d\.\d{4}$/);
    expect(rows.slice(5)).toEqual([
      [
        'Тур',
        'Начало',
        'Окончание',
        'Турист',
        'Валюта',
        'Цена',
        'Скидка',
        'К оплате',
        'Условие комиссии',
        'Комиссия',
        'Оператору',
        'Оплачено',
        'Долг',
        'Примечание',
      ],
      [
        'Золотая осень',
        '2026-10-08',
        '2026-10-15',
        'Ким Ирина',
        'USD',
        1000,
        55.55,
        944.45,
        `10${NBSP}%`,
        94.45,
        850,
        700,
        150,
        null,
      ],
      [
        'Хоккайдо',
        '2026-10-20',
        '2026-10-27',
        'Юсупов Ян',
        'USD',
        1100,
        0,
        1100,
        usd('агентская цена $900,00'),
        200,
        900,
        900,
        0,
        null,
      ],
      [
        'Итого (участников: 2)',
        null,
        null,
        null,
        'USD',
        null,
        null,
        2044.45,
        null,
        294.45,
        1750,
        1600,
        150,
        null,
      ],
    ]);
    expect(fileName(response)).toBe('Отчёт агента Агентство Шелковый путь 2026-10.xlsx');
  });

  it('prints the DOCX with the same number, and the agent gets only its own', async () => {
    const xlsx = await agentA.browser.get('/api/agent/report?month=2026-10&format=xlsx');
    const number = String(rowsOf(await workbookOf(xlsx), 1)[0]![0]).split(' № ')[1];
    const text = documentText(
      await agentA.browser.get('/api/agent/report?month=2026-10&format=docx'),
    );
    expect(text).toContain(`№ ${number}`);
    expect(text).toContain(
      usd('Итого USD (участников: 2)$2 044,45$294,45$1 750,00$1 600,00$150,00'),
    );
    expect(text).not.toContain('Чужой');
    const other = rowsOf(
      await workbookOf(await agentB.browser.get('/api/agent/report?month=2026-10&format=xlsx')),
      14,
    );
    expect(JSON.stringify(other)).not.toContain('Ким Ирина');
    expect(other.at(-1)).toEqual([
      'Итого (участников: 1)',
      null,
      null,
      null,
      'USD',
      null,
      null,
      1000,
      null,
      100,
      900,
      1000,
      -100,
      null,
    ]);
  });
});

describe('a payment in another currency than the trip’s', () => {
  // Agent C's tourist on the October 10 % trip: due $1 000,00, commission $100,00, $900,00 to the
  // operator. It paid С8 800 on 12.10, when the rate in force (01.10) was 1 $ = 87,5 С:
  // 8 800 / 87,5 = 100,571428… → $100,58 rounded up. Owed: 900 − 100,58 = $799,42.
  it('converts it at the rate of its day, rounded up, in the act and the report alike', async () => {
    const agentC = await signedIn(app, db(), ['counterparty'], { full_name: 'Агентство Третье' });
    const participant = await participate(
      trip.percent,
      await createTestUser(db(), {
        full_name: 'Сомова Айпери',
        roles: ['client'],
        password: null,
        counterparty_id: agentC.id,
      }),
      1000_00,
    );
    await db()
      .insertInto('currency_rates')
      .values({ date: '2026-10-01', from_currency: 'usd', to_currency: 'kgs', rate: '87.5' })
      .execute();
    const { id: kgsWallet } = await db()
      .insertInto('wallets')
      .values({ type: 'site', user_id: null, name: 'Касса KGS', currency: 'kgs', kind: 'cash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await confirmedOn('2026-10-12', {
      kind: 'income',
      walletId: kgsWallet,
      currency: 'kgs',
      amountMinor: 8800,
      tripId: trip.percent,
      participantId: participant,
    });

    const act = rowsOf(
      await workbookOf(await agentC.browser.get(`/api/agent/act?${OCTOBER}&format=xlsx`)),
      4,
    ).slice(5);
    expect(act.slice(2, 6)).toEqual([
      [
        '2026-10-08',
        usd(
          `Тур «Золотая осень» 08.10.2026–15.10.2026, турист Сомова Айпери: к оплате $1 000,00, комиссия (10${NBSP}%) $100,00`,
        ),
        900,
        null,
      ],
      [
        '2026-10-12',
        expect.stringMatching(
          new RegExp(
            `^Оплата, операция № \\d+: Сомова Айпери, тур «Золотая осень» \\(С8${NBSP}800,00 по курсу на 12\\.10\\.2026\\)$`,
          ),
        ),
        null,
        100.58,
      ],
      [null, 'Обороты за период', 900, 100.58],
      [null, 'Сальдо на 31.10.2026', 799.42, null],
    ]);
    const report = rowsOf(
      await workbookOf(await agentC.browser.get('/api/agent/report?month=2026-10&format=xlsx')),
      14,
    );
    expect(report.at(-1)).toEqual([
      'Итого (участников: 1)',
      null,
      null,
      null,
      'USD',
      null,
      null,
      1000,
      null,
      100,
      900,
      100.58,
      799.42,
      null,
    ]);
  });

  // Agent D's tourist pays С100 twice on 12.10 at 1 $ = 87,5 С: each 1,142857… $; alone each
  // would round up to $1,15 ($2,30), but the trips screens convert both exactly and round once:
  // 2,285714… → $2,29 paid. The act's lines add up to that: $1,15, then 2,29 − 1,15 = $1,14.
  it('adds a tourist’s converted payments up to what the trips screens show it paid', async () => {
    const agentD = await signedIn(app, db(), ['counterparty'], {
      full_name: 'Агентство Четвёртое',
    });
    const participant = await participate(
      trip.percent,
      await createTestUser(db(), {
        full_name: 'Токтогулова Айжан',
        roles: ['client'],
        password: null,
        counterparty_id: agentD.id,
      }),
      1000_00,
    );
    const wallet = await db()
      .selectFrom('wallets')
      .select('id')
      .where('name', '=', 'Касса KGS')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) {
      await confirmedOn('2026-10-12', {
        kind: 'income',
        walletId: wallet.id,
        currency: 'kgs',
        amountMinor: 100,
        tripId: trip.percent,
        participantId: participant,
      });
    }
    const act = rowsOf(
      await workbookOf(await agentD.browser.get(`/api/agent/act?${OCTOBER}&format=xlsx`)),
      4,
    ).slice(5);
    expect(act.slice(3, 7).map((row) => [row[2], row[3]])).toEqual([
      [null, 1.15],
      [null, 1.14],
      [900, 2.29],
      [897.71, null],
    ]);
    const summary = (await admin.get(`/api/admin/trip/${trip.percent}/summary`)).json().data;
    const row = summary.participants.find(
      (p: { participant_id: number }) => p.participant_id === participant,
    );
    expect(row.paid).toBe(2.29);
  });
});
