import { Fragment } from 'react';
import { Typography } from '@tour/shared/ui';
import { formatAmount, plural } from '@tour/shared';
import type { CurrencyTotal } from '../api/operations-api';

export const OPERATIONS = ['операция', 'операции', 'операций'] as const;

/** What waits in each currency by type, as the server summed it: [['+$1 200,00', '−$50,00'], …]. */
function pendingParts(totals: readonly CurrencyTotal[]): string[][] {
  return totals
    .map((total) =>
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
    .filter((parts) => parts.length > 0);
}

/**
 * What waits under the filter, currency by currency, as the server summed it (the browser adds
 * nothing, DESIGN.md 3b): «+$1 200,00 −$50,00 · +С50 000,00»; no amount breaks across lines.
 */
export function PendingSums({ totals }: { totals: readonly CurrencyTotal[] }) {
  return (
    <>
      {pendingParts(totals).map((parts, group) => (
        <Fragment key={group}>
          {group > 0 ? ' · ' : null}
          {parts.map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? ' ' : null}
              <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** True when something under the filter has a sum to say. */
export const hasPendingSums = (totals: readonly CurrencyTotal[]) => pendingParts(totals).length > 0;

/** «Под фильтром 12 операций: +$1 200,00 · +С50 000,00» (the count and sums of every page). */
export function WaitingTotals({
  total,
  totals,
}: {
  total: number;
  totals: readonly CurrencyTotal[];
}) {
  return (
    <Typography.Text role="status" aria-label="Итоги под фильтром">
      <Typography.Text strong>{`Под фильтром ${plural(total, OPERATIONS)}`}</Typography.Text>
      {hasPendingSums(totals) ? (
        <>
          {': '}
          <PendingSums totals={totals} />
        </>
      ) : null}
    </Typography.Text>
  );
}
