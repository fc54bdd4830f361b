import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
import { transactionOf } from '../../lib/transaction';
import { permission } from '../../plugins/access';
import { historyRoute } from '../history';
import { SaveSupplierBody, SupplierJson, SupplierListQuery } from '@tour/core/contract/suppliers';
import { getSupplier, listSuppliers, saveSupplier, SUPPLIER_UNIQUE_FIELDS } from './service';

const TAGS = ['Бронирование'];
const ACCESS = permission('booking_section');
const NOT_FOUND = { 404: ErrorBody };

/** The suppliers directory (DESIGN.md 3 "Bookings"): every booking names one. */
export const supplierRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, SUPPLIER_UNIQUE_FIELDS);

  app.get(
    '/admin/suppliers',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Поставщики',
        description:
          'По названию; search — подстрока названия, контакта, телефона или почты; ' +
          'kind — вид услуг (hotel, air_ticket, health_insurance, transfer, guide, activity, ' +
          'tour_expense).',
        querystring: SupplierListQuery,
        response: { 200: Ok(Paginated(SupplierJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({ code: 1 as const, data: await listSuppliers(db, request.query) }),
  );

  app.get(
    '/admin/supplier/:id',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Поставщик',
        params: IdParam,
        response: { 200: Ok(SupplierJson), ...GUARDED_ERRORS, ...NOT_FOUND },
      },
    },
    async (request) => ({ code: 1 as const, data: await getSupplier(db, request.params.id) }),
  );

  app.post(
    '/admin/suppliers',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Добавить поставщика',
        description: 'Название не повторяется (без учёта регистра): иначе 422 под полем name.',
        body: SaveSupplierBody,
        response: { 200: Ok(SupplierJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) => saveSupplier(trx, request.viewer!, null, request.body)),
    }),
  );

  app.put(
    '/admin/supplier/:id',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Изменить поставщика',
        params: IdParam,
        body: SaveSupplierBody,
        response: { 200: Ok(SupplierJson), ...GUARDED_ERRORS, ...NOT_FOUND },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await inTransaction((trx) =>
        saveSupplier(trx, request.viewer!, request.params.id, request.body),
      ),
    }),
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
