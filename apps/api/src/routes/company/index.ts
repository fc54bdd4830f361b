import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { answers, ok, routeOptions } from '../../lib/route';
import { notFound } from '../../lib/http-errors';
import { ErrorBody, GUARDED_ERRORS, Paginated } from '@tour/core/contract/common';
import { permission, STAFF } from '../../plugins/access';
import { HistoryEntryJson, HistoryQuery } from '@tour/core/contract/history';
import { historyOf } from '../history/service';
import {
  CompanyLogoBody,
  CompanyRequisitesBody,
  CompanyRequisitesJson,
  LOGO_BASE64_MAX,
  LogoFile,
} from '@tour/core/contract/company';
import { companyRequisites, deleteLogo, readLogo, saveLogo, saveRequisites } from './service';

const TAGS = ['Реквизиты компании'];
const route = routeOptions(TAGS);
const ADMIN = permission('create_admin');
const NO_LOGO = 'Логотип не загружен';

/**
 * The company's requisites (DESIGN.md 9): read by everyone who prints documents (the staff),
 * changed by create_admin, each change in the audit log.
 */
export const companyRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/company',
    route(STAFF, {
      summary: 'Реквизиты компании',
      description:
        'То, что печатают документы и заголовки выгрузок XLSX; null — не заполнено (диалог ' +
        'документов называет недостающие).',
      response: answers(CompanyRequisitesJson),
    }),
    async () => ok(await companyRequisites(db)),
  );

  app.put(
    '/admin/company',
    route(ADMIN, {
      summary: 'Изменить реквизиты компании',
      description:
        'Поля, которых нет в запросе, не меняются; пустое поле (или null) очищается. ИНН — 14 ' +
        'цифр, ОКПО — 8, БИК — 6, расчётный счёт — 16 (пробелы убираются), телефон и почта ' +
        'проверяются; ошибки — 422 по полям. Изменения пишутся в журнал аудита.',
      body: CompanyRequisitesBody,
      response: answers(CompanyRequisitesJson),
    }),
    async (request) => ok(await saveRequisites(db, request.viewer!, request.body)),
  );

  app.get(
    '/admin/company/logo',
    route(STAFF, {
      summary: 'Логотип компании',
      description: 'Изображение как загружено; 404, если логотипа нет.',
      response: { 200: LogoFile, 404: ErrorBody, ...GUARDED_ERRORS },
    }),
    async (_request, reply) => {
      const logo = await readLogo(db);
      if (!logo) throw notFound(NO_LOGO);
      return reply
        .header('content-type', logo.mime)
        .header('cache-control', 'no-cache')
        .send(logo.data);
    },
  );

  app.put(
    '/admin/company/logo',
    {
      ...route(ADMIN, {
        summary: 'Загрузить логотип',
        description:
          'PNG или JPEG до 1 МБ и до 4000 точек по стороне, в base64; печатается в шапке ' +
          'документов. Иное — 422 под image. Заменяет прежний; пишется в журнал аудита.',
        body: CompanyLogoBody,
        response: answers(CompanyRequisitesJson),
      }),
      // The base64 of a logo a little over the limit still arrives, to be refused in Russian.
      bodyLimit: LOGO_BASE64_MAX + 1024,
    },
    async (request) => ok(await saveLogo(db, request.viewer!, request.body.image)),
  );

  app.delete(
    '/admin/company/logo',
    route(ADMIN, {
      summary: 'Убрать логотип',
      description: 'Документы печатаются без него. Пишется в журнал аудита.',
      response: answers(CompanyRequisitesJson),
    }),
    async (request) => ok(await deleteLogo(db, request.viewer!)),
  );

  app.get(
    '/admin/company/history',
    route(ADMIN, {
      summary: 'История изменений реквизитов',
      description: 'Кто, когда и какое поле изменил; новые сверху, по 50.',
      querystring: HistoryQuery,
      response: answers(Paginated(HistoryEntryJson)),
    }),
    async (request) => ok(await historyOf(db, 'company', 1, request.query)),
  );
};
