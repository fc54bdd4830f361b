import {
  EmptyState,
  ExportButton,
  Flex,
  listPagination,
  ListTable,
  LoadError,
  Space,
  Tooltip,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { formatAmount, formatDate, hrefOf, type Trip } from '@tour/shared';
import { useShellTripsPageQuery } from '../api/trips-api';
import { useTripsFilters } from '../hooks/use-trips-filters';
import { TripsFilters } from './trips-filters';
import { TripStatusTag } from '../../../components/trip-status-tag';

const missing = <Typography.Text type="secondary">—</Typography.Text>;

/** What the debt column says when a payment lacks a rate (the server never converts at 1). */
export const NO_RATE_TEXT = 'нет курса';

const COLUMNS: TableColumnsType<Trip> = [
  {
    title: 'Название',
    dataIndex: 'title',
    width: 180,
    render: (title: string, trip) => (
      <Link to={hrefOf('trip-summary', { id: trip.id })}>{title}</Link>
    ),
  },
  {
    title: 'Даты',
    key: 'dates',
    // Wraps after the dash: the whole list fits a laptop beside the sidebar (1 400 px).
    width: 110,
    render: (_value, trip) => `${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`,
  },
  { title: 'Страна', dataIndex: 'country', render: (country: string | null) => country || missing },
  {
    title: 'Статус',
    dataIndex: 'status',
    render: (_value, trip) => <TripStatusTag status={trip.status} />,
  },
  {
    title: 'Места',
    key: 'seats',
    render: (_value, trip) => `${trip.seats_taken} / ${trip.seats}`,
  },
  {
    title: 'Цена',
    dataIndex: 'price',
    align: 'right',
    render: (_value, trip) => formatAmount(trip.price, trip.currency),
  },
  {
    title: 'Долг',
    dataIndex: 'debt',
    align: 'right',
    render: (_value, trip) =>
      trip.debt_missing_rates || trip.debt === null ? (
        <Tooltip title="Для пересчёта части платежей нет курса валют">
          <Typography.Text type="warning">{NO_RATE_TEXT}</Typography.Text>
        </Tooltip>
      ) : (
        <Typography.Text type={trip.debt > 0 ? 'danger' : undefined}>
          {formatAmount(trip.debt, trip.currency)}
        </Typography.Text>
      ),
  },
  {
    title: 'Менеджер',
    dataIndex: 'manager_name',
    width: 170,
    render: (name: string | null) => name || missing,
  },
  {
    title: 'Действия',
    key: 'actions',
    fixed: 'right',
    render: (_value, trip) => (
      <Space orientation="vertical" size={0}>
        <Link to={hrefOf('trip-edit', { id: trip.id })} aria-label={`Изменить: ${trip.title}`}>
          Изменить
        </Link>
        <Link to={hrefOf('trip-summary', { id: trip.id })} aria-label={`Сводка: ${trip.title}`}>
          Сводка
        </Link>
      </Space>
    ),
  },
];

/** The trip list: filters and page from the URL, one page at a time from the server. */
export function TripsList() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useTripsFilters();
  const query = {
    from: filters.from,
    to: filters.to,
    status: filters.status,
    manager_id: filters.managerId,
    mine: filters.mine ? (1 as const) : undefined,
    country: filters.country,
    search: filters.search || undefined,
  };
  const { data, isFetching, isError, refetch } = useShellTripsPageQuery({ page, ...query });

  return (
    <Flex vertical gap="middle">
      <TripsFilters
        filters={filters}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      <Flex justify="flex-end">
        <ExportButton url="/admin/trips/export" params={query} fallbackFileName="trips.xlsx" />
      </Flex>
      {isError ? (
        <LoadError title="Не удалось загрузить туры" onRetry={() => void refetch()} />
      ) : (
        <ListTable<Trip>
          rowKey="id"
          size="middle"
          columns={COLUMNS}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={listPagination(data, page, setPage)}
          locale={{
            emptyText: isFetching ? ' ' : <EmptyState description="Туры не найдены" />,
          }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Flex>
  );
}
