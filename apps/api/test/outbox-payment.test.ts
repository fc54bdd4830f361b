import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// A tourist's payment confirmed by the accountant writes «Платёж подтверждён» into the outbox in
// the confirming transaction; a tourist without an address gets the message marked so; a kind
// switched off writes nothing.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;
let app: App;
let sales: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };

beforeAll(async () => {
  app = await buildTestApp(db());
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
});
afterAll(async () => {
  await app.close();
});

async function confirmedPayment(email: string | null) {
  const trip = (
    await sales.browser.post('/api/admin/trips', {
      title: 'Стамбул',
      country: 'Турция',
      starts_on: '2027-05-01',
      ends_on: '2027-05-08',
      price: 1000,
      currency: 'usd',
      seats: 10,
    })
  ).json().data;
  const user = await createTestUser(db(), {
    full_name: 'Аида Садыкова',
    password: null,
    email,
    manager_id: sales.id,
  });
  const participant = (
    await sales.browser.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user })
  ).json().data;
  const paid = await sales.browser.post(
    `/api/admin/trip/${trip.id}/participant/${participant.id}/payments`,
    {
      currency: 'usd',
      amount: 300,
    },
    { headers: { 'idempotency-key': `outbox-${process.pid}-${email}` } },
  );
  if (paid.statusCode !== 200) throw new Error(paid.body);
  const payment = paid.json().data;
  const confirmed = await accountant.browser.post(
    `/api/admin/balance/operations/${payment.id}/confirm`,
  );
  expect(confirmed.statusCode).toBe(200);
  return payment.id as number;
}

const messagesOf = (transactionId: number) =>
  db()
    .selectFrom('outbox_messages')
    .select(['kind', 'recipient', 'missing_reason', 'status', 'subject'])
    .where('transaction_id', '=', transactionId)
    .execute();

it('writes «Платёж подтверждён» to the tourist when the payment is confirmed', async () => {
  const id = await confirmedPayment('aida.payment@example.kg');
  expect(await messagesOf(id)).toEqual([
    {
      kind: 'payment_confirmed',
      recipient: 'aida.payment@example.kg',
      missing_reason: null,
      status: 'waiting',
      subject: 'Платёж подтверждён — ОсОО «Турбюро»',
    },
  ]);
});

it('keeps the message of a tourist without an address, marked so', async () => {
  const id = await confirmedPayment(null);
  expect(await messagesOf(id)).toEqual([
    {
      kind: 'payment_confirmed',
      recipient: null,
      missing_reason: 'У туриста не указана почта',
      status: 'no_address',
      subject: 'Платёж подтверждён — ОсОО «Турбюро»',
    },
  ]);
});

it('writes nothing when the kind is switched off', async () => {
  await db()
    .updateTable('message_kinds')
    .set({ enabled: false })
    .where('kind', '=', 'payment_confirmed')
    .execute();
  const id = await confirmedPayment('aida.off@example.kg');
  expect(await messagesOf(id)).toEqual([]);
});
