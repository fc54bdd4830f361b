import type { OutboxStatus } from '@tour/core';
import type { Db } from '../../db/database';

/** The list's filters as the repository takes them. */
export interface OutboxFilters {
  status?: OutboxStatus;
  kind?: string;
}

const COLUMNS = [
  'id',
  'created_at',
  'kind',
  'recipient',
  'missing_reason',
  'subject',
  'status',
  'attempts',
  'last_error',
  'next_attempt_at',
  'sent_at',
] as const;

function filtered(db: Db, filters: OutboxFilters) {
  let query = db.selectFrom('outbox_messages');
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.kind) query = query.where('kind', '=', filters.kind);
  return query;
}

/** A page of messages, newest first. */
export function messagePage(db: Db, filters: OutboxFilters, limit: number, offset: number) {
  return filtered(db, filters)
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
export type MessageRow = Awaited<ReturnType<typeof messagePage>>[number];

export async function messageCount(db: Db, filters: OutboxFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function message(db: Db, id: number) {
  return db.selectFrom('outbox_messages').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Makes a message due now, if it is one the worker would still send (not sent, not without an
 * address): a retry or a message marked «почта не настроена» waits again from now. Waits for the
 * worker's lock of a message being sent, and sees its outcome. Whether it was made due.
 */
export async function makeDue(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .updateTable('outbox_messages')
    .set({ status: 'waiting', next_attempt_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'retry', 'not_configured'])
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function kindRows(db: Db) {
  return db
    .selectFrom('message_kinds as k')
    .leftJoin('users as u', 'u.id', 'k.updated_by')
    .select(['k.kind', 'k.enabled', 'k.days', 'k.updated_at', 'u.full_name as updated_by_name'])
    .execute();
}

export async function updateKind(
  trx: Db,
  kind: string,
  values: { enabled: boolean; days?: number },
  userId: number,
): Promise<void> {
  await trx
    .updateTable('message_kinds')
    .set({ ...values, updated_by: userId, updated_at: new Date() })
    .where('kind', '=', kind)
    .execute();
}
