import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { businessToday } from '../src/domain/business-day';
import { sendDueMessages, smtpTransport } from '../src/domain/messages/worker';
import { referencedAttachment } from '../src/routes/invoices/receipt-service';
import { REQUISITES } from './company-fixtures';
import { useTestDatabase } from './database';
import { docxText } from './docx-text';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// «Платёж подтверждён» carries the payment's receipt (issue 32): the confirmation writes only a
// reference into the outbox; the worker makes and numbers the DOCX when it sends, and the mail
// that arrives at a real SMTP server in process is parsed and its attachment opened.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let sales: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };
let tripId = 0;
let participantId = 0;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TODAY = businessToday().split('-').reverse().join('.');
const received: ParsedMail[] = [];
let server: SMTPServer;
let port = 0;

function startSmtp(): Promise<number> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

const worker = (withAttachments: boolean, now = new Date()) => ({
  transport: smtpTransport(`smtp://127.0.0.1:${port}`),
  from: 'office@example.com',
  now: () => now,
  ...(withAttachments ? { attachment: (ref: string) => referencedAttachment(db(), ref) } : {}),
});

let keys = 0;
async function confirmedPayment(amount: number): Promise<number> {
  keys += 1;
  const paid = await sales.browser.post(
    `/api/admin/trip/${tripId}/participant/${participantId}/payments`,
    { currency: 'usd', amount },
    { headers: { 'idempotency-key': `receipt-mail-${process.pid}-${keys}` } },
  );
  if (paid.statusCode !== 200) throw new Error(paid.body);
  const id = (paid.json() as { data: { id: number } }).data.id;
  const confirmed = await accountant.browser.post(`/api/admin/balance/operations/${id}/confirm`);
  expect(confirmed.statusCode).toBe(200);
  return id;
}

const messageOf = (transactionId: number) =>
  db()
    .selectFrom('outbox_messages')
    .select(['status', 'attachment_ref', 'attachment', 'last_error'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  port = await startSmtp();
  app = await buildTestApp(db());
  const admin = await signedIn(app, db(), ['admin']);
  sales = await signedIn(app, db(), ['sales_manager']);
  accountant = await signedIn(app, db(), ['accountant'], { full_name: 'Бухгалтер Касс' });
  expect((await admin.browser.put('/api/admin/company', REQUISITES)).statusCode).toBe(200);
  await db()
    .insertInto('wallets')
    .values({ type: 'site', kind: 'cash', name: 'Касса USD', currency: 'usd' })
    .execute();
  const trip = await sales.browser.post('/api/admin/trips', {
    title: 'Стамбул',
    country: 'Турция',
    starts_on: '2027-05-01',
    ends_on: '2027-05-08',
    price: 1000,
    currency: 'usd',
    seats: 10,
  });
  tripId = (trip.json() as { data: { id: number } }).data.id;
  const user = await createTestUser(db(), {
    full_name: 'Аида Садыкова',
    password: null,
    email: 'aida.receipt@example.kg',
    manager_id: sales.id,
  });
  const participant = await sales.browser.post(`/api/admin/trip/${tripId}/participants`, {
    user_id: user,
  });
  participantId = (participant.json() as { data: { id: number } }).data.id;
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

it('writes a reference to the receipt at confirmation, no bytes', async () => {
  const id = await confirmedPayment(450);
  expect(await messageOf(id)).toEqual({
    status: 'waiting',
    attachment_ref: `receipt:${id}`,
    attachment: null,
    last_error: null,
  });
  // Nothing numbered yet: the receipt is made when the message is sent.
  expect(await db().selectFrom('papers').select('id').execute()).toEqual([]);
});

it('sends the mail with the receipt attached: its number, amount and payer', async () => {
  const { transaction_id: id } = await db()
    .selectFrom('outbox_messages')
    .select('transaction_id')
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  expect(await sendDueMessages(db(), worker(true))).toBe(1);
  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.subject).toBe('Платёж подтверждён — ОсОО «Турбюро»');
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments;
  expect(file!.contentType).toBe(DOCX);
  expect(file!.filename).toBe('Приходный кассовый ордер № 1 - Аида Садыкова.docx');
  const text = docxText(new Uint8Array(file!.content));
  expect(text).toContain(`ПРИХОДНЫЙ КАССОВЫЙ ОРДЕР № 1 от ${TODAY}`);
  expect(text).toContain('Принято отАида Садыкова');
  expect(text).toContain('Сумма$450,00 (Доллар США)');
  expect(text).toContain('ПодтвердилБухгалтер Касс');
  expect(await messageOf(id!)).toMatchObject({ status: 'sent' });
  // The staff's print of the same payment is the same paper.
  const printed = await accountant.browser.get(`/api/admin/transaction/${id}/receipt`);
  expect(docxText(new Uint8Array(printed.rawPayload))).toContain(
    `ПРИХОДНЫЙ КАССОВЫЙ ОРДЕР № 1 от ${TODAY}`,
  );
});

it('tries again later when the receipt cannot be made, and then sends it once', async () => {
  const id = await confirmedPayment(50);
  // A worker that cannot make attachments fails the message instead of sending it bare.
  expect(await sendDueMessages(db(), worker(false))).toBe(1);
  expect(received).toHaveLength(0);
  expect(await messageOf(id)).toMatchObject({
    status: 'retry',
    last_error: `Вложение receipt:${id} не собрано`,
  });
  const later = new Date(Date.now() + 2 * 60_000);
  expect(await sendDueMessages(db(), worker(true, later))).toBe(1);
  expect(await sendDueMessages(db(), worker(true, later))).toBe(0);
  expect(received).toHaveLength(1);
  const text = docxText(new Uint8Array(received[0]!.attachments[0]!.content));
  expect(text).toContain(`ПРИХОДНЫЙ КАССОВЫЙ ОРДЕР № 2 от ${TODAY}`);
  expect(text).toContain('Сумма$50,00 (Доллар США)');
  expect(await messageOf(id)).toMatchObject({ status: 'sent', last_error: null });
});
