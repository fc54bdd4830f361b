import { Typography } from '@tour/shared/ui';
import { formatAmount, plural } from '@tour/shared';
import type { CurrencyTotal } from '../api/operations-api';

export const OPERATIONS = ['операция', 'операции', 'операций'] as const;

/**
 * What waits under the filter, per currency and type, as the server summed it:
 * «+$1 200,00 · −$50,00 · ⇆$1 000,00 · +С50 000,00»; the browser adds nothing (DESIGN.md 3b).
 */
export function pendingSums(totals: readonly CurrencyTotal[]): string {
  return totals
    .flatMap((total) =>
      (
        [
          ['+', total.pending_income],
          ['−', total.pending_outcome],
          ['⇆', total.pending_transfer],
        ] as const
      )
        .filter(([, amount]) => amount !== 0)
        .map(([sign, amount]) => `${sign}${formatAmount(amount, total.currency)}`),
    )
    .join(' · ');
}

/** «Под фильтром 12 операций: +$1 200,00 · +С50 000,00» (the count and sums of every page). */
export function WaitingTotals({
  total,
  totals,
}: {
  total: number;
  totals: readonly CurrencyTotal[];
}) {
  const sums = pendingSums(totals);
  return (
    <Typography.Text role="status" aria-label="Итоги под фильтром">
      <Typography.Text strong>{`Под фильтром ${plural(total, OPERATIONS)}`}</Typography.Text>
      {sums ? `: ${sums}` : null}
    </Typography.Text>
  );
}
