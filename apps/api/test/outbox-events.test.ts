import { sql } from 'kysely';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { confirmInBulk } from '../src/domain/ledger/movements';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Each event writes its message in its own transaction (issue 32): the accountant's
// «Подтвердить выбранные» and the ledger's set-based confirmInBulk tell each tourist as a single
// confirmation does; an agent's request tells the agent it arrived, and its conversion that it
// became a trip. A request without an agent tells no one.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let sales: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };
let tripId: number;

const SUBJECT = 'Платёж подтверждён — ОсОО «Турбюро»';

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  sales = await signedIn(app, db(), ['sales_manager']);
  accountant = await signedIn(app, db(), ['accountant']);
  await db()
    .insertInto('wallets')
    .values({ type: 'site', kind: 'cash', name: 'Касса USD', currency: 'usd' })
    .execute();
  await db()
    .updateTable('company_requisites')
    .set({ legal_form: 'osoo', name: 'Турбюро' })
    .execute();
  tripId = (
    await sales.browser.post('/api/admin/trips', {
      title: 'Стамбул',
      country: 'Турция',
      starts_on: '2027-05-01',
      ends_on: '2027-05-08',
      price: 1000,
      currency: 'usd',
      seats: 20,
    })
  ).json().data.id;
});
afterAll(async () => {
  await app.close();
});

let paymentCounter = 0;
/** A pending payment of $300 for a new participant with this address. */
async function pendingPayment(email: string | null): Promise<number> {
  const user = await createTestUser(db(), {
    full_name: 'Аида Садыкова',
    password: null,
    email,
    manager_id: sales.id,
  });
  const participant = (
    await sales.browser.post(`/api/admin/trip/${tripId}/participants`, { user_id: user })
  ).json().data;
  paymentCounter += 1;
  const paid = await sales.browser.post(
    `/api/admin/trip/${tripId}/participant/${participant.id}/payments`,
    { currency: 'usd', amount: 300 },
    { headers: { 'idempotency-key': `events-${process.pid}-${paymentCounter}` } },
  );
  if (paid.statusCode !== 200) throw new Error(paid.body);
  return paid.json().data.id;
}

const messagesOf = (ids: number[]) =>
  db()
    .selectFrom('outbox_messages')
    .select(['kind', 'transaction_id', 'recipient', 'status', 'subject'])
    .where('transaction_id', 'in', ids)
    .orderBy('transaction_id')
    .execute();

describe('the bulk confirmation', () => {
  it('«Подтвердить выбранные» writes «Платёж подтверждён» to each tourist', async () => {
    const first = await pendingPayment('first.bulk@example.kg');
    const second = await pendingPayment('second.bulk@example.kg');
    const response = await accountant.browser.post('/api/admin/balance/operations/confirm', {
      ids: [first, second],
    });
    expect(response.statusCode).toBe(200);
    expect(await messagesOf([first, second])).toEqual([
      {
        kind: 'payment_confirmed',
        transaction_id: first,
        recipient: 'first.bulk@example.kg',
        status: 'waiting',
        subject: SUBJECT,
      },
      {
        kind: 'payment_confirmed',
        transaction_id: second,
        recipient: 'second.bulk@example.kg',
        status: 'waiting',
        subject: SUBJECT,
      },
    ]);
  });

  it('confirmInBulk tells each tourist as the single confirmation does, a replay no one', async () => {
    const first = await pendingPayment('first.set@example.kg');
    const second = await pendingPayment(null);
    const confirmed = await db()
      .transaction()
      .execute((trx) => confirmInBulk(trx, sql`${sql.join([first, second])}`, accountant.id));
    expect(confirmed).toBe(2);
    expect(await messagesOf([first, second])).toEqual([
      {
        kind: 'payment_confirmed',
        transaction_id: first,
        recipient: 'first.set@example.kg',
        status: 'waiting',
        subject: SUBJECT,
      },
      {
        kind: 'payment_confirmed',
        transaction_id: second,
        recipient: null,
        status: 'no_address',
        subject: SUBJECT,
      },
    ]);

    const replayed = await pendingPayment('replayed@example.kg');
    await db()
      .transaction()
      .execute((trx) =>
        confirmInBulk(trx, sql`${sql.join([replayed])}`, accountant.id, { at: 'recorded' }),
      );
    expect(await messagesOf([replayed])).toEqual([]);
  });
});

describe('an agent’s request', () => {
  let tour: { id: number; key: string };
  let departure: number;
  let agent: { browser: Browser; id: number; email: string };

  beforeAll(async () => {
    tour = (
      await admin.post('/api/admin/tours', {
        title: 'Озеро Иссык-Куль',
        key: `issyk-kul-${process.pid}`,
        country: 'Кыргызстан',
        cities: ['Чолпон-Ата'],
        days: 3,
        itinerary: [
          { title: 'Бишкек — Чолпон-Ата', description: 'Дорога вдоль озера' },
          { title: 'Чолпон-Ата', description: 'Пляж' },
          { title: 'Чолпон-Ата — Бишкек', description: 'Возвращение' },
        ],
        included: ['Отель'],
        not_included: [],
        base_price: 400,
        currency: 'usd',
        published: true,
        agent_commission: 10,
      })
    ).json().data;
    departure = (
      await admin.post('/api/admin/trips', {
        prepared_tour_id: tour.id,
        starts_on: '2030-07-01',
        seats: 10,
      })
    ).json().data.id;
    agent = await signedIn(app, db(), ['counterparty'], { full_name: 'Турагент Нурлан' });
  });

  const ofRequest = (id: number) =>
    db()
      .selectFrom('outbox_messages')
      .select(['kind', 'recipient', 'missing_reason', 'status', 'subject', 'body_text'])
      .where('request_id', '=', id)
      .orderBy('id')
      .execute();

  it('tells the agent it arrived, and that it became a trip', async () => {
    const sent = await agent.browser.post(`/api/agent/tours/${tour.key}/requests`, {
      trip_id: departure,
      tourists: [
        { full_name: 'Иманалиев Бакыт', phone: '+996 555 12 34 56' },
        { full_name: 'Иманалиева Жылдыз', phone: null },
      ],
      comment: null,
    });
    expect(sent.statusCode).toBe(200);
    const id: number = sent.json().data.id;
    expect(await ofRequest(id)).toEqual([
      {
        kind: 'request_received',
        recipient: agent.email,
        missing_reason: null,
        status: 'waiting',
        subject: `Заявка № ${id} получена — ОсОО «Турбюро»`,
        body_text:
          'Здравствуйте, Турагент Нурлан!\n\n' +
          `Ваша заявка № ${id} (тур «Озеро Иссык-Куль», 01.07.2030 — 03.07.2030, 2 человека, ` +
          'Иманалиев Бакыт) получена, менеджер свяжется с вами.\n\nС уважением,\nОсОО «Турбюро»',
      },
    ]);

    const converted = await admin.post(`/api/admin/ticket/${id}/convert`, {
      trip_id: departure,
    });
    expect(converted.statusCode).toBe(200);
    expect((await ofRequest(id)).slice(1)).toEqual([
      {
        kind: 'request_converted',
        recipient: agent.email,
        missing_reason: null,
        status: 'waiting',
        subject: `Заявка № ${id} оформлена в тур — ОсОО «Турбюро»`,
        body_text:
          'Здравствуйте, Турагент Нурлан!\n\n' +
          `По вашей заявке № ${id} оформлен тур «Озеро Иссык-Куль».\n\nС уважением,\nОсОО «Турбюро»`,
      },
    ]);
  });

  it('keeps the message of an agent without an address, marked so', async () => {
    const other = await signedIn(app, db(), ['counterparty'], { full_name: 'Агент Без Почты' });
    await db().updateTable('users').set({ email: null }).where('id', '=', other.id).execute();
    const sent = await other.browser.post(`/api/agent/tours/${tour.key}/requests`, {
      trip_id: departure,
      tourists: [{ full_name: 'Осмонова Айпери', phone: null }],
      comment: null,
    });
    expect(sent.statusCode).toBe(200);
    const id: number = sent.json().data.id;
    expect(await ofRequest(id)).toMatchObject([
      {
        kind: 'request_received',
        recipient: null,
        missing_reason: 'У агента не указана почта',
        status: 'no_address',
      },
    ]);
  });

  it('tells no one of a request the staff typed (it has no agent)', async () => {
    const created = await admin.post('/api/admin/tickets', {
      source: 'phone',
      contact_name: 'Асанов Бакыт',
      phone: '+996 700 11 22 33',
      email: null,
      prepared_tour_id: null,
      trip_id: null,
      date_from: null,
      date_to: null,
      adults: 1,
      children: 0,
      comment: null,
    });
    expect(created.statusCode).toBe(200);
    const id: number = created.json().data.id;
    const converted = await admin.post(`/api/admin/ticket/${id}/convert`, { trip_id: departure });
    expect(converted.statusCode).toBe(200);
    expect(await ofRequest(id)).toEqual([]);
  });
});
