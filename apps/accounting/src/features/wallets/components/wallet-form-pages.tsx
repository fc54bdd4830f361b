import { EmptyState, LoadError, PageFrame, Skeleton } from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { Link, useNavigate, useParams } from '@tour/shared/router';
import { hrefOf, positiveInteger, statusOf } from '@tour/shared';
import { useAccountingWalletQuery, type WalletDetail } from '../api/wallets-api';
import { WalletForm } from './wallet-form';

/** After a save: the wallet's own page. */
function useOpenWallet() {
  const navigate = useNavigate();
  return (wallet: WalletDetail) => void navigate(hrefOf('balance-wallet', { id: wallet.id }));
}

/** balance-wallet-create: a new wallet; once saved, its page opens. */
export function WalletCreatePage({ title }: { title: string }) {
  const navigate = useNavigate();
  const open = useOpenWallet();
  const back = <Link to={hrefOf('balance-wallets')}>Все кошельки</Link>;
  return (
    <PageFrame title={title} extra={back}>
      <WalletForm onSaved={open} onCancel={() => void navigate(hrefOf('balance-wallets'))} />
    </PageFrame>
  );
}

/** balance-wallet-edit: one wallet's form; once saved, its page opens. */
export function WalletEditPage({ title }: { title: string }) {
  const walletId = positiveInteger(useParams().id);
  const navigate = useNavigate();
  const open = useOpenWallet();
  const {
    data: wallet,
    isLoading,
    isError,
    error,
    refetch,
  } = useAccountingWalletQuery(walletId ?? skipToken);

  const walletHref = walletId ? hrefOf('balance-wallet', { id: walletId }) : undefined;
  const back = (
    <Link to={walletHref ?? hrefOf('balance-wallets')}>
      {walletHref ? 'К кошельку' : 'Все кошельки'}
    </Link>
  );
  const notFound = <EmptyState description="Кошелек не найден" />;

  let content;
  if (walletId === undefined) content = notFound;
  else if (isLoading) content = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (isError) content = statusOf(error) === 404 ? notFound : <LoadError onRetry={refetch} />;
  // A reply whose code is not 1 leaves no wallet (SPEC.md 5).
  else if (!wallet) content = notFound;
  else
    content = (
      // A new form for each wallet: moving from one wallet's form to another's starts afresh.
      <WalletForm
        key={wallet.id}
        wallet={wallet}
        onSaved={open}
        onCancel={() => void navigate(walletHref!)}
      />
    );

  return (
    <PageFrame title={title} extra={back}>
      {content}
    </PageFrame>
  );
}
