import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { transactionOf } from '../../lib/transaction';
import { IdParam, Paginated } from '@tour/core/contract/common';
import { STAFF } from '../../plugins/access';
import { historyRoute } from '../history';
import { TRIP_UNIQUE_FIELDS } from '../trips/trip-service';
import { USER_UNIQUE_FIELDS } from '../users/user-service';
import {
  AssignBody,
  ConvertBody,
  RequestCountsJson,
  RequestJson,
  RequestListQuery,
  RequestStatusBody,
  SaveRequestBody,
} from '@tour/core/contract/requests';
import {
  assignRequest,
  convertRequest,
  createRequest,
  getRequest,
  listRequests,
  moveRequest,
  requestCounts,
  updateRequest,
} from './service';

const TAGS = ['Заявки'];
const route = routeOptions(TAGS);
const REACH =
  'Без права see_all_users — только заявки, назначенные вызывающему, и неназначенные; другие — 404.';

/** Requests (DESIGN.md 3 "Заявка"): every staff role; reach per DESIGN.md 4. */
export const requestRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, { ...TRIP_UNIQUE_FIELDS, ...USER_UNIQUE_FIELDS });

  app.get(
    '/admin/tickets',
    route(STAFF, {
      summary: 'Список заявок',
      description: `Новые сверху, по 20. ${REACH}`,
      querystring: RequestListQuery,
      response: answers(Paginated(RequestJson)),
    }),
    async (request) => ok(await listRequests(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/tickets/counts',
    route(STAFF, {
      summary: 'Число заявок по статусам (вкладки)',
      description: `С фильтрами списка, кроме статуса. ${REACH}`,
      querystring: RequestListQuery,
      response: answers(RequestCountsJson),
    }),
    async (request) => ok(await requestCounts(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/ticket/:id',
    route(STAFF, {
      summary: 'Заявка',
      description: REACH,
      params: IdParam,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) => ok(await getRequest(db, request.viewer!, request.params.id)),
  );

  app.post(
    '/admin/tickets',
    route(STAFF, {
      summary: 'Создать заявку',
      description: 'Новая заявка — «Новые», без исполнителя.',
      body: SaveRequestBody,
      response: answers(RequestJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => createRequest(trx, request.viewer!, request.body))),
  );

  app.put(
    '/admin/ticket/:id',
    route(STAFF, {
      summary: 'Изменить заявку',
      description: `Оформленная заявка не меняется (422). ${REACH}`,
      params: IdParam,
      body: SaveRequestBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          updateRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/ticket/:id/assign',
    route(STAFF, {
      summary: 'Назначить исполнителя',
      description: `Только сотруднику; null снимает назначение. ${REACH}`,
      params: IdParam,
      body: AssignBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          assignRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/ticket/:id/status',
    route(STAFF, {
      summary: 'Сменить статус заявки',
      description:
        'Новая → В работе; новая или в работе → Отклонена (с причиной); отклонённую можно ' +
        `вернуть в работу. «Оформлена» — только через convert. ${REACH}`,
      params: IdParam,
      body: RequestStatusBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          moveRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/ticket/:id/convert',
    route(STAFF, {
      summary: 'Оформить заявку в участников тура',
      description:
        'Контактное лицо и указанные спутники становятся участниками тура: каждый находится ' +
        'по телефону или email или создаётся клиентом. Всё или ничего: при любой ошибке (нет ' +
        `мест, неверный телефон) ничего не меняется. ${REACH}`,
      params: IdParam,
      body: ConvertBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          convertRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  historyRoute(app, {
    url: '/admin/ticket/:id/history',
    record: 'request',
    tags: TAGS,
    reach: async (viewer, id) => {
      await getRequest(db, viewer, id);
    },
    db,
  });
};
