import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { FieldChange } from '../db/schema';
import { recordChanges, type Change } from '../domain/history';
import { RefusalTally, type RepeatedRefusals } from '../lib/refusal-tally';

const REFUSALS = new Set([401, 403, 419, 429]);
/** Longest URL kept in a row: a refusal's URL is the caller's text. */
const URL_MAX = 500;

const written = new WeakSet<FastifyRequest>();

/** The request wrote its own audit row (a sign-in): its refusal is not written again. */
export function markAudited(request: FastifyRequest): void {
  written.add(request);
}

const detail = (field: string, value: unknown): FieldChange => ({ field, old: null, new: value });

/**
 * GET /api/user answers 401 to a visitor who is not signed in: the shell asks it at every load of
 * the sign-in page. That is a question, not an act refused: it is not written.
 */
const isSessionProbe = (request: FastifyRequest, status: number) =>
  status === 401 && request.method === 'GET' && request.url.split('?')[0] === '/api/user';

/** How refusals are tallied: per caller and status, so many a minute one by one, then counted. */
export interface AuditOptions {
  /** The clock (tests move it); the system's by default. */
  now?: () => number;
  refusalsPerWindow?: number;
  windowMs?: number;
  maxCallers?: number;
}

/** An audit event that names no record: a refusal or an export. */
const event = (
  type: 'access' | 'export',
  action: string,
  changes: FieldChange[],
  who: { userId: number | null; ip: string | null },
): Change => ({ record: { type, id: null }, entity: { type, id: null }, action, changes, ...who });

/** The row of refusals counted in a window, not written one by one. */
function repeatedRow(repeated: RepeatedRefusals): Change {
  const changes = [
    detail('status', repeated.status),
    detail('count', repeated.count),
    detail('first', repeated.first.toISOString()),
    detail('last', repeated.last.toISOString()),
    detail('method', repeated.method),
    detail('url', repeated.url),
  ];
  if (repeated.manyCallers) changes.push(detail('callers', 'многие, учтены вместе'));
  const { userId, ip } = repeated;
  return event('access', 'refused_repeated', changes, { userId, ip });
}

/**
 * Writes the audit rows no route writes itself, once the answer is sent: every refusal (401, 403,
 * 419, 429: the access check, CSRF, the throttles) and every export (an answer sent as an
 * attachment: XLSX and DOCX). One insert each; a failure is logged and never reaches the client.
 *
 * Refusals are bounded (lib/refusal-tally): per address, user and status, 10 a minute are written
 * one by one and the rest of the minute as one `refused_repeated` row with their count, written
 * when the minute ends (a sweep each minute, and when the API stops).
 */
export function registerAudit(app: FastifyInstance, db: Db, options: AuditOptions = {}): void {
  const windowMs = options.windowMs ?? 60_000;
  const tally = new RefusalTally({
    perWindow: options.refusalsPerWindow ?? 10,
    windowMs,
    maxCallers: options.maxCallers ?? 10_000,
    now: options.now ?? Date.now,
  });
  const write = async (rows: Change[], log: FastifyInstance['log']) => {
    if (rows.length === 0) return;
    try {
      await recordChanges(db, rows);
    } catch (error) {
      log.error({ err: error, event: 'audit' }, 'audit row not written');
    }
  };
  const sweep = setInterval(() => void write(tally.drain().map(repeatedRow), app.log), windowMs);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await write(tally.drain(true).map(repeatedRow), app.log);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || written.has(request)) return;
    const status = reply.statusCode;
    const refused = REFUSALS.has(status) && !isSessionProbe(request, status);
    const disposition = String(reply.getHeader('content-disposition') ?? '');
    const exported = status === 200 && disposition.startsWith('attachment');
    if (!refused && !exported) return;
    const url = request.url.slice(0, URL_MAX);
    const who = { userId: request.viewer?.id ?? null, ip: request.ip };
    if (exported) {
      const changes = [detail('url', url), detail('file', fileNameOf(disposition))];
      return write([event('export', 'exported', changes, who)], request.log);
    }
    const { write: one, ended } = tally.note({ ...who, status, method: request.method, url });
    const rows = ended.map(repeatedRow);
    if (one) {
      const changes = [
        detail('status', status),
        detail('method', request.method),
        detail('url', url),
      ];
      rows.push(event('access', 'refused', changes, who));
    }
    return write(rows, request.log);
  });
}

/** The file's name from a Content-Disposition header: the UTF-8 one when given. */
function fileNameOf(disposition: string): string | null {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]! : null;
}
