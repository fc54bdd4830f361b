import {
  App,
  Button,
  Flex,
  listPagination,
  ListTable,
  LoadError,
  PageFrame,
  Tag,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { formatDateTime, routeByName, serverMessageOf, type OutboxStatus } from '@tour/shared';
import {
  useShellOutboxPageQuery,
  useShellOutboxSendNowMutation,
  type OutboxMessage,
} from '../api/outbox-api';
import { useOutboxFilters } from '../hooks/use-outbox-filters';
import { OutboxFilters } from './outbox-filters';
import { OutboxKinds } from './outbox-kinds';

const STATUS_COLORS: Record<OutboxStatus, string> = {
  waiting: 'blue',
  sent: 'green',
  retry: 'orange',
  not_configured: 'gold',
  no_address: 'red',
};

/** The server's label as a tag says it: «Отправлено», «Повтор через 4 мин». */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «Отправить сейчас» for a retry or a message waiting for the mail to be set up. */
function SendNowButton({ row }: { row: OutboxMessage }) {
  const { message } = App.useApp();
  const [sendNow, { isLoading }] = useShellOutboxSendNowMutation();
  const send = async () => {
    try {
      await sendNow(row.id).unwrap();
      void message.success('Сообщение отправится в ближайшие секунды');
    } catch (error) {
      void message.error(serverMessageOf(error) ?? 'Не удалось отправить сообщение');
    }
  };
  return (
    <Button size="small" loading={isLoading} onClick={() => void send()}>
      Отправить сейчас
    </Button>
  );
}

const COLUMNS: TableColumnsType<OutboxMessage> = [
  {
    title: 'Тема',
    key: 'subject',
    render: (_value, row) => (
      <Flex vertical style={{ minWidth: 220, maxWidth: 360 }}>
        <Typography.Text>{row.subject}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.kind_label}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Кому',
    key: 'recipient',
    render: (_value, row) =>
      row.recipient ?? (
        <Typography.Text type="danger">
          нет адреса: {row.missing_reason ?? 'адрес почты не указан'}
        </Typography.Text>
      ),
  },
  {
    // The state, the tries and the last error together: the list fits a laptop's width.
    title: 'Статус',
    key: 'status',
    render: (_value, row) => (
      <Flex vertical gap={4} style={{ maxWidth: 280 }}>
        <Flex gap="small" align="center" wrap>
          <Tag color={STATUS_COLORS[row.status]}>{capitalized(row.status_label)}</Tag>
          {row.can_send_now ? <SendNowButton row={row} /> : null}
        </Flex>
        {row.attempts > 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Попыток: {row.attempts}
            {row.last_error ? `. Последняя ошибка: ${row.last_error}` : ''}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Когда',
    key: 'when',
    render: (_value, row) => (
      <Flex vertical>
        <span>Создано {formatDateTime(row.created_at)}</span>
        {row.sent_at ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Отправлено {formatDateTime(row.sent_at)}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
];

/** outbox: the e-mail messages for create_admin, filters in the URL, the kinds' switches. */
export function OutboxPage() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useOutboxFilters();
  const { data, isFetching, isError, refetch } = useShellOutboxPageQuery({
    page,
    status: filters.status,
    kind: filters.kind,
  });
  return (
    <PageFrame
      title={routeByName('outbox').title}
      extra={
        <Button onClick={() => void refetch()} loading={isFetching}>
          Обновить
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <OutboxFilters
          filters={filters}
          filtered={filtered}
          onChange={setFilters}
          onReset={resetFilters}
        />
        {isError ? (
          <LoadError title="Не удалось загрузить сообщения" onRetry={() => void refetch()} />
        ) : (
          <ListTable<OutboxMessage>
            rowKey="id"
            size="middle"
            columns={COLUMNS}
            dataSource={data?.data ?? []}
            loading={isFetching}
            pagination={listPagination(data, page, setPage)}
            locale={{ emptyText: filtered ? 'Ничего не найдено' : 'Сообщений пока нет' }}
            scroll={{ x: 'max-content' }}
          />
        )}
        <OutboxKinds />
      </Flex>
    </PageFrame>
  );
}
