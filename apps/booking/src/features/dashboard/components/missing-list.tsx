import { EmptyState, Flex, Tag, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  formatDate,
  hrefOf,
  MISSING_BOOKINGS,
  plural,
  type BookingKind,
  type MissingBooking,
} from '@tour/shared';
import { kindMonthHref } from '../../../lib/booking-links';
import { NIGHTS } from '../../../lib/plural';
import type { MissingParticipant, TripWithMissing } from '../api/dashboard-api';

/** The kind of booking that fills each gap, and the link that adds one. */
const FILL: Record<MissingBooking, { kind: BookingKind; label: string }> = {
  flight_missing: { kind: 'air_ticket', label: 'Добавить авиабилеты' },
  outbound_flight_missing: { kind: 'air_ticket', label: 'Добавить авиабилеты туда' },
  return_flight_missing: { kind: 'air_ticket', label: 'Добавить авиабилеты обратно' },
  insurance_missing: { kind: 'health_insurance', label: 'Добавить страховку' },
  hotel_missing: { kind: 'hotel', label: 'Добавить отель' },
};

function problemText(problem: MissingBooking, participant: MissingParticipant): string {
  const label = MISSING_BOOKINGS[problem].label;
  return problem === 'hotel_missing' && participant.nights_missing > 0
    ? `${label}: ${plural(participant.nights_missing, NIGHTS)}`
    : label;
}

/** One trip: its participants and what each lacks; each gap links to adding that booking. */
function TripGaps({ trip, month }: { trip: TripWithMissing; month: string }) {
  const kinds = [...new Set(trip.participants.flatMap((participant) => participant.problems))];
  return (
    <Flex vertical gap={4} role="group" aria-label={trip.title}>
      <Flex gap="small" wrap align="baseline">
        <Link to={hrefOf('trip-summary', { id: trip.trip_id })}>
          <Typography.Text strong>{trip.title}</Typography.Text>
        </Link>
        <Typography.Text type="secondary">
          {`${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`}
        </Typography.Text>
        {kinds.map((problem) => (
          <Link
            key={problem}
            to={kindMonthHref(FILL[problem].kind, month, { trip_id: trip.trip_id, new: 1 })}
          >
            {FILL[problem].label}
          </Link>
        ))}
      </Flex>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {trip.participants.map((participant) => (
          <li key={participant.participant_id}>
            {participant.full_name}{' '}
            {participant.problems.map((problem) => (
              <Tag key={problem} color="red">
                {problemText(problem, participant)}
              </Tag>
            ))}
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** Trips of the month whose participants lack a flight, an insurance or nights in a hotel. */
export function MissingList({
  trips,
  total,
  month,
}: {
  trips: TripWithMissing[];
  total: number;
  month: string;
}) {
  if (trips.length === 0) return <EmptyState description="У всех участников всё забронировано" />;
  return (
    <Flex vertical gap="middle">
      {trips.map((trip) => (
        <TripGaps key={trip.trip_id} trip={trip} month={month} />
      ))}
      {total > trips.length ? (
        <Typography.Text type="secondary">{`Показаны ${trips.length} из ${total}`}</Typography.Text>
      ) : null}
    </Flex>
  );
}
