import type { ValidationErrors } from '@tour/core';

/** The parts of an Ajv error this module reads (Fastify hands them over as `error.validation`). */
export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  /** Where in the schema it failed (`#/properties/x/anyOf/1/type`): a union's branches by it. */
  schemaPath?: string;
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

const isUnion = (error: AjvLikeError) => error.keyword === 'anyOf' || error.keyword === 'oneOf';

/**
 * The errors of a union's (anyOf, oneOf) branches, reduced to what helps: a branch whose type
 * the value has says what is wrong inside it (a room plan's room type), and the branches of
 * other types («должно быть пустым» of a nullable plan) are dropped; when the value has none of
 * the branches' types, one message names them all («списком или пустым»). The union's own error
 * stays only when its branches said nothing (oneOf matching twice).
 */
function withUnionsExplained(errors: readonly AjvLikeError[]) {
  const dropped = new Set<AjvLikeError>();
  const replaced = new Map<AjvLikeError, string>();
  // Outer unions first: a branch they drop takes its inner unions with it.
  const unions = errors
    .filter((error) => isUnion(error) && error.schemaPath !== undefined)
    .sort((a, b) => a.schemaPath!.length - b.schemaPath!.length);
  for (const union of unions) {
    if (dropped.has(union)) continue;
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, AjvLikeError[]>();
    for (const error of errors) {
      if (error === union || !error.schemaPath?.startsWith(prefix) || dropped.has(error)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    if (branches.size === 0) continue;
    const wrongType = (branch: string, list: AjvLikeError[]) =>
      list.find(
        (error) =>
          error.keyword === 'type' &&
          error.instancePath === union.instancePath &&
          error.schemaPath === `${prefix}${branch}/type`,
      );
    const fitting = [...branches].filter(([branch, list]) => !wrongType(branch, list));
    dropped.add(union);
    if (fitting.length > 0) {
      for (const [branch, list] of branches) {
        if (wrongType(branch, list)) list.forEach((error) => dropped.add(error));
      }
      continue;
    }
    const types = [...branches].flatMap(([branch, list]) =>
      String(wrongType(branch, list)!.params.type).split(','),
    );
    for (const list of branches.values()) list.forEach((error) => dropped.add(error));
    dropped.delete(union);
    replaced.set(
      union,
      russianMessage({
        ...union,
        keyword: 'type',
        params: { type: [...new Set(types)].join(',') },
      }),
    );
  }
  return errors
    .filter((error) => !dropped.has(error))
    .map((error) => ({ error, message: replaced.get(error) ?? russianMessage(error) }));
}

/** Ajv errors as field errors in Russian; one message per field and keyword. */
export function russianFieldErrors(errors: readonly AjvLikeError[]): ValidationErrors {
  // A Map, not an object: an unknown field is named by the request (`?__proto__=1`), and
  // `result['__proto__']` would be the object's prototype rather than a field (a 500).
  const result = new Map<string, string[]>();
  const explained = withUnionsExplained(errors);
  for (const { error, message } of explained) {
    // A union without a schema path (none from Fastify's Ajv) repeats its branches' errors.
    if (isUnion(error) && error.schemaPath === undefined && explained.length > 1) continue;
    const field = fieldOf(error);
    const list = result.get(field) ?? [];
    result.set(field, list);
    if (!list.includes(message)) list.push(message);
  }
  return Object.fromEntries(result);
}
