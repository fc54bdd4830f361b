import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { answers, ok, routeOptions } from '../../lib/route';
import { ErrorBody, GUARDED_ERRORS } from '@tour/core/contract/common';
import { STAFF } from '../../plugins/access';
import { attachmentDisposition, DOCX_MIME } from '../../domain/papers/file-name';
import { documentOptions } from '@tour/core/contract/document-options';
import {
  AgreementBody,
  DocumentOptionsJson,
  DocxFile,
  EmbassyDocumentBody,
  UserIdParam,
} from '@tour/core/contract/documents';
import { generateAgreement, generateEmbassyDocument, type GeneratedDocument } from './service';

const TAGS = ['Документы'];
const route = routeOptions(TAGS);

function sendDocx(reply: FastifyReply, file: GeneratedDocument): FastifyReply {
  return (
    reply
      .header('content-type', DOCX_MIME)
      .header('content-disposition', attachmentDisposition(file.fileName, file.asciiFallback))
      // Passport data: no cache on the way may keep a copy.
      .header('cache-control', 'no-store')
      .send(file.content)
  );
}

/**
 * Embassy documents and agreements (DESIGN.md 3 "Documents"): DOCX built in memory from the
 * user's card, for staff who may open that user (the reach of GET /admin/user/:id).
 */
export const documentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/documents/options',
    route(STAFF, {
      summary: 'Виды документов для посольства и категории виз',
      description: 'Списки { value, label } для диалога документов, в порядке показа.',
      response: answers(DocumentOptionsJson),
    }),
    async () => ok(documentOptions()),
  );

  app.post(
    '/admin/user/:userId/application-embassy',
    route(STAFF, {
      summary: 'Документ для посольства (DOCX)',
      description:
        'Анкета, программа пребывания, гарантийное письмо, приглашение или сопроводительное ' +
        'письмо по данным пользователя, его тура (tripId; по умолчанию — ближайший ' +
        'предстоящий: страна и города, даты, отели подтверждённых бронирований, стоимость и ' +
        'оплата) и реквизитам компании (GET /admin/company). Недостающие данные — пустые ' +
        'строки для заполнения от руки. 404, если пользователя нет или он вне досягаемости.',
      params: UserIdParam,
      body: EmbassyDocumentBody,
      response: { 200: DocxFile, 404: ErrorBody, ...GUARDED_ERRORS },
    }),
    async (request, reply) => {
      const { viewer, params, body } = request;
      return sendDocx(reply, await generateEmbassyDocument(db, viewer!, params.userId, body));
    },
  );

  app.post(
    '/admin/user/:userId/agreement',
    route(STAFF, {
      summary: 'Договор о реализации туристского продукта (DOCX)',
      description:
        'Стороны — компания (реквизиты GET /admin/company) и пользователь. fileName — имя ' +
        'файла (безопасное, с .docx). Тур (tripId; по умолчанию — ближайший предстоящий ' +
        'тур туриста) даёт направление, сроки, отели подтверждённых бронирований, цену со ' +
        'скидкой, оплачено и остаток, номер договора «тур/участник»; направление, даты, цена ' +
        'и номер, введённые вручную, важнее данных тура. Чего нет — пропуски. 404, если ' +
        'пользователя нет или он вне досягаемости.',
      params: UserIdParam,
      body: AgreementBody,
      response: { 200: DocxFile, 404: ErrorBody, ...GUARDED_ERRORS },
    }),
    async (request, reply) => {
      const { viewer, params, body } = request;
      return sendDocx(reply, await generateAgreement(db, viewer!, params.userId, body));
    },
  );
};
