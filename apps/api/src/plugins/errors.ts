import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, VALIDATION_MESSAGE } from '../lib/http-errors';
import { russianFieldErrors, type AjvLikeError } from '../lib/russian-validation';

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
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'Неверный запрос' },
};

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
      return reply.status(error.statusCode).send({ code: 0, message: 'Неверный запрос' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 0, message: 'Внутренняя ошибка сервера' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (pageFallback?.(request, reply)) return reply;
    return reply.status(404).send({ code: 0, message: 'Не найдено' });
  });
}
