import {
  Alert,
  EmptyState,
  ExportButton,
  Flex,
  LoadError,
  PageFrame,
  PRINT_HIDDEN_CLASS,
  PrintButton,
  PrintHeader,
  Skeleton,
  TripSelect,
  Typography,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { BOOKING_KINDS, statusOf } from '@tour/shared';
import { CurrencySwitch } from '../../../components/currency-switch';
import { printedCurrency } from '../../../lib/print-lines';
import { useReportsTourSummaryQuery } from '../api/tour-summary-api';
import type { TourSummary } from '../api/types';
import { useTourSummaryParams } from '../hooks/use-tour-summary-params';
import { KindBookingsTable } from './kind-bookings-table';
import { PlanVsActual } from './plan-vs-actual';
import { TourTotals, TripHeader } from './tour-summary-header';
import { SHARE_NOTE, TouristsTable } from './tourists-table';

const HEADING = { margin: 0 } as const;

function TourSummaryBody({ summary, loading }: { summary: TourSummary; loading: boolean }) {
  return (
    <>
      <TripHeader trip={summary.trip} />
      <TourTotals summary={summary} />
      <PlanVsActual summary={summary} loading={loading} />
      <Typography.Title level={3} style={HEADING}>
        Бронирования
      </Typography.Title>
      {summary.kinds.length === 0 ? (
        <EmptyState description="Бронирований нет" />
      ) : (
        summary.kinds.map((group) => (
          <Flex key={group.kind} vertical gap="small">
            <Typography.Title level={4} style={HEADING}>
              {BOOKING_KINDS[group.kind]?.label ?? group.kind}
            </Typography.Title>
            <KindBookingsTable group={group} currency={summary.currency} loading={loading} />
          </Flex>
        ))
      )}
      <Typography.Title level={3} style={HEADING}>
        По туристам
      </Typography.Title>
      <TouristsTable summary={summary} loading={loading} />
      <Typography.Paragraph type="secondary" style={HEADING}>
        {SHARE_NOTE}
      </Typography.Paragraph>
    </>
  );
}

/**
 * report-tour (report/tour): one trip picked by its title, its bookings by kind with each cost
 * converted at its service day's rate, the trip's figures by contract and in cash (as the general
 * report has them), and each tourist's
 * paid against its share of the costs; its export, and its print with the filters as a header.
 * The trip and the currency live in the URL query; without a currency the server counts in the
 * trip's own, and the switch shows that one.
 */
export function TourSummaryPage({ title }: { title: string }) {
  const { args, tripId, currency, setTrip, setCurrency } = useTourSummaryParams();
  const { data, error, isError, isFetching, refetch } = useReportsTourSummaryQuery(
    args ?? skipToken,
  );
  // While another trip loads, RTK Query keeps the previous trip's answer: never show it as this one.
  const summary = data && data.trip.id === tripId ? data : undefined;
  const shownCurrency = currency ?? summary?.trip.currency;

  let content;
  if (tripId === null) content = <EmptyState description="Выберите тур" />;
  else if (isError && statusOf(error) === 404)
    content = <Alert type="warning" showIcon title="Тур не найден" />;
  else if (isError)
    content = (
      <LoadError title="Не удалось загрузить свод по туру" onRetry={() => void refetch()} />
    );
  else if (summary) content = <TourSummaryBody summary={summary} loading={isFetching} />;
  else if (isFetching || data === undefined) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else content = <Alert type="warning" showIcon title="Тур не найден" />;

  return (
    <PageFrame
      title={title}
      extra={
        <Flex gap="small" wrap className={PRINT_HIDDEN_CLASS}>
          {args ? (
            <ExportButton
              url="/admin/reports/tour/export"
              params={{ ...args }}
              fallbackFileName={`tour-summary-${args.trip_id}-${shownCurrency ?? 'trip'}.xlsx`}
            />
          ) : null}
          <PrintButton />
        </Flex>
      }
    >
      <PrintHeader
        title={title}
        lines={[
          ['Тур', summary?.trip.title ?? (tripId === null ? 'не выбран' : `№${tripId}`)],
          ['Валюта', shownCurrency ? printedCurrency(shownCurrency) : 'валюта тура'],
        ]}
      />
      <Flex gap="middle" wrap align="center" justify="space-between" className={PRINT_HIDDEN_CLASS}>
        <TripSelect label="Тур" value={tripId} onChange={setTrip} style={{ minWidth: 320 }} />
        {tripId !== null && shownCurrency ? (
          <CurrencySwitch value={shownCurrency} onChange={setCurrency} />
        ) : null}
      </Flex>
      {content}
    </PageFrame>
  );
}
