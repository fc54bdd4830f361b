import { serverMessageOf, statusOf } from '@tour/shared';

/** What to say of a failed call that carries no field errors. */
export function failureText(error: unknown, fallback: string): string {
  switch (statusOf(error)) {
    case 0:
      return 'Нет связи с сервером. Попробуйте ещё раз.';
    case 403:
      return 'Недостаточно прав.';
    case 404:
      return 'Заявка не найдена.';
    case 422:
      return serverMessageOf(error) ?? fallback;
    default:
      return fallback;
  }
}
