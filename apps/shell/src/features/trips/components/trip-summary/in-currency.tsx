import { Alert, Card, Descriptions, Typography } from '@tour/shared/ui';
import {
  formatAmount,
  formatDate,
  formatExchangeRate,
  type Currency,
  type TripTotals,
} from '@tour/shared';
import type { TripSummaryData } from '../../api/trips-api';

function TotalsIn({ totals, currency }: { totals: TripTotals; currency: Currency }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 5 }}
      items={[
        { key: 'due', label: 'К оплате', children: formatAmount(totals.due, currency) },
        { key: 'paid', label: 'Оплачено', children: formatAmount(totals.paid, currency) },
        { key: 'expected', label: 'Ожидается', children: formatAmount(totals.expected, currency) },
        { key: 'debt', label: 'Долг', children: formatAmount(totals.debt, currency) },
        { key: 'overpaid', label: 'Переплата', children: formatAmount(totals.overpaid, currency) },
      ]}
    />
  );
}

/** The totals in the chosen currency: the rate and its date, or why they are missing. */
export function InCurrency({ summary }: { summary: TripSummaryData }) {
  const other = summary.in_currency;
  if (!other || other.currency === summary.trip.currency) return null;
  const code = other.currency.toUpperCase();
  if (other.missing_rate || !other.totals || other.rate === null) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`Нет курса ${summary.trip.currency.toUpperCase()} → ${code}: итоги в ${code} не посчитаны`}
        description="Курс не подставляется как 1: добавьте курс валют в бухгалтерии."
      />
    );
  }
  return (
    <Card size="small" title={`Итоги в ${code}`}>
      <Typography.Paragraph type="secondary">
        {`по курсу ${formatExchangeRate(other.rate, summary.trip.currency, other.currency)} на ${formatDate(other.rate_date)}`}
      </Typography.Paragraph>
      <TotalsIn totals={other.totals} currency={other.currency} />
    </Card>
  );
}
