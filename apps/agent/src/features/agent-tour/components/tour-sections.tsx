import {
  Card,
  Col,
  Descriptions,
  EmptyState,
  ListTable,
  Row,
  theme,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  formatAmount,
  TRIP_STATUSES,
  type AgentDeparture,
  type AgentTourDetail,
} from '@tour/shared';
import {
  agentTermsText,
  daysText,
  departureMoney,
  periodText,
  seatsText,
} from '../../../lib/tour-text';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const PLAIN_LIST = { margin: 0, paddingInlineStart: 20 } as const;

/** The tour's description: where, how long, its price and the agent's terms. */
export function TourOverview({ tour }: { tour: AgentTourDetail }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'country', label: 'Страна', children: tour.country },
        {
          key: 'cities',
          label: 'Города',
          children: tour.cities.length > 0 ? tour.cities.join(', ') : '—',
        },
        { key: 'days', label: 'Продолжительность', children: daysText(tour.days) },
        {
          key: 'price',
          label: 'Цена тура',
          children: formatAmount(tour.base_price, tour.currency),
        },
        { key: 'terms', label: 'Условия для агента', children: agentTermsText(tour) },
      ]}
    />
  );
}

/** «Программа по дням». */
export function TourItinerary({ tour }: { tour: AgentTourDetail }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Программа по дням">
      {tour.itinerary.length > 0 ? (
        <ol aria-label="Программа по дням" style={{ ...PLAIN_LIST, listStyle: 'none', padding: 0 }}>
          {tour.itinerary.map((day, index) => (
            <li key={index} style={{ marginBottom: 12 }}>
              <strong>{`День ${index + 1}. ${day.title}`}</strong>
              {day.description ? (
                <div style={{ color: token.colorTextSecondary, whiteSpace: 'pre-line' }}>
                  {day.description}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState description="Программа не указана" />
      )}
    </Card>
  );
}

function ServiceList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {items.length > 0 ? (
        <ul aria-label={title} style={PLAIN_LIST}>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      ) : (
        <span>—</span>
      )}
    </Card>
  );
}

/** «Включено» and «Не включено», side by side. */
export function TourServices({ tour }: { tour: AgentTourDetail }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <ServiceList title="Включено" items={tour.included} />
      </Col>
      <Col xs={24} md={12}>
        <ServiceList title="Не включено" items={tour.not_included} />
      </Col>
    </Row>
  );
}

const DEPARTURE_COLUMNS: TableColumnsType<AgentDeparture> = [
  {
    title: 'Даты',
    key: 'dates',
    render: (_value, departure) => (
      <span style={NOWRAP}>{periodText(departure.starts_on, departure.ends_on)}</span>
    ),
  },
  {
    title: 'Статус',
    dataIndex: 'status',
    render: (status: AgentDeparture['status']) => TRIP_STATUSES[status]?.label ?? status,
  },
  {
    title: 'Места',
    key: 'seats',
    render: (_value, departure) => <span style={NOWRAP}>{seatsText(departure)}</span>,
  },
  {
    title: 'Цена',
    key: 'price',
    align: 'right',
    render: (_value, departure) => <span style={NOWRAP}>{departureMoney(departure).price}</span>,
  },
  {
    title: 'Цена для агента',
    key: 'agent_price',
    align: 'right',
    render: (_value, departure) => (
      <span style={NOWRAP}>{departureMoney(departure).agentPrice ?? '—'}</span>
    ),
  },
  {
    title: 'Комиссия',
    key: 'commission',
    align: 'right',
    render: (_value, departure) => (
      <span style={NOWRAP}>{departureMoney(departure).commission ?? '—'}</span>
    ),
  },
];

/** The tour's upcoming departures with their free seats and per-person money. */
export function DeparturesTable({ departures }: { departures: readonly AgentDeparture[] }) {
  return (
    <Card size="small" title="Выезды">
      <ListTable<AgentDeparture>
        rowKey="trip_id"
        size="small"
        aria-label="Выезды"
        columns={DEPARTURE_COLUMNS}
        dataSource={departures as AgentDeparture[]}
        pagination={false}
        locale={{ emptyText: <EmptyState description="Ближайших выездов нет" /> }}
      />
    </Card>
  );
}
