import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError } from 'fastify';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { ErrorBody, GUARDED_ERRORS, IdParam } from '@tour/core/contract/common';
import { ImportFileBody } from '@tour/core/contract/imports';
import { HttpError } from '../../lib/http-errors';
import { transactionOf } from '../../lib/transaction';
import { sendXlsx, XlsxFile } from '../../lib/xlsx';
import { permission } from '../../plugins/access';
import { validatorCompiler } from '../../plugins/validation';
import { FILE_MESSAGES, IMPORT_MAX_BYTES } from '../../lib/xlsx-import';
import {
  PriceImportQuery,
  PriceImportResultJson,
  SaveSupplierPriceBody,
  SupplierPriceJson,
  SupplierPriceListQuery,
} from '@tour/core/contract/price-lists';
import { deletePrice, listPrices, savePrice } from './service';
import { importPriceList, priceListWorkbook } from './workbook';

const TAGS = ['Бронирование'];
const route = routeOptions(TAGS);
const ACCESS = permission('booking_section');

/** The body is the file's bytes, read and checked by the handler (the schema documents it). */
const fileBodyCompiler: typeof validatorCompiler = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

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

  app.get(
    '/admin/supplier/:id/prices/xlsx',
    route(ACCESS, {
      summary: 'Прайс-лист поставщика в XLSX',
      description:
        'Все цены поставщика, как их показывает список: вид услуг, услуга, тип номера или ' +
        'билета, питание, мест в машине, за что цена, сезон, цена, валюта, примечание — ' +
        'по-русски, в том виде, в каком этот же файл, исправленный, загружается обратно ' +
        '(POST /admin/supplier/:id/prices/import). 404, если поставщика нет.',
      params: IdParam,
      response: { 200: XlsxFile, ...GUARDED_ERRORS, 404: ErrorBody },
    }),
    async (request, reply) => sendXlsx(reply, await priceListWorkbook(db, request.params.id)),
  );

  // Its own plugin, as the imports': the raw-file body parser and the size refusal's words.
  await app.register(async (plugin) => {
    const upload = plugin.withTypeProvider<TypeBoxTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new HttpError(413, FILE_MESSAGES.tooLarge, { file: [FILE_MESSAGES.tooLarge] });
      }
      throw error;
    });

    upload.post(
      '/admin/supplier/:id/prices/import',
      {
        ...route(ACCESS, {
          summary: 'Загрузить прайс-лист из XLSX',
          description:
            'Тело — файл XLSX как есть (до 5 МБ), со столбцами выгрузки прайс-листа. Всё или ' +
            'ничего, в одной транзакции: каждая строка проверяется по правилам добавления цены ' +
            '(сезоны одной услуги не пересекаются ни в файле, ни с ценами поставщика); если ' +
            'хоть одна строка не принята — 422, errors.file перечисляет ошибки каждой строки ' +
            '(«Строка 5: …»), и прайс-лист не меняется. mode=add добавляет цены файла, ' +
            'mode=replace удаляет все цены поставщика и записывает цены файла. Каждая ' +
            'добавленная и удалённая цена — в истории поставщика. 404, если поставщика нет.',
          consumes: [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'application/octet-stream',
          ],
          params: IdParam,
          querystring: PriceImportQuery,
          body: ImportFileBody,
          response: answers(PriceImportResultJson, { ...NOT_FOUND, 413: ErrorBody }),
        }),
        validatorCompiler: fileBodyCompiler,
      },
      async (request) =>
        ok(
          await inTransaction((trx) =>
            importPriceList(
              trx,
              request.viewer!,
              request.params.id,
              request.body,
              request.query.mode ?? 'add',
            ),
          ),
        ),
    );
  });
};
