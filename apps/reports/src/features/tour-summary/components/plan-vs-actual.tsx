import { Flex, Table, theme, Typography, type TableColumnsType } from '@tour/shared/ui';
import { BOOKING_KINDS, formatAmount, formatDate, OCCUPANCIES, type Currency } from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import { formatMargin } from '../../../lib/format-margin';
import type { TourSummary } from '../api/types';

type Plan = NonNullable<TourSummary['plan']>;
type PlanKind = Plan['kinds'][number];

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const HEADING = { margin: 0 } as const;

/** A trip without a costing has no plan: said, never zeros. */
export const NO_COSTING = 'нет калькуляции';

const MISSING_HINT = 'Часть строк калькуляции не пересчитана: нет курса на дату калькуляции';

/** Which version and cell the plan follows, and for how many people it is recomputed. */
export function planSource(plan: Plan): string {
  const { costing } = plan;
  const occupancy = OCCUPANCIES[costing.occupancy].label.toLowerCase();
  const version = `«${costing.title}», версия ${costing.version}`;
  const from = costing.applied
    ? `По калькуляции ${version}: цена тура применена для группы ${costing.applied_group_size}, ${occupancy}`
    : `По последней калькуляции ${version} (цена из неё не применялась), ${occupancy}`;
  return `${from}; пересчитана на участников: ${plan.group_size}; курсы на ${formatDate(costing.rate_date)}.`;
}

/** A row of the table: a kind, or one of the trip's results under the kinds. */
interface Row {
  key: string;
  label: string;
  planned: string;
  actual: string;
  /** The difference as an amount (over plan when positive), none for revenue, profit, margin. */
  difference: number | null;
  strong?: boolean;
}

function rowsOf(plan: Plan, currency: Currency): Row[] {
  const money = (value: number) => formatAmount(value, currency);
  return [
    ...plan.kinds.map((kind: PlanKind) => ({
      key: kind.kind,
      label: BOOKING_KINDS[kind.kind]?.label ?? kind.kind,
      planned: money(kind.planned),
      actual: money(kind.actual),
      difference: kind.difference,
    })),
    {
      key: 'costs',
      label: 'Расходы',
      planned: money(plan.planned_costs),
      actual: money(plan.actual_costs),
      difference: plan.difference,
      strong: true,
    },
    {
      key: 'revenue',
      label: 'Выручка',
      planned: money(plan.planned_revenue),
      actual: money(plan.actual_revenue),
      difference: null,
    },
    {
      key: 'profit',
      label: 'Прибыль',
      planned: money(plan.planned_profit),
      actual: money(plan.actual_profit),
      difference: null,
      strong: true,
    },
    {
      key: 'margin',
      label: 'Маржа',
      planned: formatMargin(plan.planned_margin),
      actual: formatMargin(plan.actual_margin),
      difference: null,
    },
  ];
}

/**
 * «План и факт» (issue 33): per booking kind the costing's planned cost, the bookings' actual one
 * (as the summary counts them), the difference (actual − planned, red when over plan); then the
 * costs, revenue, profit and margin planned and actual. Every figure as the server sent it.
 */
export function PlanVsActual({ summary, loading }: { summary: TourSummary; loading: boolean }) {
  const { token } = theme.useToken();
  const { plan, currency } = summary;
  if (!plan) {
    return (
      <Flex vertical gap="small">
        <Typography.Title level={3} style={HEADING}>
          План и факт
        </Typography.Title>
        <Typography.Text type="secondary">{NO_COSTING}</Typography.Text>
      </Flex>
    );
  }
  const columns: TableColumnsType<Row> = [
    {
      title: 'Вид',
      dataIndex: 'label',
      render: (label: string, row) => (row.strong ? <strong>{label}</strong> : label),
    },
    {
      title: 'План',
      dataIndex: 'planned',
      align: 'right',
      render: (text: string) => <span style={NOWRAP}>{text}</span>,
    },
    {
      title: 'Факт',
      dataIndex: 'actual',
      align: 'right',
      render: (text: string) => <span style={NOWRAP}>{text}</span>,
    },
    {
      title: 'Разница',
      dataIndex: 'difference',
      align: 'right',
      render: (difference: number | null) =>
        difference === null ? (
          ''
        ) : (
          <span style={difference > 0 ? { ...NOWRAP, color: token.colorError } : NOWRAP}>
            {formatAmount(difference, currency)}
          </span>
        ),
    },
  ];
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <Typography.Title level={3} style={HEADING}>
          План и факт
        </Typography.Title>
        {plan.missing_rate ? <MissingRateTag hint={MISSING_HINT} /> : null}
      </Flex>
      <Typography.Text type="secondary">{planSource(plan)}</Typography.Text>
      <Table<Row>
        rowKey="key"
        size="middle"
        aria-label="План и факт"
        columns={columns}
        dataSource={rowsOf(plan, currency)}
        pagination={false}
        loading={loading}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
