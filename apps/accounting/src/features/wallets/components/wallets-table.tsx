import {
  EmptyState,
  ListTable,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { CURRENCY_LABELS, formatAmount, hrefOf } from '@tour/shared';
import type { WalletRow } from '../api/wallets-api';
import { WALLET_KIND_LABELS } from './wallet-form';

const COLUMNS: TableColumnsType<WalletRow> = [
  {
    title: 'Название',
    dataIndex: 'name',
    render: (name: string, wallet) => (
      <Link to={hrefOf('balance-wallet', { id: wallet.id })}>{name}</Link>
    ),
  },
  {
    title: 'Владелец',
    dataIndex: 'user_name',
    render: (owner: string | null, wallet) =>
      wallet.type === 'site' ? <Typography.Text type="secondary">Компания</Typography.Text> : owner,
  },
  {
    title: 'Вид',
    dataIndex: 'kind',
    render: (kind: WalletRow['kind']) =>
      kind ? WALLET_KIND_LABELS[kind] : <Typography.Text type="secondary">—</Typography.Text>,
  },
  {
    title: 'Валюта',
    dataIndex: 'currency',
    render: (currency: WalletRow['currency']) =>
      `${CURRENCY_LABELS[currency] ?? currency} (${currency.toUpperCase()})`,
  },
  {
    title: 'Баланс',
    dataIndex: 'balance',
    align: 'right',
    render: (balance: number, wallet) => (
      <Typography.Text strong={balance !== 0}>
        {formatAmount(balance, wallet.currency)}
      </Typography.Text>
    ),
  },
];

export interface WalletsTableProps {
  wallets: readonly WalletRow[];
  loading: boolean;
  pagination?: TablePaginationConfig | false;
}

/** Wallets with owner, currency and balance; each name leads to the wallet's page. */
export function WalletsTable({ wallets, loading, pagination = false }: WalletsTableProps) {
  return (
    <ListTable<WalletRow>
      rowKey="id"
      columns={COLUMNS}
      dataSource={wallets}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: loading ? ' ' : <EmptyState /> }}
      scroll={{ x: 'max-content' }}
    />
  );
}
