import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { transactionOf } from '../../lib/transaction';
import { IdParam, Paginated } from '@tour/core/contract/common';
import { AGENT, STAFF } from '../../plugins/access';
import { USER_UNIQUE_FIELDS } from '../users/user-service';
import {
  AgentOverviewJson,
  AgentRequestBody,
  AgentRequestJson,
  AgentRequestListQuery,
  AgentTourDetailJson,
  AgentTouristBody,
  AgentTouristJson,
  AgentTouristListQuery,
  AgentTourJson,
  AgentTourListQuery,
  TourKeyParam,
} from '@tour/core/contract/agent';
import {
  agentOverview,
  agentTourCountries,
  getAgentTour,
  getAgentTourist,
  listAgentRequests,
  listAgentTourists,
  listAgentTours,
  saveAgentTourist,
  sendAgentRequest,
} from './service';

const TAGS = ['Кабинет агента'];
const route = routeOptions(TAGS);
const REACH =
  'Только роль «Контрагент». Агенту доступны опубликованные туры, свои туристы и свои заявки; ' +
  'чужие — 404. Ни себестоимости, ни поставщиков, ни прибыли в ответах нет.';

/** The agent area (SPEC.md 2 agent/*; DESIGN.md 4), and the staff's view of an agent. */
export const agentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, USER_UNIQUE_FIELDS);

  app.get(
    '/agent/tours',
    route(AGENT, {
      summary: 'Туры для агентов',
      description: `Опубликованные для агентов, не в архиве; по названию, по 20; у каждого — ближайшие выезды (запланированные и подтверждённые, начинающиеся после сегодня). ${REACH}`,
      querystring: AgentTourListQuery,
      response: answers(Paginated(AgentTourJson)),
    }),
    async (request) => ok(await listAgentTours(db, request.query)),
  );

  app.get(
    '/agent/tours/countries',
    route(AGENT, {
      summary: 'Страны туров для агентов',
      response: answers(Type.Array(Type.String())),
    }),
    async () => ok(await agentTourCountries(db)),
  );

  app.get(
    '/agent/tours/:key',
    route(AGENT, {
      summary: 'Тур по ключу',
      description: `Неизвестный, неопубликованный и архивный — одинаково 404 «Тур не найден». ${REACH}`,
      params: TourKeyParam,
      response: answers(AgentTourDetailJson, NOT_FOUND),
    }),
    async (request) => ok(await getAgentTour(db, request.params.key)),
  );

  app.post(
    '/agent/tours/:key/requests',
    route(AGENT, {
      summary: 'Заявка на выезд тура',
      description: `Заявка для сотрудников (источник «Агент») на 1–20 туристов на ближайший выезд этого тура, не больше его свободных мест. Места не занимаются, пока сотрудник не оформит заявку. ${REACH}`,
      params: TourKeyParam,
      body: AgentRequestBody,
      response: answers(AgentRequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          sendAgentRequest(trx, request.viewer!, request.params.key, request.body),
        ),
      ),
  );

  app.get(
    '/agent/requests',
    route(AGENT, {
      summary: 'Мои заявки',
      description: `Заявки агента, новые сверху, по 20. ${REACH}`,
      querystring: AgentRequestListQuery,
      response: answers(Paginated(AgentRequestJson)),
    }),
    async (request) => ok(await listAgentRequests(db, request.viewer!, request.query)),
  );

  app.get(
    '/agent/tourists',
    route(AGENT, {
      summary: 'Мои туристы',
      description: `Туристы, которых привёл агент, по ФИО, по 20: их туры, долги и готовность документов. ${REACH}`,
      querystring: AgentTouristListQuery,
      response: answers(Paginated(AgentTouristJson)),
    }),
    async (request) => ok(await listAgentTourists(db, request.viewer!, request.query)),
  );

  app.get(
    '/agent/tourists/:id',
    route(AGENT, {
      summary: 'Турист агента',
      description: REACH,
      params: IdParam,
      response: answers(AgentTouristJson, NOT_FOUND),
    }),
    async (request) => ok(await getAgentTourist(db, request.viewer!, request.params.id)),
  );

  app.post(
    '/agent/tourists',
    route(AGENT, {
      summary: 'Добавить туриста',
      description: `Личные и паспортные данные, с проверками формы сотрудника; турист — клиент этого агента. ${REACH}`,
      body: AgentTouristBody,
      response: answers(AgentTouristJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => saveAgentTourist(trx, request.viewer!, request.body))),
  );

  app.put(
    '/agent/tourists/:id',
    route(AGENT, {
      summary: 'Изменить туриста',
      description: `Только личные и паспортные данные своего туриста. ${REACH}`,
      params: IdParam,
      body: AgentTouristBody,
      response: answers(AgentTouristJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          saveAgentTourist(trx, request.viewer!, request.body, request.params.id),
        ),
      ),
  );

  app.get(
    '/admin/users/:id/agent',
    route(STAFF, {
      summary: 'Агент глазами сотрудника',
      description:
        'Для пользователя с ролью «Контрагент»: число его туристов, его заявки по статусам и комиссия за его подтверждённых туристов по турам (процент тура от их суммы к оплате, округление один раз на тур; или сумма к оплате минус цена для агентов за каждого). Вне досягаемости сотрудника (без see_all_users — только свои пользователи) и не агент — 404.',
      params: IdParam,
      response: answers(AgentOverviewJson, NOT_FOUND),
    }),
    async (request) => ok(await agentOverview(db, request.viewer!, request.params.id)),
  );
};
