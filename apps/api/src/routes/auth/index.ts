import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import { ROLE_LABELS, ROLES, STAFF_ROLES } from '@tour/shared';
import type { Db } from '../../db/database';
import { normalizeLogin } from '../../lib/contacts';
import { HttpError, validationError } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { ErrorBody, GUARDED_ERRORS, Ok } from '../../lib/schemas';
import { AUTHENTICATED, PUBLIC, STAFF } from '../../plugins/access';
import { UserJson, userJson } from '../users/user-json';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle';

const BAD_CREDENTIALS = 'Неверный логин или пароль';
const NOT_FOR_CLIENTS = 'Вход доступен только сотрудникам и агентам';

const LoginBody = Type.Object(
  {
    login: Type.String({ minLength: 1, maxLength: 255 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const PermissionData = Type.Object({
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
});

/** Who may use the back office: staff and agents; a client-only account may not. */
const BACK_OFFICE_ROLES = new Set<string>([...STAFF_ROLES, 'counterparty']);

export const authRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  async function rolesOf(userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .orderBy('role')
      .execute();
    return rows.map((r) => r.role);
  }

  app.post(
    '/login',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Сессия'],
        summary: 'Вход по email или телефону и паролю',
        body: LoginBody,
        response: {
          200: Type.Object({ user: UserJson }),
          403: ErrorBody,
          419: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const {
        login,
        password,
        remember = false,
      } = request.body as {
        login: string;
        password: string;
        remember?: boolean;
      };
      const key = normalizeLogin(login);
      const retryAfter = await loginRetryAfter(db, key.value, request.ip);
      if (retryAfter > 0) {
        request.log.warn({ event: 'login', login: key.value, ok: false, reason: 'throttled' });
        throw new HttpError(
          429,
          `Слишком много попыток входа. Повторите через ${Math.ceil(retryAfter / 60)} мин.`,
          undefined,
          { 'retry-after': String(retryAfter) },
        );
      }
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(key.kind === 'email' ? sql`lower(email)` : sql`phone`, '=', key.value)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) {
        await recordLoginFailure(db, key.value, request.ip);
        request.log.warn({
          event: 'login',
          login: key.value,
          ok: false,
          reason: 'bad-credentials',
        });
        throw validationError({ login: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
      }
      const roles = await rolesOf(user.id);
      if (!roles.some((role) => BACK_OFFICE_ROLES.has(role))) {
        request.log.warn({ event: 'login', login: key.value, ok: false, reason: 'client-only' });
        throw new HttpError(403, NOT_FOR_CLIENTS, { login: [NOT_FOR_CLIENTS] });
      }
      await clearLoginFailures(db, key.value);
      await app.sessions.signIn(request, user.id, remember);
      request.log.info({ event: 'login', login: key.value, ok: true, userId: user.id });
      return reply.send({ user: userJson(user, roles) });
    },
  );

  app.post(
    '/logout',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Сессия'],
        summary: 'Выход',
        response: { 200: Type.Object({ code: Type.Literal(1) }), 419: ErrorBody },
      },
    },
    async (request) => {
      await app.sessions.signOut(request);
      return { code: 1 as const };
    },
  );

  app.get(
    '/user',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['Сессия'],
        summary: 'Текущий пользователь',
        response: { 200: Ok(UserJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', viewer.id)
        .executeTakeFirstOrThrow();
      return { code: 1 as const, data: userJson(row, viewer.roles) };
    },
  );

  app.get(
    '/get-laravel-permission-to-vuejs',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Сессия'],
        summary: 'Роли и права текущего пользователя; 0 без входа',
        response: { 200: Type.Union([PermissionData, Type.Literal(0)]) },
      },
    },
    async (request) => {
      const viewer = request.viewer;
      return viewer ? { roles: viewer.roles, permissions: viewer.permissions } : (0 as const);
    },
  );

  app.get(
    '/roles',
    {
      config: { access: STAFF },
      schema: {
        tags: ['Пользователи'],
        summary: 'Роли с русскими названиями',
        response: { 200: Ok(Type.Record(Type.String(), Type.String())), ...GUARDED_ERRORS },
      },
    },
    async () => ({
      code: 1 as const,
      data: Object.fromEntries(ROLES.map((role) => [role, ROLE_LABELS[role]])),
    }),
  );
};
