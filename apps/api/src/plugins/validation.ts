import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
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

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number the ASCII digits of text[from, from + count) spell, or -1 where one is no digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let at = from; at < from + count; at += 1) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `format: 'date'`: a real day of the years 1–9999, written YYYY-MM-DD. ajv-formats takes year
 * 0000 (ISO 8601's 1 BC), which PostgreSQL refuses to read: such a date reached the database and
 * failed as a 500. Read digit by digit (a costing's body carries a date a line).
 */
export function isDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : DAYS[month - 1]!);
}
for (const ajv of [bodyAjv, textAjv]) ajv.addFormat('date', { type: 'string', validate: isDate });

/** Fastify's validator compiler: strict for bodies, coercing for querystring, params, headers. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

type Validate = ReturnType<FastifySchemaCompiler<object>> & { schemaEnv?: unknown };

/**
 * `compiler`, compiling each route's schema when the route is first validated instead of when
 * the app starts (AppOptions.compileSchemasOnFirstUse). The function Fastify keeps reads the
 * compiled one's `schemaEnv` (Fastify then passes the parent, as to Ajv's own) and `errors`.
 */
export function onFirstUseValidatorCompiler(
  compiler: FastifySchemaCompiler<object>,
): FastifySchemaCompiler<object> {
  return (route) => {
    let compiled: Validate | undefined;
    const validate = () => (compiled ??= compiler(route) as Validate);
    const lazy = ((data: unknown, context?: unknown) =>
      (validate() as (data: unknown, context?: unknown) => unknown)(data, context)) as Validate;
    Object.defineProperties(lazy, {
      schemaEnv: { get: () => validate().schemaEnv },
      errors: { get: () => (validate() as { errors?: unknown }).errors },
    });
    return lazy;
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled when its route first
 * answers with that status instead of when the app starts (AppOptions.compileSchemasOnFirstUse).
 */
export function onFirstUseSerializerFactory(): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
  };
}

export const NUL_MESSAGE = 'Недопустимый символ (U+0000)';
export const SURROGATE_MESSAGE = 'Недопустимый символ (непарный суррогат UTF-16)';
// Enough for any form; a body full of them is not worth listing whole.
const MAX_BAD_FIELDS = 20;

// Half of a UTF-16 surrogate pair (`"\ud800"` in JSON) is no character at all: PostgreSQL's json
// refuses it (every audit_log and jsonb write failed with a 500), and its text would keep U+FFFD.
// String.prototype.isWellFormed (ES2024, in Node since 20) says whether a text holds one, natively
// (a third of a regular expression's time on a long text; nothing to scan in a Latin-1 one).
const wellFormed = (text: string): boolean =>
  (text as string & { isWellFormed(): boolean }).isWellFormed();

/** Why a text cannot be kept as sent (U+0000, a lone surrogate), or null when it can. */
export function textFault(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  return wellFormed(text) ? null : SURROGATE_MESSAGE;
}

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
 * The fields of a request part (body, query, params) holding a text that cannot be kept
 * (`textFault`), each with its message: a string, or an object with such a key (reported on the
 * object, so the key is not echoed). Walks without recursion, so no nesting depth can exhaust
 * the stack.
 */
export function badTextFields(value: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  const pending: Step[] = [{ value, key: null, parent: null }];
  while (pending.length > 0 && fields.size < MAX_BAD_FIELDS) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      const fault = textFault(current);
      if (fault) fields.set(pathOf(step), fault);
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
      // Keys, then each value: Object.entries makes a pair per key (a body of 10 000 keys took
      // three times as long).
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i]!;
        const item = record[key];
        // Reported on the object and not walked into: a path below it would echo the key.
        const fault = textFault(key);
        if (fault) fields.set(pathOf(step), fault);
        else pending.push({ value: item, key, parent: step });
      }
    }
  }
  return fields;
}

// The JSON escapes a body needs to carry U+0000 or half of a surrogate pair: the UTF-8 decoder
// turns any broken byte into U+FFFD and JSON refuses a raw control character, so a JSON text
// without them holds no such character at any depth (an escaped backslash before «u0000» only
// costs the walk).
const MAYBE_BAD_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * PostgreSQL text cannot hold U+0000, nor json a lone surrogate, so either anywhere in a
 * request's text (body, query string, path; strings at any depth and object keys) is a 422 on its
 * field, before validation and the handler: one rule for every current and future field.
 * Registered after the access check. A JSON body is walked only when its text has such an escape
 * (Fastify's own JSON parser then reads it): a body of 10 000 keys took 3 ms to walk.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  const plainJson = new WeakSet<FastifyRequest>();
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (!MAYBE_BAD_ESCAPE.test(text)) plainJson.add(request);
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.is404) return;
    const parts = [request.params, request.query];
    if (!plainJson.has(request)) parts.push(request.body);
    const fields = parts.flatMap((part) => [...badTextFields(part)]);
    if (fields.length > 0) {
      throw validationError(Object.fromEntries(fields.map(([field, fault]) => [field, [fault]])));
    }
  });
}
