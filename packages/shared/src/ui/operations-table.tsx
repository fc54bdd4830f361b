import { Flex, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatExchangeRate,
  transactionTypeLabel,
  transactionTypeSign,
  type Transaction,
  type TransactionType,
  walletLabel,
} from '@tour/shared';
import { EmptyState } from './empty-state';
import { ListTable } from './list-table';
import { OperationPurpose } from './operation-purpose';
import { ScrollRegion } from './scroll-region';
import { TransactionStatusTag } from './transaction-status-tag';

const TYPE_TONES: Record<TransactionType, 'success' | 'danger' | 'secondary'> = {
  income: 'success',
  outcome: 'danger',
  transfer: 'secondary',
};

/** A wallet as the table names it. */
export interface OperationWallet {
  id: number;
  name: string;
}

export interface OperationsTableProps {
  operations: readonly Transaction[];
  loading: boolean;
  /** The wallets the table is seen from: a transfer into one of them reads «Из:», else «В:». */
  ownWalletIds: readonly number[];
  /** What the table says when there is no operation. */
  emptyText: string;
  /** A column with each operation's wallet (operations of several wallets). */
  showWallet?: boolean;
  /** A server-paged table's pagination (`listPagination`); none by default. */
  pagination?: TablePaginationConfig | false;
  /** How a wallet's name is shown (a link to its page); the plain name by default. */
  renderWallet?: (wallet: OperationWallet) => ReactNode;
  /** The table's accessible name (and its scrolling region's); «Операции» by default. */
  label?: string;
}

const plainName = ({ name }: OperationWallet): ReactNode => name;

/**
 * A transfer's other side: the wallet and, across currencies, the credited amount and the rate
 * with its day.
 */
function TransferDetails({
  operation,
  incoming,
  renderWallet,
}: {
  operation: Transaction;
  incoming: boolean;
  renderWallet: (wallet: OperationWallet) => ReactNode;
}) {
  const { currency, target_wallet_id, target_amount, target_currency, rate } = operation;
  const other = incoming
    ? {
        id: operation.wallet_id,
        name: walletLabel(operation.wallet_name, operation.wallet_owner_name),
      }
    : target_wallet_id === null
      ? null
      : {
          id: target_wallet_id,
          name: operation.target_wallet_name
            ? walletLabel(operation.target_wallet_name, operation.target_wallet_owner_name)
            : `№${target_wallet_id}`,
        };
  // Across currencies: what the target wallet was credited, at which rate (as a bank prints it)
  // and of which day.
  const credited =
    target_amount !== null && target_currency !== null && target_currency !== currency
      ? `, зачислено ${formatAmount(target_amount, target_currency)}` +
        (rate === null
          ? ''
          : `, курс ${formatExchangeRate(rate, currency, target_currency)}` +
            (operation.rate_date ? ` на ${formatDate(operation.rate_date)}` : ''))
      : null;
  return (
    <Typography.Text type="secondary">
      {incoming ? 'Из: ' : 'В: '}
      {other ? renderWallet(other) : '—'}
      {credited}
    </Typography.Text>
  );
}

/** What the operation is for and, under it, its comment and category (one column, wrapping). */
function PurposeAndComment({ operation }: { operation: Transaction }) {
  const named = Boolean(
    operation.trip || operation.participant || operation.booking || operation.overpayment,
  );
  const commented = Boolean(operation.comment || operation.category);
  return (
    <Flex vertical gap={4} style={{ maxWidth: 240 }}>
      {named || !commented ? <OperationPurpose operation={operation} /> : null}
      {operation.comment ? <span>{operation.comment}</span> : null}
      {operation.category ? (
        <Typography.Text type="secondary">Категория: {operation.category}</Typography.Text>
      ) : null}
    </Flex>
  );
}

function columns({
  ownWalletIds,
  showWallet,
  renderWallet,
}: Required<
  Pick<OperationsTableProps, 'ownWalletIds' | 'showWallet' | 'renderWallet'>
>): TableColumnsType<Transaction> {
  return [
    {
      title: 'Дата',
      dataIndex: 'created_at',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    ...(showWallet
      ? [
          {
            title: 'Кошелёк',
            dataIndex: 'wallet_name',
            render: (name: string, operation: Transaction) =>
              renderWallet({
                id: operation.wallet_id,
                name: walletLabel(name, operation.wallet_owner_name),
              }),
          },
        ]
      : []),
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
      render: (amount: number, operation) => (
        <Flex vertical align="flex-end">
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(amount, operation.currency)}
          </Typography.Text>
          {operation.type === 'transfer' ? (
            <TransferDetails
              operation={operation}
              incoming={!ownWalletIds.includes(operation.wallet_id)}
              renderWallet={renderWallet}
            />
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (status: Transaction['status']) => <TransactionStatusTag status={status} />,
    },
    {
      title: 'Назначение',
      key: 'purpose',
      // Wraps within its width, so the table fits a laptop beside the sidebar (1 400 px).
      width: 240,
      render: (_value: unknown, operation) => <PurposeAndComment operation={operation} />,
    },
    {
      title: 'Создал / подтвердил',
      key: 'people',
      render: (_value: unknown, operation) => (
        <Flex vertical style={{ maxWidth: 200 }}>
          <span>{operation.created_by_name ?? '—'}</span>
          {operation.confirmed_by_name ? (
            <Typography.Text type="secondary">
              {operation.status === 'rejected' ? 'Отклонил: ' : 'Подтвердил: '}
              {operation.confirmed_by_name}
              {operation.confirmed_at ? `, ${formatDateTime(operation.confirmed_at)}` : ''}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
}

/**
 * Operations of one or several wallets as every section shows them: the moment, the type with
 * its sign, the amount (a transfer's other side, credited amount and rate under it), the status,
 * what it is for (trip and dates, tourist, booking and supplier, «Переплата») with the comment and
 * category under it, who created it and who confirmed or rejected it, when. Presentational:
 * the rows and the pagination come from the caller.
 */
export function OperationsTable({
  operations,
  loading,
  ownWalletIds,
  emptyText,
  showWallet = false,
  pagination = false,
  renderWallet = plainName,
  label = 'Операции',
}: OperationsTableProps) {
  return (
    <ScrollRegion label={label}>
      <ListTable<Transaction>
        rowKey="id"
        size="middle"
        aria-label={label}
        // The rows as wide as their lines unwrapped: a narrow screen scrolls the region sideways,
        // the pagination stays in sight; a phone sees each operation as a card.
        styles={{ section: { minWidth: 'max-content' } }}
        columns={columns({ ownWalletIds, showWallet, renderWallet })}
        dataSource={operations}
        loading={loading}
        pagination={pagination}
        locale={{ emptyText: loading ? ' ' : <EmptyState description={emptyText} /> }}
      />
    </ScrollRegion>
  );
}
