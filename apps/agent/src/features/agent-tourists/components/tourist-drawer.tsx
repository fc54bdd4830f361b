import { Drawer, LoadError, Result, Skeleton } from '@tour/shared/ui';
import { statusOf } from '@tour/shared';
import { useAgentTouristQuery } from '../api/agent-tourists-api';
import type { OpenedTourist } from '../hooks/use-opened-tourist';
import { TouristForm } from './tourist-form';

const DRAWER_WIDTH = 'min(720px, 100vw)';
const NOT_FOUND = <Result status="404" title="Турист не найден" />;

function TouristEdit({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: tourist, error, isLoading, isError, refetch } = useAgentTouristQuery(id);
  if (isError && statusOf(error) === 404) return NOT_FOUND;
  if (isError) {
    return <LoadError title="Не удалось загрузить туриста" onRetry={() => void refetch()} />;
  }
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!tourist) return NOT_FOUND;
  return <TouristForm key={tourist.id} tourist={tourist} onSaved={onClose} onCancel={onClose} />;
}

export interface TouristDrawerProps {
  opened: OpenedTourist;
  onClose: () => void;
}

/** The drawer of a tourist's form: a new one, or one of the agent's loaded by its id. */
export function TouristDrawer({ opened, onClose }: TouristDrawerProps) {
  return (
    <Drawer
      open={opened !== null}
      onClose={onClose}
      title={opened === 'new' ? 'Новый турист' : 'Изменить туриста'}
      size={DRAWER_WIDTH}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {opened === 'new' ? (
        <TouristForm onSaved={onClose} onCancel={onClose} />
      ) : opened ? (
        <TouristEdit key={opened} id={opened} onClose={onClose} />
      ) : null}
    </Drawer>
  );
}
