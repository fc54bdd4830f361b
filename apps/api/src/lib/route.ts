import type { TSchema } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { ErrorBody, GUARDED_ERRORS, Ok } from '@tour/core/contract/common';

// What every route of a module declares, written once: who may call it, its page in /api/docs
// under the module's tags, its answers, and the body of a success.

/** Who may call a route: the rule plugins/access.ts checks (every route declares one). */
type Access = NonNullable<FastifyContextConfig['access']>;

/**
 * The options of a module's routes: `route(access, schema)` is a route's rule and its schema
 * (summary, description, its parts and its answers), filed in /api/docs under `tags`.
 */
export function routeOptions(tags: string[]) {
  return <S extends FastifySchema>(access: Access, schema: S) => ({
    config: { access },
    schema: { tags, ...schema },
  });
}

/** The answer of a route whose record is out of reach or missing. */
export const NOT_FOUND = { 404: ErrorBody };

/**
 * A route's answers: its data as `{ code: 1, data }`, the errors every guarded route may answer,
 * and its own (NOT_FOUND).
 */
export function answers<
  T extends TSchema,
  E extends Record<number, TSchema> = Record<never, never>,
>(data: T, errors?: E) {
  return { 200: Ok(data), ...(errors as E), ...GUARDED_ERRORS };
}

/** A success's body: `{ code: 1, data }`. */
export function ok<T>(data: T) {
  return { code: 1 as const, data };
}
