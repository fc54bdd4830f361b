import { Alert, Button } from '@tour/shared/ui';

export interface ErrorStateProps {
  onRetry: () => void;
  title?: string;
}

/** A failed load: a Russian message (never the server's text) and a retry button. */
export function ErrorState({ onRetry, title = 'Не удалось загрузить данные' }: ErrorStateProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description="Проверьте подключение и попробуйте ещё раз."
      action={
        <Button size="small" onClick={onRetry}>
          Повторить
        </Button>
      }
    />
  );
}
