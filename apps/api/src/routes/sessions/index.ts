import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { AUTHENTICATED } from '../../plugins/access';
import {
  EndedSession,
  EndedSessions,
  OwnSessionJson,
  SessionHandleParam,
} from '@tour/core/contract/sessions';
import { endOtherSessions, endOwnSession, ownSessions } from './service';

const TAGS = ['Сессия'];
const route = routeOptions(TAGS);

/** «Мои сеансы»: any signed-in user sees its own live sessions and ends them (ASVS 5.0 7.5.2). */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const handleOf = app.sessions.handleOf;

  app.get(
    '/sessions',
    route(AUTHENTICATED, {
      summary: 'Мои сеансы',
      description:
        'Незавершённые сеансы вызывающего, последние по активности сверху: вход, последняя ' +
        'активность, когда закончится, адрес и браузер при входе; current — сеанс этого ' +
        'запроса. Любой вошедший пользователь, только свои сеансы.',
      response: answers(Type.Array(OwnSessionJson)),
    }),
    async (request) =>
      ok(
        await ownSessions(db, handleOf, request.viewer!.id, request.session.id, app.sessions.now()),
      ),
  );

  app.delete(
    '/sessions/:handle',
    route(AUTHENTICATED, {
      summary: 'Завершить свой сеанс',
      description:
        'Завершает один свой сеанс по handle из списка: тот браузер со следующим запросом ' +
        'получит 401. Свой текущий — это выход (ответ несёт гостевой cookie, signed_out). ' +
        '404 «Сеанс не найден» для чужого, завершённого или неизвестного handle. Пишет в ' +
        'журнал аудита sessions_ended: сколько и какие (адрес и браузер).',
      params: SessionHandleParam,
      response: answers(EndedSession, NOT_FOUND),
    }),
    async (request) => {
      const viewer = request.viewer!;
      const { current } = await db
        .transaction()
        .execute((trx) =>
          endOwnSession(
            trx,
            handleOf,
            viewer.id,
            request.session.id,
            request.params.handle,
            app.sessions.now(),
          ),
        );
      // As POST /api/logout: the response clears the session and carries a guest's cookie.
      if (current) await app.sessions.signOut(request);
      return ok({ ended: 1, signed_out: current });
    },
  );

  app.post(
    '/sessions/end-others',
    route(AUTHENTICATED, {
      summary: 'Завершить все другие свои сеансы',
      description:
        'Завершает все свои сеансы, кроме сеанса этого запроса; отвечает, сколько завершено. ' +
        'Пишет в журнал аудита sessions_ended (если было что завершать).',
      response: answers(EndedSessions),
    }),
    async (request) => {
      const viewer = request.viewer!;
      const ended = await db
        .transaction()
        .execute((trx) =>
          endOtherSessions(trx, viewer.id, request.session.id!, app.sessions.now()),
        );
      return ok({ ended });
    },
  );
};
