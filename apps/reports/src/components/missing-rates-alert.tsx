import { Alert } from '@tour/shared/ui';
import { formatDate, type Currency } from '@tour/shared';

/** A day (YYYY-MM-DD) and currency without a rate to the report's currency, as a report sends it. */
export interface MissingRate {
  date: string;
  currency: Currency;
}

/**
 * The days and currencies without a rate to the report's currency: their amounts are left out
 * of the figures (never converted at 1) until an accountant enters the rate. Every report that
 * converts shows it (the general report, the administrative report).
 */
export function MissingRatesAlert({
  missing,
  currency,
}: {
  missing: readonly MissingRate[];
  currency: Currency;
}) {
  if (missing.length === 0) return null;
  const target = currency.toUpperCase();
  return (
    <Alert
      type="warning"
      showIcon
      title={`Нет курса к ${target}: суммы этих дней не пересчитаны и не вошли в отчет`}
      description={
        <ul aria-label="Дни без курса" style={{ margin: 0, paddingInlineStart: 20 }}>
          {missing.map(({ date, currency: from }) => (
            <li key={`${date}-${from}`}>
              {`${formatDate(date)}: ${from.toUpperCase()} → ${target}`}
            </li>
          ))}
        </ul>
      }
    />
  );
}
