import { Table, TransactionStatusTag, type TableColumnsType } from '@tour/shared/ui';
import { formatAmount, formatDate, formatExchangeRate, type Currency } from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import type { ReportPayment } from '../api/types';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STACKED = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' } as const;

const TYPE_LABELS: Record<ReportPayment['type'], string> = {
  income: 'Платёж',
  outcome: 'Возврат',
};

/**
 * The rate as a bank prints it («1 $ = 87,45 С», «100 ¥ = 56,85 С») and its day; «—» between a
 * currency and itself, «нет курса» without one.
 */
function RateCell({
  rate,
  date,
  from,
  to,
}: {
  rate: number | null;
  date: string | null;
  from: Currency;
  to: Currency;
}) {
  if (from === to) return <span>—</span>;
  if (rate === null) return <MissingRateTag />;
  return (
    <div style={STACKED}>
      <span style={NOWRAP}>{formatExchangeRate(rate, from, to)}</span>
      {date ? <span style={NOWRAP}>{`на ${formatDate(date)}`}</span> : null}
    </div>
  );
}

function AmountCell({ value, currency }: { value: number | null; currency: Currency }) {
  if (value === null) return <MissingRateTag />;
  return <span style={NOWRAP}>{formatAmount(value, currency)}</span>;
}

function columns(tripCurrency: Currency, currency: Currency): TableColumnsType<ReportPayment> {
  return [
    { title: 'Дата', dataIndex: 'date', render: (date: string) => formatDate(date) },
    { title: 'Тип', dataIndex: 'type', render: (type: ReportPayment['type']) => TYPE_LABELS[type] },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (status: ReportPayment['status']) => <TransactionStatusTag status={status} />,
    },
    {
      title: 'Сумма',
      dataIndex: 'amount',
      align: 'right',
      render: (_value, payment) => (
        <AmountCell value={payment.amount} currency={payment.currency} />
      ),
    },
    {
      title: 'Курс к валюте тура',
      key: 'trip_rate',
      align: 'right',
      render: (_value, payment) => (
        <RateCell
          rate={payment.trip_rate}
          date={payment.trip_rate_date}
          from={payment.currency}
          to={tripCurrency}
        />
      ),
    },
    {
      title: `В ${tripCurrency.toUpperCase()}`,
      dataIndex: 'in_trip_currency',
      align: 'right',
      render: (value: number | null) => <AmountCell value={value} currency={tripCurrency} />,
    },
    {
      title: 'Курс к валюте отчета',
      key: 'report_rate',
      align: 'right',
      render: (_value, payment) => (
        <RateCell
          rate={payment.report_rate}
          date={payment.report_rate_date}
          from={payment.currency}
          to={currency}
        />
      ),
    },
    {
      title: `В ${currency.toUpperCase()}`,
      dataIndex: 'in_report_currency',
      align: 'right',
      render: (value: number | null) => <AmountCell value={value} currency={currency} />,
    },
  ];
}

export interface PaymentsTableProps {
  label: string;
  payments: readonly ReportPayment[];
  /** The trip's currency. */
  tripCurrency: Currency;
  /** The report's currency. */
  currency: Currency;
}

/**
 * A participant's payments and refunds: each in its own currency, then at its day's rate in the
 * trip's currency and in the report's, with the rate and its day («нет курса» where none).
 */
export function PaymentsTable({ label, payments, tripCurrency, currency }: PaymentsTableProps) {
  return (
    <Table<ReportPayment>
      rowKey="id"
      size="small"
      aria-label={label}
      columns={columns(tripCurrency, currency)}
      dataSource={[...payments]}
      pagination={false}
    />
  );
}
