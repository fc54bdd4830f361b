import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Row,
  Select,
  Typography,
  type FormListFieldData,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { plural, ROOM_TYPE_LIST, ROOM_TYPES, roomPlanSummary, type RoomType } from '@tour/shared';
import { useBookingTripParticipantsQuery } from '../api/bookings-api';
import type { BookingFormValues, CoverValue, RoomValue } from '../lib/booking-form-values';
import {
  placeInOrder,
  placesOf,
  roomProblem,
  takenIn,
  unplacedOf,
  type Person,
} from '../lib/rooming';

const PLAN = ['details', 'room_plan'] as const;

const TYPE_OPTIONS = ROOM_TYPE_LIST.map((type) => ({ value: type, label: ROOM_TYPES[type].label }));

const PEOPLE = ['человек', 'человека', 'человек'] as const;

/** A person's name as the plan shows it: a cancelled one says so. */
const shownName = (person: Person | undefined) =>
  person ? `${person.full_name}${person.cancelled ? ' (отменён)' : ''}` : 'Участник тура';

interface RoomCardProps {
  field: FormListFieldData;
  index: number;
  room: RoomValue | undefined;
  plan: readonly RoomValue[];
  covered: readonly number[];
  people: ReadonlyMap<number, Person>;
  onRemove: () => void;
}

/** One room: its type, who sleeps there (the covered not in another room), its places. */
function RoomCard({ field, index, room, plan, covered, people, onRemove }: RoomCardProps) {
  const number = index + 1;
  const type = room?.room_type ?? 'DBL';
  const places = ROOM_TYPES[type].places;
  const taken = room ? takenIn(room, people) : 0;
  const elsewhere = new Set(
    plan.flatMap((other, at) => (at === index ? [] : other.participant_ids)),
  );
  const options = covered
    .filter((id) => !elsewhere.has(id))
    .map((id) => ({ value: id, label: shownName(people.get(id)) }));
  return (
    <Card
      size="small"
      role="group"
      aria-label={`Номер ${number}`}
      title={`Номер ${number}`}
      extra={
        <Flex gap="small" align="center">
          <Typography.Text type={taken > places ? 'danger' : 'secondary'}>
            {`${taken} из ${places}`}
          </Typography.Text>
          <Button
            type="link"
            danger
            size="small"
            aria-label={`Убрать номер ${number}`}
            onClick={onRemove}
          >
            Убрать
          </Button>
        </Flex>
      }
    >
      <Form.Item name={[field.name, 'room_type']} style={{ marginBottom: 8 }}>
        <Select aria-label={`Тип номера ${number}`} options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        name={[field.name, 'participant_ids']}
        style={{ marginBottom: 0 }}
        dependencies={[[...PLAN, field.name, 'room_type']]}
        rules={[
          {
            validator: async () => {
              const problem = room ? roomProblem(room, index, people) : null;
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Select<number[]>
          mode="multiple"
          aria-label={`Кто живёт в номере ${number}`}
          placeholder="Выберите туристов"
          options={options}
          optionFilterProp="label"
          notFoundContent="Все отмеченные участники уже размещены"
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Card>
  );
}

/**
 * A hotel's room plan: rooms by type, each covered participant placed in one room (a choice
 * offers only those in no other room), each room's places taken (a cancelled tourist takes
 * none), who is not placed yet, and «Разместить по порядку» to fill the free places and add rooms
 * of the type chosen. The rooming list and the voucher print this plan.
 */
export function RoomPlanEditor({ tripId }: { tripId: number | null | undefined }) {
  const form = Form.useFormInstance<BookingFormValues>();
  const watched = Form.useWatch([...PLAN], form) as RoomValue[] | undefined;
  const plan = useMemo(() => watched ?? [], [watched]);
  const covers = (Form.useWatch('participants', form) ?? []) as CoverValue[];
  const [newType, setNewType] = useState<RoomType>('DBL');
  const participants = useBookingTripParticipantsQuery(tripId ? tripId : skipToken);
  const people = useMemo(
    () =>
      new Map<number, Person>(
        (participants.data ?? []).map((p) => [
          p.id,
          { full_name: p.full_name, cancelled: p.status === 'cancelled' },
        ]),
      ),
    [participants.data],
  );
  const covered = covers.map((cover) => cover.participant_id);
  const waiting = unplacedOf(plan, covered).filter((id) => !people.get(id)?.cancelled);
  const travelling = covered.filter((id) => !people.get(id)?.cancelled).length;
  const summary = roomPlanSummary(plan);

  const placeAll = () => {
    form.setFieldValue([...PLAN], placeInOrder(plan, waiting, people, newType));
    void form.validateFields([[...PLAN]], { recursive: true }).catch(() => undefined);
  };

  return (
    <Flex
      vertical
      gap="small"
      role="region"
      aria-label="План размещения"
      style={{ marginBottom: 24 }}
    >
      <Typography.Text type="secondary">
        {[
          `Номеров: ${plan.length}${summary ? ` (${summary})` : ''}`,
          `мест: ${placesOf(plan)}`,
          `размещено: ${travelling - waiting.length} из ${travelling}`,
        ].join(' · ')}
      </Typography.Text>
      <Form.List
        name={[...PLAN]}
        rules={[
          {
            validator: async (_rule, rooms: RoomValue[] | undefined) => {
              if (!rooms?.length) throw new Error('Добавьте хотя бы один номер');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap="small">
            <Row gutter={[12, 12]}>
              {fields.map((field, index) => (
                <Col key={field.key} xs={24} md={12}>
                  <RoomCard
                    field={field}
                    index={index}
                    room={plan[index]}
                    plan={plan}
                    covered={covered}
                    people={people}
                    onRemove={() => remove(field.name)}
                  />
                </Col>
              ))}
            </Row>
            <Form.ErrorList errors={errors} />
            <Flex gap="small" wrap align="center">
              <Select<RoomType>
                aria-label="Тип нового номера"
                value={newType}
                options={TYPE_OPTIONS}
                onChange={setNewType}
                style={{ width: 280, maxWidth: '100%' }}
              />
              <Button onClick={() => add({ room_type: newType, participant_ids: [] })}>
                Добавить номер
              </Button>
              {waiting.length > 0 ? (
                <Button type="primary" ghost onClick={placeAll}>
                  Разместить по порядку
                </Button>
              ) : null}
            </Flex>
          </Flex>
        )}
      </Form.List>
      {waiting.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`Не размещены (${plural(waiting.length, PEOPLE)}): ${waiting
            .map((id) => shownName(people.get(id)))
            .join(', ')}`}
        />
      ) : travelling > 0 ? (
        <Typography.Text type="success">Все участники размещены</Typography.Text>
      ) : null}
    </Flex>
  );
}
