import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { IdParam } from '@tour/core/contract/common';
import { transactionOf } from '../../lib/transaction';
import { permission } from '../../plugins/access';
import {
  SaveSupplierPriceBody,
  SupplierPriceJson,
  SupplierPriceListQuery,
} from '@tour/core/contract/price-lists';
import { deletePrice, listPrices, savePrice } from './service';

const TAGS = ['Бронирование'];
const route = routeOptions(TAGS);
const ACCESS = permission('booking_section');

/**
 * Supplier price lists (issue 33): each price a service of the supplier in one season, per its
 * unit, in its currency; every change in the supplier's history (GET /admin/supplier/:id/history).
 */
export const priceListRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db);

  app.get(
    '/admin/supplier/:id/prices',
    route(ACCESS, {
      summary: 'Прайс-лист поставщика',
      description:
        'Все цены поставщика по виду услуг, услуге, варианту и сезону; kind — только этот ' +
        'вид; on — только цены, действующие в этот день. 404, если поставщика нет.',
      params: IdParam,
      querystring: SupplierPriceListQuery,
      response: answers(Type.Array(SupplierPriceJson), NOT_FOUND),
    }),
    async (request) => ok(await listPrices(db, request.params.id, request.query)),
  );

  app.post(
    '/admin/supplier/:id/prices',
    route(ACCESS, {
      summary: 'Добавить цену в прайс-лист',
      description:
        'Вид услуг — из видов поставщика; у отеля — тип номера (SGL, DBL, TWN, TRPL — за ' +
        'номер в ночь; EXB, CHD — за человека в ночь) и питание, у трансфера — мест в ' +
        'машине (за машину), у гида — за день, у билетов — взрослый или детский (за человека), ' +
        'у прочих расходов — за человека или за группу. Сезоны одной услуги (вид, услуга, ' +
        'вариант, питание, места, валюта) не пересекаются: иначе 422 под valid_from.',
      params: IdParam,
      body: SaveSupplierPriceBody,
      response: answers(SupplierPriceJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          savePrice(
            trx,
            request.viewer!,
            { supplierId: request.params.id, id: null },
            request.body,
          ),
        ),
      ),
  );

  app.put(
    '/admin/supplier-price/:id',
    route(ACCESS, {
      summary: 'Изменить цену прайс-листа',
      description: 'Те же правила, что при добавлении.',
      params: IdParam,
      body: SaveSupplierPriceBody,
      response: answers(SupplierPriceJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          savePrice(trx, request.viewer!, { id: request.params.id }, request.body),
        ),
      ),
  );

  app.delete(
    '/admin/supplier-price/:id',
    route(ACCESS, {
      summary: 'Удалить цену прайс-листа',
      description: 'Цена удаляется; история поставщика хранит, какой она была.',
      params: IdParam,
      response: answers(Type.Null(), NOT_FOUND),
    }),
    async (request) => {
      await inTransaction((trx) => deletePrice(trx, request.viewer!, request.params.id));
      return ok(null);
    },
  );
};
