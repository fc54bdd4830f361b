import {
  Alert,
  Descriptions,
  Flex,
  LoadError,
  PageFrame,
  PRINT_HIDDEN_CLASS,
  PrintButton,
  PrintHeader,
  Skeleton,
  Typography,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { Link, useLocation, useParams } from '@tour/shared/router';
import {
  CURRENCY_LABELS,
  formatAmount,
  formatDate,
  hrefOf,
  positiveInteger,
  statusOf,
  TRIP_STATUSES,
} from '@tour/shared';
import { CurrencySwitch } from '../../../components/currency-switch';
import { useReportCurrency } from '../../../hooks/use-report-currency';
import { printedCurrency } from '../../../lib/print-lines';
import { withReportQuery } from '../../../lib/report-currency';
import { useReportsTripUsersQuery } from '../api/trip-users-api';
import type { TripUsers } from '../api/types';
import { ParticipantsTable } from './participants-table';

function TripUsersReport({ report, loading }: { report: TripUsers; loading: boolean }) {
  const { trip, currency, totals } = report;
  const active = report.participants.filter((participant) => participant.status !== 'cancelled');
  const cancelled = report.participants.filter((participant) => participant.status === 'cancelled');
  const code = currency.toUpperCase();
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'title', label: 'Тур', children: trip.title },
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
      {totals.missing_rate ? (
        <Alert
          type="warning"
          showIcon
          title="Часть платежей не пересчитана: нет курса их дня. Они отмечены «нет курса» и не вошли в суммы."
        />
      ) : null}
      <ParticipantsTable
        label="Участники"
        participants={active}
        totals={totals.active}
        tripCurrency={trip.currency}
        currency={currency}
        loading={loading}
        empty="Участников нет"
      />
      <Typography.Text strong>
        {`Итого оплачено в ${code}: ${formatAmount(totals.paid_in_currency, currency)}`}
      </Typography.Text>
      {cancelled.length > 0 ? (
        <Flex vertical gap="small">
          <Typography.Title level={4} style={{ margin: 0 }}>
            Отмененные участники
          </Typography.Title>
          <ParticipantsTable
            label="Отмененные"
            participants={cancelled}
            totals={totals.cancelled}
            tripCurrency={trip.currency}
            currency={currency}
            loading={loading}
            empty="Отмененных участников нет"
          />
        </Flex>
      ) : null}
    </>
  );
}

type TripUsersQuery = ReturnType<typeof useReportsTripUsersQuery>;

function TripUsersContent({ query }: { query: TripUsersQuery }) {
  const { data, error, isLoading, isFetching, isError, refetch } = query;
  if (isError && statusOf(error) === 404)
    return <Alert type="warning" showIcon title="Тур не найден" />;
  if (isError) {
    return <LoadError title="Не удалось загрузить туристов тура" onRetry={() => void refetch()} />;
  }
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!data) return <Alert type="warning" showIcon title="Тур не найден" />;
  return <TripUsersReport report={data} loading={isFetching} />;
}

/**
 * report-general-users (report/general/{trip}/users): the tourists of one trip of the general
 * report, what each owes and paid in the trip's currency and paid in the report's, each payment
 * with its rates, the cancelled ones apart. The currency lives in the URL, as on the report.
 */
export function TripUsersPage({ title }: { title: string }) {
  const trip = positiveInteger(useParams().trip);
  const [currency, setCurrency] = useReportCurrency();
  // The report's period, filters and page came along in the query: the way back keeps them.
  const { search } = useLocation();
  const query = useReportsTripUsersQuery(trip ? { trip, currency } : skipToken);
  // The trip's title once it is this trip's answer (another trip's stays while the next loads).
  const tripTitle = query.data?.trip.id === trip ? query.data?.trip.title : undefined;
  return (
    <PageFrame
      title={title}
      extra={
        <Flex gap="middle" wrap align="center" className={PRINT_HIDDEN_CLASS}>
          <Link to={withReportQuery(hrefOf('report-general'), search, currency)}>
            ← Общий отчет
          </Link>
          <PrintButton />
        </Flex>
      }
    >
      <PrintHeader
        title={title}
        lines={[
          ['Тур', tripTitle ?? (trip ? `№${trip}` : 'не найден')],
          ['Валюта отчета', printedCurrency(currency)],
        ]}
      />
      <div className={PRINT_HIDDEN_CLASS}>
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </div>
      {trip ? (
        <TripUsersContent query={query} />
      ) : (
        <Alert type="warning" showIcon title="Тур не найден" />
      )}
    </PageFrame>
  );
}
