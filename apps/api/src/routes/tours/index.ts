import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { transactionOf } from '../../lib/transaction';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
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

/** Prepared tours (DESIGN.md 3 "Trips and tours"): every staff role reads and writes them. */
export const tourRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, TOUR_UNIQUE_FIELDS);

  app.get(
    '/admin/tours',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Список заготовленных туров',
        description: 'Новые сверху, по 20 на странице. Архивные — только с archived=1.',
        querystring: TourListQuery,
        response: { 200: Ok(Paginated(TourJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({ code: 1 as const, data: await listTours(db, request.query) }),
  );

  app.get(
    '/admin/tours/countries',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Страны заготовленных туров (для фильтра)',
        response: { 200: Ok(Type.Array(Type.String())), ...GUARDED_ERRORS },
      },
    },
    async () => ({ code: 1 as const, data: await tourCountries(db) }),
  );

  app.get(
    '/admin/tour/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Заготовленный тур',
        params: IdParam,
        response: { 200: Ok(TourJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({ code: 1 as const, data: await getTour(db, request.params.id) }),
  );

  app.post(
    '/admin/tours',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Создать заготовленный тур',
        description:
          'Ключ уникален. Если задана программа по дням, число дней равно её длине. Цена для ' +
          'агентов или комиссия — одно из двух. Любая ошибка — 422 с ошибками по полям.',
        body: SaveTourBody,
        response: { 200: Ok(TourJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) => saveTour(trx, request.viewer!, null, request.body)),
    }),
  );

  app.put(
    '/admin/tour/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Изменить заготовленный тур (целиком)',
        description: 'Правила те же, что при создании. Туры, уже сделанные из него, не меняются.',
        params: IdParam,
        body: SaveTourBody,
        response: { 200: Ok(TourJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        saveTour(trx, request.viewer!, request.params.id, request.body),
      ),
    }),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/admin/tour/:id/${action}`,
      {
        config: { access: STAFF },
        schema: {
          tags: TAGS,
          summary: archived ? 'Отправить в архив' : 'Вернуть из архива',
          description: archived
            ? 'Архивный тур не виден в списке по умолчанию, в выборе тура и у агентов.'
            : 'Тур снова в списке и доступен для новых туров.',
          params: IdParam,
          response: { 200: Ok(TourJson), 404: ErrorBody, ...GUARDED_ERRORS },
        },
      },
      async (request) => ({
        code: 1 as const,
        data: await inTransaction((trx) =>
          archiveTour(trx, request.viewer!, request.params.id, archived),
        ),
      }),
    );
  }

  app.delete(
    '/admin/tour/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Удалить заготовленный тур',
        description: 'Только тур, из которого не сделано ни одного тура; иначе 422 — архивируйте.',
        params: IdParam,
        response: { 200: Ok(Type.Null()), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      await inTransaction((trx) => deleteTour(trx, request.viewer!, request.params.id));
      return { code: 1 as const, data: null };
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
