import {
  OUTBOX_DAYS_LABELS,
  OUTBOX_DAYS_MAX,
  OUTBOX_DAYS_MIN,
  OUTBOX_KIND_LABELS,
  OUTBOX_KINDS,
  OUTBOX_KINDS_WITH_DAYS,
  type OutboxKind,
  type ValidationErrors,
} from '@tour/core';
import {
  OUTBOX_PER_PAGE,
  type OutboxKindJson,
  type OutboxKindsBody,
  type OutboxListQuery,
  type OutboxMessageJson,
} from '@tour/core/contract/outbox';
import type { Db } from '../../db/database';
import { statusLabel } from '../../domain/messages/worker';
import { HttpError, notFound, validationError } from '../../lib/http-errors';
import { paged } from '../../lib/paging';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';

export const OUTBOX_MESSAGES = {
  notFound: 'Сообщение не найдено',
  sent: 'Сообщение уже отправлено: второй раз оно не отправляется',
  noAddress: (reason: string | null) =>
    `Нет адреса: ${reason ?? 'адрес почты не указан'}. Укажите почту и дождитесь нового сообщения`,
  days: `Укажите число дней от ${OUTBOX_DAYS_MIN} до ${OUTBOX_DAYS_MAX}`,
  noDays: 'У этого вида сообщений нет срока в днях',
  twice: 'Вид указан дважды',
};

const labelOf = (kind: string) => OUTBOX_KIND_LABELS[kind as OutboxKind] ?? kind;

function messageJson(row: repo.MessageRow, now: Date): OutboxMessageJson {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    kind: row.kind as OutboxKind,
    kind_label: labelOf(row.kind),
    recipient: row.recipient,
    missing_reason: row.missing_reason,
    subject: row.subject,
    status: row.status,
    status_label: statusLabel(row.status, row.next_attempt_at, now),
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    can_send_now: row.status === 'retry' || row.status === 'not_configured',
  };
}

/** GET /admin/outbox: a page of the messages the filters find, newest first. */
export function listMessages(db: Db, query: OutboxListQuery, now = new Date()) {
  const filters = { status: query.status, kind: query.kind };
  return paged(
    { page: query.page ?? 1 },
    OUTBOX_PER_PAGE,
    (limit, offset) => repo.messagePage(db, filters, limit, offset),
    () => repo.messageCount(db, filters),
    (row) => messageJson(row, now),
  );
}

/**
 * POST /admin/outbox/:id/send-now: a message still to be sent is made due now; the worker sends
 * it on its next round. A sent message is never sent twice (422), nor one without an address.
 */
export async function sendNow(db: Db, id: number, now = new Date()): Promise<OutboxMessageJson> {
  const made = await repo.makeDue(db, id, now);
  const row = await repo.message(db, id);
  if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
  if (!made) {
    const message =
      row.status === 'sent' ? OUTBOX_MESSAGES.sent : OUTBOX_MESSAGES.noAddress(row.missing_reason);
    throw new HttpError(422, message, { id: [message] });
  }
  return messageJson(row, now);
}

/** GET /admin/outbox/kinds: every kind with its switch and days, in the settings' order. */
export async function listKinds(db: Db): Promise<OutboxKindJson[]> {
  const rows = new Map((await repo.kindRows(db)).map((row) => [row.kind, row]));
  return OUTBOX_KINDS.filter((kind) => rows.has(kind)).map((kind) => {
    const row = rows.get(kind)!;
    return {
      kind,
      label: labelOf(kind),
      enabled: row.enabled,
      days: row.days,
      days_label: OUTBOX_DAYS_LABELS[kind] ?? null,
      updated_at: row.updated_at ? row.updated_at.toISOString() : null,
      updated_by_name: row.updated_by_name,
    };
  });
}

/**
 * PUT /admin/outbox/kinds: switches the kinds given on or off and sets the days of those that have
 * them; a day count out of 1..90, or days for a kind without them, is a 422 under its field.
 */
export async function saveKinds(
  db: Db,
  viewer: ScopeViewer,
  body: OutboxKindsBody,
): Promise<OutboxKindJson[]> {
  const errors: ValidationErrors = {};
  const seen = new Set<string>();
  body.kinds.forEach((item, index) => {
    if (seen.has(item.kind)) errors[`kinds.${index}.kind`] = [OUTBOX_MESSAGES.twice];
    seen.add(item.kind);
    if (item.days === undefined || item.days === null) return;
    if (!OUTBOX_KINDS_WITH_DAYS.includes(item.kind)) {
      errors[`kinds.${index}.days`] = [OUTBOX_MESSAGES.noDays];
    } else if (item.days < OUTBOX_DAYS_MIN || item.days > OUTBOX_DAYS_MAX) {
      errors[`kinds.${index}.days`] = [OUTBOX_MESSAGES.days];
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  await db.transaction().execute(async (trx) => {
    for (const item of body.kinds) {
      await repo.updateKind(
        trx,
        item.kind,
        {
          enabled: item.enabled,
          ...(typeof item.days === 'number' ? { days: item.days } : {}),
        },
        viewer.id,
      );
    }
  });
  return listKinds(db);
}
