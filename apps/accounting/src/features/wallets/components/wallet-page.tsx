import { EmptyState, LoadError, PageFrame, Skeleton, Typography } from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { Link, useParams } from '@tour/shared/router';
import { hrefOf, positiveInteger } from '@tour/shared';
import { useAccountingWalletQuery } from '../api/wallets-api';
import { TransactionsTable } from './transactions-table';
import { WalletSummary } from './wallet-summary';

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/** balance-wallet: one wallet's header and its operations. */
export function WalletPage({ title }: { title: string }) {
  const walletId = positiveInteger(useParams().id);
  const {
    data: wallet,
    isLoading,
    isError,
    error,
    refetch,
  } = useAccountingWalletQuery(walletId ?? skipToken);

  const back = <Link to={hrefOf('balance-wallets')}>Все кошельки</Link>;
  const notFound = <EmptyState description="Кошелек не найден" />;

  let content;
  if (walletId === undefined) content = notFound;
  else if (isLoading) content = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (isError) content = isNotFound(error) ? notFound : <LoadError onRetry={refetch} />;
  // A reply whose code is not 1 leaves no wallet (SPEC.md 5).
  else if (!wallet) content = notFound;
  else
    content = (
      <>
        <WalletSummary wallet={wallet} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          Операции
        </Typography.Title>
        <TransactionsTable walletId={wallet.id} />
      </>
    );

  return (
    <PageFrame title={title} extra={back}>
      {content}
    </PageFrame>
  );
}
