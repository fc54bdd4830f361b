import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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
