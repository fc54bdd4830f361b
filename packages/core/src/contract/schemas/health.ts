import { Type, type Static } from '@sinclair/typebox';

/** GET /health and GET /ready when all is well. */
export const HealthStatus = Type.Object({ status: Type.Literal('ok') });

/**
 * POST /client-errors: a section of the shell (a module-federation remote) that failed to load,
 * as the browser saw it (the shared ClientErrorReport).
 */
export const ClientErrorBody = Type.Object(
  {
    section: Type.String({
      minLength: 1,
      maxLength: 40,
      pattern: '^[a-z-]*$', // empty: minLength's message alone
      description: 'Раздел (имя remote): строчные латинские буквы и дефис',
    }),
    message: Type.String({ minLength: 1, maxLength: 2000, description: 'Текст ошибки' }),
    url: Type.Optional(
      Type.String({ maxLength: 2000, description: 'Адрес, который не загрузился' }),
    ),
  },
  { additionalProperties: false },
);
export type ClientErrorBody = Static<typeof ClientErrorBody>;
