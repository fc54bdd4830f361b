import {
  Flex,
  LoadError,
  Table,
  type TableColumnsType,
  Typography,
  TransactionStatusTag,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  formatAmount,
  hrefOf,
  transactionTypeLabel,
  transactionTypeSign,
  useCan,
  type TransactionStatus,
} from '@tour/shared';
import { EmptyState } from '../../../components/empty-state';
import { useUrlQuery } from '../../../hooks/use-url-query';
import { formatDateTime } from '../../../lib/format-date-time';
import { useAccountingTransactionsQuery, type TransactionRow } from '../api/wallets-api';
import { transactionsPageArgs } from '../route-data';

const TYPE_COLORS: Record<TransactionRow['type'], 'success' | 'danger' | 'secondary'> = {
  income: 'success',
  outcome: 'danger',
  transfer: 'secondary',
};

function formatRate(rate: number): string {
  return rate.toLocaleString('ru-RU', { maximumFractionDigits: 6 });
}

function WalletName({ id, name, link }: { id: number; name: string; link: boolean }) {
  return link ? <Link to={hrefOf('balance-wallet', { id })}>{name}</Link> : <>{name}</>;
}

/** A transfer's other side: the wallet and, across currencies, the converted amount and rate. */
function TransferDetails({
  transaction,
  walletId,
  link,
}: {
  transaction: TransactionRow;
  walletId: number;
  link: boolean;
}) {
  const { currency, target_wallet_id, target_amount, target_currency, rate } = transaction;
  const incoming = transaction.wallet_id !== walletId;
  const other = incoming
    ? { id: transaction.wallet_id, name: transaction.wallet_name }
    : target_wallet_id === null
      ? null
      : { id: target_wallet_id, name: transaction.target_wallet_name ?? `№${target_wallet_id}` };
  return (
    <Typography.Text type="secondary">
      {incoming ? 'Из: ' : 'В: '}
      {other ? <WalletName id={other.id} name={other.name} link={link} /> : '—'}
      {target_amount !== null && target_currency !== null && target_currency !== currency ? (
        <>
          {`, зачислено ${formatAmount(target_amount, target_currency)}`}
          {rate === null
            ? null
            : `, курс 1 ${currency.toUpperCase()} = ${formatRate(rate)} ${target_currency.toUpperCase()}`}
        </>
      ) : null}
    </Typography.Text>
  );
}

function columns(walletId: number, link: boolean): TableColumnsType<TransactionRow> {
  return [
    {
      title: 'Дата',
      dataIndex: 'created_at',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: 'Тип',
      dataIndex: 'type',
      render: (type: TransactionRow['type']) => (
        <Typography.Text type={TYPE_COLORS[type]}>
          <span aria-hidden="true">{transactionTypeSign(type)}</span> {transactionTypeLabel(type)}
        </Typography.Text>
      ),
    },
    {
      title: 'Сумма',
      dataIndex: 'amount',
      render: (amount: number, transaction) => (
        <Flex vertical>
          <Typography.Text strong>{formatAmount(amount, transaction.currency)}</Typography.Text>
          {transaction.type === 'transfer' ? (
            <TransferDetails transaction={transaction} walletId={walletId} link={link} />
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (status: TransactionStatus) => <TransactionStatusTag status={status} />,
    },
    {
      title: 'Комментарий',
      dataIndex: 'comment',
      render: (comment: string | null, transaction) => (
        <Flex vertical>
          {comment ? <span>{comment}</span> : null}
          {transaction.category ? (
            <Typography.Text type="secondary">Категория: {transaction.category}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Создал / подтвердил',
      key: 'people',
      render: (_value: unknown, transaction) => (
        <Flex vertical>
          <span>{transaction.created_by_name ?? '—'}</span>
          {transaction.confirmed_by_name ? (
            <Typography.Text type="secondary">
              {transaction.status === 'rejected' ? 'Отклонил: ' : 'Подтвердил: '}
              {transaction.confirmed_by_name}
              {transaction.confirmed_at ? `, ${formatDateTime(transaction.confirmed_at)}` : ''}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
}

/** A wallet's operations, newest first, page by page (the page in the URL). */
export function TransactionsTable({ walletId }: { walletId: number }) {
  const can = useCan();
  const { params, update } = useUrlQuery();
  // The same arguments the route's prefetch uses (route-data.ts).
  const { page } = transactionsPageArgs(walletId, params);
  const { data, isFetching, isError, refetch } = useAccountingTransactionsQuery({
    walletId,
    page,
  });

  if (isError) return <LoadError onRetry={refetch} />;
  return (
    <Table<TransactionRow>
      rowKey="id"
      columns={columns(walletId, can('accounting_section'))}
      dataSource={data?.data ?? []}
      loading={isFetching}
      locale={{ emptyText: isFetching ? ' ' : <EmptyState description="Операций нет" /> }}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: data?.current_page ?? page,
        pageSize: data?.per_page ?? 20,
        total: data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (total) => `Всего: ${total}`,
        onChange: (next) => update({ page: next === 1 ? undefined : next }),
      }}
    />
  );
}
