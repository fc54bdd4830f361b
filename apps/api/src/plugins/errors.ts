import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { HttpError, VALIDATION_MESSAGE } from '../lib/http-errors';
import { russianFieldErrors, type AjvLikeError } from '../lib/russian-validation';
import type { SecurityHeaders } from './security-headers';

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'Тело запроса не является корректным JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Пустое тело запроса' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Слишком большой запрос' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Неподдерживаемый тип содержимого' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Неверная длина запроса' },
  FST_ERR_BAD_URL: { status: 400, message: 'Неверный адрес запроса' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'Слишком длинный адрес запроса' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'Неверный запрос' },
};

const BAD_REQUEST = 'Неверный запрос';
export const DATABASE_UNAVAILABLE =
  'База данных временно недоступна: повторите через несколько секунд';
const DATABASE_RETRY_SECONDS = 5;

/** What every response carries whatever produced it: the security headers and the request id. */
export function responseHeaders(headers: SecurityHeaders, requestId: string) {
  return { ...headers, 'x-request-id': requestId };
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a malformed percent-encoding, a path
 * parameter past maxParamLength). Fastify answers them before any hook runs, so the headers are
 * set here; the body is the envelope, never the URL (Fastify's own message echoes it).
 */
export function frameworkErrorHandler(
  headers: SecurityHeaders,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, rawReply) => {
    // Typed for any route's schema; this answer belongs to none.
    const reply = rawReply as FastifyReply;
    const known = CLIENT_ERRORS[error.code] ?? { status: 400, message: BAD_REQUEST };
    request.log.info({ event: 'refused', status: known.status, code: error.code }, 'bad url');
    void reply
      .status(known.status)
      .headers(responseHeaders(headers, request.id))
      .send({ code: 0, message: known.message });
  };
}

const SOCKET_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Время ожидания запроса истекло' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Слишком большие заголовки запроса' },
};

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refuses (an invalid header, a broken
 * request line) never becomes a request, so the answer is written to the socket by hand, with
 * the same headers and envelope as any other.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  return function answerClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Socket,
  ): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = SOCKET_ERRORS[error.code ?? ''] ?? {
      status: 400,
      message: BAD_REQUEST,
    };
    const requestId = randomUUID();
    this.log.info({ event: 'refused', status, code: error.code, reqId: requestId }, 'client error');
    const body = JSON.stringify({ code: 0, message });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(responseHeaders(headers, requestId)).map(([n, v]) => `${n}: ${v}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}

/**
 * One error shape for every failure (DESIGN.md 2): `{ code: 0, message, errors? }`, Russian text,
 * 422 for invalid input, and never a stack trace or an internal message.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        code: 0,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (error.validation) {
      return reply.status(422).send({
        code: 0,
        message: VALIDATION_MESSAGE,
        errors: russianFieldErrors(error.validation as AjvLikeError[]),
      });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ code: 0, message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: 0, message: BAD_REQUEST });
    }
    // The database down, restarting or out of connections: a moment's outage, not a fault.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, event: 'database-unavailable' }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_SECONDS))
        .send({ code: 0, message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 0, message: 'Внутренняя ошибка сервера' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (pageFallback?.(request, reply)) return reply;
    return reply.status(404).send({ code: 0, message: 'Не найдено' });
  });
}
