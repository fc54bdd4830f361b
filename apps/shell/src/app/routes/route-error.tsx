import { useEffect } from 'react';
import { Button, Result, UiProviders } from '@tour/shared/ui';
import { useRouteError } from '@tour/shared/router';

/** What an unexpected navigation or rendering error shows (it is reported to the console). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[shell] Ошибка маршрута', error);
  }, [error]);
  return (
    <UiProviders>
      <Result
        status="error"
        title="Что-то пошло не так"
        subTitle="Страница не открылась. Обновите её; если ошибка повторится, сообщите администратору."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Обновить страницу
          </Button>
        }
      />
    </UiProviders>
  );
}
