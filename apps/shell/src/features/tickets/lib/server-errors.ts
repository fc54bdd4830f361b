import { NO_CONNECTION_TEXT, type FailureTexts } from '@tour/shared';

/** What a request's screens say of a failed call that carries no field errors. */
export function ticketFailure(fallback: string): FailureTexts {
  return {
    byStatus: { 0: NO_CONNECTION_TEXT, 403: 'Недостаточно прав.', 404: 'Заявка не найдена.' },
    serverMessage: [422],
    fallback,
  };
}
