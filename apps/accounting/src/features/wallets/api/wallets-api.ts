import {
  api,
  cacheTags,
  emptyPage,
  onBalanceUpdated,
  transformCode1,
  walletListTags,
  type CacheTag,
  type CreateWalletBody,
  type PageQuery,
  type Paginated,
  type StatementLine,
  type StatementQuery,
  type Transaction,
  type UpdateWalletBody,
  type Wallet,
  type WalletDetail,
  type WalletPageQuery,
  type WalletStatement,
} from '@tour/shared';

/** A wallet as the wallet calls return it (the owner's name for a user's wallet). */
export type WalletRow = Wallet;

export type { WalletDetail, WalletStatement, StatementLine };

/** POST /admin/wallets and PUT /admin/wallet/:id (the type, on a change, only as a check). */
export type SaveWalletBody = CreateWalletBody & UpdateWalletBody;

export interface SaveWalletArgs {
  /** The wallet changed; absent for a new one. */
  id?: number;
  body: SaveWalletBody;
  /** The owner before the change: the views of that owner's wallets are stale too. */
  previousOwnerId?: number | null;
}

/** GET /admin/wallet/:id/statement: the wallet, both days (YYYY-MM-DD, included) and the page. */
export type StatementArgs = Required<Pick<StatementQuery, 'from' | 'to' | 'page'>> & {
  walletId: number;
};

/**
 * What a saved wallet makes stale: itself, every list of wallets, its owners' views (before and
 * after), the signed-in user's own wallets (it may be one of them) and its "История".
 */
export function walletSavedTags(wallet: WalletDetail, previousOwnerId?: number | null): CacheTag[] {
  const owners = new Set(
    [wallet.user_id, previousOwnerId].filter((id): id is number => typeof id === 'number'),
  );
  return [
    cacheTags.wallet(wallet.id),
    cacheTags.walletLists,
    cacheTags.ownWallets,
    ...[...owners].map(cacheTags.walletsOfOwner),
    cacheTags.history('wallet', wallet.id),
  ];
}

export type WalletsPageArgs = Pick<WalletPageQuery, 'user' | 'wallet'> & { page: number };

/** GET /admin/transactions/:walletId: the wallet and the page. */
export type TransactionsPageArgs = Required<Pick<PageQuery, 'page'>> & { walletId: number };

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
    accountingOwnPending: build.query<Transaction[], void>({
      query: () => '/admin/balance/own-pending',
      transformResponse: transformCode1<Transaction[]>([]),
      providesTags: [cacheTags.ownWallets, cacheTags.operationLists],
    }),
    accountingWallet: build.query<WalletDetail | null, number>({
      query: (id) => `/admin/wallet/${id}`,
      transformResponse: transformCode1<WalletDetail | null>(null),
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
    /** Creates (no id) or changes a wallet; null when the reply's code is not 1. */
    accountingWalletSave: build.mutation<WalletDetail | null, SaveWalletArgs>({
      query: ({ id, body }) =>
        id === undefined
          ? { url: '/admin/wallets', method: 'POST', data: body }
          : { url: `/admin/wallet/${id}`, method: 'PUT', data: body },
      transformResponse: transformCode1<WalletDetail | null>(null),
      invalidatesTags: (wallet, _error, { previousOwnerId }) =>
        wallet ? walletSavedTags(wallet, previousOwnerId) : [],
    }),
    // A confirmation changes the statement as it changes the operations: the same tag.
    accountingWalletStatement: build.query<WalletStatement | null, StatementArgs>({
      query: ({ walletId, from, to, page }) => ({
        url: `/admin/wallet/${walletId}/statement`,
        params: { from, to, page },
      }),
      transformResponse: transformCode1<WalletStatement | null>(null),
      providesTags: (_result, _error, { walletId }) => [cacheTags.walletOperations(walletId)],
    }),
  }),
});

export const {
  useAccountingWalletsPageQuery,
  useAccountingSiteWalletsQuery,
  useAccountingOwnWalletsQuery,
  useAccountingOwnPendingQuery,
  useAccountingWalletQuery,
  useAccountingTransactionsQuery,
  useAccountingWalletSaveMutation,
  useAccountingWalletStatementQuery,
} = walletsApi;
