import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { transactionOf } from '../../lib/transaction';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
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
const REACH =
  'Только роль «Контрагент». Агенту доступны опубликованные туры, свои туристы и свои заявки; ' +
  'чужие — 404. Ни себестоимости, ни поставщиков, ни прибыли в ответах нет.';

/** The agent area (SPEC.md 2 agent/*; DESIGN.md 4), and the staff's view of an agent. */
export const agentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, USER_UNIQUE_FIELDS);

  app.get(
    '/agent/tours',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Туры для агентов',
        description: `Опубликованные для агентов, не в архиве; по названию, по 20; у каждого — ближайшие выезды (запланированные и подтверждённые, начинающиеся после сегодня). ${REACH}`,
        querystring: AgentTourListQuery,
        response: { 200: Ok(Paginated(AgentTourJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({ code: 1 as const, data: await listAgentTours(db, request.query) }),
  );

  app.get(
    '/agent/tours/countries',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Страны туров для агентов',
        response: { 200: Ok(Type.Array(Type.String())), ...GUARDED_ERRORS },
      },
    },
    async () => ({ code: 1 as const, data: await agentTourCountries(db) }),
  );

  app.get(
    '/agent/tours/:key',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Тур по ключу',
        description: `Неизвестный, неопубликованный и архивный — одинаково 404 «Тур не найден». ${REACH}`,
        params: TourKeyParam,
        response: { 200: Ok(AgentTourDetailJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({ code: 1 as const, data: await getAgentTour(db, request.params.key) }),
  );

  app.post(
    '/agent/tours/:key/requests',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Заявка на выезд тура',
        description: `Заявка для сотрудников (источник «Агент») на 1–20 туристов на ближайший выезд этого тура, не больше его свободных мест. Места не занимаются, пока сотрудник не оформит заявку. ${REACH}`,
        params: TourKeyParam,
        body: AgentRequestBody,
        response: { 200: Ok(AgentRequestJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        sendAgentRequest(trx, request.viewer!, request.params.key, request.body),
      ),
    }),
  );

  app.get(
    '/agent/requests',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Мои заявки',
        description: `Заявки агента, новые сверху, по 20. ${REACH}`,
        querystring: AgentRequestListQuery,
        response: { 200: Ok(Paginated(AgentRequestJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await listAgentRequests(db, request.viewer!, request.query),
    }),
  );

  app.get(
    '/agent/tourists',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Мои туристы',
        description: `Туристы, которых привёл агент, по ФИО, по 20: их туры, долги и готовность документов. ${REACH}`,
        querystring: AgentTouristListQuery,
        response: { 200: Ok(Paginated(AgentTouristJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await listAgentTourists(db, request.viewer!, request.query),
    }),
  );

  app.get(
    '/agent/tourists/:id',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Турист агента',
        description: REACH,
        params: IdParam,
        response: { 200: Ok(AgentTouristJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await getAgentTourist(db, request.viewer!, request.params.id),
    }),
  );

  app.post(
    '/agent/tourists',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Добавить туриста',
        description: `Личные и паспортные данные, с проверками формы сотрудника; турист — клиент этого агента. ${REACH}`,
        body: AgentTouristBody,
        response: { 200: Ok(AgentTouristJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) => saveAgentTourist(trx, request.viewer!, request.body)),
    }),
  );

  app.put(
    '/agent/tourists/:id',
    {
      config: { access: AGENT },
      schema: {
        tags: TAGS,
        summary: 'Изменить туриста',
        description: `Только личные и паспортные данные своего туриста. ${REACH}`,
        params: IdParam,
        body: AgentTouristBody,
        response: { 200: Ok(AgentTouristJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        saveAgentTourist(trx, request.viewer!, request.body, request.params.id),
      ),
    }),
  );

  app.get(
    '/admin/users/:id/agent',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Агент глазами сотрудника',
        description:
          'Для пользователя с ролью «Контрагент»: число его туристов, его заявки по статусам и комиссия за его подтверждённых туристов по турам (процент тура от их суммы к оплате, округление один раз на тур; или сумма к оплате минус цена для агентов за каждого). Вне досягаемости сотрудника (без see_all_users — только свои пользователи) и не агент — 404.',
        params: IdParam,
        response: { 200: Ok(AgentOverviewJson), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await agentOverview(db, request.viewer!, request.params.id),
    }),
  );
};
