import { Flex, listPagination, LoadError } from '@tour/shared/ui';
import { useUrlQuery } from '@tour/shared/router';
import { useAccountingWalletsPageQuery } from '../api/wallets-api';
import { walletsPageArgs } from '../route-data';
import { WalletFilters, type WalletFilterValues } from './wallet-filters';
import { WalletsTable } from './wallets-table';

/** Every wallet the viewer may see, page by page, filtered by owner and wallet from the URL. */
export function PagedWallets() {
  const { params, update, setPage } = useUrlQuery();
  // The same arguments the route's prefetch uses (route-data.ts).
  const { page, user, wallet } = walletsPageArgs(params);
  const { data, isFetching, isError, refetch } = useAccountingWalletsPageQuery({
    page,
    user,
    wallet,
  });

  // A new filter starts again from the first page.
  const changeFilters = (patch: Partial<WalletFilterValues>) =>
    update({ ...patch, page: undefined });

  return (
    <Flex vertical gap="middle">
      <WalletFilters user={user} wallet={wallet} onChange={changeFilters} />
      {isError ? (
        <LoadError onRetry={refetch} />
      ) : (
        <WalletsTable
          wallets={data?.data ?? []}
          loading={isFetching}
          pagination={listPagination(data, page, setPage)}
        />
      )}
    </Flex>
  );
}
