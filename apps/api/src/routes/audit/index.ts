import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_ROLE_EXPRESSION } from '@tour/core';
import type { Db } from '../../db/database';
import { answers, ok, routeOptions } from '../../lib/route';
import { Paginated } from '@tour/core/contract/common';
import type { Access } from '../../plugins/access';
import { AuditEntryJson, AuditQuery } from '@tour/core/contract/audit';
import { searchAudit } from './service';

const TAGS = ['Журнал аудита'];
const route = routeOptions(TAGS);

/** The audit log is read by the developers and the admins only (DESIGN.md 1, 4). */
export const AUDIT: Access = { auth: true, roles: AUDIT_ROLE_EXPRESSION };

/** The audit log's search (the history service's table, every kind of event). */
export const auditRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/audit',
    route(AUDIT, {
      summary: 'Журнал аудита',
      description:
        'Входы (удачные и нет), отказы 401/403/419/429, движения денег и их подтверждения, ' +
        'смены ролей, экспорты и все изменения записей: кто, когда, с какого адреса. Новые ' +
        'сверху, по 50. Только разработчик и администратор.',
      querystring: AuditQuery,
      response: answers(Paginated(AuditEntryJson)),
    }),
    async (request) => ok(await searchAudit(db, request.query)),
  );
};
