import { api, cacheTags, transformCode1, walletListTags, type Wallet } from '@tour/shared';

const NO_WALLETS: Wallet[] = [];

/** «Наличные · USD · Иванова Анна»; a company wallet's owner is «Компания». */
export function describeWallet(
  wallet: Pick<Wallet, 'name' | 'currency' | 'type' | 'user_name'>,
): string {
  const owner = wallet.type === 'site' ? 'Компания' : (wallet.user_name ?? '');
  return [wallet.name, wallet.currency.toUpperCase(), owner].filter(Boolean).join(' · ');
}

// The name carries the package's prefix: every app injects into the one slice.
export const walletOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every wallet the viewer may see (GET /admin/wallets): what a wallet picker offers. */
    sharedWalletOptions: build.query<Wallet[], void>({
      query: () => '/admin/wallets',
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (result) => [cacheTags.walletLists, ...walletListTags(result)],
    }),
  }),
});

export const { useSharedWalletOptionsQuery } = walletOptionsApi;
