import {
  Button,
  EmptyState,
  Flex,
  HistoryList,
  LoadError,
  PageFrame,
  Skeleton,
  Tabs,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { Link, useNavigate, useParams, useUrlQuery } from '@tour/shared/router';
import { CURRENCY_LABELS, hrefOf, positiveInteger } from '@tour/shared';
import { useAccountingWalletQuery } from '../api/wallets-api';
import { TransactionsTable } from './transactions-table';
import { WALLET_KIND_LABELS, WALLET_TYPE_LABELS } from './wallet-form';
import { WalletStatement } from './wallet-statement';
import { WalletSummary } from './wallet-summary';

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/** The tabs of a wallet's page beside its operations (the default), kept in the URL (`?tab=`). */
const TABS = ['statement', 'history'] as const;
type Tab = 'operations' | (typeof TABS)[number];

const HISTORY_FIELDS = {
  type: 'Тип',
  kind: 'Вид',
  user_id: 'Владелец',
  name: 'Название',
  currency: 'Валюта',
};
const HISTORY_VALUES = { ...CURRENCY_LABELS, ...WALLET_TYPE_LABELS, ...WALLET_KIND_LABELS };

/** balance-wallet: one wallet's header, its operations, its statement and its history. */
export function WalletPage({ title }: { title: string }) {
  const walletId = positiveInteger(useParams().id);
  const navigate = useNavigate();
  const { params, update } = useUrlQuery();
  const {
    data: wallet,
    isLoading,
    isError,
    error,
    refetch,
  } = useAccountingWalletQuery(walletId ?? skipToken);
  const asked = params.get('tab');
  const tab: Tab = TABS.find((name) => name === asked) ?? 'operations';

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
        <Tabs
          activeKey={tab}
          destroyOnHidden
          // Each tab keeps its own query: the operations' page, the statement's period.
          onChange={(key) =>
            update({
              tab: key === 'operations' ? undefined : key,
              page: undefined,
              from: undefined,
              to: undefined,
            })
          }
          items={[
            {
              key: 'operations',
              label: 'Операции',
              children: <TransactionsTable walletId={wallet.id} />,
            },
            { key: 'statement', label: 'Выписка', children: <WalletStatement wallet={wallet} /> },
            {
              key: 'history',
              label: 'История',
              children: (
                <HistoryList
                  record="wallet"
                  path={`/admin/wallet/${wallet.id}`}
                  id={wallet.id}
                  fields={HISTORY_FIELDS}
                  values={HISTORY_VALUES}
                />
              ),
            },
          ]}
        />
      </>
    );

  const extra = (
    <Flex gap="middle" wrap align="center">
      <Link to={hrefOf('balance-wallets')}>Все кошельки</Link>
      {wallet ? (
        <Button onClick={() => void navigate(hrefOf('balance-wallet-edit', { id: wallet.id }))}>
          Изменить
        </Button>
      ) : null}
    </Flex>
  );

  return (
    <PageFrame title={title} extra={extra}>
      {content}
    </PageFrame>
  );
}
