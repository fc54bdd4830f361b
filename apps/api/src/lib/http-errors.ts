import type { ValidationErrors } from '@tour/core';

/** An error with an HTTP status and a Russian message, answered as `{ code: 0, message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ValidationErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const VALIDATION_MESSAGE = 'Проверьте правильность заполнения полей';

/** 422 with field errors (DESIGN.md 2). */
export function validationError(errors: ValidationErrors, message = VALIDATION_MESSAGE): HttpError {
  return new HttpError(422, message, errors);
}

export const notFound = (message = 'Не найдено') => new HttpError(404, message);
export const forbidden = (message = 'Недостаточно прав') => new HttpError(403, message);
export const unauthenticated = (message = 'Требуется вход в систему') =>
  new HttpError(401, message);

/** Field and message per unique index: what a race past the service's checks answers. */
export type UniqueFields = Record<string, [field: string, message: string]>;

/** The 422 for a unique violation of one of `fields`' indexes; null for any other error. */
export function uniqueViolationOf(error: unknown, fields: UniqueFields): HttpError | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  const known = code === '23505' && typeof constraint === 'string' && fields[constraint];
  return known ? validationError({ [known[0]]: [known[1]] }) : null;
}

/** A 422's field errors under a prefix (`tourists.2.` + `phone`); any other error as it was. */
export function withFieldPrefix(error: unknown, prefix: string): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([field, messages]) => [`${prefix}${field}`, messages]),
  );
  return new HttpError(422, error.message, errors);
}
