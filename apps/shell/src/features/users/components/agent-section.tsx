import { Link } from '@tour/shared/router';
import {
  Card,
  Descriptions,
  EmptyState,
  Flex,
  LoadError,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  CURRENCY_LABELS,
  formatAmount,
  formatDate,
  hrefOf,
  REQUEST_STATUS_LIST,
  REQUEST_STATUSES,
  type AgentCommissionLine,
  type AgentOverview,
  type RequestStatus,
} from '@tour/shared';
import { useShellUsersAgentQuery } from '../api/users-api';

/** The requests list filtered by the agent (its URL filter `counterparty_id`), on a status tab. */
function requestsHref(agentId: number, status?: RequestStatus): string {
  const query = new URLSearchParams({ counterparty_id: String(agentId) });
  if (status) query.set('status', status);
  return `${hrefOf('tickets')}?${query.toString()}`;
}

const COLUMNS: TableColumnsType<AgentCommissionLine> = [
  {
    title: 'Тур',
    dataIndex: 'title',
    render: (title: string, line) => (
      <Link to={hrefOf('trip-summary', { id: line.trip_id })}>{title}</Link>
    ),
  },
  {
    title: 'Начало',
    dataIndex: 'starts_on',
    render: (date: string) => formatDate(date),
  },
  { title: 'Туристов', dataIndex: 'tourists', align: 'right' },
  {
    title: 'К оплате',
    dataIndex: 'due',
    align: 'right',
    render: (due: number, line) => formatAmount(due, line.currency),
  },
  {
    title: 'Комиссия',
    dataIndex: 'commission',
    align: 'right',
    render: (commission: number | null, line) =>
      commission === null ? (
        <Typography.Text type="secondary">нет условий</Typography.Text>
      ) : (
        formatAmount(commission, line.currency)
      ),
  },
];

function Overview({ overview }: { overview: AgentOverview }) {
  const agentId = overview.agent.id;
  return (
    <Flex vertical gap="middle">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'tourists',
            label: 'Туристов агента',
            children: (
              <Link to={`${hrefOf('users')}?counterparty_id=${agentId}`}>
                {`${overview.tourists}: открыть список`}
              </Link>
            ),
          },
          {
            key: 'requests',
            label: 'Заявки агента',
            children: (
              <Flex gap="middle" wrap>
                {REQUEST_STATUS_LIST.map((status) => (
                  <Link key={status} to={requestsHref(agentId, status)}>
                    {`${REQUEST_STATUSES[status].label}: ${overview.requests[status]}`}
                  </Link>
                ))}
                <Link to={requestsHref(agentId)}>Все заявки агента</Link>
              </Flex>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        Комиссия за подтверждённых туристов
      </Typography.Title>
      <Table<AgentCommissionLine>
        rowKey="trip_id"
        size="small"
        columns={COLUMNS}
        dataSource={overview.commission}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description="Подтверждённых туристов агента нет" /> }}
        // Totals per currency, as the server summed them: the browser never adds amounts.
        summary={() =>
          overview.commission_totals.map((total) => (
            <Table.Summary.Row key={total.currency}>
              <Table.Summary.Cell index={0} colSpan={4}>
                <Typography.Text
                  strong
                >{`Итого, ${CURRENCY_LABELS[total.currency]}`}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong>
                  {formatAmount(total.amount, total.currency)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ))
        }
      />
    </Flex>
  );
}

/**
 * «Агент» on a counterparty's user page: how many tourists it brought, its requests by status
 * (each a link to the requests list filtered by the agent) and the commission due to it per trip
 * for its confirmed tourists, with the totals per currency.
 */
export function AgentSection({ agentId }: { agentId: number }) {
  const { data, isLoading, isError, refetch } = useShellUsersAgentQuery(agentId);
  return (
    <Card title="Агент">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError || !data ? (
        <LoadError title="Не удалось загрузить сведения об агенте" onRetry={() => void refetch()} />
      ) : (
        <Overview overview={data} />
      )}
    </Card>
  );
}
