import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// Migration outbox: the three kinds of issue 32 switched on, and the table refusing a message
// whose state contradicts itself (an address missing without its reason, sent without a time).

const database = useTestDatabase({ max: 2 });
const db = (): Db => database().db;

const message = {
  kind: 'payment_confirmed',
  subject: 'Платёж подтверждён',
  body_text: 'Ваш платёж подтверждён.',
};

it('starts with the three kinds switched on', async () => {
  const kinds = await db()
    .selectFrom('message_kinds')
    .select(['kind', 'enabled'])
    .orderBy('kind')
    .execute();
  expect(kinds).toEqual([
    { kind: 'payment_confirmed', enabled: true },
    { kind: 'request_converted', enabled: true },
    { kind: 'request_received', enabled: true },
  ]);
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
