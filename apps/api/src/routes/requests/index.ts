import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { transactionOf } from '../../lib/transaction';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
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
const REACH =
  'Без права see_all_users — только заявки, назначенные вызывающему, и неназначенные; другие — 404.';

/** Requests (DESIGN.md 3 "Заявка"): every staff role; reach per DESIGN.md 4. */
export const requestRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, { ...TRIP_UNIQUE_FIELDS, ...USER_UNIQUE_FIELDS });

  app.get(
    '/admin/tickets',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Список заявок',
        description: `Новые сверху, по 20. ${REACH}`,
        querystring: RequestListQuery,
        response: { 200: Ok(Paginated(RequestJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await listRequests(db, request.viewer!, request.query),
    }),
  );

  app.get(
    '/admin/tickets/counts',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Число заявок по статусам (вкладки)',
        description: `С фильтрами списка, кроме статуса. ${REACH}`,
        querystring: RequestListQuery,
        response: { 200: Ok(RequestCountsJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await requestCounts(db, request.viewer!, request.query),
    }),
  );

  app.get(
    '/admin/ticket/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Заявка',
        description: REACH,
        params: IdParam,
        response: { 200: Ok(RequestJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await getRequest(db, request.viewer!, request.params.id),
    }),
  );

  app.post(
    '/admin/tickets',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Создать заявку',
        description: 'Новая заявка — «Новые», без исполнителя.',
        body: SaveRequestBody,
        response: { 200: Ok(RequestJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) => createRequest(trx, request.viewer!, request.body)),
    }),
  );

  app.put(
    '/admin/ticket/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Изменить заявку',
        description: `Оформленная заявка не меняется (422). ${REACH}`,
        params: IdParam,
        body: SaveRequestBody,
        response: { 200: Ok(RequestJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        updateRequest(trx, request.viewer!, request.params.id, request.body),
      ),
    }),
  );

  app.post(
    '/admin/ticket/:id/assign',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Назначить исполнителя',
        description: `Только сотруднику; null снимает назначение. ${REACH}`,
        params: IdParam,
        body: AssignBody,
        response: { 200: Ok(RequestJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        assignRequest(trx, request.viewer!, request.params.id, request.body),
      ),
    }),
  );

  app.post(
    '/admin/ticket/:id/status',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Сменить статус заявки',
        description:
          'Новая → В работе; новая или в работе → Отклонена (с причиной); отклонённую можно ' +
          `вернуть в работу. «Оформлена» — только через convert. ${REACH}`,
        params: IdParam,
        body: RequestStatusBody,
        response: { 200: Ok(RequestJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        moveRequest(trx, request.viewer!, request.params.id, request.body),
      ),
    }),
  );

  app.post(
    '/admin/ticket/:id/convert',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Оформить заявку в участников тура',
        description:
          'Контактное лицо и указанные спутники становятся участниками тура: каждый находится ' +
          'по телефону или email или создаётся клиентом. Всё или ничего: при любой ошибке (нет ' +
          `мест, неверный телефон) ничего не меняется. ${REACH}`,
        params: IdParam,
        body: ConvertBody,
        response: { 200: Ok(RequestJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        convertRequest(trx, request.viewer!, request.params.id, request.body),
      ),
    }),
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
