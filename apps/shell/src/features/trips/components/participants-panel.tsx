import { useState } from 'react';
import {
  App,
  Button,
  EmptyState,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  LoadError,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Typography,
  useServerForm,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  formatAmount,
  hrefOf,
  normalizeAmount,
  type Participant,
  PARTICIPANT_STATUS_LIST,
  PARTICIPANT_STATUSES,
  type ParticipantStatus,
  type Trip,
} from '@tour/shared';
import {
  useShellTripsParticipantsQuery,
  useShellTripsSummaryQuery,
  useShellTripsUpdateParticipantMutation,
} from '../api/trips-api';
import { moneyRule } from '../lib/money-fields';
import { tripFailure } from '../lib/server-errors';
import { AddParticipant, NewTourist } from './add-participant';
import { ParticipantStatusTag } from '../../../components/trip-status-tag';

const missing = <Typography.Text type="secondary">—</Typography.Text>;

interface ParticipantValues {
  price: string;
  discount: string;
  status: ParticipantStatus;
}

const PARTICIPANT_FIELDS = ['price', 'discount', 'status'] as const;

/** The dialog that changes one participant's price, discount and status. */
function EditParticipant({
  trip,
  participant,
  onClose,
}: {
  trip: Trip;
  participant: Participant;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ParticipantValues>();
  const [save, { isLoading }] = useShellTripsUpdateParticipantMutation();
  const server = useServerForm({
    form,
    fields: PARTICIPANT_FIELDS,
    failure: tripFailure('Не удалось изменить участника. Попробуйте ещё раз.'),
  });

  const submit = (values: ParticipantValues) =>
    server.submit(async () => {
      const saved = await save({
        tripId: trip.id,
        participantId: participant.id,
        price: normalizeAmount(values.price),
        discount: normalizeAmount(values.discount || '0'),
        status: values.status,
      }).unwrap();
      if (!saved) {
        server.setFormError('Сервер не подтвердил сохранение. Попробуйте ещё раз.');
        return;
      }
      void message.success('Участник изменён');
      onClose();
    });

  return (
    <Modal
      title={`Участник: ${participant.full_name}`}
      open
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Form<ParticipantValues>
        form={form}
        name="participant"
        layout="vertical"
        disabled={isLoading}
        initialValues={{
          price: String(participant.price),
          discount: String(participant.discount),
          status: participant.status,
        }}
        onFinish={(values) => void submit(values)}
      >
        <FormErrorAlert error={server.formError} />
        <Form.Item
          name="price"
          label={`Цена, ${trip.currency.toUpperCase()}`}
          rules={[moneyRule(true, trip.currency)]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="discount"
          label={`Скидка, ${trip.currency.toUpperCase()}`}
          rules={[moneyRule(false, trip.currency)]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="status" label="Статус участника">
          <Select
            options={PARTICIPANT_STATUS_LIST.map((status) => ({
              value: status,
              label: PARTICIPANT_STATUSES[status].label,
            }))}
          />
        </Form.Item>
        <Flex justify="flex-end" gap="small">
          <Button onClick={onClose} disabled={false}>
            Отмена
          </Button>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Сохранить
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

/**
 * The trip's participants (cancelled ones too): contacts, price, discount, status and the amount
 * due (from the server's summary: the browser never adds amounts), each changed in a small dialog;
 * a tourist added from the directory or created on the spot.
 */
export function ParticipantsPanel({ trip }: { trip: Trip }) {
  const participants = useShellTripsParticipantsQuery(trip.id);
  const summary = useShellTripsSummaryQuery({ id: trip.id });
  const [editing, setEditing] = useState<Participant | null>(null);
  const dueOf = new Map(
    (summary.data?.participants ?? []).map((row) => [row.participant_id, row.due]),
  );
  const closed = trip.status === 'completed' || trip.status === 'cancelled';

  const columns: TableColumnsType<Participant> = [
    {
      title: 'Турист',
      dataIndex: 'full_name',
      render: (name: string, participant) => (
        <Link to={hrefOf('user-edit', { id: participant.user_id })}>{name}</Link>
      ),
    },
    { title: 'Телефон', dataIndex: 'phone', render: (phone: string | null) => phone || missing },
    {
      title: 'Цена',
      dataIndex: 'price',
      align: 'right',
      render: (price: number) => formatAmount(price, trip.currency),
    },
    {
      title: 'Скидка',
      dataIndex: 'discount',
      align: 'right',
      render: (discount: number) => formatAmount(discount, trip.currency),
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (status: ParticipantStatus) => <ParticipantStatusTag status={status} />,
    },
    {
      title: 'К оплате',
      key: 'due',
      align: 'right',
      render: (_value, participant) => {
        const due = dueOf.get(participant.id);
        return due === undefined ? missing : formatAmount(due, trip.currency);
      },
    },
    {
      title: 'Действия',
      key: 'actions',
      render: (_value, participant) => (
        <Button
          type="link"
          size="small"
          aria-label={`Изменить участника: ${participant.full_name}`}
          onClick={() => setEditing(participant)}
        >
          Изменить
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text strong>{`Занято ${trip.seats_taken} из ${trip.seats}`}</Typography.Text>
        {closed ? (
          <Typography.Text type="secondary">
            Тур завершён или отменён: состав участников больше не меняется
          </Typography.Text>
        ) : (
          <Flex gap="small" wrap>
            <AddParticipant trip={trip} />
            <NewTourist trip={trip} />
          </Flex>
        )}
      </Flex>
      {participants.isError ? (
        <LoadError
          title="Не удалось загрузить участников"
          onRetry={() => void participants.refetch()}
        />
      ) : (
        <Table<Participant>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={participants.data ?? []}
          loading={participants.isFetching}
          pagination={false}
          locale={{
            emptyText: participants.isFetching ? (
              ' '
            ) : (
              <EmptyState description="Участников пока нет" />
            ),
          }}
          scroll={{ x: 'max-content' }}
        />
      )}
      {editing ? (
        <EditParticipant trip={trip} participant={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Flex>
  );
}
