import { useState } from 'react';
import { Alert, App, Button, Flex, Typography } from '@tour/shared/ui';
import {
  allMessagesOf,
  failureTextOf,
  nextTripStatuses,
  type Trip,
  TRIP_STATUSES,
  type TripStatus,
} from '@tour/shared';
import { useShellTripsMoveMutation } from '../api/trips-api';
import { tripFailure } from '../lib/server-errors';
import { TripStatusTag } from '../../../components/trip-status-tag';

/** The trip's status with a button for each status it may move to next (and only those). */
export function TripStatusBar({ trip }: { trip: Trip }) {
  const { message, modal } = App.useApp();
  const [move, { isLoading, originalArgs }] = useShellTripsMoveMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const moveTo = async (status: TripStatus) => {
    setRefusal(null);
    try {
      const moved = await move({ id: trip.id, status }).unwrap();
      if (!moved) setRefusal('Сервер не подтвердил смену статуса. Попробуйте ещё раз.');
      else void message.success(`Статус тура: ${TRIP_STATUSES[moved.status].label}`);
    } catch (error) {
      setRefusal(
        allMessagesOf(error)?.join(' ') ??
          failureTextOf(error, tripFailure('Не удалось сменить статус. Попробуйте ещё раз.')),
      );
    }
  };

  // Cancelling cannot be undone and cancels every participant with the trip: asked first.
  const confirmCancel = () =>
    modal.confirm({
      title: `Отменить тур «${trip.title}»?`,
      content:
        trip.seats_taken > 0
          ? `Вместе с туром будут отменены все участники (${trip.seats_taken}). Вернуть тур из отмены нельзя.`
          : 'Вернуть тур из отмены нельзя.',
      okText: 'Отменить тур',
      okButtonProps: { danger: true },
      cancelText: 'Не отменять',
      onOk: () => moveTo('cancelled'),
    });

  const next = nextTripStatuses(trip.status);
  return (
    <Flex vertical gap="small">
      <Flex gap="small" wrap align="center">
        <Typography.Text>Статус:</Typography.Text>
        <TripStatusTag status={trip.status} />
        {next.map((status) => (
          <Button
            key={status}
            size="small"
            danger={status === 'cancelled'}
            loading={isLoading && originalArgs?.status === status}
            disabled={isLoading}
            onClick={() => (status === 'cancelled' ? confirmCancel() : void moveTo(status))}
          >
            {`Перевести в «${TRIP_STATUSES[status].label}»`}
          </Button>
        ))}
        {next.length === 0 ? (
          <Typography.Text type="secondary">Статус окончательный</Typography.Text>
        ) : null}
      </Flex>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
    </Flex>
  );
}
