import { Tag } from '@tour/shared/ui';
import {
  PARTICIPANT_STATUSES,
  TRIP_STATUSES,
  type ParticipantStatus,
  type TripStatus,
} from '@tour/shared';

const TRIP_COLORS: Record<TripStatus, string> = {
  planned: 'default',
  confirmed: 'blue',
  in_progress: 'green',
  completed: 'purple',
  cancelled: 'red',
};

const PARTICIPANT_COLORS: Record<ParticipantStatus, string> = {
  booked: 'gold',
  confirmed: 'green',
  cancelled: 'red',
};

/** A trip's status as a coloured tag. */
export function TripStatusTag({ status }: { status: TripStatus }) {
  return <Tag color={TRIP_COLORS[status]}>{TRIP_STATUSES[status]?.label ?? status}</Tag>;
}

/** A participant's status as a coloured tag. */
export function ParticipantStatusTag({ status }: { status: ParticipantStatus }) {
  return (
    <Tag color={PARTICIPANT_COLORS[status]}>{PARTICIPANT_STATUSES[status]?.label ?? status}</Tag>
  );
}
