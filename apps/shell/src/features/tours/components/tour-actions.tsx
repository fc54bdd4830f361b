import { App, Button, Flex } from '@tour/shared/ui';
import { useNavigate } from '@tour/shared/router';
import { hrefOf, type PreparedTour } from '@tour/shared';
import { useShellToursArchiveMutation, useShellToursDeleteMutation } from '../api/tours-api';

const USED_BY_TRIPS = 'Из этого тура уже сделаны туры: его можно только отправить в архив.';

export interface TourActionsProps {
  tour: PreparedTour;
}

/**
 * "В архив" / "Из архива" and, for a tour no trip was made from, "Удалить" (after a confirmation).
 * When the server refuses the delete (a trip was made from it meanwhile), the archive is offered.
 */
export function TourActions({ tour }: TourActionsProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [archive, { isLoading: archiving }] = useShellToursArchiveMutation();
  const [remove, { isLoading: deleting }] = useShellToursDeleteMutation();
  const archived = tour.archived_at !== null;

  const setArchived = async (toArchive: boolean) => {
    try {
      await archive({ id: tour.id, archived: toArchive }).unwrap();
      void message.success(toArchive ? 'Тур отправлен в архив' : 'Тур возвращён из архива');
    } catch {
      void message.error(
        toArchive
          ? 'Не удалось отправить тур в архив. Попробуйте ещё раз.'
          : 'Не удалось вернуть тур из архива. Попробуйте ещё раз.',
      );
    }
  };

  const offerArchive = (reason: string | null) =>
    modal.confirm({
      title: 'Тур нельзя удалить',
      content: reason ?? USED_BY_TRIPS,
      okText: 'В архив',
      cancelText: 'Отмена',
      onOk: () => setArchived(true),
    });

  const deleteTour = async () => {
    const outcome = await remove(tour.id).unwrap();
    if (outcome.ok) {
      void message.success('Тур удалён');
      void navigate(hrefOf('tours'), { replace: true });
    } else if (outcome.status === 422) {
      offerArchive(outcome.message);
    } else {
      void message.error('Не удалось удалить тур. Попробуйте ещё раз.');
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: `Удалить тур «${tour.title}»?`,
      content: 'Тур будет удалён насовсем, вернуть его будет нельзя.',
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: deleteTour,
    });

  return (
    <Flex gap="small" wrap>
      {archived ? (
        <Button loading={archiving} onClick={() => void setArchived(false)}>
          Из архива
        </Button>
      ) : (
        <Button loading={archiving} onClick={() => void setArchived(true)}>
          В архив
        </Button>
      )}
      {tour.trips_count === 0 ? (
        <Button danger loading={deleting} onClick={confirmDelete}>
          Удалить
        </Button>
      ) : null}
    </Flex>
  );
}
