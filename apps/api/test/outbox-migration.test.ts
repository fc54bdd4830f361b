import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// Migrations outbox and message-schedule: the seven kinds of issue 32 switched on, and the table
// refusing a message whose state contradicts itself (an address missing without its reason, sent
// without a time), a scheduled message written twice, a day's round taken twice.

const database = useTestDatabase({ max: 2 });
const db = (): Db => database().db;

const message = {
  kind: 'payment_confirmed',
  subject: 'Платёж подтверждён',
  body_text: 'Ваш платёж подтверждён.',
};

it('starts with the eight kinds switched on, the two with days at 7', async () => {
  const kinds = await db()
    .selectFrom('message_kinds')
    .select(['kind', 'enabled', 'days'])
    .orderBy('kind')
    .execute();
  expect(kinds).toEqual([
    { kind: 'passport_expiring', enabled: true, days: null },
    { kind: 'payment_confirmed', enabled: true, days: null },
    { kind: 'payment_due', enabled: true, days: 7 },
    { kind: 'payment_overdue', enabled: true, days: null },
    { kind: 'quote', enabled: true, days: null },
    { kind: 'request_converted', enabled: true, days: null },
    { kind: 'request_received', enabled: true, days: null },
    { kind: 'supplier_payment_due', enabled: true, days: 7 },
  ]);
});

it('refuses a kind’s days out of 1..90', async () => {
  await expect(
    db().updateTable('message_kinds').set({ days: 0 }).where('kind', '=', 'payment_due').execute(),
  ).rejects.toThrow(/check constraint/);
  await expect(
    db().updateTable('message_kinds').set({ days: 91 }).where('kind', '=', 'payment_due').execute(),
  ).rejects.toThrow(/check constraint/);
});

it('keeps one scheduled message per key, and one round per day', async () => {
  const values = {
    ...message,
    kind: 'payment_due',
    recipient: 'a@example.kg',
    dedupe_key: 'payment_due:participant:1:2027-05-01:tourist',
  };
  await db().insertInto('outbox_messages').values(values).execute();
  await expect(db().insertInto('outbox_messages').values(values).execute()).rejects.toThrow(
    /unique/,
  );
  // Messages of events carry no key: as many as their events.
  await db()
    .insertInto('outbox_messages')
    .values([
      { ...message, recipient: 'b@example.kg' },
      { ...message, recipient: 'b@example.kg' },
    ])
    .execute();
  await db().insertInto('message_rounds').values({ day: '2027-04-24' }).execute();
  await expect(
    db().insertInto('message_rounds').values({ day: '2027-04-24' }).execute(),
  ).rejects.toThrow(/unique|duplicate/);
  await db().deleteFrom('outbox_messages').execute();
});

it('keeps a message waiting, due now, with no attempts', async () => {
  const user = await createTestUser(db(), { password: null, full_name: 'Аида' });
  const row = await db()
    .insertInto('outbox_messages')
    .values({ ...message, recipient_user_id: user, recipient: 'aida@example.kg' })
    .returning(['status', 'attempts', 'sent_at', 'last_error'])
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 'waiting', attempts: 0, sent_at: null, last_error: null });
  const due = await sql<{ due: boolean }>`select next_attempt_at <= now() as due
    from outbox_messages where recipient = 'aida@example.kg'`.execute(db());
  expect(due.rows).toEqual([{ due: true }]);
});

it('keeps a missing address with its reason, and refuses contradictions', async () => {
  await db()
    .insertInto('outbox_messages')
    .values({
      ...message,
      recipient: null,
      missing_reason: 'У туриста не указана почта',
      status: 'no_address',
    })
    .execute();
  await expect(
    db()
      .insertInto('outbox_messages')
      .values({ ...message, recipient: null })
      .execute(),
  ).rejects.toThrow(/check constraint/);
  await expect(
    db()
      .insertInto('outbox_messages')
      .values({ ...message, recipient: 'a@example.kg', status: 'sent' })
      .execute(),
  ).rejects.toThrow(/check constraint/);
  await expect(
    db()
      .insertInto('outbox_messages')
      .values({ ...message, kind: 'unknown_kind', recipient: 'a@example.kg' })
      .execute(),
  ).rejects.toThrow(/foreign key/);
});
