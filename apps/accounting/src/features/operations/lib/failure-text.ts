import { serverMessageOf, statusOf } from '@tour/shared';

/**
 * What to say of a refusal with this HTTP status. The ledger answers 403, 404, 409 and 422 with
 * a Russian sentence that says why (four eyes, already resolved, the shortfall): that sentence is
 * shown; a server failure's text never is.
 */
export function refusalText(status: number | null, message: string | null, fallback: string) {
  if (status === 0) return 'Нет связи с сервером. Попробуйте ещё раз.';
  if (message && status !== null && [403, 404, 409, 422].includes(status)) return message;
  if (status === 403) return 'Недостаточно прав.';
  if (status === 404) return 'Операция не найдена.';
  if (status === 409) return 'Операция уже решена другим сотрудником.';
  return fallback;
}

/** What to say of a failed call that carries no field errors to show under a field. */
export function failureText(error: unknown, fallback: string): string {
  // Thrown by this feature itself (an answer without the operation): its message says why.
  if (error instanceof Error) return error.message;
  return refusalText(statusOf(error), serverMessageOf(error), fallback);
}
