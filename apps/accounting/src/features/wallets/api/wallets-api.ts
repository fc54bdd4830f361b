import {
  api,
  cacheTags,
  emptyPage,
  onBalanceUpdated,
  transformCode1,
  walletListTags,
  type Paginated,
  type Transaction,
  type Wallet,
} from '@tour/shared';

/** A wallet as the wallet calls return it: the contract's fields plus the owner's name. */
export interface WalletRow extends Wallet {
  /** Full name of the owner; null for a company (site) wallet. */
  user_name: string | null;
}

export interface WalletsPageArgs {
  page: number;
  /** Owner's user id. */
  user?: number;
  /** Wallet id. */
  wallet?: number;
}

export interface TransactionsPageArgs {
  walletId: number;
  page: number;
}

const NO_WALLETS: WalletRow[] = [];

// Endpoint names carry the section's prefix: all five apps inject into the one slice, and RTK
// Query keeps the first definition of a name, silently, when another app picks the same one.
export const walletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountingWalletsPage: build.query<Paginated<WalletRow>, WalletsPageArgs>({
      query: ({ page, user, wallet }) => ({
        url: '/admin/wallets-pagination',
        params: { page, user, wallet },
      }),
      transformResponse: transformCode1(emptyPage<WalletRow>()),
      providesTags: (result) => [cacheTags.walletLists, ...walletListTags(result?.data)],
    }),
    accountingAllWallets: build.query<WalletRow[], void>({
      query: () => '/admin/wallets',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [cacheTags.walletLists, ...walletListTags(result)],
    }),
    accountingSiteWallets: build.query<WalletRow[], void>({
      query: () => '/admin/wallets/site',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [cacheTags.walletLists, ...walletListTags(result)],
    }),
    accountingOwnWallets: build.query<WalletRow[], void>({
      query: () => '/admin/wallets/user',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [cacheTags.ownWallets, ...walletListTags(result)],
      // SPEC.md 4: a balance-updated event reloads the user's wallets. The listener lives with
      // the cached entry: a page left a moment ago is not shown stale when it comes back.
      async onCacheEntryAdded(_arg, { cacheEntryRemoved, dispatch }) {
        const stop = onBalanceUpdated(() => {
          dispatch(api.util.invalidateTags([cacheTags.ownWallets]));
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    accountingWallet: build.query<WalletRow | null, number>({
      query: (id) => `/admin/wallet/${id}`,
      transformResponse: transformCode1<WalletRow | null>(null),
      providesTags: (wallet, _error, id) => [
        cacheTags.wallet(id),
        ...(wallet?.user_id ? [cacheTags.walletsOfOwner(wallet.user_id)] : []),
      ],
    }),
    accountingTransactions: build.query<Paginated<Transaction>, TransactionsPageArgs>({
      query: ({ walletId, page }) => ({ url: `/admin/transactions/${walletId}`, params: { page } }),
      transformResponse: transformCode1(emptyPage<Transaction>()),
      providesTags: (_result, _error, { walletId }) => [cacheTags.walletOperations(walletId)],
    }),
  }),
});

export const {
  useAccountingWalletsPageQuery,
  useAccountingAllWalletsQuery,
  useAccountingSiteWalletsQuery,
  useAccountingOwnWalletsQuery,
  useAccountingWalletQuery,
  useAccountingTransactionsQuery,
} = walletsApi;
