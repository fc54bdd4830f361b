import { Alert, Button } from 'antd';

export interface LoadErrorProps {
  onRetry: () => void;
  title?: string;
}

/** A failed load: a Russian message (never the server's text) and a retry button. */
export function LoadError({ onRetry, title = 'Не удалось загрузить данные' }: LoadErrorProps) {
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
