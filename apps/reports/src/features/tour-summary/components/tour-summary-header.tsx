import { Descriptions, Flex } from '@tour/shared/ui';
import {
  CURRENCY_LABELS,
  EXCHANGE_DIFFERENCE_FIGURE,
  formatDate,
  REPORT_FIGURE_GROUPS,
  TRIP_STATUSES,
  type ReportFigure,
} from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import { formatFigure } from '../../../lib/report-figures';
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
 * The trip's figures in the report's currency, as the server sent them (the general report's for
 * this trip): tourists, then by contract (revenue, costs, profit, margin) and in cash (paid, debt,
 * supplier payments, cash result), and the exchange difference apart.
 */
export function TourTotals({ summary }: { summary: TourSummary }) {
  const { totals, currency } = summary;
  const figure = ({ key, label }: ReportFigure) => ({
    key,
    label,
    children: <span style={NOWRAP}>{formatFigure(totals, key, currency)}</span>,
  });
  return (
    <section aria-label="Итоги тура">
      <Flex vertical gap="small">
        <Descriptions
          bordered
          size="small"
          title={
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              {`Итоги тура в ${currency.toUpperCase()}`}
              {totals.missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
            </span>
          }
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'tourists', label: 'Туристов', children: totals.tourists },
            figure(EXCHANGE_DIFFERENCE_FIGURE),
          ]}
        />
        {REPORT_FIGURE_GROUPS.map((group) => (
          <Descriptions
            key={group.title}
            bordered
            size="small"
            title={group.title}
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={group.figures.map(figure)}
          />
        ))}
      </Flex>
    </section>
  );
}
