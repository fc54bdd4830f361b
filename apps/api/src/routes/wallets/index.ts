import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '../../lib/schemas';
import { AUTHENTICATED, permission } from '../../plugins/access';
import { listWallets, siteWallets, walletsOfUser } from './repository';
import { PageQuery, TransactionJson, WalletIdParam, WalletJson, WalletPageQuery } from './schemas';
import {
  pageOfTransactions,
  pageOfWallets,
  readableWallet,
  seesSiteWallets,
  WALLET_READERS,
  walletJson,
} from './service';

const TAGS = ['Бухгалтерия'];
const WalletList = Ok(Type.Array(WalletJson));
const NOT_FOUND = { 404: ErrorBody };

export const walletRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/wallets',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Все кошельки',
        description: 'По id; кошельки компании — только с правом allow_site_wallets.',
        response: { 200: WalletList, ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const rows = await listWallets(db, { withSite: seesSiteWallets(request.viewer!) });
      return { code: 1 as const, data: rows.map(walletJson) };
    },
  );

  app.get(
    '/admin/wallets-pagination',
    {
      config: { access: permission('accounting_section') },
      schema: {
        tags: TAGS,
        summary: 'Кошельки постранично',
        description:
          'Фильтры: user — id владельца, wallet — id кошелька. По id; кошельки компании — ' +
          'только с правом allow_site_wallets.',
        querystring: WalletPageQuery,
        response: { 200: Ok(Paginated(WalletJson)), ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const { user, wallet, ...paging } = request.query;
      const filter = { withSite: seesSiteWallets(request.viewer!), userId: user, walletId: wallet };
      return { code: 1 as const, data: await pageOfWallets(db, filter, paging) };
    },
  );

  app.get(
    '/admin/wallets/user',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: TAGS,
        summary: 'Кошельки текущего пользователя',
        response: { 200: WalletList, ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const rows = await walletsOfUser(db, request.viewer!.id);
      return { code: 1 as const, data: rows.map(walletJson) };
    },
  );

  app.get(
    '/admin/wallets/site',
    {
      config: { access: permission('allow_site_wallets') },
      schema: {
        tags: TAGS,
        summary: 'Кошельки компании',
        response: { 200: WalletList, ...GUARDED_ERRORS },
      },
    },
    async () => {
      const rows = await siteWallets(db);
      return { code: 1 as const, data: rows.map(walletJson) };
    },
  );

  app.get(
    '/admin/wallet/:id',
    {
      config: { access: { auth: true, description: WALLET_READERS } },
      schema: {
        tags: TAGS,
        summary: 'Кошелёк',
        description: `Читают: ${WALLET_READERS}. Чужой кошелёк без прав — 404, как несуществующий.`,
        params: IdParam,
        response: { 200: Ok(WalletJson), ...GUARDED_ERRORS, ...NOT_FOUND },
      },
    },
    async (request) => {
      const wallet = await readableWallet(db, request.viewer!, request.params.id);
      return { code: 1 as const, data: walletJson(wallet) };
    },
  );

  app.get(
    '/admin/transactions/:walletId',
    {
      config: { access: { auth: true, description: `как у кошелька: ${WALLET_READERS}` } },
      schema: {
        tags: TAGS,
        summary: 'Операции кошелька постранично',
        description:
          'Новые сначала; вместе с переводами, где кошелёк — получатель. amount — в валюте ' +
          'кошелька-источника, target_amount — в валюте получателя (target_currency). Читают ' +
          `те же, кто читает кошелёк (${WALLET_READERS}); остальным — 404, как несуществующий.`,
        params: WalletIdParam,
        querystring: PageQuery,
        response: { 200: Ok(Paginated(TransactionJson)), ...GUARDED_ERRORS, ...NOT_FOUND },
      },
    },
    async (request) => {
      const wallet = await readableWallet(db, request.viewer!, request.params.walletId);
      return { code: 1 as const, data: await pageOfTransactions(db, wallet, request.query) };
    },
  );
};
