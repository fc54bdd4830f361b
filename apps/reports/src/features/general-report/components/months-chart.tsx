import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import {
  dayjs,
  formatAmount,
  REPORT_FIGURES,
  type Currency,
  type ReportFigureKey,
} from '@tour/shared';
import type { GeneralReportMonth } from '../api/types';

/** A figure's name as the table's column has it. */
const nameOf = (key: ReportFigureKey) => REPORT_FIGURES.find((figure) => figure.key === key)!.label;

const BARS = [
  { key: 'revenue', color: '#52c41a' },
  { key: 'costs', color: '#fa8c16' },
] as const;

const COMPACT = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Revenue and costs as bars, profit and what was paid as lines, month by month (the months the
 * trips start in): the table's columns, by contract and in cash. Loaded on its own (React.lazy):
 * recharts and its internal store (its own context, apart from the product's) come only with a
 * report to draw.
 */
export default function MonthsChart({
  months,
  currency,
}: {
  months: readonly GeneralReportMonth[];
  currency: Currency;
}) {
  const data = months.map((month) => ({
    ...month,
    label: dayjs(`${month.month}-01`).format('MMM YYYY'),
  }));
  return (
    <ComposedChart
      responsive
      data={data}
      style={{ width: '100%', height: 320 }}
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      accessibilityLayer
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis width={64} tickFormatter={(value: number) => COMPACT.format(value)} />
      <Tooltip formatter={(value) => formatAmount(value, currency)} />
      <Legend />
      {BARS.map((series) => (
        <Bar key={series.key} dataKey={series.key} name={nameOf(series.key)} fill={series.color} />
      ))}
      <Line
        type="monotone"
        dataKey="profit"
        name={nameOf('profit')}
        stroke="#1677ff"
        strokeWidth={2}
        dot={{ r: 3 }}
      />
      <Line
        type="monotone"
        dataKey="paid"
        name={nameOf('paid')}
        stroke="#722ed1"
        strokeWidth={2}
        strokeDasharray="5 3"
        dot={{ r: 3 }}
      />
    </ComposedChart>
  );
}
