import { useMemo } from 'react';
import {
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  LoadError,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { CURRENCY_SYMBOLS, type BookingKind, type Currency, type Participant } from '@tour/shared';
import { useBookingTripParticipantsQuery } from '../api/bookings-api';
import {
  newCover,
  type BookingFormValues,
  type CoverValue,
  type RoomValue,
} from '../lib/booking-form-values';
import type { CoverErrors } from '../lib/booking-errors';
import { COVER_COLUMNS } from '../lib/kind-config';

function Messages({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return <Typography.Text type="danger">{messages.join(' ')}</Typography.Text>;
}

export interface ParticipantsEditorProps {
  /** Set by Form.Item: the covered participants in the trip's order. */
  value?: CoverValue[];
  onChange?: (covers: CoverValue[]) => void;
  id?: string;
  kind: BookingKind;
  tripId: number | null | undefined;
  /** Participants covered when the booking was opened: a cancelled one may stay. */
  coveredBefore: ReadonlySet<number>;
  /** The server's messages per participant and field. */
  errors: CoverErrors;
  /** A participant's row was changed: its server messages are outdated. */
  onEdited: (participantId: number) => void;
}

/**
 * The trip's participants as a checklist: who the booking covers (a cancelled participant only
 * if it was covered already), and per kind each one's room of the plan (hotel: shown here, set
 * in the room plan), ticket number and cost (air tickets) or policy number (health insurance).
 */
export function ParticipantsEditor({
  value = [],
  onChange,
  id,
  kind,
  tripId,
  coveredBefore,
  errors,
  onEdited,
}: ParticipantsEditorProps) {
  const form = Form.useFormInstance<BookingFormValues>();
  const plan = Form.useWatch(['details', 'room_plan'], form) as RoomValue[] | undefined;
  const currency = Form.useWatch('currency', form) as Currency | undefined;
  const participants = useBookingTripParticipantsQuery(tripId ? tripId : skipToken);
  const list = useMemo(() => participants.data ?? [], [participants.data]);
  const byId = useMemo(() => new Map(value.map((cover) => [cover.participant_id, cover])), [value]);
  const people = useMemo(
    () =>
      new Map(
        list.map((p) => [p.id, { full_name: p.full_name, cancelled: p.status === 'cancelled' }]),
      ),
    [list],
  );
  const selectable = (p: Participant) => p.status !== 'cancelled' || coveredBefore.has(p.id);

  /** The covers in the trip's order (any the trip no longer lists kept at the end). */
  const ordered = (next: Map<number, CoverValue>) => {
    const inTrip = list.flatMap((p) => (next.has(p.id) ? [next.get(p.id)!] : []));
    const others = [...next.values()].filter((cover) => !people.has(cover.participant_id));
    return [...inTrip, ...others];
  };
  const toggle = (participantId: number, checked: boolean) => {
    const next = new Map(byId);
    if (checked) next.set(participantId, byId.get(participantId) ?? newCover(participantId));
    else next.delete(participantId);
    onEdited(participantId);
    onChange?.(ordered(next));
  };
  const edit = (participantId: number, patch: Partial<CoverValue>) => {
    const next = new Map(byId);
    next.set(participantId, { ...byId.get(participantId)!, ...patch });
    onEdited(participantId);
    onChange?.(ordered(next));
  };
  const setAll = (checked: boolean) => {
    const next = new Map<number, CoverValue>();
    if (checked) {
      for (const p of list) {
        if (byId.has(p.id) || p.status !== 'cancelled')
          next.set(p.id, byId.get(p.id) ?? newCover(p.id));
      }
    }
    list.forEach((p) => onEdited(p.id));
    onChange?.(ordered(next));
  };

  if (!tripId) return <Typography.Text type="secondary">Сначала выберите тур.</Typography.Text>;
  if (participants.isError) {
    return (
      <LoadError
        title="Не удалось загрузить участников тура"
        onRetry={() => void participants.refetch()}
      />
    );
  }

  const symbol = currency ? CURRENCY_SYMBOLS[currency] : '';
  const columns: TableColumnsType<Participant> = [
    {
      title: 'Участник',
      key: 'name',
      render: (_value, p) => (
        <Flex vertical align="flex-start">
          <Checkbox
            checked={byId.has(p.id)}
            disabled={!selectable(p)}
            onChange={(event) => toggle(p.id, event.target.checked)}
          >
            {p.full_name}
          </Checkbox>
          {p.status === 'cancelled' ? <Tag>Отменён</Tag> : null}
          <Messages messages={errors[p.id]?.participant_id} />
        </Flex>
      ),
    },
  ];
  if (kind === 'hotel') {
    columns.push({
      title: 'Номер',
      key: 'room',
      render: (_value, p) => {
        if (!byId.has(p.id)) return null;
        const index = (plan ?? []).findIndex((room) => room.participant_ids.includes(p.id));
        return index < 0 ? (
          <Typography.Text type="warning">не размещён</Typography.Text>
        ) : (
          `Номер ${index + 1} (${plan![index]!.room_type})`
        );
      },
    });
  }
  for (const column of COVER_COLUMNS[kind]) {
    const title = {
      ticket_number: 'Номер билета',
      ticket_cost: 'Стоимость билета',
      policy_number: 'Номер полиса',
    }[column];
    columns.push({
      title,
      key: column,
      render: (_value, p) => {
        const cover = byId.get(p.id);
        const messages = errors[p.id]?.[column];
        const field = (
          <Input
            aria-label={`${title}: ${p.full_name}`}
            disabled={!cover}
            status={messages?.length ? 'error' : undefined}
            value={cover?.[column] ?? ''}
            inputMode={column === 'ticket_cost' ? 'decimal' : undefined}
            prefix={column === 'ticket_cost' ? <span aria-hidden="true">{symbol}</span> : undefined}
            onChange={(event) => edit(p.id, { [column]: event.target.value })}
            style={{ width: column === 'ticket_cost' ? 150 : 180 }}
          />
        );
        return (
          <Flex vertical>
            {field}
            <Messages messages={messages} />
          </Flex>
        );
      },
    });
  }

  return (
    <Flex vertical gap="small" id={id}>
      <Flex gap="small" align="center" wrap>
        <Button size="small" onClick={() => setAll(true)} disabled={list.length === 0}>
          Отметить всех
        </Button>
        <Button size="small" onClick={() => setAll(false)} disabled={value.length === 0}>
          Снять всех
        </Button>
        <Typography.Text type="secondary">{`Выбрано: ${value.length} из ${list.length}`}</Typography.Text>
      </Flex>
      <Table<Participant>
        rowKey="id"
        size="small"
        aria-label="Участники тура"
        loading={participants.isFetching}
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: participants.isFetching ? ' ' : 'В туре нет участников' }}
      />
    </Flex>
  );
}
