import { decodeExtended, parse } from 'content-disposition';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// The booking section's files (DESIGN.md 3 "Bookings", 6 "Exports"): the month list as XLSX with
// the list's totals, the hotel's rooming list, the insurer's list and the voucher (DOCX). Every
// record is made through the API; every expected value is written out by hand.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let agent: Browser;
let admin: Browser;
let accountant: Browser;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const USD = '"$"#,##0.00;-"$"#,##0.00';
const KGS = '"С"#,##0.00;-"С"#,##0.00';
const EUR = '"€"#,##0.00;-"€"#,##0.00';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The travellers: full name, birth date, passport, citizenship. */
const PEOPLE = {
  abdykadyrov: ['Абдыкадыров Нурлан', '1980-01-15', 'AC1000001', 'Кыргызстан'],
  belova: ['Белова Анна', '1985-03-02', 'AC2000002', 'Кыргызстан'],
  vetrov: ['Ветров Игорь', '1990-07-21', 'N3000003', 'Казахстан'],
  guseinova: ['Гусейнова Айнура', '1975-12-30', 'AC4000004', 'Кыргызстан'],
  dyusheev: ['Дюшеев Бакыт', '2001-05-05', 'AC5000005', 'Кыргызстан'],
  ermekova: ['Ермекова Алия', '1999-09-09', 'AC6000006', 'Кыргызстан'],
} as const;
type Person = keyof typeof PEOPLE;

let tripId: number;
/** Participant ids on the trip, by person. */
const participant = {} as Record<Person, number>;
const supplier = { hotel: 0, insurer: 0, transfer: 0, airline: 0 };

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: agent } = await signedIn(app, db(), ['reservation_agent']));
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  ({ browser: accountant } = await signedIn(app, db(), ['accountant']));

  const trip = await agent.post('/api/admin/trips', {
    title: 'Осенняя Япония',
    country: 'Япония',
    starts_on: '2027-11-10',
    ends_on: '2027-11-20',
    price: 2500,
    currency: 'usd',
    seats: 10,
  });
  expect(trip.statusCode).toBe(200);
  tripId = trip.json().data.id;
  for (const [key, [full_name, birth_date, passport_number, citizenship]] of Object.entries(
    PEOPLE,
  )) {
    const user = await agent.post('/api/admin/users', {
      full_name,
      birth_date,
      passport_number,
      citizenship,
    });
    expect(user.statusCode).toBe(200);
    const added = await agent.post(`/api/admin/trip/${tripId}/participants`, {
      user_id: user.json().data.id,
    });
    expect(added.statusCode).toBe(200);
    participant[key as Person] = added.json().data.id;
  }
  for (const [key, body] of Object.entries({
    hotel: {
      name: 'Hilton Tokyo',
      kinds: ['hotel'],
      phone: '+81 3 3344 5111',
      city: 'Токио',
      address: 'Токио, Синдзюку, Ниси-Синдзюку 6-6-2',
    },
    insurer: { name: 'Страховая «Джал»', kinds: ['health_insurance'] },
    transfer: {
      name: 'Tokyo Transfers',
      kinds: ['transfer'],
      contact_person: 'Кенджи Сато',
      phone: '+81 90 1234 5678',
    },
    airline: { name: 'Turkish Airlines', kinds: ['air_ticket'] },
  })) {
    const response = await agent.post('/api/admin/suppliers', body);
    expect(response.statusCode).toBe(200);
    supplier[key as keyof typeof supplier] = response.json().data.id;
  }
});
afterAll(async () => {
  await app.close();
});

async function book(body: Record<string, unknown>) {
  const response = await agent.post('/api/admin/bookings', body);
  expect([response.statusCode, response.json().errors]).toEqual([200, undefined]);
  return response.json().data as { id: number };
}

/**
 * A hotel booking of the trip: two DBL rooms, each participant given a room placed in it (its
 * `room`), unless `extra` brings details of its own.
 */
const hotel = (extra: Record<string, unknown> = {}) => {
  const covers = (extra.participants ?? []) as { participant_id: number; room?: number }[];
  return {
    ...hotelBase(),
    details: {
      ...hotelBase().details,
      room_plan: [1, 2].map((room) => ({
        room_type: 'DBL',
        participant_ids: covers.filter((c) => c.room === room).map((c) => c.participant_id),
      })),
    },
    ...extra,
    participants: covers.map(({ participant_id }) => ({ participant_id })),
  };
};

/** The stay every hotel booking here shares (read when called: the trip exists by then). */
const hotelBase = () => ({
  kind: 'hotel',
  trip_id: tripId,
  supplier_id: supplier.hotel,
  starts_on: '2027-11-10',
  ends_on: '2027-11-14',
  cost: 1200,
  currency: 'usd',
  status: 'confirmed',
  confirmation_number: 'HLT-7781',
  details: {
    hotel_name: 'Hilton Tokyo',
    city: 'Токио',
    category: '5*',
    meal_plan: 'BB',
  },
});

async function setStatus(person: Person, status: 'cancelled' | 'booked') {
  const response = await agent.put(`/api/admin/trip/${tripId}/participant/${participant[person]}`, {
    price: 2500,
    discount: 0,
    status,
  });
  expect(response.statusCode).toBe(200);
}

/** The workbook of an XLSX answer, after checking its type and that no cache keeps it. */
async function workbookOf(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX);
  expect(response.headers['cache-control']).toBe('no-store');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** Every row of the sheet as its cells' values (null for an empty cell), `width` cells each. */
function rowsOf(sheet: ExcelJS.Worksheet, width: number): unknown[][] {
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1).value ?? null));
  }
  return rows;
}

const isEmpty = (row: unknown[]) => row.every((value) => value === null);

/**
 * The layout every booking sheet has: a title, label-value lines, an empty line, the table's
 * header, its rows up to an empty line, then the totals.
 */
function layoutOf(sheet: ExcelJS.Worksheet, width: number) {
  const rows = rowsOf(sheet, width);
  const headerAt = rows.findIndex((row, i) => i > 0 && isEmpty(rows[i - 1]!) && !isEmpty(row));
  const end = rows.findIndex((row, i) => i > headerAt && isEmpty(row));
  const tableEnd = end === -1 ? rows.length : end;
  return {
    title: rows[0]![0],
    fields: Object.fromEntries(rows.slice(1, headerAt - 1).map((row) => [row[0], row[1]])),
    header: rows[headerAt]!,
    headerRow: headerAt + 1,
    rows: rows.slice(headerAt + 1, tableEnd),
    totals: end === -1 ? [] : rows.slice(end + 1),
  };
}

/** The two names of an attachment (ASCII filename, Unicode filename*). */
function attachmentNames(response: LightMyRequestResponse) {
  const header = response.headers['content-disposition'] as string;
  expect(header).toMatch(/^[\x20-\x7e]+$/);
  const { type, parameters } = parse(header, { extended: false });
  expect(type).toBe('attachment');
  return { ascii: parameters.filename, unicode: decodeExtended(parameters['filename*']!) };
}

/** The text of word/document.xml, runs joined, entities decoded (as documents.test.ts). */
function documentText(response: LightMyRequestResponse): string {
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

describe('the rooming list', () => {
  it('lists the guests room by room as the plan has them, an empty room, those not placed last; a cancelled one drops out at once', async () => {
    const booking = await book(
      hotel({
        participants: [
          { participant_id: participant.abdykadyrov },
          { participant_id: participant.vetrov },
          { participant_id: participant.belova },
          { participant_id: participant.guseinova },
        ],
        details: {
          ...hotelBase().details,
          room_plan: [
            { room_type: 'DBL', participant_ids: [participant.vetrov, participant.belova] },
            { room_type: 'SGL', participant_ids: [participant.abdykadyrov] },
            { room_type: 'DBL', participant_ids: [] },
          ],
        },
      }),
    );
    const url = `/api/admin/booking/${booking.id}/rooming-list`;
    const response = await agent.get(url);
    const workbook = await workbookOf(response);
    expect(attachmentNames(response)).toEqual({
      ascii: `rooming-list-${booking.id}.xlsx`,
      unicode: 'Список размещения Hilton Tokyo 10.11.2027.xlsx',
    });
    const sheet = workbook.getWorksheet('Список размещения')!;
    const layout = layoutOf(sheet, 6);
    expect(layout.title).toBe('Список размещения: Hilton Tokyo');
    expect(layout.fields).toEqual({
      Отель: 'Hilton Tokyo',
      Категория: '5*',
      Город: 'Токио',
      Адрес: 'Токио, Синдзюку, Ниси-Синдзюку 6-6-2',
      Заезд: day('2027-11-10'),
      Выезд: day('2027-11-14'),
      Ночей: 4,
      Номера: 'SGL × 1, DBL × 2',
      Номеров: 3,
      Питание: 'BB — завтраки',
      'Номер подтверждения': 'HLT-7781',
      Гостей: 4,
      Тур: 'Осенняя Япония',
    });
    expect(layout.header).toEqual([
      'Номер',
      'Тип номера',
      'ФИО',
      'Дата рождения',
      'Номер паспорта',
      'Гражданство',
    ]);
    expect(layout.rows).toEqual([
      [1, 'DBL', 'Белова Анна', day('1985-03-02'), 'AC2000002', 'Кыргызстан'],
      [1, 'DBL', 'Ветров Игорь', day('1990-07-21'), 'N3000003', 'Казахстан'],
      [2, 'SGL', 'Абдыкадыров Нурлан', day('1980-01-15'), 'AC1000001', 'Кыргызстан'],
      [3, 'DBL', 'гости уточняются', null, null, null],
      [null, 'без номера', 'Гусейнова Айнура', day('1975-12-30'), 'AC4000004', 'Кыргызстан'],
    ]);
    expect(sheet.getCell(layout.headerRow + 1, 4).numFmt).toBe('dd.mm.yyyy');

    await setStatus('vetrov', 'cancelled');
    try {
      const after = layoutOf((await workbookOf(await agent.get(url))).getWorksheet(1)!, 6);
      expect(after.fields['Гостей']).toBe(3);
      expect(after.rows.map((row) => [row[0], row[1], row[2]])).toEqual([
        [1, 'DBL', 'Белова Анна'],
        [2, 'SGL', 'Абдыкадыров Нурлан'],
        [3, 'DBL', 'гости уточняются'],
        [null, 'без номера', 'Гусейнова Айнура'],
      ]);
      // The booking keeps its record of the cancelled participant.
      const json = (await agent.get(`/api/admin/booking/${booking.id}`)).json().data;
      expect(json.covered).toBe(3);
      expect(
        json.participants.map((p: { full_name: string; room: number | null; status: string }) => [
          p.full_name,
          p.room,
          p.status,
        ]),
      ).toEqual([
        ['Белова Анна', 1, 'booked'],
        ['Ветров Игорь', 1, 'cancelled'],
        ['Абдыкадыров Нурлан', 2, 'booked'],
        ['Гусейнова Айнура', null, 'booked'],
      ]);
    } finally {
      await setStatus('vetrov', 'booked');
    }
  });

  it('is only for a hotel (422) and answers 404 for a booking that does not exist', async () => {
    const insurance = await book(insuranceBody([{ person: 'guseinova' }]));
    const wrong = await agent.get(`/api/admin/booking/${insurance.id}/rooming-list`);
    expect([wrong.statusCode, wrong.json()]).toEqual([
      422,
      {
        code: 0,
        message: 'Список размещения составляется только для бронирования отеля',
        errors: { kind: ['Список размещения составляется только для бронирования отеля'] },
      },
    ]);
    const missing = await agent.get('/api/admin/booking/99999999/rooming-list');
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { code: 0, message: 'Бронирование не найдено' },
    ]);
  });
});

function insuranceBody(covers: Array<{ person: Person; policy?: string }>) {
  return {
    kind: 'health_insurance',
    trip_id: tripId,
    supplier_id: supplier.insurer,
    starts_on: '2027-11-10',
    ends_on: '2027-11-20',
    cost: 84.5,
    currency: 'eur',
    status: 'confirmed',
    confirmation_number: 'ДЖ-2027/118',
    details: {
      plan: 'Стандарт',
      coverage: 30000.5,
      coverage_currency: 'eur',
      territory: 'Япония',
    },
    participants: covers.map(({ person, policy }) => ({
      participant_id: participant[person],
      policy_number: policy ?? null,
    })),
  };
}

describe('the list of the insured', () => {
  it('lists the insured who still travel, with their policies, dates, plan and coverage', async () => {
    const booking = await book(
      insuranceBody([
        { person: 'dyusheev', policy: 'P-0005' },
        { person: 'belova', policy: 'P-0002' },
        { person: 'ermekova' },
      ]),
    );
    const url = `/api/admin/booking/${booking.id}/insured-list`;
    const response = await agent.get(url);
    expect(attachmentNames(response)).toEqual({
      ascii: `insured-list-${booking.id}.xlsx`,
      unicode: 'Застрахованные Стандарт 10.11.2027.xlsx',
    });
    const sheet = (await workbookOf(response)).getWorksheet('Застрахованные')!;
    const layout = layoutOf(sheet, 12);
    expect(layout.title).toBe('Список застрахованных: Стандарт');
    expect(layout.fields).toEqual({
      'Страховая компания': 'Страховая «Джал»',
      'Номер подтверждения': 'ДЖ-2027/118',
      Тур: 'Осенняя Япония',
      Застрахованных: 3,
    });
    expect(layout.header).toEqual([
      '№',
      'ФИО',
      'Дата рождения',
      'Номер паспорта',
      'Номер полиса',
      'С',
      'По',
      'Дней',
      'Территория',
      'Программа',
      'Страховая сумма',
      'Валюта',
    ]);
    const policy = (n: number, name: string, born: string, passport: string, no: string | null) => [
      n,
      name,
      day(born),
      passport,
      no,
      day('2027-11-10'),
      day('2027-11-20'),
      11,
      'Япония',
      'Стандарт',
      30000.5,
      'EUR',
    ];
    expect(layout.rows).toEqual([
      policy(1, 'Белова Анна', '1985-03-02', 'AC2000002', 'P-0002'),
      policy(2, 'Дюшеев Бакыт', '2001-05-05', 'AC5000005', 'P-0005'),
      policy(3, 'Ермекова Алия', '1999-09-09', 'AC6000006', null),
    ]);
    expect(sheet.getCell(layout.headerRow + 1, 11).numFmt).toBe(EUR);

    await setStatus('dyusheev', 'cancelled');
    try {
      const after = layoutOf((await workbookOf(await agent.get(url))).getWorksheet(1)!, 12);
      expect(after.rows.map((row) => row.slice(0, 2))).toEqual([
        [1, 'Белова Анна'],
        [2, 'Ермекова Алия'],
      ]);
      expect(after.fields['Застрахованных']).toBe(2);
    } finally {
      await setStatus('dyusheev', 'booked');
    }
  });

  it('is only for a health insurance', async () => {
    const stay = await book(hotel({ participants: [{ participant_id: participant.belova }] }));
    const wrong = await agent.get(`/api/admin/booking/${stay.id}/insured-list`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      422,
      'Список застрахованных составляется только для мед. страховки',
    ]);
    expect((await agent.get('/api/admin/booking/99999999/insured-list')).statusCode).toBe(404);
  });
});

describe('the voucher', () => {
  // The company the voucher names: its requisites as an administrator saved them.
  beforeAll(async () => {
    expect((await admin.put('/api/admin/company', REQUISITES)).statusCode).toBe(200);
  });

  it('of a hotel: supplier, confirmation number, the stay and the travellers who still travel', async () => {
    const booking = await book(
      hotel({
        confirmation_number: 'HLT-9042',
        participants: [
          { participant_id: participant.abdykadyrov },
          { participant_id: participant.guseinova },
          { participant_id: participant.ermekova },
        ],
        details: {
          ...hotelBase().details,
          room_plan: [
            { room_type: 'DBL', participant_ids: [participant.guseinova, participant.abdykadyrov] },
            { room_type: 'SGL', participant_ids: [participant.ermekova] },
          ],
        },
      }),
    );
    await setStatus('ermekova', 'cancelled');
    try {
      const response = await agent.get(`/api/admin/booking/${booking.id}/voucher`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(DOCX);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(attachmentNames(response)).toEqual({
        ascii: `Vaucher No${booking.id} Hilton Tokyo, Tokio.docx`,
        unicode: `Ваучер №${booking.id} Hilton Tokyo, Токио.docx`,
      });
      const text = documentText(response);
      for (const expected of [
        'ОсОО «Турбюро»',
        `Ваучер №${booking.id}`,
        'ПоставщикHilton Tokyo',
        'Телефон, e-mail+81333445111',
        'Номер подтвержденияHLT-9042',
        'ОтельHilton Tokyo',
        'ГородТокио',
        'АдресТокио, Синдзюку, Ниси-Синдзюку 6-6-2',
        'Заезд10.11.2027',
        'Выезд14.11.2027',
        'Ночей4',
        'Размещение1 × SGL — одноместный; 1 × DBL — двухместный, одна кровать',
        'ПитаниеBB — завтраки',
        'Туристы (2)',
        '11 (DBL)Абдыкадыров Нурлан15.01.1980AC1000001',
        '21 (DBL)Гусейнова Айнура30.12.1975AC4000004',
        'Тур: Осенняя Япония, 10.11.2027–20.11.2027',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Ермекова');
      expect(text).not.toMatch(/null|undefined|NaN|Invalid Date/);
    } finally {
      await setStatus('ermekova', 'booked');
    }
  });

  it('of a transfer: date, time, from, to, vehicle, driver and the linked flight', async () => {
    const flight = await book({
      kind: 'air_ticket',
      trip_id: tripId,
      supplier_id: supplier.airline,
      starts_on: '2027-11-10',
      ends_on: '2027-11-10',
      currency: 'usd',
      status: 'confirmed',
      details: {
        carrier: 'TK',
        flight_number: '52',
        from_airport: 'ist',
        to_airport: 'nrt',
        departs_at: '01:45',
        arrives_at: '19:05',
        flight_class: 'economy',
      },
      participants: [{ participant_id: participant.belova, ticket_cost: 650.4 }],
    });
    const transfer = await book({
      kind: 'transfer',
      trip_id: tripId,
      supplier_id: supplier.transfer,
      starts_on: '2027-11-10',
      cost: 18000,
      currency: 'kgs',
      status: 'requested',
      confirmation_number: 'TT-15',
      details: {
        time: '20:30',
        direction: 'arrival',
        from_place: 'Аэропорт Нарита',
        to_place: 'Hilton Tokyo',
        vehicle: 'Toyota HiAce',
        seats: 8,
        driver_contact: 'Такеши, +81 90 0000 1111',
        flight_booking_id: flight.id,
      },
      participants: [
        { participant_id: participant.belova },
        { participant_id: participant.dyusheev },
      ],
    });
    const response = await agent.get(`/api/admin/booking/${transfer.id}/voucher`);
    expect(response.statusCode).toBe(200);
    const text = documentText(response);
    for (const expected of [
      `Ваучер №${transfer.id}`,
      'ПоставщикTokyo Transfers',
      'Контактное лицоКенджи Сато',
      'Номер подтвержденияTT-15',
      'СтатусЗапрошено',
      'Дата10.11.2027',
      'Время20:30',
      'НаправлениеВстреча (аэропорт — отель)',
      'ОткудаАэропорт Нарита',
      'КудаHilton Tokyo',
      'ТранспортToyota HiAce',
      'Мест8',
      'ВодительТакеши, +81 90 0000 1111',
      'РейсTK 52 IST → NRT, 10.11.2027, вылет 01:45, прилёт 19:05',
      '1Белова Анна02.03.1985AC2000002',
      '2Дюшеев Бакыт05.05.2001AC5000005',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is only for a hotel or a transfer, and not for a cancelled booking', async () => {
    const insurance = await book(insuranceBody([{ person: 'belova' }]));
    const wrong = await agent.get(`/api/admin/booking/${insurance.id}/voucher`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      422,
      'Ваучер выдаётся только для отеля или трансфера',
    ]);
    const cancelled = await book(
      hotel({ status: 'cancelled', participants: [{ participant_id: participant.belova }] }),
    );
    const refused = await agent.get(`/api/admin/booking/${cancelled.id}/voucher`);
    expect([refused.statusCode, refused.json().errors]).toEqual([
      422,
      { status: ['Бронирование отменено: ваучер по нему не выдаётся'] },
    ]);
    const missing = await agent.get('/api/admin/booking/99999999/voucher');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Бронирование не найдено']);
  });
});

describe('the month export', () => {
  const MONTH_HEADER = [
    '№',
    'Тур',
    'Поставщик',
    'Услуга',
    'Начало',
    'Окончание',
    'Ночей',
    'Номера',
    'Номеров',
    'Питание',
    'Участников',
    'Статус',
    'Номер подтверждения',
    'Валюта',
    'Стоимость',
    'Штраф',
    'К оплате',
    'Оплачено',
    'Долг',
    'Оплата',
    'Срок оплаты',
    'Просрочено',
  ];

  let exportTrip: number;
  const ids = { early: 0, paid: 0, kgs: 0, jpy: 0, cancelled: 0, december: 0 };

  /** Pays the supplier of `bookingId` `amount` USD from a company wallet, confirmed. */
  async function paySupplier(bookingId: number, amount: number) {
    const key = (name: string) => ({ headers: { 'idempotency-key': `${name}-${bookingId}` } });
    const wallet = await admin.post('/api/admin/wallets', {
      type: 'site',
      name: `Касса USD ${bookingId}`,
      currency: 'usd',
    });
    expect(wallet.statusCode).toBe(200);
    const walletId = wallet.json().data.id;
    const income = await admin.post(
      '/api/admin/balance/movements',
      { type: 'income', wallet_id: walletId, amount: 5000 },
      key('income'),
    );
    expect(income.statusCode).toBe(200);
    const confirm = (id: number) =>
      accountant.post(`/api/admin/balance/operations/${id}/confirm`).then((r) => r.statusCode);
    expect(await confirm(income.json().data.id)).toBe(200);
    const payment = await admin.post(
      `/api/admin/booking/${bookingId}/payments`,
      { wallet_id: walletId, amount },
      key('payment'),
    );
    expect(payment.statusCode).toBe(200);
    expect(await confirm(payment.json().data.id)).toBe(200);
  }

  beforeAll(async () => {
    const trip = await agent.post('/api/admin/trips', {
      title: 'Экспорт месяца',
      starts_on: '2027-10-28',
      ends_on: '2027-12-05',
      price: 100,
      currency: 'usd',
      seats: 2,
    });
    exportTrip = trip.json().data.id;
    const user = await agent.post('/api/admin/users', { full_name: 'Экспортов Турист' });
    const member = await agent.post(`/api/admin/trip/${exportTrip}/participants`, {
      user_id: user.json().data.id,
    });
    const stay = (starts_on: string, ends_on: string, extra: Record<string, unknown>) =>
      book(
        hotel({
          trip_id: exportTrip,
          starts_on,
          ends_on,
          confirmation_number: null,
          participants: [{ participant_id: member.json().data.id, room: 1 }],
          ...extra,
        }),
      ).then((booking) => booking.id);
    ids.paid = await stay('2027-11-05', '2027-11-08', {
      cost: 1234.56,
      confirmation_number: 'A-1',
      payment_due_on: '2026-11-01',
    });
    ids.early = await stay('2027-10-30', '2027-11-02', { cost: 99.99, status: 'requested' });
    ids.kgs = await stay('2027-11-10', '2027-11-12', {
      cost: 15000,
      currency: 'kgs',
      details: {
        hotel_name: 'Ак-Кеме',
        city: 'Бишкек',
        meal_plan: 'HB',
        room_plan: [{ room_type: 'SGL', participant_ids: [member.json().data.id] }],
      },
    });
    ids.jpy = await stay('2027-11-15', '2027-11-16', { cost: 120000, currency: 'jpy' });
    ids.cancelled = await stay('2027-11-20', '2027-11-22', {
      cost: 500,
      status: 'cancelled',
      penalty: 10.1,
    });
    ids.december = await stay('2027-12-01', '2027-12-03', { cost: 300 });
    await paySupplier(ids.paid, 500.01);
  });

  const exported = (query: string) =>
    agent.get(`/api/admin/bookings/export?kind=hotel&month=11-2027&trip_id=${exportTrip}${query}`);

  it('writes every booking of the month the list finds, then its totals per currency', async () => {
    const response = await exported('');
    expect(attachmentNames(response)).toEqual({
      ascii: 'bookings-hotel-2027-11.xlsx',
      unicode: 'Отели 11.2027.xlsx',
    });
    const workbook = await workbookOf(response);
    const sheet = workbook.getWorksheet('Отели 11.2027')!;
    const layout = layoutOf(sheet, MONTH_HEADER.length);
    expect(layout.title).toBe('Отели: Ноябрь 2027 (01.11.2027–30.11.2027)');
    expect(layout.header).toEqual(MONTH_HEADER);
    const hilton = (id: number, from: string, to: string, nights: number) => [
      id,
      'Экспорт месяца',
      'Hilton Tokyo',
      'Hilton Tokyo, Токио',
      day(from),
      day(to),
      nights,
      'DBL × 2',
      2,
      'BB',
      1,
    ];
    expect(layout.rows).toEqual([
      [
        ...hilton(ids.early, '2027-10-30', '2027-11-02', 3),
        'Запрошено',
        null,
        'USD',
        99.99,
        null,
        99.99,
        0,
        99.99,
        'Не оплачено',
        null,
        null,
      ],
      [
        ...hilton(ids.paid, '2027-11-05', '2027-11-08', 3),
        'Подтверждено',
        'A-1',
        'USD',
        1234.56,
        null,
        1234.56,
        500.01,
        734.55,
        'Частично оплачено',
        day('2026-11-01'),
        'да',
      ],
      [
        ids.kgs,
        'Экспорт месяца',
        'Hilton Tokyo',
        'Ак-Кеме, Бишкек',
        day('2027-11-10'),
        day('2027-11-12'),
        2,
        'SGL × 1',
        1,
        'HB',
        1,
        'Подтверждено',
        null,
        'KGS',
        15000,
        null,
        15000,
        0,
        15000,
        'Не оплачено',
        null,
        null,
      ],
      [
        ...hilton(ids.jpy, '2027-11-15', '2027-11-16', 1),
        'Подтверждено',
        null,
        'JPY',
        120000,
        null,
        120000,
        0,
        120000,
        'Не оплачено',
        null,
        null,
      ],
      [
        ...hilton(ids.cancelled, '2027-11-20', '2027-11-22', 2),
        'Отменено',
        null,
        'USD',
        500,
        10.1,
        10.1,
        0,
        10.1,
        'Не оплачено',
        null,
        null,
      ],
    ]);
    // The header stays in view; the filter takes the rows in, never the totals.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: layout.headerRow });
    expect(sheet.autoFilter).toBe(`A${layout.headerRow}:V${layout.headerRow + 5}`);
    // Amounts are numbers shown in their currency; dates are dates.
    const paidRow = layout.headerRow + 2;
    expect(sheet.getCell(paidRow, 17).numFmt).toBe(USD);
    expect(sheet.getCell(paidRow + 1, 17).numFmt).toBe(KGS);
    expect(sheet.getCell(paidRow, 5).numFmt).toBe('dd.mm.yyyy');

    // The totals, to the minor unit (1234.56 + 99.99 + 10.10 in floating point is 1344.6499…).
    expect(layout.totals.map((row) => [row[0], row[13], row[16], row[17], row[18]])).toEqual([
      ['Итого (бронирований: 1)', 'JPY', 120000, 0, 120000],
      ['Итого (бронирований: 1)', 'KGS', 15000, 0, 15000],
      ['Итого (бронирований: 3)', 'USD', 1344.65, 500.01, 844.64],
    ]);
    const list = await agent.get(
      `/api/admin/bookings?kind=hotel&month=11-2027&trip_id=${exportTrip}`,
    );
    expect(list.json().data.totals).toEqual([
      { currency: 'jpy', count: 1, amount_due: 120000, paid: 0, debt: 120000 },
      { currency: 'kgs', count: 1, amount_due: 15000, paid: 0, debt: 15000 },
      { currency: 'usd', count: 3, amount_due: 1344.65, paid: 500.01, debt: 844.64 },
    ]);
    expect(list.json().data.data.map((b: { id: number }) => b.id)).toEqual(
      layout.rows.map((row) => row[0]),
    );
    const usdTotal = sheet.getCell(layout.headerRow + layout.rows.length + 4, 17);
    expect([usdTotal.value, usdTotal.numFmt]).toEqual([1344.65, USD]);
  });

  it('keeps the list’s filters, and its totals follow them', async () => {
    const cancelled = layoutOf(
      (await workbookOf(await exported('&status=cancelled'))).getWorksheet(1)!,
      MONTH_HEADER.length,
    );
    expect(cancelled.rows.map((row) => row[0])).toEqual([ids.cancelled]);
    expect(cancelled.totals.map((row) => [row[13], row[16], row[17], row[18]])).toEqual([
      ['USD', 10.1, 0, 10.1],
    ]);
    const partly = layoutOf(
      (await workbookOf(await exported('&payment_state=partly_paid'))).getWorksheet(1)!,
      MONTH_HEADER.length,
    );
    expect(partly.rows.map((row) => row[0])).toEqual([ids.paid]);
    const searched = layoutOf(
      (await workbookOf(await exported(`&search=${encodeURIComponent('ак-кеме')}`))).getWorksheet(
        1,
      )!,
      MONTH_HEADER.length,
    );
    expect(searched.rows.map((row) => row[0])).toEqual([ids.kgs]);
    const december = layoutOf(
      (
        await workbookOf(
          await agent.get(
            `/api/admin/bookings/export?kind=hotel&month=12-2027&trip_id=${exportTrip}`,
          ),
        )
      ).getWorksheet(1)!,
      MONTH_HEADER.length,
    );
    expect(december.rows.map((row) => row[0])).toEqual([ids.december]);
  });

  it('names a kind whose label has a slash without it, and writes an empty month with its header', async () => {
    const response = await agent.get('/api/admin/bookings/export?kind=guide&month=02-2031');
    expect(attachmentNames(response)).toEqual({
      ascii: 'bookings-guide-2031-02.xlsx',
      unicode: 'Гид-Сопровождение 02.2031.xlsx',
    });
    const workbook = await workbookOf(response);
    const sheet = workbook.getWorksheet('Гид-Сопровождение 02.2031')!;
    const layout = layoutOf(sheet, 20);
    expect(layout.title).toBe('Гид/Сопровождение: Февраль 2031 (01.02.2031–28.02.2031)');
    expect(layout.header.slice(0, 9)).toEqual([
      '№',
      'Тур',
      'Поставщик',
      'Услуга',
      'Начало',
      'Окончание',
      'Дней',
      'Языки',
      'Ставка в день',
    ]);
    expect([layout.rows, layout.totals]).toEqual([[], []]);
  });
});

describe('access', () => {
  it('refuses a role without booking_section (403) and a guest (401)', async () => {
    const urls = [
      '/api/admin/bookings/export?kind=hotel',
      `/api/admin/booking/1/rooming-list`,
      `/api/admin/booking/1/insured-list`,
      `/api/admin/booking/1/voucher`,
    ];
    for (const url of urls) {
      expect([url, (await accountant.get(url)).statusCode]).toEqual([url, 403]);
      expect([url, (await new Browser(app).get(url)).statusCode]).toEqual([url, 401]);
    }
  });
});
