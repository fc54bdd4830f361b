import {
  Empty,
  Flex,
  Table,
  Typography,
  type TableColumnsType,
  TransactionStatusTag,
} from '@tour/shared/ui';
import {
  formatAmount,
  transactionTypeLabel,
  transactionTypeSign,
  type TransactionStatus,
  type TransactionType,
} from '@tour/shared';
import type { UserOperation } from '../api/user-wallets-api';
import { formatDateTime } from '../lib/format-date-time';

const TYPE_TONES: Record<TransactionType, 'success' | 'danger' | 'secondary'> = {
  income: 'success',
  outcome: 'danger',
  transfer: 'secondary',
};

/** A transfer's other side, as the owner of `walletIds` sees it. */
function transferNote(operation: UserOperation, walletIds: ReadonlySet<number>): string | null {
  if (operation.type !== 'transfer') return null;
  if (!walletIds.has(operation.wallet_id)) return `Из: ${operation.wallet_name ?? '—'}`;
  const parts = [`В: ${operation.target_wallet_name ?? '—'}`];
  const { target_amount, target_currency } = operation;
  if (target_amount !== null && target_currency && target_currency !== operation.currency) {
    parts.push(`зачислено ${formatAmount(target_amount, target_currency)}`);
  }
  return parts.join(', ');
}

function columns(walletIds: ReadonlySet<number>): TableColumnsType<UserOperation> {
  return [
    {
      title: 'Дата',
      dataIndex: 'created_at',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: 'Кошелёк',
      dataIndex: 'wallet_name',
      render: (name: string | null | undefined, operation) => name ?? `№${operation.wallet_id}`,
    },
    {
      title: 'Тип',
      dataIndex: 'type',
      render: (type: TransactionType) => (
        <Typography.Text type={TYPE_TONES[type]}>
          <span aria-hidden="true">{transactionTypeSign(type)}</span> {transactionTypeLabel(type)}
        </Typography.Text>
      ),
    },
    {
      title: 'Сумма',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, operation) => {
        const note = transferNote(operation, walletIds);
        return (
          <Flex vertical align="flex-end">
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(amount, operation.currency)}
            </Typography.Text>
            {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
          </Flex>
        );
      },
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (status: TransactionStatus) => <TransactionStatusTag status={status} />,
    },
    {
      title: 'Комментарий',
      dataIndex: 'comment',
      render: (comment: string | null, operation) => (
        <Flex vertical>
          {comment ? <span>{comment}</span> : null}
          {operation.category ? (
            <Typography.Text type="secondary">Категория: {operation.category}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Создал',
      dataIndex: 'created_by_name',
      render: (name: string | null | undefined, operation) => (
        <Flex vertical>
          <span>{name ?? '—'}</span>
          {operation.confirmed_by_name ? (
            <Typography.Text type="secondary">
              {operation.status === 'rejected' ? 'Отклонил: ' : 'Подтвердил: '}
              {operation.confirmed_by_name}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
}

/** The user's latest operations across its wallets, newest first (the API sends 20). */
export function OperationsTable({
  operations,
  walletIds,
  loading,
}: {
  operations: UserOperation[];
  walletIds: ReadonlySet<number>;
  loading: boolean;
}) {
  return (
    <Table<UserOperation>
      rowKey="id"
      size="middle"
      aria-label="Последние операции"
      columns={columns(walletIds)}
      dataSource={operations}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Операций пока нет" />,
      }}
    />
  );
}
