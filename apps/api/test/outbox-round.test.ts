import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { runMessageRound } from '../src/domain/messages/round';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The daily round of scheduled messages (issue 32) with an injected clock: a tourist's payment
// due within N days and overdue (to the tourist and its manager), a passport expiring less than
// 6 months after the trip's end (to the trip's manager), a supplier's payment deadline (to the
// reservation agents, else the company's e-mail). Once per business day (Asia/Bishkek, from
// 09:00), exactly once under two rounds at once, nothing twice on the days after, nothing of a
// kind switched off. Every expected subject, address and figure is written here by hand.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let admin: Browser;
const ids: Record<string, number> = {};

/** 10:00 in Bishkek (UTC+6) of `day`. */
const morning = (day: string) => new Date(`${day}T04:00:00Z`);
const NBSP = '\u00a0';
const COMPANY = 'ОсОО «Турбюро»';

async function trip(values: Record<string, unknown>): Promise<number> {
  const response = await admin.post('/api/admin/trips', { seats: 20, ...values });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().data.id;
}

async function participant(tripId: number, userId: number): Promise<number> {
  const response = await admin.post(`/api/admin/trip/${tripId}/participants`, { user_id: userId });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().data.id;
}

/** A confirmed income of `minor` units paid for a participant. */
async function paid(tripId: number, participantId: number, minor: number, currency: string) {
  const wallet = await db()
    .selectFrom('wallets')
    .select('id')
    .where('currency', '=', currency)
    .where('type', '=', 'site')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('transactions')
    .values({
      wallet_id: wallet.id,
      type: 'income',
      amount: minor,
      currency,
      status: 'confirmed',
      trip_id: tripId,
      participant_id: participantId,
      confirmed_at: new Date('2027-04-01T06:00:00Z'),
      created_at: new Date('2027-04-01T06:00:00Z'),
    })
    .execute();
}

async function booking(values: {
  tripId: number;
  title: string;
  cost: number;
  dueOn: string;
  status?: string;
}) {
  const { id } = await db()
    .insertInto('bookings')
    .values({
      kind: 'hotel',
      trip_id: values.tripId,
      supplier_id: ids.supplier!,
      starts_on: '2027-05-01',
      ends_on: '2027-05-08',
      cost: values.cost,
      currency: 'usd',
      status: values.status ?? 'confirmed',
      payment_due_on: values.dueOn,
      details: '{}',
      title: values.title,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

interface Seen {
  kind: string;
  recipient: string | null;
  missing_reason: string | null;
  subject: string;
}

/** The messages of `kinds` (all when none given) written so far, in the order written. */
const written = (): Promise<(Seen & { body_text: string; status: string })[]> =>
  db()
    .selectFrom('outbox_messages')
    .select(['kind', 'recipient', 'missing_reason', 'subject', 'body_text', 'status'])
    .orderBy('id')
    .execute();
const seen = async (): Promise<Seen[]> =>
  (await written()).map(({ kind, recipient, missing_reason, subject }) => ({
    kind,
    recipient,
    missing_reason,
    subject,
  }));

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  await db()
    .updateTable('company_requisites')
    .set({ legal_form: 'osoo', name: 'Турбюро', email: 'office@turburo.kg' })
    .execute();
  await db()
    .insertInto('wallets')
    .values([
      { type: 'site', kind: 'cash', name: 'Касса USD', currency: 'usd' },
      { type: 'site', kind: 'cash', name: 'Касса KGS', currency: 'kgs' },
    ])
    .execute();
  ids.manager = await createTestUser(db(), {
    full_name: 'Бакыт Менеджеров',
    email: 'manager@turburo.kg',
    roles: ['sales_manager'],
  });
  ids.tripManager = await createTestUser(db(), {
    full_name: 'Тимур Туров',
    email: 'timur@turburo.kg',
    roles: ['sales_manager'],
  });
  ids.reservations = await createTestUser(db(), {
    full_name: 'Рената Бронева',
    email: 'resv@turburo.kg',
    roles: ['reservation_agent'],
  });
  // A reservation agent without an address, and one whose account is disabled: neither told.
  await createTestUser(db(), { email: null, roles: ['reservation_agent'] });
  const disabled = await createTestUser(db(), {
    email: 'gone@turburo.kg',
    roles: ['reservation_agent'],
  });
  await db()
    .updateTable('users')
    .set({ disabled_at: new Date('2027-01-01T00:00:00Z') })
    .where('id', '=', disabled)
    .execute();

  const tourist = (values: Parameters<typeof createTestUser>[1]) =>
    createTestUser(db(), { password: null, ...values });
  ids.aida = await tourist({
    full_name: 'Аида Садыкова',
    email: 'aida@example.kg',
    manager_id: ids.manager,
  });
  ids.dina = await tourist({ full_name: 'Дина Паспортова', email: 'dina@example.kg' });
  await db()
    .updateTable('users')
    .set({ passport_number: 'AC7654321', passport_expires_at: '2027-10-01' })
    .where('id', '=', ids.dina)
    .execute();
  ids.erlan = await tourist({
    full_name: 'Эрлан Позднов',
    email: 'erlan@example.kg',
    manager_id: ids.manager,
  });
  ids.gulnara = await tourist({ full_name: 'Гульнара Осмонова', email: null });

  // Istanbul starts in 7 days: Aida owes $700 of $1 000; Dina paid all, her passport ends
  // 01.10.2027, before 08.11.2027 (the trip's end and 6 months).
  ids.istanbul = await trip({
    title: 'Стамбул',
    starts_on: '2027-05-01',
    ends_on: '2027-05-08',
    price: 1000,
    currency: 'usd',
    manager_id: ids.tripManager,
  });
  const aida = await participant(ids.istanbul, ids.aida);
  await paid(ids.istanbul, aida, 30_000, 'usd');
  const dina = await participant(ids.istanbul, ids.dina);
  await paid(ids.istanbul, dina, 100_000, 'usd');
  // Seoul starts in 16 days, Erlan has paid nothing: beyond the 7 days.
  ids.seoul = await trip({
    title: 'Сеул',
    starts_on: '2027-05-10',
    ends_on: '2027-05-15',
    price: 800,
    currency: 'usd',
    manager_id: ids.tripManager,
  });
  await participant(ids.seoul, ids.erlan);
  // Osh started 4 days ago, without a manager; Gulnara (no address) owes С30 000 of С50 000.
  ids.osh = await trip({
    title: 'Ош',
    starts_on: '2027-04-20',
    ends_on: '2027-04-22',
    price: 50_000,
    currency: 'kgs',
    manager_id: null,
  });
  const gulnara = await participant(ids.osh, ids.gulnara);
  await paid(ids.osh, gulnara, 20_000, 'kgs');

  ids.supplier = (
    await db()
      .insertInto('suppliers')
      .values({ name: 'Hilton Istanbul', kinds: ['hotel'] })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // $500 due in 3 days: told; due in 16 days: not yet; cancelled without a penalty: owes nothing.
  await booking({
    tripId: ids.istanbul,
    title: 'Hilton Istanbul, Стамбул',
    cost: 50_000,
    dueOn: '2027-04-27',
  });
  await booking({ tripId: ids.seoul, title: 'Lotte, Сеул', cost: 40_000, dueOn: '2027-05-10' });
  await booking({
    tripId: ids.istanbul,
    title: 'Отменённый отель',
    cost: 30_000,
    dueOn: '2027-04-26',
    status: 'cancelled',
  });
});
afterAll(async () => {
  await app.close();
});

const FIRST_DAY: Seen[] = [
  {
    kind: 'payment_due',
    recipient: 'aida@example.kg',
    missing_reason: null,
    subject: `Напоминание об оплате тура «Стамбул» — ${COMPANY}`,
  },
  {
    kind: 'payment_due',
    recipient: 'manager@turburo.kg',
    missing_reason: null,
    subject: 'Срок оплаты 01.05.2027: Аида Садыкова, тур «Стамбул»',
  },
  {
    kind: 'payment_overdue',
    recipient: null,
    missing_reason: 'У туриста не указана почта',
    subject: `Оплата тура «Ош» просрочена — ${COMPANY}`,
  },
  {
    kind: 'payment_overdue',
    recipient: null,
    missing_reason: 'У туриста и тура не назначен менеджер',
    subject: 'Просрочена оплата: Гульнара Осмонова, тур «Ош»',
  },
  {
    kind: 'passport_expiring',
    recipient: 'timur@turburo.kg',
    missing_reason: null,
    subject: 'Паспорт туриста Дина Паспортова истекает 01.10.2027 — тур «Стамбул»',
  },
  {
    kind: 'supplier_payment_due',
    recipient: 'resv@turburo.kg',
    missing_reason: null,
    subject: 'Оплата поставщику «Hilton Istanbul» до 27.04.2027: Hilton Istanbul, Стамбул',
  },
];

it('writes nothing before 09:00 in Bishkek', async () => {
  // 08:59 in Bishkek on 24.04.2027.
  expect(await runMessageRound(db(), { now: new Date('2027-04-24T02:59:00Z') })).toBeNull();
  expect(await db().selectFrom('message_rounds').selectAll().execute()).toEqual([]);
  expect(await seen()).toEqual([]);
});

it('two rounds at once write the day’s messages once', async () => {
  const results = await Promise.all([
    runMessageRound(db(), { now: morning('2027-04-24') }),
    runMessageRound(db(), { now: morning('2027-04-24') }),
  ]);
  expect(results.filter((result) => result === null)).toHaveLength(1);
  expect(results.find((result) => result !== null)).toEqual({ day: '2027-04-24', messages: 6 });
  expect(await seen()).toEqual(FIRST_DAY);
});

it('writes each text in Russian with its figures, signed with the company', async () => {
  const messages = await written();
  expect(messages[0]!.body_text).toBe(
    'Здравствуйте, Аида Садыкова!\n\n' +
      'Напоминаем: тур «Стамбул» (01.05.2027 — 08.05.2027) начинается через 7 дней, ' +
      '01.05.2027; оплатить его нужно до 01.05.2027.\n' +
      `Стоимость $1${NBSP}000,00, оплачено $300,00, остаток к оплате $700,00.\n\n` +
      `С уважением,\n${COMPANY}`,
  );
  expect(messages[1]!.body_text).toBe(
    'Здравствуйте, Бакыт Менеджеров!\n\n' +
      'Турист Аида Садыкова должен оплатить тур «Стамбул» (01.05.2027 — 08.05.2027) до ' +
      '01.05.2027.\n' +
      `Стоимость $1${NBSP}000,00, оплачено $300,00, остаток к оплате $700,00.\n` +
      'Почта туриста: aida@example.kg.\n\n' +
      `С уважением,\n${COMPANY}`,
  );
  expect(messages[2]!.body_text).toBe(
    'Здравствуйте, Гульнара Осмонова!\n\n' +
      'Срок оплаты за тур «Ош» (20.04.2027 — 22.04.2027) — 20.04.2027 — прошёл.\n' +
      `Стоимость С50${NBSP}000,00, оплачено С20${NBSP}000,00, остаток к оплате С30${NBSP}000,00.\n` +
      'Пожалуйста, внесите оплату или свяжитесь с вашим менеджером.\n\n' +
      `С уважением,\n${COMPANY}`,
  );
  expect(messages[4]!.body_text).toBe(
    'Здравствуйте, Тимур Туров!\n\n' +
      'Паспорт туриста Дина Паспортова действителен до 01.10.2027, а тур «Стамбул» ' +
      '(01.05.2027 — 08.05.2027) заканчивается раньше чем за 6 месяцев до этого: паспорт ' +
      'должен действовать до 08.11.2027.\n' +
      'Попросите туриста заменить паспорт и внесите новые данные в его карточку.\n\n' +
      `С уважением,\n${COMPANY}`,
  );
  expect(messages[5]!.body_text).toBe(
    'Здравствуйте, Рената Бронева!\n\n' +
      'Срок оплаты брони «Hilton Istanbul, Стамбул» (тур «Стамбул») поставщику ' +
      '«Hilton Istanbul» — 27.04.2027, через 3 дня.\n' +
      'Стоимость $500,00, оплачено $0,00, остаток к оплате $500,00.\n\n' +
      `С уважением,\n${COMPANY}`,
  );
  expect(messages.map((message) => message.status)).toEqual([
    'waiting',
    'waiting',
    'no_address',
    'no_address',
    'waiting',
    'waiting',
  ]);
});

it('runs a day’s round once, and the next day writes nothing it wrote before', async () => {
  expect(await runMessageRound(db(), { now: new Date('2027-04-24T17:00:00Z') })).toBeNull();
  expect(await runMessageRound(db(), { now: morning('2027-04-25') })).toEqual({
    day: '2027-04-25',
    messages: 0,
  });
  expect(await seen()).toEqual(FIRST_DAY);
  expect(
    await db().selectFrom('message_rounds').select(['day', 'messages']).orderBy('day').execute(),
  ).toEqual([
    { day: '2027-04-24', messages: 6 },
    { day: '2027-04-25', messages: 0 },
  ]);
});

it('warns as many days ahead as the setting says', async () => {
  await db()
    .updateTable('message_kinds')
    .set({ days: 20 })
    .where('kind', '=', 'payment_due')
    .execute();
  expect(await runMessageRound(db(), { now: morning('2027-04-26') })).toEqual({
    day: '2027-04-26',
    messages: 2,
  });
  const messages = (await written()).slice(FIRST_DAY.length);
  expect(messages.map(({ kind, recipient, subject }) => ({ kind, recipient, subject }))).toEqual([
    {
      kind: 'payment_due',
      recipient: 'erlan@example.kg',
      subject: `Напоминание об оплате тура «Сеул» — ${COMPANY}`,
    },
    {
      kind: 'payment_due',
      recipient: 'manager@turburo.kg',
      subject: 'Срок оплаты 10.05.2027: Эрлан Позднов, тур «Сеул»',
    },
  ]);
  expect(messages[0]!.body_text).toContain(
    'тур «Сеул» (10.05.2027 — 15.05.2027) начинается через 14 дней, 10.05.2027',
  );
});

it('writes nothing of a kind switched off; without a reservation agent’s address, to the company', async () => {
  const before = (await seen()).length;
  await db()
    .updateTable('message_kinds')
    .set({ enabled: false })
    .where('kind', '=', 'passport_expiring')
    .execute();
  const fatima = await createTestUser(db(), { full_name: 'Фатима Срокова', password: null });
  await db()
    .updateTable('users')
    .set({ passport_number: 'AC1112223', passport_expires_at: '2027-06-01' })
    .where('id', '=', fatima)
    .execute();
  await participant(ids.seoul!, fatima);
  await paid(
    ids.seoul!,
    (
      await db()
        .selectFrom('trip_participants')
        .select('id')
        .where('user_id', '=', fatima)
        .executeTakeFirstOrThrow()
    ).id,
    80_000,
    'usd',
  );
  expect(await runMessageRound(db(), { now: morning('2027-04-27') })).toEqual({
    day: '2027-04-27',
    messages: 0,
  });

  await db()
    .updateTable('message_kinds')
    .set({ enabled: true })
    .where('kind', '=', 'passport_expiring')
    .execute();
  await db()
    .updateTable('users')
    .set({ email: null })
    .where('id', '=', ids.reservations!)
    .execute();
  await booking({ tripId: ids.seoul!, title: 'Трансфер, Сеул', cost: 12_345, dueOn: '2027-04-30' });
  expect(await runMessageRound(db(), { now: morning('2027-04-28') })).toEqual({
    day: '2027-04-28',
    messages: 2,
  });
  expect((await seen()).slice(before)).toEqual([
    {
      kind: 'passport_expiring',
      recipient: 'timur@turburo.kg',
      missing_reason: null,
      subject: 'Паспорт туриста Фатима Срокова истекает 01.06.2027 — тур «Сеул»',
    },
    {
      kind: 'supplier_payment_due',
      recipient: 'office@turburo.kg',
      missing_reason: null,
      subject: 'Оплата поставщику «Hilton Istanbul» до 30.04.2027: Трансфер, Сеул',
    },
  ]);
});
