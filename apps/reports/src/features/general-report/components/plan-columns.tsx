import type { TableColumnsType } from '@tour/shared/ui';
import { formatAmount, type Currency } from '@tour/shared';
import { formatMargin } from '../../../lib/format-margin';
import type { GeneralReportLine } from '../api/types';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A trip without a costing has no plan: said once across the plan's columns, never zeros. */
export const NO_COSTING = 'нет калькуляции';

type Plan = NonNullable<GeneralReportLine['plan']>;

const PLAN_FIGURES: { key: keyof Omit<Plan, 'missing_rate'>; title: string }[] = [
  { key: 'costs', title: 'Расходы' },
  { key: 'profit', title: 'Прибыль' },
  { key: 'margin', title: 'Маржа' },
  { key: 'difference', title: 'Расходы сверх плана' },
];

/**
 * «План по калькуляции» (issue 33): each trip's planned costs, profit and margin from its costing,
 * and its costs over plan (the actual ones are the report's own columns), as the server sent
 * them; over plan in red. A trip without a costing reads «нет калькуляции».
 */
export function planColumns(
  currency: Currency,
  colors: { error: string; secondary: string },
): TableColumnsType<GeneralReportLine>[number] {
  return {
    title: 'План по калькуляции',
    children: PLAN_FIGURES.map(({ key, title }, index) => ({
      title,
      key: `plan-${key}`,
      align: index === 0 ? undefined : 'right',
      onCell: ({ plan }) => (plan ? {} : { colSpan: index === 0 ? PLAN_FIGURES.length : 0 }),
      render: (_value, { plan }) => {
        if (!plan)
          return index === 0 ? <span style={{ color: colors.secondary }}>{NO_COSTING}</span> : null;
        const value = plan[key];
        const text = key === 'margin' ? formatMargin(value) : formatAmount(value ?? 0, currency);
        const over = key === 'difference' && (value ?? 0) > 0;
        return <span style={over ? { ...NOWRAP, color: colors.error } : NOWRAP}>{text}</span>;
      },
    })),
  };
}
