import { NO_CONNECTION_TEXT, type FailureTexts } from '@tour/shared';

/** What a trip's screens say of a failed call that carries no field errors. */
export function tripFailure(fallback: string): FailureTexts {
  return {
    byStatus: { 0: NO_CONNECTION_TEXT, 403: 'Недостаточно прав.', 404: 'Тур не найден.' },
    fallback,
  };
}
