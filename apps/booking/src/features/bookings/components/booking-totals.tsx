import { Table, type TableColumnsType } from '@tour/shared/ui';
import { CURRENCY_LABELS, formatAmount } from '@tour/shared';
import type { BookingCurrencyTotal } from '../api/types';

const COLUMNS: TableColumnsType<BookingCurrencyTotal> = [
  {
    title: 'Валюта',
    dataIndex: 'currency',
    render: (currency: BookingCurrencyTotal['currency']) =>
      `${CURRENCY_LABELS[currency]} (${currency.toUpperCase()})`,
  },
  { title: 'Бронирований', dataIndex: 'count', align: 'right' },
  {
    title: 'К оплате',
    dataIndex: 'amount_due',
    align: 'right',
    render: (value: number, total) => formatAmount(value, total.currency),
  },
  {
    title: 'Оплачено',
    dataIndex: 'paid',
    align: 'right',
    render: (value: number, total) => formatAmount(value, total.currency),
  },
  {
    title: 'Долг',
    dataIndex: 'debt',
    align: 'right',
    render: (value: number, total) => formatAmount(value, total.currency),
  },
];

/**
 * The server's totals of every booking the filters find (all pages), one row per currency, as
 * sent: the browser adds no amounts (DESIGN.md 3b).
 */
export function BookingTotals({ totals }: { totals: readonly BookingCurrencyTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <Table<BookingCurrencyTotal>
      rowKey="currency"
      size="small"
      aria-label="Итоги по валютам"
      title={() => 'Итого по отобранным бронированиям'}
      columns={COLUMNS}
      dataSource={[...totals]}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
