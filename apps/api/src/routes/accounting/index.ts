import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { permission, STAFF } from '../../plugins/access';
import { publishOperations } from '../../domain/ledger/announcements';
import { TransactionJson } from '@tour/core/contract/wallets';
import { WALLET_READERS } from '../wallets/service';
import { addPayment, idempotencyKeyOf, RECENT_OPERATIONS, userWallets } from './service';
import {
  IDEMPOTENCY_HEADER,
  IdempotencyHeaders,
  PaymentBody,
  UserIdParam,
  UserWalletsJson,
} from '@tour/core/contract/accounting';

const TAGS = ['Бухгалтерия'];
const route = routeOptions(TAGS);

/** Money movements of a user (DESIGN.md 3 "Accounting"): payments and the user's wallets view. */
export const accountingRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/admin/user/:userId/payments',
    route(permission('add_payment'), {
      summary: 'Принять оплату от пользователя (пополнение, ждёт подтверждения)',
      description:
        'Тело: { wallet_id? , currency?, amount, comment? } — кошелёк пользователя или валюта ' +
        '(кошелёк в ней; нет — откроется «Депозит …»). Записывает пополнение со статусом ' +
        'pending: баланс меняет только подтверждение. Заголовок Idempotency-Key обязателен: ' +
        'повтор с тем же ключом и телом отвечает той же операцией и ничего не записывает, с ' +
        'другим телом — 422. Пользователь вне досягаемости — 404. Ответ — операция.',
      params: UserIdParam,
      headers: IdempotencyHeaders,
      body: PaymentBody,
      response: answers(TransactionJson, NOT_FOUND),
    }),
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const data = await db.transaction().execute((trx) =>
        addPayment(trx, {
          viewer: request.viewer!,
          userId: request.params.userId,
          body: request.body,
          idempotencyKey,
        }),
      );
      await publishOperations(db, [data]);
      return ok(data);
    },
  );

  app.get(
    '/admin/user/:userId/wallets',
    {
      config: {
        access: {
          ...STAFF,
          description: `сотрудники; кошельки читают те, кто читает кошелёк: ${WALLET_READERS}`,
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Кошельки пользователя и его последние операции',
        description:
          `wallets — кошельки пользователя по id; transactions — последние ${RECENT_OPERATIONS} ` +
          'операций по ним (с входящими переводами), новые сначала, ожидающие подтверждения ' +
          'тоже. Пользователь вне досягаемости (как GET /admin/user/{id}) — 404. Кошельки ' +
          `читают те же, кто читает кошелёк (${WALLET_READERS}); пользователь в досягаемости, ` +
          'но его кошельки читать нельзя (например, агенту по бронированию) — 403.',
        params: UserIdParam,
        response: answers(UserWalletsJson, NOT_FOUND),
      },
    },
    async (request) => ok(await userWallets(db, request.viewer!, request.params.userId)),
  );
};
