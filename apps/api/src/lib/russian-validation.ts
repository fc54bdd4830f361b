import type { ValidationErrors } from '@tour/shared';

/** The parts of an Ajv error this module reads (Fastify hands them over as `error.validation`). */
export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'строкой',
  integer: 'целым числом',
  number: 'числом',
  boolean: 'да/нет',
  array: 'списком',
  object: 'объектом',
  null: 'пустым',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Неверный адрес электронной почты',
  date: 'Неверная дата',
  'date-time': 'Неверные дата и время',
  uri: 'Неверный адрес',
};

function limit(params: Record<string, unknown>): number {
  return Number(params.limit);
}

/** Russian text for one Ajv error. */
export function russianMessage(error: AjvLikeError): string {
  const { keyword, params } = error;
  switch (keyword) {
    case 'required':
      return 'Обязательное поле';
    case 'additionalProperties':
      return 'Неизвестное поле';
    case 'type': {
      const types = String(params.type).split(',');
      return `Значение должно быть ${types.map((t) => TYPE_NAMES[t] ?? t).join(' или ')}`;
    }
    case 'minLength':
      return limit(params) <= 1 ? 'Обязательное поле' : `Не короче ${limit(params)} символов`;
    case 'maxLength':
      return `Не длиннее ${limit(params)} символов`;
    case 'minimum':
      return `Не меньше ${limit(params)}`;
    case 'exclusiveMinimum':
      return `Больше ${limit(params)}`;
    case 'maximum':
      return `Не больше ${limit(params)}`;
    case 'exclusiveMaximum':
      return `Меньше ${limit(params)}`;
    case 'minItems':
      return `Не меньше ${limit(params)} элементов`;
    case 'maxItems':
      return `Не больше ${limit(params)} элементов`;
    case 'uniqueItems':
      return 'Значения не должны повторяться';
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return 'Недопустимое значение';
    case 'format':
      return FORMAT_MESSAGES[String(params.format)] ?? 'Неверный формат';
    case 'pattern':
      return 'Неверный формат';
    default:
      return 'Неверное значение';
  }
}

/** The field an error belongs to, dotted (`roles.0`), the way Laravel names them. */
export function fieldOf(error: AjvLikeError): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path.join('.') || '_';
}

/** Ajv errors as field errors in Russian; one message per field and keyword. */
export function russianFieldErrors(errors: readonly AjvLikeError[]): ValidationErrors {
  // A Map, not an object: an unknown field is named by the request (`?__proto__=1`), and
  // `result['__proto__']` would be the object's prototype rather than a field (a 500).
  const result = new Map<string, string[]>();
  for (const error of errors) {
    // anyOf/oneOf repeat their branches' errors; the branch errors say more, keep them only.
    if ((error.keyword === 'anyOf' || error.keyword === 'oneOf') && errors.length > 1) continue;
    const field = fieldOf(error);
    const message = russianMessage(error);
    const list = result.get(field) ?? [];
    result.set(field, list);
    if (!list.includes(message)) list.push(message);
  }
  return Object.fromEntries(result);
}
