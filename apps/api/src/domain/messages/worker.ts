import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import { startRefresher } from '../../lib/refresher';

/** A file a message carries (nodemailer's attachment fields). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What the worker needs of a mail transport (nodemailer's, or a test's). */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
  close?(): void;
}

export interface OutboxWorkerOptions {
  /** Null without SMTP_URL: due messages are marked not_configured and wait. */
  transport: MailTransport | null;
  /**
   * The sender's address (the company's e-mail, or SMTP_URL's login), or how to read it when a
   * message is sent: the company's e-mail may change while the server runs.
   */
  from: string | (() => Promise<string>);
  /** The worker's clock: injectable, so tests never sleep through a backoff. */
  now?: () => Date;
  /** At most this many messages a round. */
  batch?: number;
  /**
   * Makes the file a message refers to (`attachment_ref`, e.g. `receipt:42`) when it is sent; it
   * throws when it cannot, and the message is tried again later. Without it such a message fails.
   */
  attachment?: (ref: string) => Promise<MailAttachment>;
}

type AttachmentColumns = {
  attachment: Buffer | null;
  attachment_name: string | null;
  attachment_mime: string | null;
  attachment_ref: string | null;
};

/** The message's file: its bytes as stored, or made from its reference; none without either. */
async function attachmentsOf(
  message: AttachmentColumns,
  options: OutboxWorkerOptions,
): Promise<MailAttachment[]> {
  if (message.attachment && message.attachment_name) {
    return [
      {
        filename: message.attachment_name,
        content: message.attachment,
        contentType: message.attachment_mime ?? 'application/octet-stream',
      },
    ];
  }
  if (!message.attachment_ref) return [];
  if (!options.attachment) throw new Error(`Вложение ${message.attachment_ref} не собрано`);
  return [await options.attachment(message.attachment_ref)];
}

/** After the n-th failed attempt the next waits 1 min × 2^(n−1), at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** A transport over SMTP_URL (nodemailer takes the URL as it is). */
export function smtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(smtpUrl);
}

/**
 * One round: claims each due message with FOR UPDATE SKIP LOCKED, one transaction per message
 * held while it is sent, so another instance's worker skips it and never sends it too; the outcome
 * is written in that transaction. How many messages it handled.
 */
export async function sendDueMessages(db: Db, options: OutboxWorkerOptions): Promise<number> {
  const now = options.now ?? (() => new Date());
  const batch = options.batch ?? 20;
  // Without a transport only new messages are touched (marked); those already marked wait.
  const statuses = options.transport
    ? (['waiting', 'retry', 'not_configured'] as const)
    : (['waiting'] as const);
  let handled = 0;
  while (handled < batch) {
    const done = await db.transaction().execute(async (trx) => {
      const message = await trx
        .selectFrom('outbox_messages')
        .select([
          'id',
          'recipient',
          'subject',
          'body_text',
          'body_html',
          'attempts',
          'attachment',
          'attachment_name',
          'attachment_mime',
          'attachment_ref',
        ])
        .where('status', 'in', statuses)
        .where('next_attempt_at', '<=', now())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!message) return false;
      if (!options.transport) {
        await trx
          .updateTable('outbox_messages')
          .set({ status: 'not_configured' })
          .where('id', '=', message.id)
          .execute();
        return true;
      }
      try {
        const attachments = await attachmentsOf(message, options);
        await options.transport.sendMail({
          from: typeof options.from === 'string' ? options.from : await options.from(),
          to: message.recipient!,
          subject: message.subject,
          text: message.body_text,
          ...(message.body_html ? { html: message.body_html } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
        });
        await trx
          .updateTable('outbox_messages')
          .set({ status: 'sent', sent_at: now(), attempts: message.attempts + 1, last_error: null })
          .where('id', '=', message.id)
          .execute();
      } catch (error) {
        const attempts = message.attempts + 1;
        await trx
          .updateTable('outbox_messages')
          .set({
            status: 'retry',
            attempts,
            next_attempt_at: new Date(now().getTime() + backoffMs(attempts)),
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          })
          .where('id', '=', message.id)
          .execute();
      }
      return true;
    });
    if (!done) break;
    handled += 1;
  }
  return handled;
}

/** How often the server's worker looks for due messages. */
export const OUTBOX_EVERY_MS = 5000;

/** The worker in the background of a running server; the returned function stops it. */
export function startOutboxWorker(
  db: Db,
  log: FastifyBaseLogger,
  options: OutboxWorkerOptions,
): () => Promise<void> {
  const stop = startRefresher(
    () => sendDueMessages(db, options),
    OUTBOX_EVERY_MS,
    log,
    'Отправка исходящих сообщений не удалась',
  );
  return async () => {
    await stop();
    options.transport?.close?.();
  };
}

/** A status as the screen says it: «повтор через 2 мин» for a message to be retried. */
export function statusLabel(status: string, nextAttemptAt: Date, now: Date): string {
  switch (status) {
    case 'waiting':
      return 'ожидает отправки';
    case 'sent':
      return 'отправлено';
    case 'not_configured':
      return 'не отправлено: почта не настроена';
    case 'no_address':
      return 'не отправлено: нет адреса';
    default: {
      const minutes = Math.max(1, Math.ceil((nextAttemptAt.getTime() - now.getTime()) / 60_000));
      return minutes < 60
        ? `повтор через ${minutes} мин`
        : `повтор через ${Math.round(minutes / 60)} ч`;
    }
  }
}

/**
 * The sender: the company's e-mail from its requisites, else SMTP_URL's login when it is an
 * address (what most servers accept as sender), else none to name (the server's own default).
 */
export async function senderAddress(db: Db, smtpUrl: string | null): Promise<string> {
  const row = await db.selectFrom('company_requisites').select('email').executeTakeFirst();
  if (row?.email?.trim()) return row.email.trim();
  const login = smtpUrl ? decodeURIComponent(new URL(smtpUrl).username) : '';
  return login.includes('@')
    ? login
    : `noreply@${smtpUrl ? new URL(smtpUrl).hostname : 'localhost'}`;
}
