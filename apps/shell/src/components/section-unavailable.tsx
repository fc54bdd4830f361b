import { Button, Result } from '@tour/shared/ui';

/** Shown in the content area when a section (a remote) cannot be loaded or has failed. */
export function SectionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="Раздел временно недоступен"
      subTitle="Не удалось загрузить раздел. Остальные разделы работают; попробуйте ещё раз."
      extra={
        <Button type="primary" onClick={onRetry}>
          Повторить
        </Button>
      }
    />
  );
}
