import type { ReactNode } from 'react';
import { Card, EmptyState, ListTable, LoadError, Skeleton, Typography } from '@tour/shared/ui';
import type { TableColumnsType } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { formatAmount, formatDate, hrefOf } from '@tour/shared';
import { ParticipantStatusTag } from '../../../components/trip-status-tag';
import { useShellUserTripsQuery, type UserTrip } from '../api/user-wallets-api';

function Debt({ trip }: { trip: UserTrip }) {
  if (trip.debt < 0) {
    return (
      <Typography.Text type="success">
        {`Переплата ${formatAmount(-trip.debt, trip.currency)}`}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type={trip.debt > 0 ? 'danger' : undefined}>
      {formatAmount(trip.debt, trip.currency)}
    </Typography.Text>
  );
}

const money = (field: 'due' | 'paid' | 'expected') => (_value: number, trip: UserTrip) =>
  formatAmount(trip[field], trip.currency);

const COLUMNS: TableColumnsType<UserTrip> = [
  {
    title: 'Тур',
    key: 'trip',
    render: (_value, trip) => (
      <>
        <Link to={hrefOf('trip-summary', { id: trip.trip_id })}>{trip.title}</Link>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {`${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`}
        </Typography.Text>
      </>
    ),
  },
  {
    title: 'Участие',
    dataIndex: 'status',
    render: (_value, trip) => <ParticipantStatusTag status={trip.status} />,
  },
  { title: 'К оплате', dataIndex: 'due', align: 'right', render: money('due') },
  {
    title: 'Оплачено',
    dataIndex: 'paid',
    align: 'right',
    render: (_value, trip) => (
      <>
        {formatAmount(trip.paid, trip.currency)}
        {trip.missing_rate ? (
          <Typography.Text type="warning" style={{ display: 'block' }}>
            нет курса для части платежей
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  { title: 'Ожидает', dataIndex: 'expected', align: 'right', render: money('expected') },
  {
    title: 'Долг',
    dataIndex: 'debt',
    align: 'right',
    render: (_value, trip) => <Debt trip={trip} />,
  },
];

/**
 * The trips the user takes part in, with what each participation owes, paid and awaits: a
 * payment made here or in a trip's summary shows in it at once (the trip's cache tags). `extra`
 * stands in the card's header (the payment button).
 */
export function UserTrips({ userId, extra }: { userId: number; extra?: ReactNode }) {
  const trips = useShellUserTripsQuery(userId);
  let content;
  if (trips.isLoading) content = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (trips.isError && !trips.data) {
    content = <LoadError onRetry={() => void trips.refetch()} />;
  } else if ((trips.data ?? []).length === 0) {
    content = <EmptyState description="Пользователь не участвует ни в одном туре" />;
  } else {
    content = (
      <ListTable<UserTrip>
        cardTitle="trip"
        aria-label="Туры пользователя"
        size="small"
        rowKey="participant_id"
        columns={COLUMNS}
        dataSource={trips.data}
        loading={trips.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    );
  }
  return (
    <Card title="Туры" extra={extra}>
      {content}
    </Card>
  );
}
