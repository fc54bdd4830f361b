import {
  api,
  transformCode1,
  type BalanceUpdatedDetail,
  type Currency,
  type Paginated,
  type Transaction,
  type User,
  type Wallet,
} from '@tour/shared';

/** A wallet as the wallet calls return it: the contract's fields plus the owner's name. */
export interface WalletRow extends Wallet {
  /** Full name of the owner; null for a company (site) wallet. */
  user_name: string | null;
}

/** A transaction as GET /admin/transactions/:walletId returns it, with the names a list shows. */
export interface TransactionRow extends Omit<Transaction, 'created_by'> {
  created_by: number | null;
  /** Currency of `target_amount` (the target wallet's), for a transfer. */
  target_currency: Currency | null;
  wallet_name: string;
  target_wallet_name: string | null;
  created_by_name: string | null;
  confirmed_by_name: string | null;
}

/** A user offered by the owner filter. */
export type UserOption = Pick<User, 'id' | 'full_name' | 'email' | 'phone'>;

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

export interface UserOptionsArgs {
  search?: string;
  id?: number;
}

/** The page a read shows when the server's code is not 1 (SPEC.md 5: treated as empty). */
export function emptyPage<T>(): Paginated<T> {
  return { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null };
}

const NO_WALLETS: WalletRow[] = [];

const walletTags = (wallets: readonly WalletRow[] | undefined) =>
  (wallets ?? []).map((wallet) => ({ type: 'Wallet' as const, id: wallet.id }));

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
      providesTags: (result) => [{ type: 'Wallets', id: 'LIST' }, ...walletTags(result?.data)],
    }),
    accountingAllWallets: build.query<WalletRow[], void>({
      query: () => '/admin/wallets',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [{ type: 'Wallets', id: 'LIST' }, ...walletTags(result)],
    }),
    accountingSiteWallets: build.query<WalletRow[], void>({
      query: () => '/admin/wallets/site',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [{ type: 'Wallets', id: 'SITE' }, ...walletTags(result)],
    }),
    accountingOwnWallets: build.query<WalletRow[], void>({
      query: () => '/admin/wallets/user',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [{ type: 'Wallets', id: 'USER' }, ...walletTags(result)],
    }),
    accountingWallet: build.query<WalletRow | null, number>({
      query: (id) => `/admin/wallet/${id}`,
      transformResponse: transformCode1<WalletRow | null>(null),
      providesTags: (_result, _error, id) => [{ type: 'Wallet', id }],
    }),
    accountingTransactions: build.query<Paginated<TransactionRow>, TransactionsPageArgs>({
      query: ({ walletId, page }) => ({ url: `/admin/transactions/${walletId}`, params: { page } }),
      transformResponse: transformCode1(emptyPage<TransactionRow>()),
      providesTags: (_result, _error, { walletId }) => [{ type: 'Transactions', id: walletId }],
    }),
    accountingUserOptions: build.query<UserOption[], UserOptionsArgs>({
      query: ({ search, id }) => ({
        url: '/admin/users',
        params: { search: search?.trim() || undefined, id },
      }),
      transformResponse: (body: unknown) =>
        transformCode1(emptyPage<UserOption>())(body).data.map(
          ({ id, full_name, email, phone }) => ({ id, full_name, email, phone }),
        ),
      providesTags: [{ type: 'Users', id: 'LIST' }],
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
  useAccountingUserOptionsQuery,
} = walletsApi;

/**
 * What a balance change makes stale: the user's own wallets (SPEC.md 4) and the wallet lists,
 * plus the touched wallets and their operations (every wallet when the event does not say which).
 */
export function balanceUpdatedTags(detail: BalanceUpdatedDetail) {
  const lists = [
    { type: 'Wallets' as const, id: 'USER' },
    { type: 'Wallets' as const, id: 'LIST' },
    { type: 'Wallets' as const, id: 'SITE' },
  ];
  const ids = detail.walletIds ?? [];
  if (ids.length === 0) return [...lists, 'Wallet' as const, 'Transactions' as const];
  return [
    ...lists,
    ...ids.flatMap((id) => [
      { type: 'Wallet' as const, id },
      { type: 'Transactions' as const, id },
    ]),
  ];
}
