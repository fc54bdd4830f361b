import type { AxiosQueryError } from './api';
import type { ValidationErrors } from '@tour/core';

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

/** The server's own message of a failed call (`{ code: 0, message }`), when it sent one. */
export function serverMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const { data } = error as { data?: unknown };
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** Every message of a 422 answer, once each, or null when it is not one. */
export function allMessagesOf(error: unknown): string[] | null {
  const errors = validationErrorsOf(error);
  return errors ? [...new Set(Object.values(errors).flat())] : null;
}

/** The server's errors split into those of the `known` fields of a form and the rest. */
export function splitFieldErrors<F extends string>(
  errors: ValidationErrors,
  known: readonly F[],
): { fields: { name: F; errors: string[] }[]; other: string[] } {
  const fields: { name: F; errors: string[] }[] = [];
  const other: string[] = [];
  for (const [name, messages] of Object.entries(errors)) {
    if ((known as readonly string[]).includes(name)) {
      fields.push({ name: name as F, errors: [...new Set(messages)] });
    } else other.push(...messages);
  }
  return { fields, other: [...new Set(other)] };
}
