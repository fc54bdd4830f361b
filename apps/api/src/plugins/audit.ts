import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { FieldChange } from '../db/schema';
import { recordChanges } from '../routes/history/service';

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

/**
 * Writes the audit rows no route writes itself, once the answer is sent: every refusal (401, 403,
 * 419, 429: the access check, CSRF, the throttles) and every export (an answer sent as an
 * attachment: XLSX and DOCX). One insert each; a failure is logged and never reaches the client.
 */
export function registerAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || written.has(request)) return;
    const status = reply.statusCode;
    const refused = REFUSALS.has(status) && !isSessionProbe(request, status);
    const disposition = String(reply.getHeader('content-disposition') ?? '');
    const exported = status === 200 && disposition.startsWith('attachment');
    if (!refused && !exported) return;
    const url = request.url.slice(0, URL_MAX);
    const changes = refused
      ? [detail('status', status), detail('method', request.method), detail('url', url)]
      : [detail('url', url), detail('file', fileNameOf(disposition))];
    const type = refused ? 'access' : 'export';
    try {
      await recordChanges(db, [
        {
          record: { type, id: null },
          entity: { type, id: null },
          action: refused ? 'refused' : 'exported',
          changes,
          userId: request.viewer?.id ?? null,
          ip: request.ip,
        },
      ]);
    } catch (error) {
      request.log.error({ err: error, event: 'audit' }, 'audit row not written');
    }
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
