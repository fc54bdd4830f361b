import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, ok, routeOptions } from '../../lib/route';
import { ErrorBody } from '@tour/core/contract/common';
import { AUTHENTICATED, PUBLIC, STAFF } from '../../plugins/access';
import { markAudited } from '../../plugins/audit';
import { UserJson } from '../../domain/user-json';
import { LoginAnswer, LoginBody, PermissionData, RoleLabels } from '@tour/core/contract/auth';
import { currentUser, logIn, permissionData, recordLoginAttempt, roleLabels } from './service';

const TAGS = ['Сессия'];
const route = routeOptions(TAGS);

/** Sign-in, sign-out and who is signed in (DESIGN.md 1 "API server", 2). */
export const authRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/login',
    route(PUBLIC, {
      summary: 'Вход по email или телефону и паролю',
      body: LoginBody,
      response: {
        200: LoginAnswer,
        403: ErrorBody,
        419: ErrorBody,
        422: ErrorBody,
        429: ErrorBody,
      },
    }),
    async (request) => {
      const { login, password, remember = false } = request.body;
      const attempt = { login, password, ip: request.ip, at: app.sessions.now() };
      // Every outcome writes its own audit row (a refusal here is not written again).
      markAudited(request);
      const signedIn = await logIn(db, attempt, request.log);
      await app.sessions.signIn(request, signedIn.user.id, remember);
      await recordLoginAttempt(db, attempt, signedIn.user.id, null);
      request.log.info({
        event: 'login',
        login: signedIn.login,
        ok: true,
        userId: signedIn.user.id,
      });
      return { user: signedIn.user };
    },
  );

  app.post(
    '/logout',
    route(PUBLIC, {
      summary: 'Выход',
      response: { 200: Type.Object({ code: Type.Literal(1) }), 419: ErrorBody },
    }),
    async (request) => {
      await app.sessions.signOut(request);
      return { code: 1 as const };
    },
  );

  app.get(
    '/user',
    route(AUTHENTICATED, {
      summary: 'Текущий пользователь',
      response: answers(UserJson),
    }),
    async (request) => ok(await currentUser(db, request.viewer!)),
  );

  app.get(
    '/get-laravel-permission-to-vuejs',
    route(PUBLIC, {
      summary: 'Роли и права текущего пользователя; 0 без входа',
      response: { 200: Type.Union([PermissionData, Type.Literal(0)]) },
    }),
    async (request) => permissionData(request.viewer),
  );

  app.get(
    '/roles',
    {
      config: { access: STAFF },
      schema: {
        tags: ['Пользователи'],
        summary: 'Роли с русскими названиями',
        response: answers(RoleLabels),
      },
    },
    async () => ok(roleLabels()),
  );
};
