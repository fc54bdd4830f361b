import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { GUARDED_ERRORS, IdParam } from '@tour/core/contract/common';
import { DocxFile } from '@tour/core/contract/documents';
import {
  AgentInvoiceParams,
  InvoiceQuery,
  ParticipantInvoiceParams,
  TripPapersJson,
} from '@tour/core/contract/invoices';
import { AGENT, permission, STAFF } from '../../plugins/access';
import { attachmentDisposition, DOCX_MIME } from '../../domain/papers/file-name';
import { requireTrip } from '../trips/trip-service';
import {
  agentInvoice,
  INVOICE_DAYS_BEFORE_START,
  participantInvoice,
  type GeneratedPaper,
} from './invoice-service';
import { paymentReceipt, tripPapers } from './receipt-service';

const TAGS = ['Счета и квитанции'];
const route = routeOptions(TAGS);

const FILE_ANSWERS = { 200: DocxFile, ...GUARDED_ERRORS, ...NOT_FOUND };

const NUMBERED =
  'Номер — следующий в серии за год при первой печати; повторная печать — тот же номер и ' +
  'дата, суммы читаются заново.';
const DUE =
  `Срок оплаты — due_on, по умолчанию за ${INVOICE_DAYS_BEFORE_START} дней до начала тура ` +
  '(не раньше даты счёта).';

/** The paper rendered once its transaction has committed, sent as an attachment. */
async function sendDocx(reply: FastifyReply, file: GeneratedPaper): Promise<FastifyReply> {
  const content = await file.render();
  return (
    reply
      .header('content-type', DOCX_MIME)
      .header('content-disposition', attachmentDisposition(file.fileName, file.asciiFallback))
      // A person's money and contacts: no cache on the way may keep a copy.
      .header('cache-control', 'no-store')
      .send(content)
  );
}

/**
 * «Счёт на оплату» to a tourist or an agent for a trip and the receipt of a tourist's confirmed
 * payment (issue 32): DOCX with the company's requisites, numbered in the series invoice and
 * receipt (domain/papers/numbering.ts). The number is taken in the transaction that reads the
 * figures, so a rolled-back print leaves no gap.
 */
export const invoiceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/trip/:id/papers',
    route(STAFF, {
      summary: 'Счета и квитанции тура',
      description:
        'Подтверждённые платежи участников, по которым можно напечатать квитанцию (только для ' +
        'add_payment или accounting_section, в их досягаемости — как GET ' +
        '/admin/transaction/{id}/receipt), и агенты, чьи туристы участвуют в туре (без ' +
        'отменённых участий), — для кнопок «Квитанция» и «Счёт агенту» сводки по туру.',
      params: IdParam,
      response: answers(TripPapersJson, NOT_FOUND),
    }),
    async (request) => {
      await requireTrip(db, request.params.id);
      return ok(await tripPapers(db, request.viewer!, request.params.id));
    },
  );

  app.get(
    '/admin/trip/:id/participant/:participantId/invoice',
    route(STAFF, {
      summary: 'Счёт на оплату туристу (DOCX)',
      description:
        'Реквизиты и банк компании, плательщик — турист, тур и даты; цена участника, скидка, ' +
        'стоимость с учётом скидки, оплачено (как в сводке по туру: подтверждённые платежи ' +
        `минус возвраты, в валюте тура по курсу дня подтверждения), итого к оплате. ${DUE} ` +
        `${NUMBERED} Участник не этого тура — 404; отменённое участие — 422.`,
      params: ParticipantInvoiceParams,
      querystring: InvoiceQuery,
      response: FILE_ANSWERS,
    }),
    async (request, reply) => {
      const { params, query, viewer } = request;
      const file = await db
        .transaction()
        .execute((trx) =>
          participantInvoice(trx, viewer!, params.id, params.participantId, query.due_on),
        );
      return sendDocx(reply, file);
    },
  );

  app.get(
    '/admin/trip/:id/agent/:agentId/invoice',
    route(STAFF, {
      summary: 'Счёт на оплату агенту (DOCX)',
      description:
        'Строка на каждого участника тура (без отменённых), чьего туриста привёл агент: ' +
        'стоимость, комиссия агента по условиям заготовленного тура (процент от стоимости с ' +
        'учётом скидки, округление на строку; или стоимость минус цена для агента), к оплате ' +
        `агентом, оплачено, остаток; итоги. ${DUE} ${NUMBERED} Не агент или агент без ` +
        'туристов в туре — 404.',
      params: AgentInvoiceParams,
      querystring: InvoiceQuery,
      response: FILE_ANSWERS,
    }),
    async (request, reply) => {
      const { params, query, viewer } = request;
      const file = await db
        .transaction()
        .execute((trx) => agentInvoice(trx, viewer!, params.id, params.agentId, query.due_on));
      return sendDocx(reply, file);
    },
  );

  app.get(
    '/admin/transaction/:id/receipt',
    route(permission('add_payment|accounting_section'), {
      summary: 'Квитанция о платеже (DOCX)',
      description:
        'Для подтверждённого поступления, связанного с участником тура: «Приходный кассовый ' +
        'ордер» (деньги в кассе), «Подтверждение оплаты» (на банковском счёте), иначе ' +
        '«Квитанция». Сумма в валюте платежа, кто платил, за какой тур, кто подтвердил; дата — ' +
        'день подтверждения. Повторная печать — тот же номер. Иная операция и платёж вне ' +
        'досягаемости (без allow_site_wallets — платежи своих туристов и внесённые самим) — 404.',
      params: IdParam,
      response: FILE_ANSWERS,
    }),
    async (request, reply) => {
      const { params, viewer } = request;
      const file = await db.transaction().execute((trx) => paymentReceipt(trx, viewer!, params.id));
      return sendDocx(reply, file);
    },
  );

  app.get(
    '/agent/trip/:id/invoice',
    route(AGENT, {
      summary: 'Мой счёт по туру (DOCX)',
      description:
        'Счёт на оплату агенту за его туристов в туре — тот же документ и номер, что печатают ' +
        `сотрудники. ${DUE} Тур без туристов агента (в том числе чужой) — 404.`,
      params: IdParam,
      querystring: InvoiceQuery,
      response: FILE_ANSWERS,
    }),
    async (request, reply) => {
      const { params, query, viewer } = request;
      const file = await db
        .transaction()
        .execute((trx) => agentInvoice(trx, viewer!, params.id, viewer!.id, query.due_on));
      return sendDocx(reply, file);
    },
  );
};
