import { listPagination, LoadError, OperationsTable, type OperationWallet } from '@tour/shared/ui';
import { Link, useUrlQuery } from '@tour/shared/router';
import { hrefOf, useCan } from '@tour/shared';
import { useAccountingTransactionsQuery } from '../api/wallets-api';
import { transactionsPageArgs } from '../route-data';

const walletLink = ({ id, name }: OperationWallet) => (
  <Link to={hrefOf('balance-wallet', { id })}>{name}</Link>
);

/** A wallet's operations, newest first, page by page (the page in the URL). */
export function TransactionsTable({ walletId }: { walletId: number }) {
  const can = useCan();
  const { params, setPage } = useUrlQuery();
  // The same arguments the route's prefetch uses (route-data.ts).
  const { page } = transactionsPageArgs(walletId, params);
  const { data, isFetching, isError, refetch } = useAccountingTransactionsQuery({
    walletId,
    page,
  });

  if (isError) return <LoadError onRetry={refetch} />;
  return (
    <OperationsTable
      operations={data?.data ?? []}
      loading={isFetching}
      ownWalletIds={[walletId]}
      emptyText="Операций нет"
      pagination={listPagination(data, page, setPage)}
      // Another wallet's page is for those who may open the wallets.
      renderWallet={can('accounting_section') ? walletLink : undefined}
    />
  );
}
