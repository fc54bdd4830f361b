import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { dayjs, formatAmount } from '@tour/shared';
import type { AdministrativeReport } from '../api/types';

const COMPACT = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The period's incomes and expenses as bars and their difference as a line, month by month, as
 * the server's totals give them. Loaded on its own (React.lazy): recharts and its internal store
 * (its own context, apart from the product's) come only with a report to draw.
 */
export default function AdministrativeChart({
  months,
  totals,
  currency,
}: Pick<AdministrativeReport, 'months' | 'totals' | 'currency'>) {
  const data = months.map((month, index) => ({
    label: dayjs(`${month}-01`).format('MMM YYYY'),
    income: totals.income[index] ?? 0,
    outcome: totals.outcome[index] ?? 0,
    net: totals.net[index] ?? 0,
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
      <Bar dataKey="income" name="Поступления" fill="#52c41a" />
      <Bar dataKey="outcome" name="Расходы" fill="#fa8c16" />
      <Line
        type="monotone"
        dataKey="net"
        name="Разница"
        stroke="#1677ff"
        strokeWidth={2}
        dot={{ r: 3 }}
      />
    </ComposedChart>
  );
}
