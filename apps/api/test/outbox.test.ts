import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../src/db/database';
import { enqueueMessage, companyNameForMessages } from '../src/domain/messages/outbox';
import { paymentConfirmedText } from '../src/domain/messages/templates';
import {
  senderAddress,
  sendDueMessages,
  smtpTransport,
  statusLabel,
} from '../src/domain/messages/worker';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// The outbox's worker against a real SMTP server in process (smtp-server): what arrived is read
// back and parsed. The worker's clock is injected, so a backoff is crossed without sleeping.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;

const received: ParsedMail[] = [];
let server: SMTPServer;
let port = 0;

function startSmtp(onPort = 0): Promise<number> {
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
    server.listen(onPort, '127.0.0.1', () =>
      resolve((server.server.address() as AddressInfo).port),
    );
  });
}
const stopSmtp = () => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  port = await startSmtp();
  await db()
    .updateTable('company_requisites')
    .set({ legal_form: 'osoo', name: 'Турбюро' })
    .execute();
});
afterAll(async () => {
  await stopSmtp();
});
beforeEach(async () => {
  received.length = 0;
  await db().deleteFrom('outbox_messages').execute();
});

const transport = () => smtpTransport(`smtp://127.0.0.1:${port}`);
const from = 'office@turburo.kg';
const t0 = new Date('2027-03-01T09:00:00Z');

async function enqueuePayment(email: string | null) {
  // The address as the hook reads it from the tourist; the account itself is only referenced.
  const user = await createTestUser(db(), {
    password: null,
    full_name: 'Аида Садыкова',
    email: null,
  });
  const company = await companyNameForMessages(db());
  const text = paymentConfirmedText(company, {
    fullName: 'Аида Садыкова',
    amount: '$ 450.00',
    tripTitle: 'Стамбул',
    date: '01.03.2027',
  });
  return db()
    .transaction()
    .execute((trx) =>
      enqueueMessage(trx, {
        kind: 'payment_confirmed',
        recipientUserId: user,
        recipient: email,
        missingReason: 'У туриста не указана почта',
        ...text,
      }),
    );
}

const row = (id: number) =>
  db().selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

it('sends a waiting message once, in Russian, signed with the company', async () => {
  const id = (await enqueuePayment('aida@example.kg'))!;
  expect(await sendDueMessages(db(), { transport: transport(), from, now: () => t0 })).toBe(1);
  expect(await sendDueMessages(db(), { transport: transport(), from, now: () => t0 })).toBe(0);
  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.subject).toBe('Платёж подтверждён — ОсОО «Турбюро»');
  expect(mail.to && 'text' in mail.to ? mail.to.text : null).toBe('aida@example.kg');
  expect(mail.text?.trim()).toBe(
    'Здравствуйте, Аида Садыкова!\n\nВаш платёж $ 450.00 за тур «Стамбул» от 01.03.2027 ' +
      'подтверждён.\n\nС уважением,\nОсОО «Турбюро»',
  );
  expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: t0 });
});

it('signs each message with the company’s e-mail as it is when the message is sent', async () => {
  const sender = () => senderAddress(db(), null);
  await db().updateTable('company_requisites').set({ email: 'office@turburo.kg' }).execute();
  await enqueuePayment('aida@example.kg');
  expect(await sendDueMessages(db(), { transport: transport(), from: sender, now: () => t0 })).toBe(
    1,
  );
  await db().updateTable('company_requisites').set({ email: 'sales@turburo.kg' }).execute();
  await enqueuePayment('aida@example.kg');
  expect(await sendDueMessages(db(), { transport: transport(), from: sender, now: () => t0 })).toBe(
    1,
  );
  expect(received.map((mail) => mail.from?.text)).toEqual([
    'office@turburo.kg',
    'sales@turburo.kg',
  ]);
});

it('retries after the server was down, with backoff, and sends once it is back', async () => {
  const id = (await enqueuePayment('aida@example.kg'))!;
  await stopSmtp();
  try {
    await sendDueMessages(db(), { transport: transport(), from, now: () => t0 });
  } finally {
    port = await startSmtp(port);
  }
  const failed = await row(id);
  expect(failed).toMatchObject({ status: 'retry', attempts: 1 });
  expect(failed.next_attempt_at).toEqual(new Date('2027-03-01T09:01:00Z'));
  expect(failed.last_error).toMatch(/ECONNREFUSED/);
  expect(statusLabel(failed.status, failed.next_attempt_at, t0)).toBe('повтор через 1 мин');
  // Not yet due: nothing sent.
  expect(await sendDueMessages(db(), { transport: transport(), from, now: () => t0 })).toBe(0);
  const later = new Date('2027-03-01T09:01:00Z');
  expect(await sendDueMessages(db(), { transport: transport(), from, now: () => later })).toBe(1);
  expect(received).toHaveLength(1);
  expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
});

it('two workers over one database send a message once', async () => {
  const ids = [];
  for (let i = 0; i < 6; i += 1) ids.push(await enqueuePayment(`tourist${i}@example.kg`));
  const counts = await Promise.all([
    sendDueMessages(db(), { transport: transport(), from, now: () => t0 }),
    sendDueMessages(db(), { transport: transport(), from, now: () => t0 }),
  ]);
  expect(counts[0]! + counts[1]!).toBe(6);
  expect(received.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '')).sort()).toEqual(
    [
      'tourist0@example.kg',
      'tourist1@example.kg',
      'tourist2@example.kg',
      'tourist3@example.kg',
      'tourist4@example.kg',
      'tourist5@example.kg',
    ],
  );
});

it('without SMTP marks a message «не отправлено: почта не настроена», sent once configured', async () => {
  const id = (await enqueuePayment('aida@example.kg'))!;
  expect(await sendDueMessages(db(), { transport: null, from, now: () => t0 })).toBe(1);
  const waiting = await row(id);
  expect(waiting).toMatchObject({ status: 'not_configured', attempts: 0 });
  expect(statusLabel(waiting.status, waiting.next_attempt_at, t0)).toBe(
    'не отправлено: почта не настроена',
  );
  expect(await sendDueMessages(db(), { transport: null, from, now: () => t0 })).toBe(0);
  expect(await sendDueMessages(db(), { transport: transport(), from, now: () => t0 })).toBe(1);
  expect(received).toHaveLength(1);
  expect(await row(id)).toMatchObject({ status: 'sent' });
});

it('keeps a message to a tourist without an address, shown, never sent', async () => {
  const id = (await enqueuePayment(null))!;
  expect(await row(id)).toMatchObject({
    status: 'no_address',
    recipient: null,
    missing_reason: 'У туриста не указана почта',
  });
  expect(await sendDueMessages(db(), { transport: transport(), from, now: () => t0 })).toBe(0);
  expect(received).toHaveLength(0);
});

it('enqueues nothing of a kind switched off', async () => {
  await db()
    .updateTable('message_kinds')
    .set({ enabled: false })
    .where('kind', '=', 'payment_confirmed')
    .execute();
  try {
    expect(await enqueuePayment('aida@example.kg')).toBeNull();
    expect(await db().selectFrom('outbox_messages').select('id').execute()).toEqual([]);
  } finally {
    await db().updateTable('message_kinds').set({ enabled: true }).execute();
  }
});
