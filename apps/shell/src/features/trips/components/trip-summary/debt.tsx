import { Typography } from '@tour/shared/ui';
import { formatAmount, type Currency } from '@tour/shared';

/** A debt as it reads: owed in red, overpaid (negative) in green and said so, zero plain. */
export function Debt({ value, currency }: { value: number; currency: Currency }) {
  if (value < 0) {
    return (
      <Typography.Text type="success" title="Переплата">
        {`Переплата ${formatAmount(-value, currency)}`}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type={value > 0 ? 'danger' : undefined}>
      {formatAmount(value, currency)}
    </Typography.Text>
  );
}
