import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { IdParam, Paginated } from '@tour/core/contract/common';
import { permission } from '../../plugins/access';
import {
  OutboxKindJson,
  OutboxKindsBody,
  OutboxListQuery,
  OutboxMessageJson,
} from '@tour/core/contract/outbox';
import { listKinds, listMessages, saveKinds, sendNow } from './service';

const TAGS = ['Исходящие сообщения'];
const route = routeOptions(TAGS);
const ADMIN = permission('create_admin');

/**
 * The outbox of e-mail messages (DESIGN.md 9, issue 32) for create_admin: what was sent, what
 * waits and why, a retry sent now, and which kinds are written at all.
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/outbox',
    route(ADMIN, {
      summary: 'Исходящие сообщения',
      description:
        'Письма очереди: новые сверху, по 20; фильтры — статус и вид. У каждого — вид, адрес ' +
        '(или почему его нет), тема, статус по-русски («повтор через 4 мин»), попытки, ' +
        'последняя ошибка и когда отправлено.',
      querystring: OutboxListQuery,
      response: answers(Paginated(OutboxMessageJson)),
    }),
    async (request) => ok(await listMessages(db, request.query)),
  );

  app.post(
    '/admin/outbox/:id/send-now',
    route(ADMIN, {
      summary: 'Отправить сообщение сейчас',
      description:
        'Повтор или сообщение «почта не настроена» ждёт отправки с этой минуты: его отправит ' +
        'следующий обход. Отправленное второй раз не отправляется, без адреса — тоже (422).',
      params: IdParam,
      response: answers(OutboxMessageJson, NOT_FOUND),
    }),
    async (request) => ok(await sendNow(db, request.params.id)),
  );

  app.get(
    '/admin/outbox/kinds',
    route(ADMIN, {
      summary: 'Виды сообщений',
      description:
        'Каждый вид: включён ли он (выключенный ничего не пишет в очередь) и, у видов со ' +
        'сроком, за сколько дней предупреждать.',
      response: answers(Type.Array(OutboxKindJson)),
    }),
    async () => ok(await listKinds(db)),
  );

  app.put(
    '/admin/outbox/kinds',
    route(ADMIN, {
      summary: 'Включить или выключить виды сообщений',
      description:
        'Виды из запроса включаются или выключаются; срок в днях — от 1 до 90 и только у видов ' +
        'со сроком (иначе 422 под полем). Остальные виды не меняются.',
      body: OutboxKindsBody,
      response: answers(Type.Array(OutboxKindJson)),
    }),
    async (request) => ok(await saveKinds(db, request.viewer!, request.body)),
  );
};
