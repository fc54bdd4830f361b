import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
import { STAFF } from '../../plugins/access';
import { Type } from '@sinclair/typebox';
import {
  SaveUserBody,
  TouristListQuery,
  TouristMatchQuery,
  TouristOptionJson,
  UserListQuery,
} from '@tour/core/contract/users';
import { findTourists, matchingTourists } from './tourist-lookup';
import { UserJson } from '../../domain/user-json';
import { transactionOf } from '../../lib/transaction';
import { recordLoginFailure } from '../auth/service';
import { historyRoute } from '../history';
import {
  getUser,
  listUsers,
  saveUser,
  USER_EVENTS_NOT_CHANGES,
  USER_UNIQUE_FIELDS,
  type PasswordAttempt,
  type SaveResult,
} from './user-service';

const TAGS = ['Пользователи'];
const route = routeOptions(TAGS);

// An empty filter in the URL (`?role=&search=`) means no filter, as Laravel's
// ConvertEmptyStringsToNull made it for the client this API replaces.
async function dropEmptyQueryValues(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
}

/** The users of the back office (DESIGN.md 3 "People"): list, one, create or update. */
export const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/users',
    {
      ...route(STAFF, {
        summary: 'Список пользователей',
        description:
          'Новые сверху, по 20 на странице (per_page до 100). Без права see_all_users — только ' +
          'свои подопечные (manager_id) и сам пользователь. Пустой параметр не фильтрует.',
        querystring: UserListQuery,
        response: answers(Paginated(UserJson)),
      }),
      preValidation: dropEmptyQueryValues,
    },
    async (request) => {
      const data = await listUsers(db, request.viewer!, request.query);
      return ok(data);
    },
  );

  app.get(
    '/admin/tourists',
    {
      ...route(STAFF, {
        summary: 'Найти туриста (для тура или заявки)',
        description:
          'До 20 клиентов. Любой клиент, чей телефон, email или номер паспорта точно равен ' +
          'введённому, — первым (клиент другого менеджера — с именем, менеджером и одним этим ' +
          'контактом); затем свои и ничьи клиенты, в ФИО или контактах которых есть введённое, ' +
          'по алфавиту. Список пользователей (GET /admin/users) видит по-прежнему только своих.',
        querystring: TouristListQuery,
        response: answers(Type.Array(TouristOptionJson)),
      }),
      preValidation: dropEmptyQueryValues,
    },
    async (request) => ok(await findTourists(db, request.viewer!, request.query.search)),
  );

  app.get(
    '/admin/tourists/match',
    {
      ...route(STAFF, {
        summary: 'Уже есть такой турист?',
        description:
          'Клиенты, у которых уже есть этот телефон, email или номер паспорта (сравниваются ' +
          'точно: телефон без пробелов и скобок, email без учёта регистра, паспорт без пробелов ' +
          'и дефисов). Форма нового туриста предлагает их вместо второй записи.',
        querystring: TouristMatchQuery,
        response: answers(Type.Array(TouristOptionJson)),
      }),
      preValidation: dropEmptyQueryValues,
    },
    async (request) => ok(await matchingTourists(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/user/:id',
    route(STAFF, {
      summary: 'Пользователь',
      description: '404, если пользователя нет или он вне досягаемости.',
      params: IdParam,
      response: answers(UserJson, NOT_FOUND),
    }),
    async (request) => ok(await getUser(db, request.viewer!, request.params.id)),
  );

  app.post(
    '/admin/users',
    route(STAFF, {
      summary: 'Создать пользователя или изменить (с id)',
      description:
        'Отсутствующие поля не меняются. Роли сотрудников назначает и снимает только ' +
        'обладатель права create_admin; он же один меняет другому сотруднику пароль, email и ' +
        'телефон (по ним входят) и отключает его. Отключение и смена пароля завершают сеансы ' +
        'пользователя. Меняя собственный пароль, пользователь указывает текущий ' +
        '(current_password); неверный считается неудачной попыткой входа, и после лимита — ' +
        '429 с Retry-After, как у входа. Любая ошибка — 422 с ошибками по полям, без изменений.',
      body: SaveUserBody,
      response: { 200: Ok(UserJson), ...GUARDED_ERRORS, 429: ErrorBody },
    }),
    async (request) => {
      const attempt: PasswordAttempt = {
        ip: request.ip,
        at: app.sessions.now(),
        failedLogin: null,
      };
      const context = { viewer: request.viewer!, sessionId: request.session.id, attempt };
      let result: SaveResult;
      try {
        result = await transactionOf(
          db,
          USER_UNIQUE_FIELDS,
        )((trx) => saveUser(trx, request.body, context));
      } finally {
        // After the rollback of the refused save, which would have undone it.
        if (attempt.failedLogin !== null) {
          await recordLoginFailure(db, attempt.failedLogin, attempt.ip, attempt.at);
          request.log.warn({
            event: 'password-change',
            userId: request.viewer!.id,
            ok: false,
            reason: 'bad-current-password',
          });
        }
      }
      // After the commit: disabled_at already keeps the user out; this also drops the rows.
      if (result.disabled) await app.sessions.endAllOf(result.user.id);
      return ok(result.user);
    },
  );

  historyRoute(app, {
    url: '/admin/user/:id/history',
    record: 'user',
    tags: TAGS,
    // Only within reach, as GET /admin/user/:id; sign-ins and ended sessions are the audit log's.
    reach: async (viewer, id) => void (await getUser(db, viewer, id)),
    excludeActions: USER_EVENTS_NOT_CHANGES,
    db,
  });
};
