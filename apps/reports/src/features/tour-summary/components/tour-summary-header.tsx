import { Descriptions } from '@tour/shared/ui';
import { CURRENCY_LABELS, formatAmount, formatDate, TRIP_STATUSES } from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import { formatMargin } from '../../../lib/format-margin';
import type { TourSummary } from '../api/types';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export const MISSING_RATE_HINT =
  'Часть сумм не пересчитана: нет курса их дня. Они не вошли в итоги.';

/** The trip: title, country, dates, status and its own currency. */
export function TripHeader({ trip }: { trip: TourSummary['trip'] }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 4 }}
      items={[
        { key: 'title', label: 'Тур', children: trip.title },
        ...(trip.country ? [{ key: 'country', label: 'Страна', children: trip.country }] : []),
        {
          key: 'dates',
          label: 'Даты',
          children: `${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`,
        },
        {
          key: 'status',
          label: 'Статус',
          children: TRIP_STATUSES[trip.status]?.label ?? trip.status,
        },
        {
          key: 'currency',
          label: 'Валюта тура',
          children: `${CURRENCY_LABELS[trip.currency]} (${trip.currency.toUpperCase()})`,
        },
      ]}
    />
  );
}

/**
 * The trip's figures in the report's currency, as the server sent them (the general report's
 * for this trip): tourists, income, costs, exchange difference, profit and margin.
 */
export function TourTotals({ summary }: { summary: TourSummary }) {
  const { totals, currency } = summary;
  const money = (value: number) => <span style={NOWRAP}>{formatAmount(value, currency)}</span>;
  return (
    <section aria-label="Итоги тура">
      <Descriptions
        bordered
        size="small"
        title={
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {`Итоги тура в ${currency.toUpperCase()}`}
            {totals.missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
          </span>
        }
        column={{ xs: 1, sm: 2, lg: 3, xxl: 6 }}
        items={[
          { key: 'tourists', label: 'Туристов', children: totals.tourists },
          { key: 'income', label: 'Доход', children: money(totals.income) },
          { key: 'costs', label: 'Расходы', children: money(totals.costs) },
          {
            key: 'exchange_difference',
            label: 'Курсовая разница',
            children: money(totals.exchange_difference),
          },
          { key: 'profit', label: 'Прибыль', children: money(totals.profit) },
          {
            key: 'margin',
            label: 'Маржа',
            children: <span style={NOWRAP}>{formatMargin(totals.margin)}</span>,
          },
        ]}
      />
    </section>
  );
}
