import { Alert, Card, Flex, Select, Typography } from '@tour/shared/ui';
import type { RoomType } from '@tour/shared';
import { MAX_ROOMS_SHOWN, roomingOf, type Occupant } from '../lib/rooming';

export interface RoomSelectProps {
  /** Whose room it is: names the select. */
  name: string;
  value: number | null;
  rooms: number | null | undefined;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (room: number | null) => void;
}

/** A participant's room: 1..rooms, or none yet. */
export function RoomSelect({ name, value, rooms, disabled, invalid, onChange }: RoomSelectProps) {
  const count = Math.min(Math.max(rooms ?? 0, 0), MAX_ROOMS_SHOWN);
  const options = Array.from({ length: count }, (_, index) => ({
    value: index + 1,
    label: `Номер ${index + 1}`,
  }));
  if (value !== null && !options.some((option) => option.value === value)) {
    options.push({ value, label: `Номер ${value}` });
  }
  return (
    <Select<number>
      aria-label={`Номер комнаты: ${name}`}
      placeholder="Без номера"
      allowClear
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      value={value ?? undefined}
      options={options}
      onChange={(room) => onChange(room ?? null)}
      style={{ width: 140 }}
    />
  );
}

function OccupantName({ occupant }: { occupant: Occupant }) {
  return occupant.cancelled ? (
    <Typography.Text delete type="secondary">
      {`${occupant.full_name} (отменён, место не занимает)`}
    </Typography.Text>
  ) : (
    <span>{occupant.full_name}</span>
  );
}

export interface RoomingListProps {
  covers: readonly { participant_id: number; room: number | null }[];
  people: ReadonlyMap<number, { full_name: string; cancelled: boolean }>;
  rooms: number | null | undefined;
  roomType: RoomType | null | undefined;
}

/**
 * The rooming list as it stands: each room with its occupants and places (by the room type),
 * a warning for a room with more occupants than places or beyond the number of rooms, and who
 * has no room yet. The server refuses an over-full room; this says so before saving.
 */
export function RoomingList({ covers, people, rooms, roomType }: RoomingListProps) {
  const { groups, unassigned } = roomingOf(covers, people, rooms, roomType);
  const warnings = [
    ...groups
      .filter((group) => group.over)
      .map(
        (group) =>
          `Номер ${group.room} переполнен: ${group.taken} чел., мест в ${roomType} — ${group.places}`,
      ),
    ...groups
      .filter((group) => group.outOfRange && group.occupants.length > 0)
      .map((group) => `Номер ${group.room} больше числа номеров (${rooms ?? 0})`),
  ];
  return (
    <Flex vertical gap="small" role="region" aria-label="Rooming list">
      <Typography.Text strong>Rooming list</Typography.Text>
      {warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title={warning} />
      ))}
      <Flex wrap gap="small">
        {groups.map((group) => (
          <Card
            key={group.room}
            size="small"
            role="group"
            aria-label={`Номер ${group.room}`}
            title={`Номер ${group.room}`}
            extra={
              group.places === null ? null : (
                <Typography.Text type={group.over ? 'danger' : 'secondary'}>
                  {`${group.taken} из ${group.places}`}
                </Typography.Text>
              )
            }
            style={{ minWidth: 200, borderColor: group.over ? '#ff4d4f' : undefined }}
          >
            {group.occupants.length === 0 ? (
              <Typography.Text type="secondary">Свободен</Typography.Text>
            ) : (
              <Flex vertical>
                {group.occupants.map((occupant) => (
                  <OccupantName key={occupant.participant_id} occupant={occupant} />
                ))}
              </Flex>
            )}
          </Card>
        ))}
      </Flex>
      {unassigned.length > 0 ? (
        <Typography.Text type="secondary">
          {`Без номера: ${unassigned.map((occupant) => occupant.full_name).join(', ')}`}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
