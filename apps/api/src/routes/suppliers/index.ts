import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { IdParam, Paginated } from '@tour/core/contract/common';
import { transactionOf } from '../../lib/transaction';
import { permission } from '../../plugins/access';
import { historyRoute } from '../history';
import { SaveSupplierBody, SupplierJson, SupplierListQuery } from '@tour/core/contract/suppliers';
import { getSupplier, listSuppliers, saveSupplier, SUPPLIER_UNIQUE_FIELDS } from './service';

const TAGS = ['Бронирование'];
const route = routeOptions(TAGS);
const ACCESS = permission('booking_section');

/** The suppliers directory (DESIGN.md 3 "Bookings"): every booking names one. */
export const supplierRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, SUPPLIER_UNIQUE_FIELDS);

  app.get(
    '/admin/suppliers',
    route(ACCESS, {
      summary: 'Поставщики',
      description:
        'По названию; search — подстрока названия, контакта, телефона или почты; ' +
        'kind — вид услуг (hotel, air_ticket, health_insurance, transfer, guide, activity, ' +
        'tour_expense).',
      querystring: SupplierListQuery,
      response: answers(Paginated(SupplierJson)),
    }),
    async (request) => ok(await listSuppliers(db, request.query)),
  );

  app.get(
    '/admin/supplier/:id',
    route(ACCESS, {
      summary: 'Поставщик',
      params: IdParam,
      response: answers(SupplierJson, NOT_FOUND),
    }),
    async (request) => ok(await getSupplier(db, request.params.id)),
  );

  app.post(
    '/admin/suppliers',
    route(ACCESS, {
      summary: 'Добавить поставщика',
      description: 'Название не повторяется (без учёта регистра): иначе 422 под полем name.',
      body: SaveSupplierBody,
      response: answers(SupplierJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => saveSupplier(trx, request.viewer!, null, request.body))),
  );

  app.put(
    '/admin/supplier/:id',
    route(ACCESS, {
      summary: 'Изменить поставщика',
      params: IdParam,
      body: SaveSupplierBody,
      response: answers(SupplierJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          saveSupplier(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  historyRoute(app, {
    url: '/admin/supplier/:id/history',
    record: 'supplier',
    tags: TAGS,
    access: ACCESS,
    reach: async (_viewer, id) => {
      await getSupplier(db, id);
    },
    db,
  });
};
