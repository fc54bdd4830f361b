// The hostile values of the schema fuzzer (fuzz.test.ts): a seeded generator, the values per
// kind of field (string, date, enum, integer, number, boolean, array, object), the whole-body
// mutations and the URL texts for paths and query strings, all chosen from the JSON schemas of
// the OpenAPI document the app serves. Nothing here sends a request.

/**
 * How much the schema fuzzer sends:
 * - `part` (the default, npm test and CI): every route, every caller and every kind of request
 *   of `values`, with a part of each list: its most hostile values (the quick run's budget) and a
 *   quarter of the others (`fuzzPart`: a different quarter each day, so four days send every
 *   value), a different quarter for each list, so that each value meets a quarter of the fields
 *   in every run. A CI run of `values` took four minutes on two cores, a fifth of the whole run.
 * - `values` (FUZZ_LEVEL=values, npm run test:reliability): every hostile value of every list
 *   reaches every route once, dealt out among the callers the route lets through (and among those
 *   it refuses), so each value meets the validation once and each caller a different share of
 *   them. Who may call what is the authorization matrix's to prove; repeating a value as every
 *   role adds nothing the validation sees, and cost four times the time.
 * - `full` (FUZZ_LEVEL=full): every value as every role, the whole cross product.
 * - `quick` (FUZZ_LEVEL=quick): a budget of each field's most hostile values shared among the
 *   callers, for a fast local run while working on a route.
 */
export type FuzzLevel = 'quick' | 'part' | 'values' | 'full';

export function fuzzLevel(env: NodeJS.ProcessEnv = process.env): FuzzLevel {
  const level = env.FUZZ_LEVEL;
  return level === 'quick' || level === 'values' || level === 'full' ? level : 'part';
}

/** How many parts the `part` level cuts each list's other values into. */
export const FUZZ_PARTS = 4;

/** Which part the `part` level sends: FUZZ_PART (0–3), else the day's (days since 1970, mod 4). */
export function fuzzPart(env: NodeJS.ProcessEnv = process.env, now = new Date()): number {
  const part = Number(env.FUZZ_PART);
  if (env.FUZZ_PART !== undefined && Number.isInteger(part) && part >= 0 && part < FUZZ_PARTS) {
    return part;
  }
  return Math.floor(now.getTime() / 86_400_000) % FUZZ_PARTS;
}

/**
 * The `part` level's share of `list`: its first `budget` values (the most hostile), then of the
 * others those whose place, shifted by `offset` (the list's own), falls in `part`.
 */
export function partOf<T>(list: readonly T[], budget: number, part: number, offset: number): T[] {
  return list.filter(
    (_, i) => i < budget || (i - budget + offset) % FUZZ_PARTS === part % FUZZ_PARTS,
  );
}

/** FUZZ_SEED replays another run; the default is fixed, so every run sends the same requests. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const seed = Number(env.FUZZ_SEED);
  return Number.isSafeInteger(seed) && seed > 0 ? seed : 20_261_130;
}

/** mulberry32: a small seeded generator, so a failing run replays exactly. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
export type Rng = ReturnType<typeof createRng>;

/**
 * A piece of JSON text put into a body as is: what JSON.stringify cannot write (1e309, -0,
 * 9007199254740993, duplicate keys) or would take too deep a recursion to write (1000 levels).
 */
export class Raw {
  constructor(readonly json: string) {}
}

/** JSON text of a value that may hold Raw pieces at any depth. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** One hostile value and the words that name it in a failure report. */
export interface Mutation {
  label: string;
  value: unknown;
}

const m = (label: string, value: unknown): Mutation => ({ label, value });

// ---------------------------------------------------------------------------------------------
// The JSON schemas of the OpenAPI document (@fastify/swagger writes TypeBox's schemas as OpenAPI
// 3.0: `nullable`, anyOf for unions).

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/** The schema's alternatives (anyOf/oneOf flattened), each with one concrete shape. */
function branches(schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.flatMap(branches);
  if (schema.allOf?.length) return branches(Object.assign({}, ...schema.allOf) as JsonSchema);
  return [schema];
}

function kindsOf(schema: JsonSchema): Set<Kind> {
  const kinds = new Set<Kind>();
  for (const branch of branches(schema)) {
    const types = Array.isArray(branch.type) ? branch.type : branch.type ? [branch.type] : [];
    for (const type of types) kinds.add(type as Kind);
    if (branch.nullable || branch.enum?.includes(null)) kinds.add('null');
    if (!branch.type && branch.enum) {
      for (const value of branch.enum) {
        if (typeof value === 'string') kinds.add('string');
        if (typeof value === 'number') kinds.add('number');
      }
    }
    if (!branch.type && branch.properties) kinds.add('object');
  }
  if (kinds.has('integer')) kinds.add('number');
  return kinds;
}

/** The first branch that is not `null` alone: the shape a valid value takes. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  const all = branches(schema);
  return all.find((branch) => !kindsOf(branch).has('null') || kindsOf(branch).size > 1) ?? all[0]!;
}

/** Valid ids and values the baseline takes by field name (real rows of the seeded database). */
export type Known = Record<string, unknown>;

/** A business day far enough ahead for every date field. */
export const BASE_DATE = '2027-03-15';

const PATTERN_CANDIDATES = [
  '10:30',
  '03-2027',
  '2027-03',
  BASE_DATE,
  'fuzz',
  'fuzz-key',
  'abc',
  'ABC',
  'a',
  '1',
  '+996555000111',
  'fuzz-1',
];

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'date') return BASE_DATE;
  if (schema.format === 'date-time') return `${BASE_DATE}T10:00:00Z`;
  if (schema.format === 'email' || /email/.test(name)) return 'fuzz.base@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/fuzz';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (text: string) => [...text].length >= min && [...text].length <= max;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((text) => pattern.test(text) && fits(text));
    if (found) return found;
  }
  if (/phone/.test(name)) return '+996555000111';
  let text = 'Фаззинг';
  while ([...text].length < min) text += ' фаззинг';
  return [...text].slice(0, max).join('');
}

function sampleNumber(schema: JsonSchema, name: string, known: Known, integer: boolean): number {
  const id = known[name];
  const low =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
      : (schema.minimum ?? (integer ? 1 : 100));
  const high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (typeof id === 'number' && id >= low && id <= high) return id;
  return Math.min(Math.max(low, integer ? 1 : 100), high);
}

/** A valid value of `schema` (its required fields only), the baseline a mutation changes. */
export function sample(schema: JsonSchema, name: string, known: Known): unknown {
  if (name in known && typeof known[name] !== 'number') return known[name];
  if ('const' in schema) return schema.const;
  const branch = mainBranch(schema);
  if (branch.enum?.length) return branch.enum.find((value) => value !== null) ?? null;
  const kinds = kindsOf(branch);
  if (kinds.has('object') && branch.properties) {
    const value: Record<string, unknown> = {};
    for (const key of branch.required ?? []) {
      const property = branch.properties[key];
      if (property) value[key] = sample(property, key, known);
    }
    return value;
  }
  if (kinds.has('object')) return {};
  if (kinds.has('array')) {
    const count = branch.minItems ?? 0;
    const items = branch.items ?? {};
    const itemBranch = mainBranch(items);
    return Array.from({ length: count }, (_, index) =>
      itemBranch.enum && branch.uniqueItems
        ? itemBranch.enum[index % itemBranch.enum.length]
        : sample(items, name, known),
    );
  }
  if (kinds.has('string')) return sampleString(branch, name);
  if (kinds.has('integer')) return sampleNumber(branch, name, known, true);
  if (kinds.has('number')) return sampleNumber(branch, name, known, false);
  if (kinds.has('boolean')) return false;
  return null;
}

/** A field of a body: its path from the root (`details.hotel_name`, `travellers.0.phone`). */
export interface FieldPath {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of an object schema, nested objects and the first item of arrays included. */
export function fieldPaths(schema: JsonSchema, maxDepth = 3): FieldPath[] {
  const fields: FieldPath[] = [];
  const walk = (node: JsonSchema, path: (string | number)[]) => {
    if (path.length >= maxDepth) return;
    const branch = mainBranch(node);
    if (branch.properties) {
      for (const [key, property] of Object.entries(branch.properties)) {
        fields.push({ path: [...path, key], schema: property });
        walk(property, [...path, key]);
      }
    } else if (branch.items && kindsOf(branch).has('array')) {
      const items = mainBranch(branch.items);
      if (items.properties) walk(branch.items, [...path, 0]);
    }
  };
  walk(schema, []);
  return fields;
}

/** The dotted name of a path, as the 422's errors name it. */
export const dotted = (path: readonly (string | number)[]) => path.join('.') || '(тело)';

/**
 * A copy of `base` with `value` at `path`, creating what is missing on the way from the schema
 * (an optional nested object, the first item of an empty list).
 */
export function withValue(
  base: unknown,
  schema: JsonSchema,
  path: readonly (string | number)[],
  value: unknown,
  known: Known,
): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const branch = mainBranch(schema);
  if (typeof head === 'number') {
    const items = branch.items ?? {};
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    while (list.length <= head) list.push(sample(items, String(head), known));
    list[head] = withValue(list[head], items, rest, value, known);
    return list;
  }
  const property = branch.properties?.[head!] ?? {};
  const object: Record<string, unknown> =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? { ...(base as Record<string, unknown>) }
      : {};
  const current = head! in object ? object[head!] : sample(property, head!, known);
  object[head!] = withValue(current, property, rest, value, known);
  return object;
}

// ---------------------------------------------------------------------------------------------
// The values.

const MB = 1024 * 1024;

export const deepArray = (depth: number) => new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
export const deepObject = (depth: number) =>
  new Raw(`${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`);
const manyKeys = (count: number) =>
  new Raw(`{${Array.from({ length: count }, (_, i) => `"k${i}":${i}`).join(',')}}`);

/** Code points a random hostile string is made of (seeded): metacharacters of every layer. */
const HOSTILE_ALPHABET = [
  ...'\'"\\%_;-/<>{}[]()*?$^|&#`~=+,.:!@ ',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\u0301',
  '\u0358',
  '😀',
  '👨‍👩‍👧',
  '𝕏',
  'я',
  'Ё',
  'İ',
  'ß',
  'ﬃ',
  'ع',
  '中',
  '٣',
  '0',
  'a',
  'Z',
];

/** A seeded string of hostile code points, `length` of them. */
export function randomHostileString(rng: Rng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += rng.pick(HOSTILE_ALPHABET);
  return text;
}

/** The strings of every string field, most hostile first. */
function stringValues(schema: JsonSchema, level: FuzzLevel): Mutation[] {
  const max = schema.maxLength;
  const first: Mutation[] = [
    m('lone surrogates', 'a\ud800b\udfffc'),
    m('NUL', 'fuzz\u0000value'),
    m('1 MB string', 'A'.repeat(MB)),
    m('empty string', ''),
    m('SQL quote', "' or 1=1 --"),
    m('trailing backslash', 'fuzz\\'),
    m('control characters', 'a\u0001\u0007\b\u000b\f\u001b[2J\u007f\u0085b'),
    m('emoji and combining marks', `👨‍👩‍👧‍👦🧳 Z${'\u0301\u0358\u0489'.repeat(40)}`),
    m('LIKE metacharacters', '%_%\\_[a-z]*'),
    m('SQL statement', "x'; drop table users; --"),
    m('path traversal', '../../../../etc/passwd'),
    m('RTL override and zero-width', '\u202etxt.exe\u200b\u200c\u200d\ufeff'),
  ];
  if (max !== undefined) {
    first.push(m(`maxLength+1 (${max + 1}) Cyrillic`, 'я'.repeat(max + 1)));
    first.push(m(`maxLength (${max}) emoji`, '😀'.repeat(max)));
  }
  if (level === 'quick') return first;
  return [
    ...first,
    m('encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd%00'),
    m('URL-encoded NUL', '%00'),
    m('CRLF header injection', 'x\r\nSet-Cookie: fuzz=1\r\n\r\n<html>'),
    m('markup', '<script>alert(1)</script><img src=x onerror=alert(1)>'),
    m('template syntax', '${7*7}{{7*7}}#{7*7}<%= 7*7 %>'),
    m('format specifiers', '%s%s%s%n%x%d'),
    m('whitespace only', ' \t\u00a0\u2003\u3000'),
    m('line separators', 'a\u2028b\u2029c'),
    m('case mapping that grows', 'İıßﬃŉǰΐ'.repeat(30)),
    m('noncharacters and private use', '\uffff\ufffe\ue000\u{10ffff}'),
    m('BOM first', '\ufeffзначение'),
    m('string "null"', 'null'),
    m('string "__proto__"', '__proto__'),
    m('number in Arabic-Indic digits', '١٢٣٤'),
    m('regular expression', '^(a+)+$.*[(?'),
    m('64 KB of combining marks', `a${'\u0301'.repeat(65_536)}`),
    ...(max !== undefined && max > 0
      ? [m(`maxLength (${max}) of surrogate pairs`, '𝕏'.repeat(max))]
      : []),
  ];
}

function dateValues(level: FuzzLevel): Mutation[] {
  const first = [
    m('year 0', '0000-01-01'),
    m('year 9999', '9999-12-31'),
    m('29 February of a common year', '2023-02-29'),
    m('month 13', '2024-13-01'),
    m('date-time', '2024-01-01T00:00:00Z'),
    m('unpadded', '2024-1-1'),
  ];
  if (level === 'quick') return first;
  return [
    ...first,
    m('year 1', '0001-01-01'),
    m('1900-02-29', '1900-02-29'),
    m('30 February', '2024-02-30'),
    m('day 00', '2024-01-00'),
    m('five-digit year', '10000-01-01'),
    m('signed year', '+275760-09-13'),
    m('negative year', '-2024-01-01'),
    m('Arabic-Indic digits', '٢٠٢٤-٠١-٠١'),
    m('date and newline', '2024-01-01\n'),
    m('date and NUL', '2024-01-01\u0000'),
    m('epoch', '1970-01-01'),
  ];
}

function enumValues(schema: JsonSchema, level: FuzzLevel): Mutation[] {
  const value = String(schema.enum?.find((item) => typeof item === 'string') ?? 'x');
  const first = [
    m('enum upper case', value.toUpperCase()),
    m('enum with a space', `${value} `),
    m('enum with NUL', `${value}\u0000`),
    m('enum with zero-width', `${value}\u200b`),
    m('enum Cyrillic look-alike', value.replace(/a/g, 'а').replace(/e/g, 'е').replace(/o/g, 'о')),
  ];
  return level === 'quick' ? first : [...first, m('enum twice', `${value},${value}`)];
}

function emailValues(level: FuzzLevel): Mutation[] {
  const first = [
    m('email without a dot', 'a@b'),
    m('IDN email', 'тест@пример.рф'),
    m('quoted local part', '"x y"@example.com'),
    m('email with CRLF', 'x@example.com\r\nBcc: y@example.com'),
  ];
  if (level === 'quick') return first;
  return [
    ...first,
    m('address literal', 'x@[127.0.0.1]'),
    m('long email', `${'a'.repeat(64)}@${'b'.repeat(180)}.com`),
    m('two @', 'a@b@example.com'),
  ];
}

/** Numbers for integer and number fields, most hostile first. */
function numberValues(schema: JsonSchema, integer: boolean, level: FuzzLevel): Mutation[] {
  const first: Mutation[] = [
    m('1e309', new Raw('1e309')),
    m('-0', new Raw('-0')),
    m('9007199254740993', new Raw('9007199254740993')),
    m('2^63', new Raw('9223372036854775808')),
    m('2^64', new Raw('18446744073709551616')),
    m('-1', -1),
    m('0', 0),
    m(integer ? '1.5' : '0.1', integer ? 1.5 : 0.1),
    m('2^31', 2_147_483_648),
  ];
  if (schema.maximum !== undefined) {
    first.push(m(`maximum (${schema.maximum})`, schema.maximum));
    first.push(m('maximum+1', new Raw(String(BigInt(Math.round(schema.maximum)) + 1n))));
  }
  if (level === 'quick') return first;
  return [
    ...first,
    m('-1e309', new Raw('-1e309')),
    m('1e-400', new Raw('1e-400')),
    m('1e308', new Raw('1e308')),
    m('1E2', new Raw('1E2')),
    m('1.0', new Raw('1.0')),
    m('-2^31-1', -2_147_483_649),
    m('MIN_SAFE_INTEGER', Number.MIN_SAFE_INTEGER),
    m('30 digits', new Raw('123456789012345678901234567890')),
    m('1e-7', 1e-7),
    ...(schema.minimum !== undefined ? [m('minimum-1', schema.minimum - 1)] : []),
  ];
}

/** Amounts written as text (`"1500.50"`): where a number field also takes a string. */
function numericStringValues(level: FuzzLevel): Mutation[] {
  const first = [
    m('"1e309"', '1e309'),
    m('"NaN"', 'NaN'),
    m('"-0"', '-0'),
    m('"0x10"', '0x10'),
    m('400 nines', '9'.repeat(400)),
    m('0.(400 zeros)1', `0.${'0'.repeat(400)}1`),
    m('decimal comma', '100,50'),
  ];
  if (level === 'quick') return first;
  return [
    ...first,
    m('"Infinity"', 'Infinity'),
    m('"1e-7"', '1e-7'),
    m('grouped', '1 000'),
    m('underscore', '1_000'),
    m('Arabic-Indic digits', '١٠٠'),
    m('"+100"', '+100'),
    m('".5"', '.5'),
    m('"5."', '5.'),
    m('padded', ' 100 '),
  ];
}

function wrongTypes(schema: JsonSchema): Mutation[] {
  const kinds = kindsOf(schema);
  const wrong: Mutation[] = [];
  if (!kinds.has('null')) wrong.push(m('null', null));
  if (!kinds.has('string')) wrong.push(m('a string', 'fuzz'));
  if (!kinds.has('number')) wrong.push(m('a number', 12_345));
  if (!kinds.has('boolean')) wrong.push(m('true', true));
  if (!kinds.has('array')) wrong.push(m('an array', ['fuzz', 1]));
  if (!kinds.has('object')) wrong.push(m('an object', { fuzz: 1 }));
  return wrong;
}

/**
 * The mutations of one field, most hostile first: wrong types, deep nesting, and the values of
 * its kind (strings, dates, enums, numbers, lists, objects). `budget` cuts the list (the quick run).
 */
export function fieldMutations(
  schema: JsonSchema,
  options: { level: FuzzLevel; rng: Rng; sampleItem?: unknown; budget?: number },
): Mutation[] {
  const { level, rng } = options;
  const branch = mainBranch(schema);
  const kinds = kindsOf(schema);
  const own: Mutation[] = [];
  if (kinds.has('string')) {
    if (branch.enum) own.push(...enumValues(branch, level));
    else if (branch.format === 'date' || /^\^\\d\{4\}-/.test(branch.pattern ?? '')) {
      own.push(...dateValues(level));
    } else if (branch.format === 'email') own.push(...emailValues(level));
    if (kinds.has('number')) own.push(...numericStringValues(level));
    const stringBranch = branches(schema).find((b) => kindsOf(b).has('string')) ?? branch;
    own.push(...stringValues(stringBranch, level));
    const count = level === 'quick' ? 1 : 6;
    for (let i = 0; i < count; i += 1) {
      own.push(m(`random hostile text #${i + 1}`, randomHostileString(rng, 1 + rng.int(300))));
    }
  }
  if (kinds.has('number')) {
    const numberBranch = branches(schema).find((b) => kindsOf(b).has('number')) ?? branch;
    own.push(...numberValues(numberBranch, kinds.has('integer'), level));
  }
  if (kinds.has('boolean')) {
    own.push(m('"true"', 'true'), m('1', 1), m('"on"', 'on'));
  }
  if (kinds.has('array')) {
    const item = options.sampleItem ?? 'fuzz';
    own.push(
      m('10 000 items', new Raw(`[${Array(10_000).fill(toJson(item)).join(',')}]`)),
      m('items of every type', [null, 1, 'fuzz', true, {}, [], -0]),
      m('the same item twice', [item, item]),
      m('a NUL item', ['fuzz\u0000']),
      m('a 1 MB item', ['A'.repeat(MB)]),
      m('a lone-surrogate item', ['\ud800']),
      m('an empty-string item', ['']),
    );
    if (branch.maxItems !== undefined) {
      own.push(m(`maxItems+1 (${branch.maxItems + 1})`, Array(branch.maxItems + 1).fill(item)));
    }
  }
  if (kinds.has('object')) {
    own.push(
      m('__proto__ key', new Raw('{"__proto__":{"polluted":true}}')),
      m('constructor.prototype', new Raw('{"constructor":{"prototype":{"polluted":true}}}')),
      m('an unknown field', { fuzz_unknown: 1 }),
      m('10 000 keys', manyKeys(10_000)),
    );
  }
  const depth = level === 'quick' ? 1000 : 10_000;
  const all = [
    ...wrongTypes(schema),
    m(`array ${depth} deep`, deepArray(depth)),
    m(`object ${depth} deep`, deepObject(depth)),
    ...own,
  ];
  // In the quick run: the wrong types and nesting once, then the field's own values in turn.
  return options.budget === undefined ? all : interleave(all, own, options.budget);
}

/** The first `budget` of `all`, taking the field's own values before the generic ones run out. */
function interleave(all: Mutation[], own: Mutation[], budget: number): Mutation[] {
  if (all.length <= budget) return all;
  const generic = all.filter((mutation) => !own.includes(mutation));
  const genericShare = Math.min(generic.length, Math.ceil(budget / 3));
  return [...generic.slice(0, genericShare), ...own.slice(0, budget - genericShare)];
}

// ---------------------------------------------------------------------------------------------
// Paths and query strings: URL text, percent-encoded where it must be, raw where the point is
// the raw form.

/** percent-encoding that also writes lone surrogates (as WTF-8), which encodeURIComponent refuses. */
export function encodeUrlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** URL texts for a path parameter; `integer` adds the numbers. */
export function pathMutations(integer: boolean, level: FuzzLevel): Mutation[] {
  const numbers = [
    m('0', '0'),
    m('-1', '-1'),
    m('2^63', '9223372036854775808'),
    m('2^64', '18446744073709551616'),
    m('2^53', '9007199254740992'),
    m('1.5', '1.5'),
    m('1e3', '1e3'),
  ];
  const texts = [
    m('URL-encoded NUL', '1%00'),
    m('encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
    m('raw traversal', '..%2F..%2F..%2Fetc%2Fpasswd'),
    m('SQL', encodeUrlText("1' or '1'='1")),
    m('encoded lone surrogate', '%ED%A0%80'),
    m('malformed percent-encoding', '%zz'),
    m('101 characters', '1'.repeat(101)),
    m('emoji', '%F0%9F%98%80'),
  ];
  const more = [
    m('overlong UTF-8 dot', '%C0%AE%C0%AE%2F'),
    m('encoded RTL override', encodeUrlText('\u202e1')),
    m('word', 'abc'),
    m('space', '%20'),
    m('hex', '0x10'),
    m('plus sign', '+1'),
    m('1e309', '1e309'),
    m('Infinity', 'Infinity'),
    m('semicolon', '1;drop'),
    m('double-encoded traversal', '%252e%252e%252f'),
    m('100 characters', '9'.repeat(100)),
    m('encoded NUL only', '%00'),
    m('truncated percent-encoding', '%E0%A4%A'),
  ];
  const first = integer ? [...numbers, ...texts] : [...texts, ...numbers];
  return level === 'quick' ? first : [...first, ...more];
}

/** URL texts for a query parameter of the given schema. */
export function queryMutations(schema: JsonSchema, level: FuzzLevel, rng: Rng): Mutation[] {
  const kinds = kindsOf(schema);
  const numeric = kinds.has('number') || kinds.has('boolean');
  const base = [
    m('empty', ''),
    m('URL-encoded NUL', 'a%00b'),
    m('malformed percent-encoding', '%zz%'),
    m('encoded lone surrogate', '%ED%A0%80'),
    m('SQL', encodeUrlText("' or 1=1 --")),
    m('LIKE metacharacters and a trailing backslash', encodeUrlText('%_\\')),
    m('64 KB', 'A'.repeat(65_536)),
  ];
  const numbers = [
    m('-1', '-1'),
    m('1e309', '1e309'),
    m('2^63', '9223372036854775808'),
    m('1.5', '1.5'),
    m('maximum', String(schema.maximum ?? 2_147_483_648)),
  ];
  const dates =
    schema.format === 'date' || schema.pattern?.includes('\\d{4}')
      ? [m('year 0', '0000-01-01'), m('year 9999', '9999-12-31'), m('2023-02-29', '2023-02-29')]
      : [];
  const more = [
    m('control characters', encodeUrlText('\u0001\u001b[2J\u007f')),
    m('RTL override', encodeUrlText('\u202e\u200b')),
    m('combining marks', encodeUrlText(`Z${'\u0301'.repeat(100)}`)),
    m('path traversal', encodeUrlText('../../etc/passwd')),
    m('1 MB', 'A'.repeat(MB)),
    m('2^64', '18446744073709551616'),
    m('-0', '-0'),
    m('hex', '0x10'),
    m('Infinity', 'Infinity'),
    m('truncated percent-encoding', '%E0%A4%A'),
    m('random hostile text', encodeUrlText(randomHostileString(rng, 50))),
  ];
  const first = numeric ? [...numbers, ...base] : [...dates, ...base, ...numbers.slice(0, 2)];
  return level === 'quick' ? first : [...first, ...dates, ...more];
}

/** Query strings as a whole: repeated, unknown and prototype keys. `key` is a real parameter. */
export function wholeQueryMutations(key: string | undefined): Mutation[] {
  return [
    ...(key
      ? [m('parameter twice', `${key}=1&${key}=2`), m('bracket syntax', `${key}[]=1&${key}[a]=2`)]
      : []),
    m('unknown parameter', 'fuzz_unknown=1'),
    m('__proto__ parameter', '__proto__=1&constructor[prototype][x]=1'),
    m('names every object inherits', 'constructor=1&toString=1&hasOwnProperty=1'),
    m('1000 parameters', Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&')),
  ];
}

/** Values of the Idempotency-Key header (1–200 printable ASCII characters). */
export function headerMutations(level: FuzzLevel): Mutation[] {
  const first = [
    m('empty', ''),
    m('201 characters', 'k'.repeat(201)),
    m('Cyrillic', 'ключ-идемпотентности'),
    m('tab and spaces', 'a\t b'),
  ];
  return level === 'quick'
    ? first
    : [...first, m('200 characters', 'k'.repeat(200)), m('space only', ' '), m('quotes', '"k"')];
}

/** A whole body sent in place of the JSON the route takes: content type and payload. */
export interface BodyMutation {
  label: string;
  contentType?: string;
  payload: string | Buffer;
  /** The body parses (JSON, of the route's content type): the hooks after parsing run. */
  parses: boolean;
}

/** Whole-body mutations of a JSON route, around its valid `baseline` body. */
export function bodyMutations(baseline: unknown, level: FuzzLevel): BodyMutation[] {
  const json = 'application/json';
  const text = toJson(baseline);
  const object =
    baseline !== null && typeof baseline === 'object' && !Array.isArray(baseline)
      ? (baseline as Record<string, unknown>)
      : {};
  const firstKey = Object.keys(object)[0];
  const duplicated = firstKey
    ? `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(firstKey)}:null}`
    : '{"a":1,"a":2}';
  const first: BodyMutation[] = [
    { label: 'not JSON', contentType: json, payload: 'not json at all', parses: false },
    { label: 'truncated JSON', contentType: json, payload: text.slice(0, -1), parses: false },
    { label: 'empty body', contentType: json, payload: '', parses: false },
    { label: 'JSON array of the body', contentType: json, payload: `[${text}]`, parses: true },
    { label: 'JSON null', contentType: json, payload: 'null', parses: true },
    { label: 'JSON string', contentType: json, payload: '"fuzz"', parses: true },
    { label: 'text/plain', contentType: 'text/plain', payload: text, parses: false },
    {
      label: 'form-urlencoded',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'a=1&b=2',
      parses: false,
    },
    {
      label: 'multipart',
      contentType: 'multipart/form-data; boundary=fuzz',
      payload: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n',
      parses: false,
    },
    { label: 'no content type', payload: text, parses: false },
    { label: 'duplicate key', contentType: json, payload: duplicated, parses: true },
    {
      label: 'keys every object inherits',
      contentType: json,
      payload: `{"constructor":1,"toString":1,"hasOwnProperty":1${text.length > 2 ? `,${text.slice(1)}` : '}'}`,
      parses: true,
    },
    {
      label: '__proto__ key',
      contentType: json,
      payload: `{"__proto__":{"polluted":true}${text.length > 2 ? `,${text.slice(1)}` : '}'}`,
      parses: false,
    },
    {
      label: 'body over 1 MB',
      contentType: json,
      payload: `{"fuzz":"${'A'.repeat(MB + 16)}"}`,
      parses: false,
    },
    {
      label: 'invalid UTF-8',
      contentType: json,
      payload: Buffer.concat([
        Buffer.from('{"fuzz":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ]),
      parses: true,
    },
    { label: 'array 1000 deep', contentType: json, payload: deepArray(1000).json, parses: true },
  ];
  if (level === 'quick') return first;
  return [
    ...first,
    { label: 'JSON number', contentType: json, payload: '1e309', parses: true },
    { label: 'JSON true', contentType: json, payload: 'true', parses: true },
    { label: 'empty object', contentType: json, payload: '{}', parses: true },
    { label: 'trailing comma', contentType: json, payload: '{"a":1,}', parses: false },
    { label: 'BOM first', contentType: json, payload: `\ufeff${text}`, parses: false },
    {
      label: 'charset utf-16',
      contentType: `${json}; charset=utf-16`,
      payload: text,
      parses: false,
    },
    {
      label: 'charset latin1',
      contentType: `${json}; charset=latin1`,
      payload: text,
      parses: false,
    },
    { label: 'upper-case type', contentType: 'APPLICATION/JSON', payload: text, parses: true },
    { label: 'two types', contentType: `${json}, text/plain`, payload: text, parses: false },
    { label: 'XML', contentType: 'application/xml', payload: '<a>1</a>', parses: false },
    { label: 'whitespace only', contentType: json, payload: ' \n\t ', parses: false },
    {
      label: 'constructor.prototype',
      contentType: json,
      payload: '{"constructor":{"prototype":{"polluted":true}}}',
      parses: false,
    },
    { label: '10 000 keys', contentType: json, payload: manyKeys(10_000).json, parses: true },
    {
      label: 'object 10 000 deep',
      contentType: json,
      payload: deepObject(10_000).json,
      parses: true,
    },
    {
      label: 'array 100 000 deep',
      contentType: json,
      payload: deepArray(100_000).json,
      parses: true,
    },
    {
      label: 'NUL bytes',
      contentType: json,
      payload: Buffer.from([0x7b, 0x00, 0x7d]),
      parses: false,
    },
    { label: 'exactly 1 MB', contentType: json, payload: `"${'A'.repeat(MB - 2)}"`, parses: true },
  ];
}

/** Raw bodies of the National Bank rates file route (application/xml), around a valid file. */
export function xmlBodyMutations(valid: Buffer, level: FuzzLevel): BodyMutation[] {
  const xml = 'application/xml';
  const doc = (inner: string, date = '20.11.2026') =>
    `<?xml version="1.0" encoding="utf-8"?><CurrencyRates Name="Daily" Date="${date}">${inner}</CurrencyRates>`;
  const currency = (code: string, nominal: string, value: string) =>
    `<Currency ISOCode="${code}"><Nominal>${nominal}</Nominal><Value>${value}</Value></Currency>`;
  const first: BodyMutation[] = [
    { label: 'empty file', contentType: xml, payload: '', parses: true },
    { label: 'not XML', contentType: xml, payload: 'not xml at all', parses: true },
    { label: 'JSON instead', contentType: 'application/json', payload: '{"a":1}', parses: true },
    { label: 'text/plain', contentType: 'text/plain', payload: valid, parses: false },
    {
      label: 'elements 10 000 deep',
      contentType: xml,
      payload: `${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}`,
      parses: true,
    },
    {
      label: 'entity expansion (billion laughs)',
      contentType: xml,
      payload:
        '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
        doc(currency('USD', '1', '&c;')),
      parses: true,
    },
    {
      label: 'external entity',
      contentType: xml,
      payload:
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
        doc(currency('USD', '1', '&x;')),
      parses: true,
    },
    {
      label: 'file over 1 MB',
      contentType: xml,
      payload: Buffer.alloc(MB + 16, 0x41),
      parses: false,
    },
    {
      label: 'NUL bytes',
      contentType: xml,
      payload: Buffer.concat([valid, Buffer.from([0, 0, 0])]),
      parses: true,
    },
    {
      label: 'value 1e309',
      contentType: xml,
      payload: doc(currency('USD', '1', '1e309')),
      parses: true,
    },
    {
      label: 'nominal 0',
      contentType: xml,
      payload: doc(currency('USD', '0', '87,45')),
      parses: true,
    },
    {
      label: 'value of 400 digits',
      contentType: xml,
      payload: doc(currency('USD', '1', '9'.repeat(400))),
      parses: true,
    },
    {
      label: 'date 31.02',
      contentType: xml,
      payload: doc(currency('USD', '1', '87,45'), '31.02.2026'),
      parses: true,
    },
    {
      label: 'year 0',
      contentType: xml,
      payload: doc(currency('USD', '1', '87,45'), '01.01.0000'),
      parses: true,
    },
  ];
  if (level === 'quick') return first;
  return [
    ...first,
    {
      label: 'octet-stream',
      contentType: 'application/octet-stream',
      payload: valid,
      parses: true,
    },
    { label: 'text/xml', contentType: 'text/xml; charset=utf-8', payload: valid, parses: true },
    {
      label: 'HTML page',
      contentType: xml,
      payload: '<!doctype html><html><body>502</body></html>',
      parses: true,
    },
    { label: 'value -1', contentType: xml, payload: doc(currency('USD', '1', '-1')), parses: true },
    {
      label: 'value NaN',
      contentType: xml,
      payload: doc(currency('USD', '1', 'NaN')),
      parses: true,
    },
    {
      label: 'nominal 2^64',
      contentType: xml,
      payload: doc(currency('USD', '18446744073709551616', '1')),
      parses: true,
    },
    {
      label: 'year 9999',
      contentType: xml,
      payload: doc(currency('USD', '1', '87,45'), '31.12.9999'),
      parses: true,
    },
    {
      label: 'date with NUL',
      contentType: xml,
      payload: doc(currency('USD', '1', '87,45'), '20.11.2026\u0000'),
      parses: true,
    },
    {
      label: 'a currency twice',
      contentType: xml,
      payload: doc(currency('USD', '1', '87,45') + currency('USD', '1', '88,45')),
      parses: true,
    },
    {
      label: '10 000 currencies',
      contentType: xml,
      payload: doc(currency('KZT', '1', '0,16').repeat(10_000)),
      parses: true,
    },
    {
      label: 'UTF-16 with BOM',
      contentType: xml,
      payload: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc(''), 'utf16le')]),
      parses: true,
    },
    {
      label: 'invalid UTF-8 declared',
      contentType: xml,
      payload: Buffer.concat([
        Buffer.from('<?xml version="1.0" encoding="utf-8"?><CurrencyRates Date="'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"/>'),
      ]),
      parses: true,
    },
    {
      label: 'lone surrogate code',
      contentType: xml,
      payload: doc(currency('&#xD800;', '1', '1')),
      parses: true,
    },
    {
      label: 'CDATA',
      contentType: xml,
      payload: doc(currency('USD', '<![CDATA[1]]>', '<![CDATA[87,45]]>')),
      parses: true,
    },
  ];
}

/** Hostile cookies and transport headers, the same for every route. */
export interface TransportMutation {
  label: string;
  /** The Cookie header, from the caller's own. */
  cookie?: (own: string) => string;
  /** The X-XSRF-TOKEN header, from the caller's own token. */
  xsrf?: (own: string) => string;
  headers?: Record<string, string>;
  /** No valid session token goes with it: a state-changing request must be a 419. */
  forged?: boolean;
}

export function transportMutations(level: FuzzLevel): TransportMutation[] {
  const first: TransportMutation[] = [
    {
      label: 'cookies with malformed percent-encoding',
      cookie: () => 'tour_session=%zz; XSRF-TOKEN=%E0%A4%A',
      xsrf: () => '%zz',
      forged: true,
    },
    {
      label: 'session cookie of 8 KB',
      cookie: () => `tour_session=${'a'.repeat(8192)}`,
      forged: true,
    },
    { label: 'forged guest cookie', cookie: () => 'tour_session=g.AAAA.BBBB', forged: true },
    { label: 'guest cookie without its parts', cookie: () => 'tour_session=g..', forged: true },
    {
      label: 'XSRF cookie and header forged together (double submit)',
      cookie: (own) => own.replace(/XSRF-TOKEN=[^;]*/, 'XSRF-TOKEN=forged'),
      xsrf: () => 'forged',
      forged: true,
    },
    { label: 'X-XSRF-TOKEN of 1 MB', xsrf: () => 'a'.repeat(MB), forged: true },
    { label: 'own X-XSRF-TOKEN and a space', xsrf: (own) => `${own} `, forged: true },
    { label: 'session cookie twice', cookie: (own) => `${own}; tour_session=g.AAAA.BBBB` },
    {
      label: 'garbage Cookie header',
      cookie: () => ';;; ==; =x; tour_session; "quoted"=1',
      forged: true,
    },
    {
      label: 'x-request-id with CRLF',
      headers: { 'x-request-id': 'abcdefgh\r\nSet-Cookie: fuzz=1' },
    },
    { label: 'x-request-id of 10 000 characters', headers: { 'x-request-id': 'a'.repeat(10_000) } },
  ];
  if (level === 'quick') return first;
  return [
    ...first,
    {
      label: '1000 cookies',
      cookie: (own) => `${own}; ${Array.from({ length: 1000 }, (_, i) => `c${i}=${i}`).join('; ')}`,
    },
    { label: 'non-ASCII X-XSRF-TOKEN', xsrf: () => 'токен', forged: true },
    { label: 'empty X-XSRF-TOKEN', xsrf: () => '', forged: true },
    { label: 'x-request-id with a path', headers: { 'x-request-id': '../../etc/passwd' } },
    { label: 'Accept garbage', headers: { accept: '*/*;q=;;,,text/html;level=\u00ff' } },
    {
      label: 'forwarded for 1000 addresses',
      headers: { 'x-forwarded-for': Array(1000).fill('10.0.0.1').join(', ') },
    },
    { label: 'method override', headers: { 'x-http-method-override': 'DELETE' } },
  ];
}
