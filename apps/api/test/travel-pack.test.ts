import { decodeExtended, parse } from 'content-disposition';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The tourist's travel pack (issue 32): one ZIP of DOCX papers — the vouchers of its confirmed
// hotels and transfers, its flights, its insurance, the programme and the prepared tour's memo.
// Every record is made through the API; every expected name and figure is written by hand.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let tripManager: Browser;
let outsider: Browser;
let agentA: { browser: Browser; id: number };
let agentB: { browser: Browser; id: number };

const MEMO =
  'Документы. Загранпаспорт с визой, ваучер и страховой полис.\n\n' +
  'Экстренные телефоны: полиция — 110, скорая помощь — 119.';

let tripId: number;
let plainTripId: number;
const participant = { osmonova: 0, belova: 0, vetrov: 0, ofAgentA: 0, ofAgentB: 0 };
const user = { ofAgentA: 0, ofAgentB: 0 };
const booking = { hotel: 0, transfer: 0, flight: 0, flightHome: 0, insurance: 0 };

async function ok<T = { id: number }>(response: LightMyRequestResponse): Promise<T> {
  expect([response.statusCode, response.json().errors]).toEqual([200, undefined]);
  return response.json().data as T;
}

async function supplier(body: Record<string, unknown>): Promise<number> {
  return (await ok(await admin.post('/api/admin/suppliers', body))).id;
}

async function tourist(browser: Browser, full_name: string, passport_number: string) {
  return (
    await ok(
      await browser.post('/api/admin/users', {
        full_name,
        passport_number,
        birth_date: '1990-05-17',
        citizenship: 'Кыргызстан',
      }),
    )
  ).id;
}

async function join(trip: number, userId: number): Promise<number> {
  return (await ok(await admin.post(`/api/admin/trip/${trip}/participants`, { user_id: userId })))
    .id;
}

async function book(body: Record<string, unknown>): Promise<number> {
  return (await ok(await admin.post('/api/admin/bookings', { trip_id: tripId, ...body }))).id;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  const manager = await signedIn(app, db(), ['sales_manager']);
  tripManager = manager.browser;
  ({ browser: outsider } = await signedIn(app, db(), ['sales_manager']));
  agentA = await signedIn(app, db(), ['counterparty']);
  agentB = await signedIn(app, db(), ['counterparty']);
  expect((await admin.put('/api/admin/company', REQUISITES)).statusCode).toBe(200);

  const tour = await ok(
    await admin.post('/api/admin/tours', {
      title: 'Япония осенью',
      key: 'yaponiya-osenyu',
      country: 'Япония',
      cities: ['Токио'],
      days: 3,
      itinerary: [
        { title: 'Прилёт в Токио', description: 'Встреча в аэропорту Нарита' },
        { title: 'Асакуса и Сибуя', description: '' },
        { title: 'Вылет', description: '' },
      ],
      included: [],
      not_included: [],
      base_price: 2500,
      currency: 'usd',
      published: true,
      memo: MEMO,
    }),
  );
  tripId = (
    await ok(
      await admin.post('/api/admin/trips', {
        prepared_tour_id: tour.id,
        title: 'Осенняя Япония',
        starts_on: '2027-11-10',
        seats: 10,
        manager_id: manager.id,
      }),
    )
  ).id;
  plainTripId = (
    await ok(
      await admin.post('/api/admin/trips', {
        title: 'Выходные на Иссык-Куле',
        country: 'Кыргызстан',
        starts_on: '2027-07-02',
        ends_on: '2027-07-04',
        price: 18500,
        currency: 'kgs',
        seats: 10,
      }),
    )
  ).id;

  participant.osmonova = await join(tripId, await tourist(admin, 'Осмонова Айгуль', 'AC1234567'));
  participant.belova = await join(tripId, await tourist(admin, 'Белова Анна', 'AC2000002'));
  participant.vetrov = await join(tripId, await tourist(admin, 'Ветров Игорь', 'N3000003'));
  for (const [key, agent] of [
    ['ofAgentA', agentA],
    ['ofAgentB', agentB],
  ] as const) {
    user[key] = await createTestUser(db(), {
      full_name: key === 'ofAgentA' ? 'Асанов Бакыт' : 'Жумабаева Динара',
      password: null,
      email: null,
      roles: ['client'],
      counterparty_id: agent.id,
    });
    participant[key] = await join(tripId, user[key]);
  }

  const hotel = await supplier({
    name: 'Hilton Tokyo',
    kinds: ['hotel'],
    phone: '+81 3 3344 5111',
    city: 'Токио',
    address: 'Токио, Синдзюку, Ниси-Синдзюку 6-6-2',
  });
  const airline = await supplier({ name: 'Turkish Airlines', kinds: ['air_ticket'] });
  const insurer = await supplier({
    name: 'Страховая «Джал»',
    kinds: ['health_insurance'],
    phone: '+996 312 90-90-90',
  });
  const transfers = await supplier({ name: 'Tokyo Transfers', kinds: ['transfer'] });

  // Room 1: Осмонова and Белова; room 2: Ветров; room 3: the two agents' tourists together.
  booking.hotel = await book({
    kind: 'hotel',
    supplier_id: hotel,
    starts_on: '2027-11-10',
    ends_on: '2027-11-12',
    cost: 1200,
    currency: 'usd',
    status: 'confirmed',
    confirmation_number: 'HLT-7781',
    details: {
      hotel_name: 'Hilton Tokyo',
      city: 'Токио',
      category: '5*',
      meal_plan: 'BB',
      room_plan: [
        { room_type: 'DBL', participant_ids: [participant.osmonova, participant.belova] },
        { room_type: 'SGL', participant_ids: [participant.vetrov] },
        { room_type: 'TWN', participant_ids: [participant.ofAgentA, participant.ofAgentB] },
      ],
    },
    participants: [
      participant.osmonova,
      participant.belova,
      participant.vetrov,
      participant.ofAgentA,
      participant.ofAgentB,
    ].map((id) => ({ participant_id: id })),
  });
  // Requested, not confirmed: no voucher of it goes into a pack.
  await book({
    kind: 'hotel',
    supplier_id: hotel,
    starts_on: '2027-11-11',
    ends_on: '2027-11-12',
    cost: 300,
    currency: 'usd',
    status: 'requested',
    details: {
      hotel_name: 'Hilton Osaka',
      city: 'Осака',
      meal_plan: 'BB',
      room_plan: [{ room_type: 'DBL', participant_ids: [participant.osmonova] }],
    },
    participants: [{ participant_id: participant.osmonova }],
  });
  booking.flight = await book({
    kind: 'air_ticket',
    supplier_id: airline,
    starts_on: '2027-11-10',
    ends_on: '2027-11-10',
    currency: 'usd',
    status: 'confirmed',
    confirmation_number: 'TK-CONF',
    details: {
      carrier: 'Turkish Airlines',
      flight_number: 'TK52',
      from_airport: 'ist',
      to_airport: 'nrt',
      departs_at: '01:45',
      arrives_at: '19:05',
      flight_class: 'economy',
      pnr: 'X7KQ2L',
      baggage: '1 место до 23 кг',
    },
    participants: [
      { participant_id: participant.osmonova, ticket_number: '235-2401234567', ticket_cost: 650 },
      { participant_id: participant.belova, ticket_number: '235-2401234568', ticket_cost: 650 },
      { participant_id: participant.ofAgentA, ticket_number: '235-2401234569', ticket_cost: 650 },
    ],
  });
  booking.insurance = await book({
    kind: 'health_insurance',
    supplier_id: insurer,
    starts_on: '2027-11-10',
    ends_on: '2027-11-12',
    cost: 30,
    currency: 'eur',
    status: 'confirmed',
    details: {
      plan: 'Стандарт',
      coverage: 30000.5,
      coverage_currency: 'eur',
      territory: 'Япония',
    },
    participants: [{ participant_id: participant.osmonova, policy_number: 'ДЖ-000118' }],
  });
  booking.transfer = await book({
    kind: 'transfer',
    supplier_id: transfers,
    starts_on: '2027-11-10',
    cost: 18000,
    currency: 'kgs',
    status: 'confirmed',
    confirmation_number: 'TT-15',
    details: {
      time: '20:30',
      direction: 'arrival',
      from_place: 'Аэропорт Нарита',
      to_place: 'Hilton Tokyo',
      vehicle: 'Toyota HiAce',
      seats: 8,
      flight_booking_id: booking.flight,
    },
    participants: [participant.osmonova, participant.belova, participant.vetrov].map((id) => ({
      participant_id: id,
    })),
  });
});
afterAll(async () => {
  await app.close();
});

const packUrl = (trip: number, id: number) =>
  `/api/admin/trip/${trip}/participant/${id}/travel-pack`;

/** The files of a ZIP answer by name, after checking its type and that no cache keeps it. */
function zipOf(response: LightMyRequestResponse): Record<string, Uint8Array> {
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/zip']);
  expect(response.headers['cache-control']).toBe('no-store');
  return unzipSync(new Uint8Array(response.rawPayload));
}

/** The two names of an attachment (ASCII filename, Unicode filename*). */
function attachmentNames(response: LightMyRequestResponse) {
  const header = response.headers['content-disposition'] as string;
  expect(header).toMatch(/^[\x20-\x7e]+$/);
  const { type, parameters } = parse(header, { extended: false });
  expect(type).toBe('attachment');
  return { ascii: parameters.filename, unicode: decodeExtended(parameters['filename*']!) };
}

/** The text of a DOCX's word/document.xml, runs joined, entities decoded. */
function docxText(docx: Uint8Array | undefined): string {
  expect(docx).toBeDefined();
  const files = unzipSync(docx!);
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

const HOTEL_VOUCHER = () => `Ваучер №${booking.hotel} Hilton Tokyo, Токио.docx`;
const TRANSFER_VOUCHER = () => `Ваучер №${booking.transfer} Аэропорт Нарита → Hilton Tokyo.docx`;

describe('a tourist’s pack', () => {
  it('holds the vouchers, flights, insurance, programme and memo, named in Russian', async () => {
    const response = await admin.get(packUrl(tripId, participant.osmonova));
    const files = zipOf(response);
    expect(Object.keys(files).sort()).toEqual(
      [
        HOTEL_VOUCHER(),
        TRANSFER_VOUCHER(),
        'Авиабилеты.docx',
        'Страховка.docx',
        'Программа тура.docx',
        'Памятка туристу.docx',
      ].sort(),
    );
    expect(attachmentNames(response)).toEqual({
      unicode: 'Документы туриста — Осмонова Айгуль — Осенняя Япония.zip',
      ascii: 'Dokumenty turista Osmonova Aigul Osenniaia Iaponiia.zip',
    });

    const hotel = docxText(files[HOTEL_VOUCHER()]);
    for (const expected of [
      'ОсОО «Турбюро»',
      `Ваучер №${booking.hotel}`,
      'Hilton Tokyo',
      'HLT-7781',
      '10.11.2027',
      '12.11.2027',
      'Осмонова Айгуль',
      'AC1234567',
      'Белова Анна', // her room-mate
    ]) {
      expect(hotel).toContain(expected);
    }
    // The rest of the group is not the tourist's to carry.
    for (const absent of ['Ветров', 'N3000003', 'Асанов Бакыт', 'Hilton Osaka']) {
      expect(hotel).not.toContain(absent);
    }

    const transfer = docxText(files[TRANSFER_VOUCHER()]);
    expect(transfer).toContain('TT-15');
    expect(transfer).toContain('Осмонова Айгуль');
    expect(transfer).not.toContain('Белова');

    const flights = docxText(files['Авиабилеты.docx']);
    for (const expected of [
      'ОсОО «Турбюро»',
      'Турист: Осмонова Айгуль',
      'Turkish Airlines',
      'TK52',
      'IST',
      'NRT',
      '10.11.2027, 01:45',
      '10.11.2027, 19:05',
      'Эконом',
      'X7KQ2L',
      '235-2401234567',
      '1 место до 23 кг',
    ]) {
      expect(flights).toContain(expected);
    }
    expect(flights).not.toContain('235-2401234568'); // Белова's ticket

    const insurance = docxText(files['Страховка.docx']);
    for (const expected of [
      'Страховая «Джал»',
      '+996312909090',
      'Стандарт',
      '€30\u00a0000,50',
      'Япония',
      '10.11.2027–12.11.2027',
      'ДЖ-000118',
      'AC1234567',
    ]) {
      expect(insurance).toContain(expected);
    }

    const programme = docxText(files['Программа тура.docx']);
    for (const expected of [
      'Программа тура',
      'Осенняя Япония',
      'с 10.11.2027 по 12.11.2027',
      'Прилёт в Токио: Встреча в аэропорту Нарита',
      'Асакуса и Сибуя',
      '11.11.2027',
    ]) {
      expect(programme).toContain(expected);
    }

    const memo = docxText(files['Памятка туристу.docx']);
    expect(memo).toContain('Япония осенью');
    expect(memo).toContain('Документы. Загранпаспорт с визой, ваучер и страховой полис.');
    expect(memo).toContain('Экстренные телефоны: полиция — 110, скорая помощь — 119.');
    for (const text of [hotel, flights, insurance, programme, memo]) {
      expect(text).not.toMatch(/null|undefined|NaN|Invalid Date/);
    }
  });

  it('leaves out the insurance of a tourist without a policy, and what it has no ticket for', async () => {
    const files = zipOf(await admin.get(packUrl(tripId, participant.vetrov)));
    expect(Object.keys(files).sort()).toEqual(
      [HOTEL_VOUCHER(), TRANSFER_VOUCHER(), 'Программа тура.docx', 'Памятка туристу.docx'].sort(),
    );
    const hotel = docxText(files[HOTEL_VOUCHER()]);
    expect(hotel).toContain('Ветров Игорь');
    expect(hotel).not.toContain('Осмонова');
  });

  it('has no memo when the trip’s tour has none, and no placeholder for it', async () => {
    const id = await join(plainTripId, await tourist(admin, 'Токтогулов Эрлан', 'AC7000007'));
    const files = zipOf(await admin.get(packUrl(plainTripId, id)));
    expect(Object.keys(files)).toEqual(['Программа тура.docx']);
    expect(docxText(files['Программа тура.docx'])).toContain('Выходные на Иссык-Куле');
  });

  it('keeps what is still confirmed for a cancelled participant', async () => {
    const cancel = (status: string) =>
      admin.put(`/api/admin/trip/${tripId}/participant/${participant.belova}`, {
        price: 2500,
        discount: 0,
        status,
      });
    expect((await cancel('cancelled')).statusCode).toBe(200);
    try {
      const files = zipOf(await admin.get(packUrl(tripId, participant.belova)));
      expect(Object.keys(files).sort()).toEqual(
        [
          HOTEL_VOUCHER(),
          TRANSFER_VOUCHER(),
          'Авиабилеты.docx',
          'Программа тура.docx',
          'Памятка туристу.docx',
        ].sort(),
      );
      // Her room-mate's voucher no longer names her.
      const roommate = zipOf(await admin.get(packUrl(tripId, participant.osmonova)));
      expect(docxText(roommate[HOTEL_VOUCHER()])).not.toContain('Белова');
    } finally {
      expect((await cancel('booked')).statusCode).toBe(200);
    }
  });

  it('is refused as 404 for a participant of another trip or none', async () => {
    for (const url of [packUrl(plainTripId, participant.osmonova), packUrl(tripId, 99999999)]) {
      const response = await admin.get(url);
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { code: 0, message: 'Участник тура не найден' },
      ]);
    }
  });
});

describe('who gets a pack', () => {
  it('the trip’s manager gets every participant’s; a manager reaching neither the tourist nor the trip gets 404', async () => {
    zipOf(await tripManager.get(packUrl(tripId, participant.ofAgentB)));
    const refused = await outsider.get(packUrl(tripId, participant.osmonova));
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Участник тура не найден']);
  });

  it('an agent gets its own tourist’s pack, naming only its own tourists', async () => {
    const response = await agentA.browser.get(
      `/api/agent/tourists/${user.ofAgentA}/trip/${tripId}/travel-pack`,
    );
    const files = zipOf(response);
    expect(Object.keys(files).sort()).toEqual(
      [HOTEL_VOUCHER(), 'Авиабилеты.docx', 'Программа тура.docx', 'Памятка туристу.docx'].sort(),
    );
    const hotel = docxText(files[HOTEL_VOUCHER()]);
    expect(hotel).toContain('Асанов Бакыт');
    // Her room-mate is another agent's tourist.
    expect(hotel).not.toContain('Жумабаева');
    expect(docxText(files['Авиабилеты.docx'])).toContain('235-2401234569');
  });

  it('an agent never gets another agent’s tourist, nor a trip its tourist is not on (404)', async () => {
    for (const url of [
      `/api/agent/tourists/${user.ofAgentB}/trip/${tripId}/travel-pack`,
      `/api/agent/tourists/${user.ofAgentA}/trip/${plainTripId}/travel-pack`,
    ]) {
      const response = await agentA.browser.get(url);
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { code: 0, message: 'Турист не найден в этом туре' },
      ]);
    }
    // The staff's route is not an agent's way round it.
    const staffRoute = await agentA.browser.get(packUrl(tripId, participant.ofAgentA));
    expect(staffRoute.statusCode).toBe(403);
  });
});

describe('the whole trip’s packs', () => {
  it('a folder per participant who travels, each with its own pack', async () => {
    const response = await admin.get(`/api/admin/trip/${tripId}/travel-packs`);
    const files = zipOf(response);
    expect(attachmentNames(response).unicode).toBe('Документы туристов — Осенняя Япония.zip');
    const folders = [...new Set(Object.keys(files).map((name) => name.split('/')[0]))].sort();
    expect(folders).toEqual(
      ['Асанов Бакыт', 'Белова Анна', 'Ветров Игорь', 'Жумабаева Динара', 'Осмонова Айгуль'].sort(),
    );
    expect(
      Object.keys(files)
        .filter((name) => name.startsWith('Ветров Игорь/'))
        .sort(),
    ).toEqual(
      [
        `Ветров Игорь/${HOTEL_VOUCHER()}`,
        `Ветров Игорь/${TRANSFER_VOUCHER()}`,
        'Ветров Игорь/Программа тура.docx',
        'Ветров Игорь/Памятка туристу.docx',
      ].sort(),
    );
    expect(docxText(files['Осмонова Айгуль/Страховка.docx'])).toContain('ДЖ-000118');
  });

  it('gives a manager who reaches no one of the trip a Russian refusal, not an empty archive', async () => {
    const response = await outsider.get(`/api/admin/trip/${tripId}/travel-packs`);
    expect([response.statusCode, response.json().message]).toEqual([
      422,
      'В туре нет участников, чьи документы вам доступны',
    ]);
  });
});
