import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { NOT_FOUND, routeOptions } from '../../lib/route';
import { GUARDED_ERRORS, IdParam } from '@tour/core/contract/common';
import { ParticipantParams } from '@tour/core/contract/trips';
import { AgentTravelPackParams, ZIP_MIME, ZipFile } from '@tour/core/contract/travel-pack';
import { AGENT, STAFF } from '../../plugins/access';
import { attachmentDisposition } from '../../domain/papers/file-name';
import { agentParticipantPack, participantPack, tripPacks, type PackFile } from './service';

const TAGS = ['Документы'];
const route = routeOptions(TAGS);

const CONTENTS =
  'В архиве — DOCX с реквизитами компании: ваучеры подтверждённых отелей и трансферов ' +
  '(в ваучере отеля — турист и его соседи по номеру), «Авиабилеты» (авиакомпания, рейс, ' +
  'аэропорты, время, PNR, номер билета, багаж), «Страховка» (страховая, программа, сумма, ' +
  'территория, даты, номер полиса), «Программа тура» по дням и «Памятка туристу» ' +
  'заготовленного тура. Документа без содержания (нет рейсов, полиса, памятки) в архиве нет. ' +
  'Отменённому участнику выдаётся то, что по-прежнему подтверждено на его имя.';

function sendZip(reply: FastifyReply, file: PackFile): FastifyReply {
  return (
    reply
      .header('content-type', ZIP_MIME)
      .header('content-disposition', attachmentDisposition(file.name, file.asciiName))
      // Passport data: no cache on the way may keep a copy.
      .header('cache-control', 'no-store')
      .send(file.content)
  );
}

/** The tourist's travel pack (issue 32): for the staff from the trip, for an agent its tourist's. */
export const travelPackRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/trip/:id/participant/:participantId/travel-pack',
    route(STAFF, {
      summary: 'Пакет документов туриста (ZIP)',
      description:
        `«Документы туриста — ФИО — тур.zip». ${CONTENTS} Выдаётся тем, кто видит карточку ` +
        'туриста, и менеджеру тура; иначе, как и без такого участника, — 404.',
      params: ParticipantParams,
      response: { 200: ZipFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) =>
      sendZip(
        reply,
        await participantPack(db, request.viewer!, request.params.id, request.params.participantId),
      ),
  );

  app.get(
    '/admin/trip/:id/travel-packs',
    route(STAFF, {
      summary: 'Пакеты документов всех туристов тура (ZIP)',
      description:
        'Папка на каждого участника, кроме отменённых (по ФИО), с его пакетом: ' +
        `${CONTENTS} Только участники, чьи пакеты сотрудник может получить по одному; ` +
        'нет ни одного — 422.',
      params: IdParam,
      response: { 200: ZipFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) =>
      sendZip(reply, await tripPacks(db, request.viewer!, request.params.id)),
  );

  app.get(
    '/agent/tourists/:id/trip/:tripId/travel-pack',
    route(AGENT, {
      summary: 'Пакет документов своего туриста (ZIP)',
      description:
        `${CONTENTS} Только турист этого агента в этом туре; в ваучере — только туристы ` +
        'агента. Чужой турист или тур без него — 404.',
      params: AgentTravelPackParams,
      response: { 200: ZipFile, ...GUARDED_ERRORS, ...NOT_FOUND },
    }),
    async (request, reply) =>
      sendZip(
        reply,
        await agentParticipantPack(db, request.viewer!, request.params.id, request.params.tripId),
      ),
  );
};
