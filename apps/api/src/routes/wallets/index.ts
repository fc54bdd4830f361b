import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { answers, NOT_FOUND, ok, routeOptions } from '../../lib/route';
import { GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
import { transactionOf } from '../../lib/transaction';
import { XlsxFile } from '../../lib/xlsx';
import { AUTHENTICATED, permission } from '../../plugins/access';
import { historyRoute } from '../history';
import { listWallets, siteWallets, walletsOfUser } from '../../domain/ledger/wallets';
import {
  CreateWalletBody,
  PageQuery,
  StatementExportQuery,
  StatementJson,
  StatementQuery,
  TransactionJson,
  UpdateWalletBody,
  WalletDetailJson,
  WalletIdParam,
  WalletJson,
  WalletPageQuery,
} from '@tour/core/contract/wallets';
import {
  changeWallet,
  createWallet,
  pageOfTransactions,
  pageOfWallets,
  readableWallet,
  seesSiteWallets,
  WALLET_READERS,
  walletDetailJson,
  walletJson,
} from './service';
import { sendStatementXlsx, statementOf } from './statement';

const TAGS = ['Бухгалтерия'];
const route = routeOptions(TAGS);
const WalletList = Ok(Type.Array(WalletJson));

export const walletRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const inTransaction = transactionOf(db);

  app.get(
    '/admin/wallets',
    route(permission('accounting_section'), {
      summary: 'Все кошельки',
      description: 'По id; кошельки компании — только с правом allow_site_wallets.',
      response: { 200: WalletList, ...GUARDED_ERRORS },
    }),
    async (request) => {
      const rows = await listWallets(db, { withSite: seesSiteWallets(request.viewer!) });
      return ok(rows.map(walletJson));
    },
  );

  app.get(
    '/admin/wallets-pagination',
    route(permission('accounting_section'), {
      summary: 'Кошельки постранично',
      description:
        'Фильтры: user — id владельца, wallet — id кошелька. По id; кошельки компании — ' +
        'только с правом allow_site_wallets.',
      querystring: WalletPageQuery,
      response: answers(Paginated(WalletJson)),
    }),
    async (request) => {
      const { user, wallet, ...paging } = request.query;
      const filter = { withSite: seesSiteWallets(request.viewer!), userId: user, walletId: wallet };
      return ok(await pageOfWallets(db, filter, paging));
    },
  );

  app.get(
    '/admin/wallets/user',
    route(AUTHENTICATED, {
      summary: 'Кошельки текущего пользователя',
      response: { 200: WalletList, ...GUARDED_ERRORS },
    }),
    async (request) => {
      const rows = await walletsOfUser(db, request.viewer!.id);
      return ok(rows.map(walletJson));
    },
  );

  app.get(
    '/admin/wallets/site',
    route(permission('allow_site_wallets'), {
      summary: 'Кошельки компании',
      response: { 200: WalletList, ...GUARDED_ERRORS },
    }),
    async () => {
      const rows = await siteWallets(db);
      return ok(rows.map(walletJson));
    },
  );

  app.get(
    '/admin/wallet/:id',
    route(
      { auth: true, description: WALLET_READERS },
      {
        summary: 'Кошелёк',
        description:
          `Читают: ${WALLET_READERS}. Чужой кошелёк без прав — 404, как несуществующий. ` +
          'has_operations: есть ли у него операции (тогда валюта не меняется).',
        params: IdParam,
        response: answers(WalletDetailJson, NOT_FOUND),
      },
    ),
    async (request) => {
      const wallet = await readableWallet(db, request.viewer!, request.params.id);
      return ok(walletDetailJson(wallet));
    },
  );

  app.post(
    '/admin/wallets',
    route(permission('accounting_section'), {
      summary: 'Создать кошелёк',
      description:
        'Кошелёк пользователя (user_id обязателен, пользователь должен существовать) или, с ' +
        'правом allow_site_wallets, кошелёк компании (без владельца). Баланс нового кошелька ' +
        '— 0: его меняют только подтверждённые операции. Записывается в историю.',
      body: CreateWalletBody,
      response: answers(WalletDetailJson),
    }),
    async (request) =>
      ok(await inTransaction((trx) => createWallet(trx, request.viewer!, request.body))),
  );

  app.put(
    '/admin/wallet/:id',
    route(permission('accounting_section'), {
      summary: 'Изменить кошелёк',
      description:
        'Название, владелец (у кошелька пользователя; не указан — прежний) и валюта. Тип не ' +
        'меняется. Валюту кошелька, у которого есть хоть одна операция (своя или входящий ' +
        'перевод, в любом статусе), менять нельзя — 422 на currency; проверка идёт под ' +
        'блокировкой строки кошелька. Кошелёк компании без allow_site_wallets — 404, как при ' +
        'чтении. Записывается в историю.',
      params: IdParam,
      body: UpdateWalletBody,
      response: answers(WalletDetailJson, NOT_FOUND),
    }),
    async (request) =>
      ok(
        await inTransaction((trx) =>
          changeWallet(trx, request.viewer!, request.params.id, request.body),
        ),
      ),
  );

  app.get(
    '/admin/wallet/:id/statement',
    route(
      { auth: true, description: `как у кошелька: ${WALLET_READERS}` },
      {
        summary: 'Выписка кошелька за период',
        description:
          'Дни from и to — по Бишкеку, включительно. Считаются только подтверждённые операции, ' +
          'по времени подтверждения: входящий остаток — сумма подтверждённых до начала периода; ' +
          'затем каждая подтверждённая в периоде, по порядку подтверждения, с изменением баланса ' +
          'этого кошелька и остатком после неё (постранично, movements); исходящий остаток = ' +
          'входящий + поступления − списания. Суммы в основных единицах валюты кошелька. Читают ' +
          `те же, кто читает кошелёк (${WALLET_READERS}); остальным — 404.`,
        params: IdParam,
        querystring: StatementQuery,
        response: answers(StatementJson, NOT_FOUND),
      },
    ),
    async (request) => {
      const wallet = await readableWallet(db, request.viewer!, request.params.id);
      return ok(await statementOf(db, wallet, request.query));
    },
  );

  app.get(
    '/admin/wallet/:id/statement/export',
    route(
      { auth: true, description: `как у кошелька: ${WALLET_READERS}` },
      {
        summary: 'Выписка кошелька в XLSX',
        description:
          'Та же выписка: строка входящего остатка, операции (дата, тип, другой кошелёк, ' +
          'комментарий, сумма со знаком, остаток), итоги поступлений и списаний, строка ' +
          'исходящего остатка.',
        params: IdParam,
        querystring: StatementExportQuery,
        response: { 200: XlsxFile, ...GUARDED_ERRORS, ...NOT_FOUND },
      },
    ),
    async (request, reply) => {
      const wallet = await readableWallet(db, request.viewer!, request.params.id);
      return sendStatementXlsx(reply, db, wallet, request.query);
    },
  );

  historyRoute(app, {
    url: '/admin/wallet/:id/history',
    record: 'wallet',
    tags: TAGS,
    reach: async (viewer, id) => {
      await readableWallet(db, viewer, id);
    },
    db,
  });

  app.get(
    '/admin/transactions/:walletId',
    route(
      { auth: true, description: `как у кошелька: ${WALLET_READERS}` },
      {
        summary: 'Операции кошелька постранично',
        description:
          'Новые сначала; вместе с переводами, где кошелёк — получатель. amount — в валюте ' +
          'кошелька-источника, target_amount — в валюте получателя (target_currency). Читают ' +
          `те же, кто читает кошелёк (${WALLET_READERS}); остальным — 404, как несуществующий.`,
        params: WalletIdParam,
        querystring: PageQuery,
        response: answers(Paginated(TransactionJson), NOT_FOUND),
      },
    ),
    async (request) => {
      const wallet = await readableWallet(db, request.viewer!, request.params.walletId);
      return ok(await pageOfTransactions(db, wallet, request.query));
    },
  );
};
