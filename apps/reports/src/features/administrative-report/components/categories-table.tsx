import { EmptyState, ScrollRegion, Table, type TableColumnsType } from '@tour/shared/ui';
import { formatAmount, type Currency } from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import type {
  AdministrativeOperationType,
  AdministrativeReport,
  AdministrativeReportLine,
} from '../api/types';
import { formatMonthHeader } from '../lib/format-month';

// Plain elements in the cells: rows of antd's Flex and Typography cost more to render than the
// rest of the table, and a period may have dozens of month columns.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const LABEL = { display: 'inline-flex', gap: 8, alignItems: 'center', ...NOWRAP } as const;

export const MISSING_RATE_HINT = 'Часть операций не пересчитана: нет курса их дня';

export const OPERATION_TYPE_LABELS: Record<AdministrativeOperationType, string> = {
  income: 'Поступление',
  outcome: 'Расход',
};

function Money({ value, currency }: { value: number | undefined; currency: Currency }) {
  return <span style={NOWRAP}>{formatAmount(value, currency)}</span>;
}

function columns({
  months,
  currency,
}: AdministrativeReport): TableColumnsType<AdministrativeReportLine> {
  return [
    {
      title: 'Категория',
      key: 'category',
      render: (_value, line) => (
        <span style={LABEL}>
          {line.category}
          {line.missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
        </span>
      ),
    },
    {
      title: 'Вид',
      key: 'type',
      render: (_value, line) => OPERATION_TYPE_LABELS[line.type] ?? line.type,
    },
    ...months.map((month, index) => ({
      title: formatMonthHeader(month),
      key: month,
      align: 'right' as const,
      render: (_value: unknown, line: AdministrativeReportLine) => (
        <Money value={line.by_month[index]} currency={currency} />
      ),
    })),
    {
      title: 'Итого',
      key: 'total',
      align: 'right',
      render: (_value, line) => <Money value={line.total} currency={currency} />,
    },
    {
      title: 'В своих валютах',
      key: 'originals',
      render: (_value, line) =>
        line.originals.map(({ amount, currency: own }) => formatAmount(amount, own)).join('; '),
    },
  ];
}

/** One summary row: a label, the server's figure of each month and of the period. */
function TotalsRow({
  label,
  byMonth,
  total,
  missingRate,
  currency,
}: {
  label: string;
  byMonth: readonly number[];
  total: number;
  missingRate: boolean;
  currency: Currency;
}) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={2}>
        <strong style={LABEL}>
          {label}
          {missingRate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
        </strong>
      </Table.Summary.Cell>
      {byMonth.map((value, index) => (
        <Table.Summary.Cell key={index} index={index + 2} align="right">
          <Money value={value} currency={currency} />
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={byMonth.length + 2} align="right">
        <strong style={NOWRAP}>{formatAmount(total, currency)}</strong>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={byMonth.length + 3} />
    </Table.Summary.Row>
  );
}

/**
 * «По категориям»: each category's month by month in the report's currency, its period's total
 * and its operations in their own currencies, incomes first, then expenses, in the server's
 * order; under them the server's totals (incomes, expenses, difference), as sent: the browser
 * adds no amounts (DESIGN.md 3b).
 */
export function CategoriesTable({
  report,
  loading,
}: {
  report: AdministrativeReport;
  loading: boolean;
}) {
  const { lines, totals, currency } = report;
  // A «нет курса» on a summary row when a line it stands for has one.
  const missingOf = (type: AdministrativeOperationType) =>
    lines.some((line) => line.type === type && line.missing_rate);
  return (
    <ScrollRegion label="По категориям">
      <Table<AdministrativeReportLine>
        rowKey={(line) => `${line.type} ${line.category}`}
        size="middle"
        aria-label="По категориям"
        columns={columns(report)}
        dataSource={lines}
        loading={loading}
        pagination={false}
        locale={{
          emptyText: loading ? ' ' : <EmptyState description="Операций за период нет" />,
        }}
        summary={() =>
          lines.length === 0 ? null : (
            <Table.Summary>
              <TotalsRow
                label="Поступления"
                byMonth={totals.income}
                total={totals.income_total}
                missingRate={missingOf('income')}
                currency={currency}
              />
              <TotalsRow
                label="Расходы"
                byMonth={totals.outcome}
                total={totals.outcome_total}
                missingRate={missingOf('outcome')}
                currency={currency}
              />
              <TotalsRow
                label="Разница"
                byMonth={totals.net}
                total={totals.net_total}
                missingRate={totals.missing_rate}
                currency={currency}
              />
            </Table.Summary>
          )
        }
      />
    </ScrollRegion>
  );
}
