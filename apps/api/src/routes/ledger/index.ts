import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok } from '@tour/core/contract/common';
import { AUTHENTICATED, permission } from '../../plugins/access';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders } from '@tour/core/contract/accounting';
import { idempotencyKeyOf } from '../accounting/service';
import { arrivalWallets, findTransaction } from '../../domain/ledger/transactions';
import { CURRENCIES } from '@tour/core';
import { storedCurrency } from '../../lib/currency';
import { StringEnum } from '@tour/core/contract/common';
import { notFound } from '../../lib/http-errors';
import { TransactionJson } from '@tour/core/contract/wallets';
import { transactionJson } from '../wallets/service';
import { publishOperations } from '../../domain/ledger/announcements';
import { xlsxCompany } from '../company/service';
import { sendOperationsXlsx } from './export';
import * as repo from './repository';
import {
  BulkConfirmBody,
  BulkRejectBody,
  BulkResult,
  CategoryBody,
  CategoryJson,
  CategoryMonthTotal,
  MonthQuery,
  LedgerSettingsBody,
  LedgerSettingsJson,
  MovementBody,
  OperationsExportQuery,
  OperationsPage,
  OperationsQuery,
  ReasonBody,
  WaitingsConfirmBody,
  WaitingsPage,
  WaitingsQuery,
  WAITINGS_CONFIRM_MAX,
  PaymentWalletJson,
} from '@tour/core/contract/ledger';
import {
  addCategory,
  categoryMonth,
  checkOperationReach,
  confirmMany,
  confirmOne,
  confirmWaitings,
  exportedOperations,
  ledgerSettings,
  pageOfOperations,
  pageOfWaitings,
  recordMovementRequest,
  rejectMany,
  rejectOne,
  OPERATION_NOT_FOUND,
  reverseOne,
  saveLedgerSettings,
} from './service';

const TAGS = ['Бухгалтерия'];
const OWN_PENDING_LIMIT = 100;
const RESOLUTION_ERRORS = { ...GUARDED_ERRORS, 404: ErrorBody, 409: ErrorBody };

/**
 * The company's ledger (DESIGN.md 3 "Accounting", 3a, 4): movements through the one movement
 * call, their confirmation, rejection and reversal, the waitings and all operations, the ledger's
 * settings and the administrative operations' categories.
 */
export const ledgerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/admin/balance/movements',
    {
      config: { access: permission('add_payment') },
      schema: {
        tags: TAGS,
        summary: 'Записать движение денег (ждёт подтверждения)',
        description:
          'Пополнение, снятие или перевод; у перевода между валютами — пересчёт по курсу дня ' +
          'rate_date (последний курс в этот день или раньше; прямой, обратный или кросс через ' +
          'сом), округление вверх один раз, курс и обе суммы сохраняются. Кошелёк компании — ' +
          'с allow_site_wallets; кошелёк пользователя — если владелец в досягаемости. ' +
          'Категория — административная операция (administrative_transactions), без тура. ' +
          'Новая операция всегда pending: баланс меняет только подтверждение. Idempotency-Key ' +
          'обязателен: тот же ключ и то же тело — первый ответ, другое тело — 422.',
        headers: IdempotencyHeaders,
        body: MovementBody,
        response: { 200: Ok(TransactionJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const data = await db
        .transaction()
        .execute((trx) => recordMovementRequest(trx, request.viewer!, request.body, key));
      await publishOperations(db, [data]);
      return { code: 1 as const, data };
    },
  );

  app.post(
    '/admin/balance/operations/:id/confirm',
    {
      config: { access: permission('confirm_payment') },
      schema: {
        tags: TAGS,
        summary: 'Подтвердить операцию',
        description:
          'Меняет балансы под блокировками кошельков (по возрастанию id). Уже подтверждённая ' +
          'или отклонённая — 409; создатель операции при включённом «двух ключах» — 403; ' +
          'баланс ушёл бы ниже нуля — 422 с недостающей суммой.',
        params: IdParam,
        response: { 200: Ok(TransactionJson), ...RESOLUTION_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await confirmOne(db, request.viewer!, request.params.id),
    }),
  );

  app.post(
    '/admin/balance/operations/:id/reject',
    {
      config: { access: permission('confirm_payment') },
      schema: {
        tags: TAGS,
        summary: 'Отклонить операцию',
        description: 'Причина обязательна. Балансы не меняются. Уже решённая — 409.',
        params: IdParam,
        body: ReasonBody,
        response: { 200: Ok(TransactionJson), ...RESOLUTION_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await rejectOne(db, request.viewer!, request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/admin/balance/operations/:id/reverse',
    {
      config: { access: permission('confirm_payment') },
      schema: {
        tags: TAGS,
        summary: 'Сторнировать операцию',
        description:
          'Только подтверждённую. Записывает обратную операцию (pending), связанную с исходной ' +
          '(reverses_id; у исходной — reversed_by_id); причина — её комментарий. Перевод ' +
          'возвращается теми же двумя суммами по обратному курсу. Уже сторнированная — 409.',
        params: IdParam,
        body: ReasonBody,
        response: { 200: Ok(TransactionJson), ...RESOLUTION_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await reverseOne(db, request.viewer!, request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/admin/balance/operations/confirm',
    {
      config: { access: permission('confirm_payment') },
      schema: {
        tags: TAGS,
        summary: 'Подтвердить выбранные операции',
        description:
          'Каждая — в своей транзакции, по очереди; результат по каждой (ok, status и ' +
          'message — как ответил бы одиночный вызов).',
        body: BulkConfirmBody,
        response: { 200: Ok(Type.Array(BulkResult)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await confirmMany(db, request.viewer!, request.body.ids),
    }),
  );

  app.post(
    '/admin/balance/operations/reject',
    {
      config: { access: permission('confirm_payment') },
      schema: {
        tags: TAGS,
        summary: 'Отклонить выбранные операции',
        description: 'Одна причина для всех; каждая — в своей транзакции; результат по каждой.',
        body: BulkRejectBody,
        response: { 200: Ok(Type.Array(BulkResult)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await rejectMany(db, request.viewer!, request.body.ids, request.body.reason),
    }),
  );

  app.get(
    '/admin/balance/waitings',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Ожидают подтверждения',
        description:
          'Операции pending с тем, за что они (тур и его даты, турист, бронь и поставщик), ' +
          'автором и кошельком; фильтры (тип, тур, турист или плательщик, автор, валюта, ' +
          'кошелёк, период, сумма от и до, переплаты), поиск и порядок (старые сначала по ' +
          'умолчанию); итоги по валютам и сколько операций у каждого выбора каждого фильтра.',
        querystring: WaitingsQuery,
        response: { 200: Ok(WaitingsPage), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await pageOfWaitings(db, request.viewer!, request.query),
    }),
  );

  app.post(
    '/admin/balance/waitings/confirm',
    {
      config: { access: permission('confirm_payment') },
      schema: {
        tags: TAGS,
        summary: 'Подтвердить всё, что показывает фильтр',
        description:
          `Все ожидающие операции под теми же фильтрами, что у списка (не больше ` +
          `${WAITINGS_CONFIRM_MAX}), каждая в своей транзакции, как «Подтвердить выбранные»; ` +
          'expected — сколько их видел человек: другое число — 409, ничего не подтверждено.',
        body: WaitingsConfirmBody,
        response: { 200: Ok(Type.Array(BulkResult)), 409: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await confirmWaitings(db, request.viewer!, request.body),
    }),
  );

  app.get(
    '/admin/balance/payment-wallets',
    {
      config: { access: permission('add_payment') },
      schema: {
        tags: TAGS,
        summary: 'Куда может поступить платёж за тур',
        description:
          'Кассы и счета компании (DESIGN.md 3b) без балансов: по валютам, кассы первыми — ' +
          'первый в валюте выбирается по умолчанию. Для права add_payment, без allow_site_wallets.',
        querystring: Type.Object(
          { currency: Type.Optional(StringEnum(CURRENCIES)) },
          { additionalProperties: false },
        ),
        response: { 200: Ok(Type.Array(PaymentWalletJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: (await arrivalWallets(db, request.query.currency)).map((row) => ({
        id: row.id,
        name: row.name,
        currency: storedCurrency(row.currency),
        kind: row.kind,
      })),
    }),
  );

  app.get(
    '/admin/balance/own-pending',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: TAGS,
        summary: 'Мои операции, ожидающие подтверждения',
        description:
          `Записанные текущим пользователем и те, что двигают его кошельки; старые сначала, не ` +
          `больше ${OWN_PENDING_LIMIT}.`,
        response: { 200: Ok(Type.Array(TransactionJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const rows = await repo.ownPending(db, request.viewer!.id, OWN_PENDING_LIMIT);
      return { code: 1 as const, data: rows.map(transactionJson) };
    },
  );

  app.get(
    '/admin/balance/operations',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Все операции',
        description:
          'Новые сначала. Фильтры: кошелёк, владелец, тип, статус, период создания (from, to — ' +
          'дни по Бишкеку), тур, категория, поиск в комментарии. totals — итоги всех ' +
          'отобранных операций по валютам. Операции кошельков компании — с allow_site_wallets.',
        querystring: OperationsQuery,
        response: { 200: Ok(OperationsPage), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await pageOfOperations(db, request.viewer!, request.query),
    }),
  );

  app.get(
    '/admin/balance/operations/export',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Все операции в XLSX',
        description: 'Те же фильтры, что у списка; все страницы и итоги по валютам.',
        querystring: OperationsExportQuery,
      },
    },
    async (request, reply) =>
      sendOperationsXlsx(
        reply,
        exportedOperations(db, request.viewer!, request.query),
        await xlsxCompany(db),
      ),
  );

  app.get(
    '/admin/balance/operations/:id',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Операция',
        params: IdParam,
        response: { 200: Ok(TransactionJson), ...GUARDED_ERRORS, 404: ErrorBody },
      },
    },
    async (request) => {
      await checkOperationReach(db, request.viewer!, request.params.id);
      const row = await findTransaction(db, request.params.id);
      if (!row) throw notFound(OPERATION_NOT_FOUND);
      return { code: 1 as const, data: transactionJson(row) };
    },
  );

  app.get(
    '/admin/balance/settings',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Настройки учёта',
        response: { 200: Ok(LedgerSettingsJson), ...GUARDED_ERRORS },
      },
    },
    async () => ({ code: 1 as const, data: await ledgerSettings(db) }),
  );

  app.put(
    '/admin/balance/settings',
    {
      config: { access: permission('create_admin') },
      schema: {
        tags: TAGS,
        summary: 'Изменить настройки учёта',
        description:
          'four_eyes: создавший операцию не может её подтвердить. Изменение пишется в историю.',
        body: LedgerSettingsBody,
        response: { 200: Ok(LedgerSettingsJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await saveLedgerSettings(db, request.viewer!, request.body.four_eyes),
    }),
  );

  app.get(
    '/admin/balance/admin-summary',
    {
      config: { access: permission('administrative_transactions') },
      schema: {
        tags: TAGS,
        summary: 'Административные операции: итоги месяца по категориям',
        description:
          'Подтверждённые операции с категорией, подтверждённые в этом месяце (по Бишкеку), по ' +
          'категориям и валютам: поступления, расходы, количество.',
        querystring: MonthQuery,
        response: { 200: Ok(Type.Array(CategoryMonthTotal)), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({ code: 1 as const, data: await categoryMonth(db, request.query.month) }),
  );

  app.get(
    '/admin/balance/categories',
    {
      config: { access: permission('accounting_section|administrative_transactions') },
      schema: {
        tags: TAGS,
        summary: 'Категории административных операций',
        response: { 200: Ok(Type.Array(CategoryJson)), ...GUARDED_ERRORS },
      },
    },
    async () => ({ code: 1 as const, data: await repo.categories(db) }),
  );

  app.post(
    '/admin/balance/categories',
    {
      config: { access: permission('administrative_transactions') },
      schema: {
        tags: TAGS,
        summary: 'Добавить категорию',
        body: CategoryBody,
        response: { 200: Ok(CategoryJson), ...GUARDED_ERRORS },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await addCategory(db, request.viewer!, request.body.name),
    }),
  );
};
