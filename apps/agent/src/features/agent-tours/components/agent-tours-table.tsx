import { useMemo } from 'react';
import {
  EmptyState,
  listPagination,
  ListTable,
  theme,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  formatAmount,
  hrefOf,
  type AgentDeparture,
  type AgentTour,
  type Paginated,
} from '@tour/shared';
import {
  agentTermsText,
  daysText,
  departureMoney,
  periodText,
  placeText,
  seatsText,
} from '../../../lib/tour-text';

// Plain elements in the cells: a page of rows of antd's Flex, Space and Typography costs more to
// render than the rest of the table (the section's first opening is measured).
const STACKED = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 2,
} as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const LIST = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 } as const;

function DepartureLine({ departure, secondary }: { departure: AgentDeparture; secondary: string }) {
  const money = departureMoney(departure);
  const full = departure.seats_free === 0;
  return (
    <li>
      <span style={NOWRAP}>{periodText(departure.starts_on, departure.ends_on)}</span>
      {' · '}
      <span style={{ ...NOWRAP, color: full ? secondary : undefined }}>{seatsText(departure)}</span>
      {' · '}
      <span style={NOWRAP}>{money.price}</span>
      {money.agentPrice !== null ? (
        <span style={{ color: secondary }}>
          {' · агенту '}
          <span style={NOWRAP}>{money.agentPrice}</span>
          {', комиссия '}
          <span style={NOWRAP}>{money.commission}</span>
        </span>
      ) : null}
    </li>
  );
}

function columns(secondary: string): TableColumnsType<AgentTour> {
  return [
    {
      title: 'Тур',
      key: 'tour',
      render: (_value, tour) => (
        <div style={STACKED}>
          <Link to={hrefOf('agent-tour', { key: tour.key })}>{tour.title}</Link>
          <span style={{ color: secondary }}>
            {placeText(tour)} · {daysText(tour.days)}
          </span>
        </div>
      ),
    },
    {
      title: 'Цена',
      key: 'price',
      render: (_value, tour) => (
        <div style={STACKED}>
          <span style={NOWRAP}>{formatAmount(tour.base_price, tour.currency)}</span>
          <span style={{ color: secondary }}>{agentTermsText(tour)}</span>
        </div>
      ),
    },
    {
      title: 'Ближайшие выезды',
      key: 'departures',
      render: (_value, tour) =>
        tour.departures.length > 0 ? (
          <ul style={LIST} aria-label={`Выезды: ${tour.title}`}>
            {tour.departures.map((departure) => (
              <DepartureLine key={departure.trip_id} departure={departure} secondary={secondary} />
            ))}
          </ul>
        ) : (
          <span style={{ color: secondary }}>Ближайших выездов нет</span>
        ),
    },
  ];
}

export interface AgentToursTableProps {
  page: Paginated<AgentTour> | undefined;
  currentPage: number;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
}

/** A page of the published tours: each with its terms and its upcoming departures. */
export function AgentToursTable({
  page,
  currentPage,
  loading,
  filtered,
  onPage,
}: AgentToursTableProps) {
  const { token } = theme.useToken();
  const tableColumns = useMemo(() => columns(token.colorTextSecondary), [token.colorTextSecondary]);
  return (
    // On a phone each tour is a card; on a wider screen a table that never measures its content.
    <ListTable<AgentTour>
      rowKey="key"
      size="middle"
      aria-label="Туры"
      columns={tableColumns}
      dataSource={page?.data ?? []}
      loading={loading}
      pagination={listPagination(page, currentPage, onPage)}
      locale={{
        emptyText: loading ? (
          ' '
        ) : (
          <EmptyState
            description={filtered ? 'Туры не найдены' : 'Опубликованных туров пока нет'}
          />
        ),
      }}
    />
  );
}
