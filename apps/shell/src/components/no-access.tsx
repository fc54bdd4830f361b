import { Result } from '@tour/shared/ui';

/** The admin home of a user whom no section is open to. */
export function NoAccess() {
  return (
    <Result
      status="403"
      title="Нет доступных разделов"
      subTitle="Обратитесь к администратору, чтобы получить доступ."
    />
  );
}
