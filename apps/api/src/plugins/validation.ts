import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validationError } from '../lib/http-errors';

// Unknown fields are refused (additionalProperties: false in the schemas), never silently
// dropped, and every error is reported so the form shows all of them at once.
const COMMON: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};

// A query string or a path only carries text, so numbers and booleans there are coerced. A JSON
// body is taken as sent: coercion would turn 5 into "5" and null into 0 through a union's branch.
const bodyAjv = addFormats(new Ajv({ ...COMMON, coerceTypes: false }));
const textAjv = addFormats(new Ajv({ ...COMMON, coerceTypes: 'array' }));

/** Fastify's validator compiler: strict for bodies, coercing for querystring, params, headers. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

export const NUL_MESSAGE = 'Недопустимый символ (U+0000)';
// Enough for any form; a body full of them is not worth listing whole.
const MAX_NUL_FIELDS = 20;

interface Step {
  value: unknown;
  key: string | null;
  parent: Step | null;
}

/** The dotted path of a step (`roles.0`), `_` for the value itself, as fieldOf names fields. */
function pathOf(step: Step | null): string {
  const keys: string[] = [];
  for (let at = step; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

/**
 * The fields of a request part (body, query, params) holding U+0000: a string that contains it,
 * or an object with a key that does (reported on the object, so the key is not echoed). Walks
 * without recursion, so no nesting depth can exhaust the stack.
 */
export function nulFields(value: unknown): string[] {
  const fields = new Set<string>();
  const pending: Step[] = [{ value, key: null, parent: null }];
  while (pending.length > 0 && fields.size < MAX_NUL_FIELDS) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) fields.add(pathOf(step));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        pending.push({ value: current[i], key: String(i), parent: step });
      }
    } else if (
      current !== null &&
      typeof current === 'object' &&
      // An uploaded file's bytes (a raw body) are no text: its route reads them itself.
      !ArrayBuffer.isView(current)
    ) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i]!;
        // Reported on the object and not walked into: a path below it would echo the key.
        if (key.includes('\u0000')) fields.add(pathOf(step));
        else pending.push({ value: item, key, parent: step });
      }
    }
  }
  return [...fields];
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request's text (body, query string,
 * path; strings at any depth and object keys) is a 422 on its field, before validation and the
 * handler: one rule for every current and future field. Registered after the access check.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.is404) return;
    const fields = [request.params, request.query, request.body].flatMap(nulFields);
    if (fields.length > 0) {
      throw validationError(Object.fromEntries(fields.map((field) => [field, [NUL_MESSAGE]])));
    }
  });
}
