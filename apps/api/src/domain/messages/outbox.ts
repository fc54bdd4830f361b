import { companyShortName, type CompanyRequisiteValues } from '@tour/core';
import type { Db } from '../../db/database';

/** The kinds of message (migration outbox); a later kind is a row there and a name here. */
export const MESSAGE_KINDS = [
  'request_received',
  'request_converted',
  'payment_confirmed',
  'quote',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type MessageStatus = 'waiting' | 'sent' | 'retry' | 'not_configured' | 'no_address';

/** A message as its event writes it; the addressee's address null says why in `missingReason`. */
export interface NewMessage {
  kind: MessageKind;
  recipientUserId: number | null;
  recipient: string | null;
  /** Required when `recipient` is null: «У туриста не указана почта». */
  missingReason?: string;
  subject: string;
  text: string;
  html?: string;
  requestId?: number;
  tripId?: number;
  transactionId?: number;
}

/**
 * Writes a message into the outbox inside the caller's transaction, so it exists exactly when its
 * event committed; nothing when its kind is switched off (the id, or null). A missing address is
 * kept as such (`no_address`, shown on the screen), never an error of the event.
 */
export async function enqueueMessage(trx: Db, message: NewMessage): Promise<number | null> {
  const kind = await trx
    .selectFrom('message_kinds')
    .select('enabled')
    .where('kind', '=', message.kind)
    .executeTakeFirst();
  if (!kind?.enabled) return null;
  const recipient = message.recipient?.trim() || null;
  const { id } = await trx
    .insertInto('outbox_messages')
    .values({
      kind: message.kind,
      recipient_user_id: message.recipientUserId,
      recipient,
      missing_reason: recipient ? null : (message.missingReason ?? 'Адрес почты не указан'),
      status: recipient ? 'waiting' : 'no_address',
      subject: message.subject,
      body_text: message.text,
      body_html: message.html ?? null,
      request_id: message.requestId ?? null,
      trip_id: message.tripId ?? null,
      transaction_id: message.transactionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The company's name as the messages sign it («ОсОО «Турбюро»»), or null while not filled in. */
export async function companyNameForMessages(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('company_requisites')
    .select(['legal_form', 'name'])
    .executeTakeFirst();
  if (!row?.name?.trim()) return null;
  return companyShortName(row as Partial<CompanyRequisiteValues>);
}
