import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { IdParam } from '@tour/core/contract/common';
import { TripJson } from '@tour/core/contract/trips';
import { transactionOf } from '../../lib/transaction';
import { permission } from '../../plugins/access';
import {
  ApplyCostingBody,
  CostingBody,
  CostingJson,
  CostingListQuery,
  CostingPreviewJson,
  SaveCostingBody,
} from '@tour/core/contract/costings';
import { TripCostingLinesJson } from '@tour/core/contract/trip-plan';
import { applyCosting, getCosting, listCostings, previewCosting, saveCosting } from './service';
import { tripCostingLines } from './trip-plan-service';

const TAGS = ['Калькуляция'];
const route = routeOptions(TAGS);
// Pricing is the booking section's work: its price lists are (DESIGN.md 4 booking_section).
const ACCESS = permission('booking_section');

const LINES =
  'Строки: hotel — отель (поставщик, категория номера, питание, заезд, ночей; каждая ночь по ' +
  'цене своего сезона, SGL и DBL или TWN); transfer — маршрут (цены машин на дату, группа ' +
  'берёт самые дешёвые машины, вмещающие её); price — цена прайс-листа (гид за день, билет за ' +
  'человека, прочий расход) с днём услуги; typed — стоимость, введённая вручную. Себестоимость ' +
  'каждой валюты переводится в валюту продажи по курсам rate_date (курса нет — 422, никогда не ' +
  '1); цена = (себестоимость + наценка) / (1 − комиссия), вверх до $1, €1, 100 С, 100 ¥.';

/** Costings (issue 33): a price per person by group size and occupancy, saved in versions. */
export const costingRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db);

  app.post(
    '/admin/costings/preview',
    route(ACCESS, {
      summary: 'Рассчитать калькуляцию',
      description: `Ничего не сохраняется. ${LINES}`,
      body: CostingBody,
      response: answers(CostingPreviewJson),
    }),
    async (request) => ok(await previewCosting(db, request.body)),
  );

  app.post(
    '/admin/costings',
    route(ACCESS, {
      summary: 'Сохранить версию калькуляции',
      description:
        'Следующая версия калькуляции заготовленного тура, тура или заявки (ровно одно из ' +
        `prepared_tour_id, trip_id, request_id); сохранённая версия не меняется. ${LINES}`,
      body: SaveCostingBody,
      response: answers(CostingJson, NOT_FOUND),
    }),
    async (request) =>
      ok(await inTransaction((trx) => saveCosting(trx, request.viewer!, request.body))),
  );

  app.get(
    '/admin/costings',
    route(ACCESS, {
      summary: 'Версии калькуляции',
      description: 'Версии заготовленного тура, тура или заявки, новые первыми.',
      querystring: CostingListQuery,
      response: answers(Type.Array(CostingJson)),
    }),
    async (request) => ok(await listCostings(db, request.query)),
  );

  app.get(
    '/admin/costing/:id',
    route(ACCESS, {
      summary: 'Версия калькуляции',
      params: IdParam,
      response: answers(CostingJson, NOT_FOUND),
    }),
    async (request) => ok(await getCosting(db, request.params.id)),
  );

  app.post(
    '/admin/costing/:id/apply',
    route(ACCESS, {
      summary: 'Применить цену к туру',
      description:
        'Цена тура на человека — цена выбранной клетки таблицы версии (размер группы и ' +
        'размещение), в валюте калькуляции; другая валюта — только пока в туре нет участников.',
      params: IdParam,
      body: ApplyCostingBody,
      response: answers(TripJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          applyCosting(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.get(
    '/admin/trip/:id/costing-lines',
    route(ACCESS, {
      summary: 'Строки калькуляции тура для бронирований',
      description:
        'Строки калькуляции, по которой считается план тура: применённой версии (её размещение), ' +
        'а если цена не применялась — последней версии тура (двухместное размещение), ' +
        'пересчитанные на активных участников тура (не меньше 1). Каждая строка — вид ' +
        'бронирования (отель, трансфер, гид, входные билеты, прочие расходы; строка, введённая ' +
        'вручную, — прочие расходы без поставщика), поставщик, услуга, даты (у отеля — заезд и ' +
        'выезд), номера, количество, стоимость на группу в валюте поставщика и в валюте тура по ' +
        'курсам даты калькуляции (нет курса — null, никогда не 1); booked — у тура уже есть ' +
        'неотменённое бронирование этого вида у этого поставщика. Без калькуляции — costing null.',
      params: IdParam,
      response: answers(TripCostingLinesJson, NOT_FOUND),
    }),
    async (request) => ok(await tripCostingLines(db, request.params.id)),
  );
};
