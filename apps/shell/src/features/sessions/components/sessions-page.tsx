import {
  App,
  Button,
  Flex,
  ListTable,
  LoadError,
  PageFrame,
  Popconfirm,
  Tag,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { formatDateTime, routeByName, serverMessageOf } from '@tour/shared';
import {
  useShellEndOtherSessionsMutation,
  useShellEndSessionMutation,
  useShellOwnSessionsQuery,
  type OwnSession,
} from '../api/sessions-api';
import { describeDevice } from '../lib/device';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** «Завершить» for a session of another browser, after a confirmation. */
function EndSessionButton({ session }: { session: OwnSession }) {
  const { message } = App.useApp();
  const [end, { isLoading }] = useShellEndSessionMutation();
  const confirm = async () => {
    try {
      await end(session.handle).unwrap();
      void message.success('Сеанс завершён');
    } catch (error) {
      void message.error(serverMessageOf(error) ?? 'Не удалось завершить сеанс');
    }
  };
  return (
    <Popconfirm
      title="Завершить этот сеанс?"
      okText="Завершить"
      cancelText="Отмена"
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button danger size="small" loading={isLoading}>
        Завершить
      </Button>
    </Popconfirm>
  );
}

const COLUMNS: TableColumnsType<OwnSession> = [
  {
    title: 'Устройство',
    key: 'device',
    render: (_value, row) => (
      <Flex gap="small" align="center" wrap>
        <span title={row.user_agent ?? undefined}>{describeDevice(row.user_agent)}</span>
        {row.current ? <Tag color="green">Этот сеанс</Tag> : null}
      </Flex>
    ),
  },
  { title: 'Адрес', dataIndex: 'ip', render: (ip: string | null) => ip ?? none },
  { title: 'Вход', dataIndex: 'created_at', render: (at: string) => formatDateTime(at) },
  {
    title: 'Последняя активность',
    dataIndex: 'last_seen_at',
    render: (at: string) => formatDateTime(at),
  },
  { title: 'Истекает', dataIndex: 'expires_at', render: (at: string) => formatDateTime(at) },
  {
    title: 'Действия',
    key: 'actions',
    render: (_value, row) => (row.current ? null : <EndSessionButton session={row} />),
  },
];

/** sessions: the signed-in user's own sessions, each other one ended on request (ASVS 7.5.2). */
export function SessionsPage() {
  const { message } = App.useApp();
  const { data, isFetching, isError, refetch } = useShellOwnSessionsQuery();
  const [endOthers, { isLoading: endingOthers }] = useShellEndOtherSessionsMutation();
  const sessions = data ?? [];
  const others = sessions.filter((session) => !session.current).length;

  const confirmEndOthers = async () => {
    try {
      const result = await endOthers().unwrap();
      void message.success(`Завершено сеансов: ${result?.ended ?? 0}`);
    } catch (error) {
      void message.error(serverMessageOf(error) ?? 'Не удалось завершить сеансы');
    }
  };

  return (
    <PageFrame
      title={routeByName('sessions').title}
      extra={
        <Popconfirm
          title="Завершить все другие сеансы?"
          description="Везде, кроме этого браузера, понадобится войти заново."
          okText="Завершить"
          cancelText="Отмена"
          okButtonProps={{ danger: true }}
          onConfirm={confirmEndOthers}
          disabled={others === 0}
        >
          <Button danger disabled={others === 0} loading={endingOthers}>
            Завершить все другие сеансы
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Браузеры и устройства, где выполнен вход под вашей учётной записью. Если какой-то из них вам
        незнаком, завершите его сеанс и смените пароль.
      </Typography.Paragraph>
      {isError ? (
        <LoadError title="Не удалось загрузить сеансы" onRetry={() => void refetch()} />
      ) : (
        <ListTable<OwnSession>
          rowKey="handle"
          size="middle"
          columns={COLUMNS}
          dataSource={sessions}
          loading={isFetching}
          pagination={false}
          locale={{ emptyText: 'Сеансов нет' }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </PageFrame>
  );
}
