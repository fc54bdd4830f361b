import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { transactionOf } from '../../lib/transaction';
import { IdParam, Paginated } from '@tour/core/contract/common';
import { STAFF } from '../../plugins/access';
import { historyRoute } from '../history';
import { SaveTourBody, TourJson, TourListQuery } from '@tour/core/contract/tours';
import {
  archiveTour,
  deleteTour,
  getTour,
  listTours,
  saveTour,
  TOUR_UNIQUE_FIELDS,
  tourCountries,
} from './service';

const TAGS = ['Заготовленные туры'];
const route = routeOptions(TAGS);

/** Prepared tours (DESIGN.md 3 "Trips and tours"): every staff role reads and writes them. */
export const tourRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, TOUR_UNIQUE_FIELDS);

  app.get(
    '/admin/tours',
    route(STAFF, {
      summary: 'Список заготовленных туров',
      description: 'Новые сверху, по 20 на странице. Архивные — только с archived=1.',
      querystring: TourListQuery,
      response: answers(Paginated(TourJson)),
    }),
    async (request) => ok(await listTours(db, request.query)),
  );

  app.get(
    '/admin/tours/countries',
    route(STAFF, {
      summary: 'Страны заготовленных туров (для фильтра)',
      response: answers(Type.Array(Type.String())),
    }),
    async () => ok(await tourCountries(db)),
  );

  app.get(
    '/admin/tour/:id',
    route(STAFF, {
      summary: 'Заготовленный тур',
      params: IdParam,
      response: answers(TourJson, NOT_FOUND),
    }),
    async (request) => ok(await getTour(db, request.params.id)),
  );

  app.post(
    '/admin/tours',
    route(STAFF, {
      summary: 'Создать заготовленный тур',
      description:
        'Ключ уникален. Если задана программа по дням, число дней равно её длине. Цена для ' +
        'агентов или комиссия — одно из двух. Любая ошибка — 422 с ошибками по полям.',
      body: SaveTourBody,
      response: answers(TourJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => saveTour(trx, request.viewer!, null, request.body))),
  );

  app.put(
    '/admin/tour/:id',
    route(STAFF, {
      summary: 'Изменить заготовленный тур (целиком)',
      description: 'Правила те же, что при создании. Туры, уже сделанные из него, не меняются.',
      params: IdParam,
      body: SaveTourBody,
      response: answers(TourJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          saveTour(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/admin/tour/:id/${action}`,
      route(STAFF, {
        summary: archived ? 'Отправить в архив' : 'Вернуть из архива',
        description: archived
          ? 'Архивный тур не виден в списке по умолчанию, в выборе тура и у агентов.'
          : 'Тур снова в списке и доступен для новых туров.',
        params: IdParam,
        response: answers(TourJson, NOT_FOUND),
      }),
      async (request) =>
        ok(
          await inTransaction((trx) =>
            archiveTour(trx, request.viewer!, request.params.id, archived),
          ),
        ),
    );
  }

  app.delete(
    '/admin/tour/:id',
    route(STAFF, {
      summary: 'Удалить заготовленный тур',
      description: 'Только тур, из которого не сделано ни одного тура; иначе 422 — архивируйте.',
      params: IdParam,
      response: answers(Type.Null(), NOT_FOUND),
    }),
    async (request) => {
      await inTransaction((trx) => deleteTour(trx, request.viewer!, request.params.id));
      return ok(null);
    },
  );

  historyRoute(app, {
    url: '/admin/tour/:id/history',
    record: 'prepared_tour',
    tags: TAGS,
    reach: async (_viewer, id) => {
      await getTour(db, id);
    },
    db,
  });
};
