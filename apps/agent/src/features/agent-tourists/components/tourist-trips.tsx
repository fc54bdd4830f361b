import { Table, type TableColumnsType } from '@tour/shared/ui';
import {
  formatAmount,
  formatDate,
  PARTICIPANT_STATUSES,
  TRIP_STATUSES,
  type AgentTourist,
  type AgentTouristTrip,
} from '@tour/shared';
import { ReadinessTags } from './readiness-tags';
import { TravelPackButton } from './travel-pack-button';
import { TripInvoiceButton } from './trip-invoice-button';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function money(field: 'due' | 'paid' | 'debt') {
  return (_value: unknown, trip: AgentTouristTrip) => (
    <span style={NOWRAP}>{formatAmount(trip[field], trip.currency)}</span>
  );
}

const columns = (tourist: AgentTourist): TableColumnsType<AgentTouristTrip> => [
  { title: 'Тур', dataIndex: 'title' },
  {
    title: 'Даты',
    key: 'dates',
    render: (_value, trip) => (
      <span style={NOWRAP}>{`${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`}</span>
    ),
  },
  {
    title: 'Статус тура',
    dataIndex: 'trip_status',
    render: (status: AgentTouristTrip['trip_status']) => TRIP_STATUSES[status]?.label ?? status,
  },
  {
    title: 'Участие',
    dataIndex: 'participant_status',
    render: (status: AgentTouristTrip['participant_status']) =>
      PARTICIPANT_STATUSES[status]?.label ?? status,
  },
  { title: 'К оплате', key: 'due', align: 'right', render: money('due') },
  { title: 'Оплачено', key: 'paid', align: 'right', render: money('paid') },
  { title: 'Долг', key: 'debt', align: 'right', render: money('debt') },
  {
    title: 'Документы',
    key: 'problems',
    render: (_value, trip) => <ReadinessTags problems={trip.problems} />,
  },
  {
    title: 'Пакет документов',
    key: 'pack',
    render: (_value, trip) => <TravelPackButton tourist={tourist} trip={trip} />,
  },
  { title: 'Счёт', key: 'invoice', render: (_value, trip) => <TripInvoiceButton trip={trip} /> },
];

/**
 * A tourist's trips (the expanded row): dates, statuses, money in the trip's currency, and the
 * tourist's travel pack for each.
 */
export function TouristTrips({ tourist }: { tourist: AgentTourist }) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<AgentTouristTrip>
        rowKey="trip_id"
        size="small"
        aria-label={`Туры туриста: ${tourist.full_name}`}
        columns={columns(tourist)}
        dataSource={tourist.trips}
        pagination={false}
      />
    </div>
  );
}
