import { Table, type TableColumnsType } from '@tour/shared/ui';
import { formatAmount, type Currency } from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import { formatMargin } from '../../../lib/format-margin';
import type { GeneralReportTotals } from '../api/types';
import { MISSING_RATE_HINT } from './report-lines-table';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function columns(currency: Currency): TableColumnsType<GeneralReportTotals> {
  const money = (value: number) => <span style={NOWRAP}>{formatAmount(value, currency)}</span>;
  return [
    {
      title: '',
      key: 'label',
      render: (_value, totals) => (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          Итого
          {totals.missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
        </span>
      ),
    },
    { title: 'Туров', dataIndex: 'trips', align: 'right' },
    { title: 'Туристов', dataIndex: 'tourists', align: 'right' },
    { title: 'Доход', dataIndex: 'income', align: 'right', render: money },
    { title: 'Расходы', dataIndex: 'costs', align: 'right', render: money },
    {
      title: 'Курсовая разница',
      dataIndex: 'exchange_difference',
      align: 'right',
      render: money,
    },
    { title: 'Прибыль', dataIndex: 'profit', align: 'right', render: money },
    {
      title: 'Маржа',
      dataIndex: 'margin',
      align: 'right',
      render: (margin: number | null) => <span style={NOWRAP}>{formatMargin(margin)}</span>,
    },
  ];
}

/**
 * The totals of every trip the filters find (all pages), as the server sent them: the browser
 * adds no amounts (DESIGN.md 3b).
 */
export function ReportTotals({
  totals,
  currency,
}: {
  totals: GeneralReportTotals;
  currency: Currency;
}) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<GeneralReportTotals>
        rowKey={() => 'totals'}
        size="small"
        aria-label="Итого"
        columns={columns(currency)}
        dataSource={[totals]}
        pagination={false}
      />
    </div>
  );
}
