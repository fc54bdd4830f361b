import { statusOf } from '@tour/shared';

/** The server's own message of a failed call (a 422 without field errors says why in it). */
export function serverMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const { data } = error as { data?: unknown };
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

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
