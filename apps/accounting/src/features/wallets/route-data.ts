import { positiveInteger, type RoutePrefetchRequest } from '@tour/shared';
import { walletsApi, type TransactionsPageArgs, type WalletsPageArgs } from './api/wallets-api';

/** The wallet list's query from the URL: the page and the owner and wallet filters. */
export function walletsPageArgs(search: URLSearchParams): WalletsPageArgs {
  return {
    page: positiveInteger(search.get('page')) ?? 1,
    user: positiveInteger(search.get('user')),
    wallet: positiveInteger(search.get('wallet')),
  };
}

/** A wallet's operations from the URL: the wallet's id and the page. */
export function transactionsPageArgs(
  walletId: number,
  search: URLSearchParams,
): TransactionsPageArgs {
  return { walletId, page: positiveInteger(search.get('page')) ?? 1 };
}

/** The company wallets' tab of the list (shown only to those who may see them). */
export const SITE_TAB = 'site';

/**
 * The data a wallet page asks for first, started by the route's loader as the navigation begins:
 * the same endpoints and arguments as the pages' hooks, so the pages find it in the cache (kept
 * there without a subscriber for RTK Query's keepUnusedDataFor). Settles when it is there.
 */
export function prefetchWalletRoute({
  routeName,
  params,
  search,
  dispatch,
}: RoutePrefetchRequest): Promise<unknown> | void {
  const { endpoints } = walletsApi;
  const options = { subscribe: false } as const;
  switch (routeName) {
    case 'balance-wallets':
      if (search.get('tab') === SITE_TAB) return;
      return dispatch(endpoints.accountingWalletsPage.initiate(walletsPageArgs(search), options));
    case 'balance-wallet': {
      const walletId = positiveInteger(params.id);
      if (walletId === undefined) return;
      return Promise.all([
        dispatch(endpoints.accountingWallet.initiate(walletId, options)),
        dispatch(
          endpoints.accountingTransactions.initiate(
            transactionsPageArgs(walletId, search),
            options,
          ),
        ),
      ]);
    }
    case 'balance-wallet-edit': {
      const walletId = positiveInteger(params.id);
      if (walletId === undefined) return;
      return dispatch(endpoints.accountingWallet.initiate(walletId, options));
    }
    case 'balance-user':
      return dispatch(endpoints.accountingOwnWallets.initiate(undefined, options));
    default:
      return;
  }
}
