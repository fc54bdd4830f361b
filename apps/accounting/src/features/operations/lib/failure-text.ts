import { failureTextOf, NO_CONNECTION_TEXT, type FailureTexts } from '@tour/shared';

/**
 * What the ledger's screens say of a refusal. The ledger answers 403, 404, 409 and 422 with a
 * Russian sentence that says why (four eyes, already resolved, the shortfall): that sentence is
 * shown; a server failure's text never is.
 */
export function ledgerFailure(fallback: string): FailureTexts {
  return {
    byStatus: {
      0: NO_CONNECTION_TEXT,
      403: 'Недостаточно прав.',
      404: 'Операция не найдена.',
      409: 'Операция уже решена другим сотрудником.',
    },
    serverMessage: [403, 404, 409, 422],
    fallback,
  };
}

/** What to say of a refusal with this HTTP status and the server's sentence (a bulk's row). */
export function refusalText(status: number | null, message: string | null, fallback: string) {
  return failureTextOf({ status, data: { message } }, ledgerFailure(fallback));
}

/** What to say of a failed call that carries no field errors to show under a field. */
export function failureText(error: unknown, fallback: string): string {
  // Thrown by this feature itself (an answer without the operation): its message says why.
  if (error instanceof Error) return error.message;
  return failureTextOf(error, ledgerFailure(fallback));
}
