import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { transactionOf } from '../../lib/transaction';
import { GUARDED_ERRORS, IdParam, Paginated } from '@tour/core/contract/common';
import { DocxFile } from '@tour/core/contract/documents';
import { QuoteJson, RequestQuoteJson, SaveQuoteBody } from '@tour/core/contract/quotes';
import { attachmentDisposition, DOCX_MIME } from '../../domain/papers/file-name';
import type { GeneratedPaper } from '../invoices/invoice-service';
import { STAFF } from '../../plugins/access';
import { historyRoute } from '../history';
import { TRIP_UNIQUE_FIELDS } from '../trips/trip-service';
import { USER_UNIQUE_FIELDS } from '../users/user-service';
import {
  AssignBody,
  ConvertBody,
  RequestCountsJson,
  RequestJson,
  RequestListQuery,
  RequestStatusBody,
  SaveRequestBody,
} from '@tour/core/contract/requests';
import {
  assignRequest,
  convertRequest,
  createRequest,
  getRequest,
  listRequests,
  moveRequest,
  requestCounts,
  updateRequest,
} from './service';
import { quoteDocx, requestQuote, saveQuote, sendQuote } from './quote-service';

const TAGS = ['Заявки'];
const route = routeOptions(TAGS);
const REACH =
  'Без права see_all_users — только заявки, назначенные вызывающему, и неназначенные; другие — 404.';
const QUOTE =
  'Коммерческое предложение — клетка таблицы сохранённой версии калькуляции этой заявки ' +
  '(размер группы и размещение): цена на человека и её валюта берутся из версии.';

/** The paper rendered once its transaction has committed, sent as an attachment. */
async function sendDocx(reply: FastifyReply, file: GeneratedPaper): Promise<FastifyReply> {
  const content = await file.render();
  return reply
    .header('content-type', DOCX_MIME)
    .header('content-disposition', attachmentDisposition(file.fileName, file.asciiFallback))
    .header('cache-control', 'no-store')
    .send(content);
}

/** Requests (DESIGN.md 3 "Заявка"): every staff role; reach per DESIGN.md 4. */
export const requestRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db, { ...TRIP_UNIQUE_FIELDS, ...USER_UNIQUE_FIELDS });

  app.get(
    '/admin/tickets',
    route(STAFF, {
      summary: 'Список заявок',
      description: `Новые сверху, по 20. ${REACH}`,
      querystring: RequestListQuery,
      response: answers(Paginated(RequestJson)),
    }),
    async (request) => ok(await listRequests(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/tickets/counts',
    route(STAFF, {
      summary: 'Число заявок по статусам (вкладки)',
      description: `С фильтрами списка, кроме статуса. ${REACH}`,
      querystring: RequestListQuery,
      response: answers(RequestCountsJson),
    }),
    async (request) => ok(await requestCounts(db, request.viewer!, request.query)),
  );

  app.get(
    '/admin/ticket/:id',
    route(STAFF, {
      summary: 'Заявка',
      description: REACH,
      params: IdParam,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) => ok(await getRequest(db, request.viewer!, request.params.id)),
  );

  app.post(
    '/admin/tickets',
    route(STAFF, {
      summary: 'Создать заявку',
      description: 'Новая заявка — «Новые», без исполнителя.',
      body: SaveRequestBody,
      response: answers(RequestJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => createRequest(trx, request.viewer!, request.body))),
  );

  app.put(
    '/admin/ticket/:id',
    route(STAFF, {
      summary: 'Изменить заявку',
      description: `Оформленная заявка не меняется (422). ${REACH}`,
      params: IdParam,
      body: SaveRequestBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          updateRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/ticket/:id/assign',
    route(STAFF, {
      summary: 'Назначить исполнителя',
      description: `Только сотруднику; null снимает назначение. ${REACH}`,
      params: IdParam,
      body: AssignBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          assignRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/ticket/:id/status',
    route(STAFF, {
      summary: 'Сменить статус заявки',
      description:
        'Новая → В работе; новая или в работе → Отклонена (с причиной); отклонённую можно ' +
        `вернуть в работу. «Оформлена» — только через convert. ${REACH}`,
      params: IdParam,
      body: RequestStatusBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          moveRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.post(
    '/admin/ticket/:id/convert',
    route(STAFF, {
      summary: 'Оформить заявку в участников тура',
      description:
        'Контактное лицо и указанные спутники становятся участниками тура: каждый находится ' +
        'по телефону или email или создаётся клиентом. Есть коммерческое предложение — цена ' +
        'каждого участника равна цене предложения на человека (последнего); валюта предложения ' +
        'должна совпадать с валютой тура, иначе 422 в trip_id; у тура без своей калькуляции её ' +
        'версией 1 становится версия предложения (план тура — клетка предложения, цена тура не ' +
        'меняется). Без предложения — цена тура. Всё ' +
        'или ничего: при любой ошибке (нет мест, неверный телефон, другая валюта) ничего не ' +
        `меняется. ${REACH}`,
      params: IdParam,
      body: ConvertBody,
      response: answers(RequestJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          convertRequest(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.get(
    '/admin/ticket/:id/quote',
    route(STAFF, {
      summary: 'Коммерческое предложение заявки',
      description:
        'Текущее предложение (последнее сохранённое, null — ещё нет), версии калькуляции заявки, ' +
        'из которых его можно составить (новые первыми, с ценами на человека по размеру группы и ' +
        `«что включено» по строкам), и «что не включено» по умолчанию. ${REACH}`,
      params: IdParam,
      response: answers(RequestQuoteJson, NOT_FOUND),
    }),
    async (request) => ok(await requestQuote(db, request.viewer!, request.params.id)),
  );

  app.post(
    '/admin/ticket/:id/quote',
    route(STAFF, {
      summary: 'Составить коммерческое предложение',
      description:
        `${QUOTE} Размер группы по умолчанию — взрослые + дети заявки; нет такой строки в ` +
        'таблице — 422. Версия другой заявки или не найдена — 422 в costing_id. Каждое ' +
        'сохранение — новое предложение с новым номером в серии «Коммерческое предложение»; ' +
        `в истории заявки — строка с номером и ценой. Оформленная заявка — 422. ${REACH}`,
      params: IdParam,
      body: SaveQuoteBody,
      response: answers(QuoteJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          saveQuote(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.get(
    '/admin/ticket/:id/quote/docx',
    route(STAFF, {
      summary: 'Коммерческое предложение (DOCX)',
      description:
        'Текущее предложение: реквизиты компании, контактное лицо, даты, взрослые и дети, ' +
        'пожелания, программа по дням из строк калькуляции (без их стоимости), цена на ' +
        'человека при одноместном и двухместном размещении (выбранное отмечено), таблица цен ' +
        'по размеру группы, что включено и не включено, срок действия, менеджер. Повторная ' +
        `печать — тот же номер и дата. Предложения ещё нет — 404. ${REACH}`,
      params: IdParam,
      response: { 200: DocxFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) => {
      const { params, viewer } = request;
      const file = await db.transaction().execute((trx) => quoteDocx(trx, viewer!, params.id));
      return sendDocx(reply, file);
    },
  );

  app.post(
    '/admin/ticket/:id/quote/send',
    route(STAFF, {
      summary: 'Отправить коммерческое предложение клиенту',
      description:
        'Письмо с текущим предложением на почту заявки — через исходящие сообщения (вид quote), ' +
        'DOCX вложением (собирается при отправке). Нет почты — 422 в email; нет предложения или ' +
        'вид выключен — 422. Новая заявка переходит «В работе». ' +
        REACH,
      params: IdParam,
      response: answers(QuoteJson, NOT_FOUND),
    }),
    async (request) =>
      ok(await inTransaction((trx) => sendQuote(trx, request.viewer!, request.params.id))),
  );

  historyRoute(app, {
    url: '/admin/ticket/:id/history',
    record: 'request',
    tags: TAGS,
    reach: async (viewer, id) => {
      await getRequest(db, viewer, id);
    },
    db,
  });
};
