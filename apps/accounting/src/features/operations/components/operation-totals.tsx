import { Table, type TableColumnsType } from '@tour/shared/ui';
import { CURRENCY_LABELS, formatAmount } from '@tour/shared';
import type { CurrencyTotal } from '../api/operations-api';

const COLUMNS: TableColumnsType<CurrencyTotal> = [
  {
    title: 'Валюта',
    dataIndex: 'currency',
    render: (currency: CurrencyTotal['currency']) =>
      `${CURRENCY_LABELS[currency] ?? currency} (${currency.toUpperCase()})`,
  },
  { title: 'Операций', dataIndex: 'count', align: 'right' },
  {
    title: 'Пополнения',
    dataIndex: 'income',
    align: 'right',
    render: (value: number, total) => formatAmount(value, total.currency),
  },
  {
    title: 'Снятия',
    dataIndex: 'outcome',
    align: 'right',
    render: (value: number, total) => formatAmount(value, total.currency),
  },
  {
    title: 'Переводы',
    dataIndex: 'transfer',
    align: 'right',
    render: (value: number, total) => formatAmount(value, total.currency),
  },
];

/**
 * The server's totals of every operation the filters find (all pages), one row per currency,
 * shown as sent: the browser adds no amounts (DESIGN.md 3b).
 */
export function OperationTotals({ totals }: { totals: readonly CurrencyTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <Table<CurrencyTotal>
      rowKey="currency"
      size="small"
      aria-label="Итоги по валютам"
      title={() => 'Итоги по отобранным операциям'}
      columns={COLUMNS}
      dataSource={[...totals]}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
