import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ClientErrorReport } from '@tour/core';
import type { Db } from '../../db/database';
import { ok, routeOptions } from '../../lib/route';
import { HttpError } from '../../lib/http-errors';
import { ErrorBody, Ok } from '@tour/core/contract/common';
import { PUBLIC } from '../../plugins/access';
import { reportThrottle } from './report-throttle';
import { ClientErrorBody, HealthStatus } from '@tour/core/contract/health';
import { checkReadiness, NOT_READY_MESSAGES, readinessLog } from './service';

const TAGS = ['Служебные'];
const route = routeOptions(TAGS);

/**
 * What a load balancer and the shell need of the server itself (README "Health, readiness and
 * shutdown"): liveness, readiness, and the reports of sections that failed to load.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // Set when the server starts closing (SIGTERM): from then on it is not ready, whatever the
  // database says, so a balancer still asking stops sending traffic here.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  const logReadiness = readinessLog(app.log);
  // Per instance (per built app), in memory.
  const throttle = reportThrottle();

  app.get(
    '/health',
    route(PUBLIC, {
      summary: 'Процесс жив (без обращения к базе)',
      response: { 200: Ok(HealthStatus) },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ status: 'ok' as const });
    },
  );

  app.get(
    '/ready',
    route(PUBLIC, {
      summary: 'Готов принимать запросы: база отвечает, все миграции применены',
      description:
        '503 { code: 0, message }: «База данных недоступна» (нет ответа за 2–3 с), ' +
        '«Миграции не применены» или «Сервер останавливается» (после SIGTERM).',
      response: { 200: Ok(HealthStatus), 503: ErrorBody },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (stopping) throw new HttpError(503, NOT_READY_MESSAGES.stopping);
      const readiness = await checkReadiness(db);
      logReadiness(readiness);
      // The server may have begun to stop while the database was asked.
      if (stopping) throw new HttpError(503, NOT_READY_MESSAGES.stopping);
      if (!readiness.ready) throw new HttpError(503, NOT_READY_MESSAGES[readiness.reason]);
      return ok({ status: 'ok' as const });
    },
  );

  app.post(
    '/client-errors',
    route(PUBLIC, {
      summary: 'Сообщить, что раздел интерфейса не загрузился (в журнал сервера)',
      description:
        'Вошедшим и гостям, с X-XSRF-TOKEN. Не больше 30 сообщений в минуту с одного адреса: ' +
        'дальше 429 с Retry-After, без записи в журнал.',
      body: ClientErrorBody,
      response: {
        200: Ok(Type.Null()),
        419: ErrorBody,
        422: ErrorBody,
        429: ErrorBody,
      },
    }),
    async (request) => {
      const retryAfter = throttle(request.ip);
      if (retryAfter > 0) {
        throw new HttpError(
          429,
          `Слишком много сообщений об ошибках. Повторите через ${retryAfter} с.`,
          undefined,
          { 'retry-after': String(retryAfter) },
        );
      }
      // The body the shell sends, typed as @tour/core has it.
      const { section, message, url }: ClientErrorReport = request.body;
      request.log.warn(
        {
          event: 'client-error',
          section,
          message,
          url: url ?? null,
          userId: request.viewer?.id ?? null,
          ip: request.ip,
        },
        'section failed to load',
      );
      return ok(null);
    },
  );
};
