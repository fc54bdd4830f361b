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

/** Said above a form when every error of the server's refusal stands under its field. */
export const FIELDS_BELOW_HINT = 'Исправьте поля, отмеченные ниже.';
/** Said of a call that got no answer, where the form has nothing more to add. */
export const NO_CONNECTION_TEXT = 'Нет связи с сервером. Попробуйте ещё раз.';

/** What a form says of a failed call that brought no field errors. */
export interface FailureTexts {
  /** By HTTP status (0: no answer came). */
  byStatus?: Partial<Record<number, string>>;
  /**
   * Where the server's own sentence (`{ message }`) is shown when it sent one: on these statuses
   * before `byStatus`, or `'otherwise'`, on a status `byStatus` does not name.
   */
  serverMessage?: readonly number[] | 'otherwise';
  /** Any other failure, and an answer that lacks what was saved. */
  fallback: string;
}

/** The text of a failed call by `texts` (null: an answer without what was asked for). */
export function failureTextOf(error: unknown, texts: FailureTexts): string {
  const status = statusOf(error);
  const message = serverMessageOf(error);
  const { byStatus = {}, serverMessage = [] } = texts;
  if (message && status !== null && serverMessage !== 'otherwise') {
    if (serverMessage.includes(status)) return message;
  }
  const byItsStatus = status === null ? undefined : byStatus[status];
  if (byItsStatus !== undefined) return byItsStatus;
  if (message && serverMessage === 'otherwise') return message;
  return texts.fallback;
}

/**
 * A refusal's lines above the form, with `hint` after them when the refusal names the
 * Idempotency-Key (the payment may already be recorded by an earlier attempt).
 */
export function withIdempotencyHint(
  errors: ValidationErrors,
  other: string[],
  hint: string,
): string[] {
  const keyTrouble = Object.keys(errors).some((name) => name.toLowerCase() === 'idempotency-key');
  return keyTrouble ? [...other, hint] : other;
}

/** A 422's errors split into those shown under the form's fields and the form's own lines. */
export interface SplitErrors {
  fields: { name: string | (string | number)[]; errors: string[] }[];
  other: string[];
}
