import { Fragment } from 'react';
import { ScrollRegion, Table, Typography, type TableColumnsType } from '@tour/shared/ui';
import { CURRENCY_LABELS, formatAmount } from '@tour/shared';
import type { CurrencyTotal } from '../api/operations-api';

/**
 * What waits for confirmation, by type: «5: +$12,50 · −$200,00 · ⇆$10,00»; none: «—». Each amount
 * stays on one line; the list wraps between them.
 */
function Pending({ total }: { total: CurrencyTotal }) {
  const parts = (
    [
      ['+', total.pending_income],
      ['−', total.pending_outcome],
      ['⇆', total.pending_transfer],
    ] as const
  )
    .filter(([, amount]) => amount !== 0)
    .map(([sign, amount]) => `${sign}${formatAmount(amount, total.currency)}`);
  if (total.pending_count === 0) return <>—</>;
  return (
    <span style={{ display: 'inline-block', maxWidth: 280 }}>
      {`${total.pending_count}: `}
      {parts.length === 0
        ? '—'
        : parts.map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? ' · ' : null}
              <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
            </Fragment>
          ))}
    </span>
  );
}

const COLUMNS: TableColumnsType<CurrencyTotal> = [
  {
    title: 'Валюта',
    dataIndex: 'currency',
    render: (currency: CurrencyTotal['currency']) =>
      `${CURRENCY_LABELS[currency] ?? currency} (${currency.toUpperCase()})`,
  },
  { title: 'Подтверждено', dataIndex: 'confirmed_count', align: 'right' },
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
  {
    title: 'Ожидает',
    key: 'pending',
    render: (_value, total) => <Pending total={total} />,
  },
  { title: 'Отклонено', dataIndex: 'rejected_count', align: 'right' },
];

/**
 * The server's totals of every operation the filters find (all pages), one row per currency,
 * shown as sent: the browser adds no amounts (DESIGN.md 3b). The sums are the confirmed
 * operations'; what waits is shown apart as «ожидает»; a rejected one is only counted.
 */
export function OperationTotals({ totals }: { totals: readonly CurrencyTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <ScrollRegion label="Итоги по валютам">
      <Table<CurrencyTotal>
        rowKey="currency"
        size="small"
        aria-label="Итоги по валютам"
        // The rows as wide as their lines unwrapped: a narrow screen scrolls the region sideways.
        styles={{ section: { minWidth: 'max-content' } }}
        title={() => (
          <>
            Итоги по отобранным операциям{' '}
            <Typography.Text type="secondary">
              (суммы — подтверждённые операции; ожидающие — отдельно; отклонённые не считаются)
            </Typography.Text>
          </>
        )}
        columns={COLUMNS}
        dataSource={[...totals]}
        pagination={false}
      />
    </ScrollRegion>
  );
}
