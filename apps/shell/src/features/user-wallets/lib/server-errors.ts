import type { AxiosQueryError, ValidationErrors } from '@tour/shared';

/** The field errors of a 422 answer (DESIGN.md 2), or null for any other failure. */
export function validationErrorsOf(error: unknown): ValidationErrors | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as Partial<AxiosQueryError>;
  if (status !== 422 || typeof data !== 'object' || data === null) return null;
  const errors = (data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  const result: ValidationErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string' && message !== '',
    );
    if (list.length > 0) result[field] = list;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The HTTP status of a failed call (0 when no answer came), or null when it is not one. */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}
