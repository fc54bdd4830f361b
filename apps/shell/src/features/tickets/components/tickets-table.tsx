import {
  Button,
  EmptyState,
  Flex,
  ListTable,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from '@tour/shared/ui';
import { formatDate, formatDateTime, REQUEST_SOURCES, type TourRequest } from '@tour/shared';
import { TicketStatusTag } from './ticket-status-tag';

const missing = <Typography.Text type="secondary">—</Typography.Text>;

function datesOf(ticket: TourRequest) {
  if (!ticket.date_from && !ticket.date_to) return missing;
  return `${ticket.date_from ? formatDate(ticket.date_from) : '…'} – ${ticket.date_to ? formatDate(ticket.date_to) : '…'}`;
}

function columnsOf(onOpen: (id: number) => void): TableColumnsType<TourRequest> {
  return [
    {
      title: 'Дата',
      dataIndex: 'created_at',
      width: 140,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: 'Контакт',
      key: 'contact',
      render: (_value, ticket) => (
        <Flex vertical>
          <Typography.Text strong>{ticket.contact_name}</Typography.Text>
          {ticket.phone ? <Typography.Text>{ticket.phone}</Typography.Text> : null}
          {ticket.email ? <Typography.Text type="secondary">{ticket.email}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: 'Источник',
      key: 'source',
      render: (_value, ticket) => (
        <Flex vertical>
          <Typography.Text>
            {REQUEST_SOURCES[ticket.source]?.label ?? ticket.source}
          </Typography.Text>
          {ticket.counterparty_name ? (
            <Typography.Text type="secondary">{ticket.counterparty_name}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Желаемый тур',
      key: 'tour',
      render: (_value, ticket) => ticket.trip_title ?? ticket.prepared_tour_title ?? missing,
    },
    { title: 'Даты', key: 'dates', render: (_value, ticket) => datesOf(ticket) },
    {
      title: 'Взрослых / детей',
      key: 'people',
      render: (_value, ticket) => `${ticket.adults} / ${ticket.children}`,
    },
    {
      title: 'Исполнитель',
      dataIndex: 'assignee_name',
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">Не назначен</Typography.Text>,
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (status: TourRequest['status']) => <TicketStatusTag status={status} />,
    },
    {
      title: 'Действия',
      key: 'actions',
      fixed: 'right',
      render: (_value, ticket) => (
        <Button
          type="link"
          aria-label={`Открыть заявку: ${ticket.contact_name}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(ticket.id);
          }}
        >
          Открыть
        </Button>
      ),
    },
  ];
}

export interface TicketsTableProps {
  tickets: readonly TourRequest[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
  onOpen: (id: number) => void;
}

/** The requests of one page; a click on a row (or "Открыть") opens the request. */
export function TicketsTable({ tickets, loading, pagination, onOpen }: TicketsTableProps) {
  return (
    <ListTable<TourRequest>
      cardTitle="contact"
      rowKey="id"
      size="middle"
      columns={columnsOf(onOpen)}
      dataSource={tickets}
      loading={loading}
      pagination={pagination}
      // A request's `children` is a number of children, not nested rows.
      expandable={{ childrenColumnName: 'nested_rows' }}
      onRow={(ticket) => ({ onClick: () => onOpen(ticket.id), style: { cursor: 'pointer' } })}
      locale={{ emptyText: loading ? ' ' : <EmptyState description="Заявок нет" /> }}
      scroll={{ x: 'max-content' }}
    />
  );
}
