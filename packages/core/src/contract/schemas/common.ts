import { Type, type TSchema } from '@sinclair/typebox';
import { CURRENCIES, MAX_AMOUNT } from '../../money/currency';

/** `{ code: 0, message, errors? }`: every failure's body (DESIGN.md 2). */
export const ErrorBody = Type.Object({
  code: Type.Literal(0),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** `{ code: 1, data }`: a success's body. */
export const Ok = <T extends TSchema>(data: T) => Type.Object({ code: Type.Literal(1), data });

/** Laravel paginator shape. */
export const Paginated = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    current_page: Type.Integer(),
    last_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    from: Type.Union([Type.Integer(), Type.Null()]),
    to: Type.Union([Type.Integer(), Type.Null()]),
  });

/** The failure statuses a route under access control can answer. */
export const GUARDED_ERRORS = {
  401: ErrorBody,
  403: ErrorBody,
  419: ErrorBody,
  422: ErrorBody,
};

/** A positive integer id in the path. */
export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });

/** Builds a paginator from rows and a total. */
export function paginate<T>(rows: T[], total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data: rows,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}

/** One of the given strings, as a plain JSON-schema enum (what Ajv and OpenAPI read best). */
export const StringEnum = <T extends readonly string[]>(values: T, options: object = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A count per key of a list (every key present), e.g. requests per status. */
export const CountsOf = <T extends string>(keys: readonly T[], options: object = {}) =>
  Type.Unsafe<Record<T, number>>(
    Type.Object(
      Object.fromEntries(keys.map((key) => [key, Type.Integer({ minimum: 0 })])),
      options,
    ),
  );

/**
 * The shared MAX_AMOUNT for an amount field's description, currencies of one bound together:
 * «KGS и JPY — до 1 000 000 000, USD и EUR — до 10 000 000».
 */
export function maxAmountText(): string {
  const byBound = new Map<number, string[]>();
  for (const currency of CURRENCIES) {
    const bound = MAX_AMOUNT[currency];
    byBound.set(bound, [...(byBound.get(bound) ?? []), currency.toUpperCase()]);
  }
  return [...byBound]
    .sort(([a], [b]) => b - a)
    .map(([bound, names]) => {
      const grouped = String(bound).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
      return `${names.join(' и ')} — до ${grouped}`;
    })
    .join(', ');
}
