import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { BOOKING_KINDS, BOOKING_STATUSES } from '@tour/shared';
import type { KindCounts } from '../api/dashboard-api';

const COLORS = { requested: '#faad14', confirmed: '#52c41a', cancelled: '#bfbfbf' } as const;
const STATUSES = ['requested', 'confirmed', 'cancelled'] as const;

/**
 * The statuses' colours under the bars: drawn here, since recharts' own legend names each mark
 * «… legend icon» for screen readers.
 */
function StatusLegend() {
  return (
    <ul
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: 16,
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {STATUSES.map((status) => (
        <li key={status} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span
            aria-hidden="true"
            style={{ display: 'inline-block', width: 12, height: 12, background: COLORS[status] }}
          />
          {BOOKING_STATUSES[status].label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The month's counts as stacked horizontal bars per kind. Loaded on its own (React.lazy): recharts and its
 * internal store (its own context, apart from the product's) come only with the dashboard.
 */
export default function CountsChart({ counts }: { counts: KindCounts[] }) {
  const data = counts.map((row) => ({ ...row, label: BOOKING_KINDS[row.kind].label }));
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      style={{ width: '100%', height: 300 }}
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      accessibilityLayer
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      {/* Bars across, kinds down the side: seven Russian labels never overlap. */}
      <XAxis type="number" allowDecimals={false} />
      <YAxis type="category" dataKey="label" width={140} interval={0} tick={{ fontSize: 12 }} />
      <Tooltip />
      <Legend content={<StatusLegend />} />
      {STATUSES.map((status) => (
        <Bar
          key={status}
          dataKey={status}
          name={BOOKING_STATUSES[status].label}
          stackId="status"
          fill={COLORS[status]}
        />
      ))}
    </BarChart>
  );
}
