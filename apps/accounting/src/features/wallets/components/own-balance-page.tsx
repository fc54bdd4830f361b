import {
  Card,
  Col,
  EmptyState,
  Flex,
  LoadError,
  PageFrame,
  Row,
  Skeleton,
  theme,
  OperationsTable,
  Typography,
} from '@tour/shared/ui';
import { useUrlQuery } from '@tour/shared/router';
import { CURRENCY_LABELS, formatAmount } from '@tour/shared';
import {
  useAccountingOwnPendingQuery,
  useAccountingOwnWalletsQuery,
  type WalletRow,
} from '../api/wallets-api';
import { TransactionsTable } from './transactions-table';

function WalletCard({
  wallet,
  selected,
  onSelect,
}: {
  wallet: WalletRow;
  selected: boolean;
  onSelect: () => void;
}) {
  const { token } = theme.useToken();
  const balance = formatAmount(wallet.balance, wallet.currency);
  return (
    <Card
      hoverable
      size="small"
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
      style={
        selected
          ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}` }
          : undefined
      }
    >
      <Flex vertical>
        <Typography.Text type="secondary">
          {wallet.name} · {CURRENCY_LABELS[wallet.currency] ?? wallet.currency}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {balance}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** balance-user: the signed-in user's wallets with balances and the chosen wallet's operations. */
export function OwnBalancePage({ title }: { title: string }) {
  const { numberOf, update } = useUrlQuery();
  const { data: wallets = [], isLoading, isError, refetch } = useAccountingOwnWalletsQuery();
  const pending = useAccountingOwnPendingQuery();
  const wanted = numberOf('wallet');
  const selected = wallets.find((wallet) => wallet.id === wanted) ?? wallets[0];

  let content;
  if (isLoading) content = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (isError) content = <LoadError onRetry={refetch} />;
  else if (!selected) content = <EmptyState description="У вас нет кошельков" />;
  else
    content = (
      <>
        <Row gutter={[16, 16]}>
          {wallets.map((wallet) => (
            <Col key={wallet.id} xs={24} sm={12} lg={6}>
              <WalletCard
                wallet={wallet}
                selected={wallet.id === selected.id}
                onSelect={() => update({ wallet: wallet.id, page: undefined })}
              />
            </Col>
          ))}
        </Row>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Операции: {selected.name}
        </Typography.Title>
        <TransactionsTable walletId={selected.id} />
      </>
    );
  const ownPending = (
    <>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Мои операции, ожидающие подтверждения
      </Typography.Title>
      <OperationsTable
        label="Мои операции, ожидающие подтверждения"
        operations={pending.data ?? []}
        loading={pending.isLoading}
        ownWalletIds={wallets.map((wallet) => wallet.id)}
        emptyText="Нет операций, ожидающих подтверждения"
        showWallet
      />
    </>
  );

  return (
    <PageFrame title={title}>
      {content}
      {ownPending}
    </PageFrame>
  );
}
