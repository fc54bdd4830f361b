import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '@tour/shared';
import { StringEnum } from '../../lib/schemas';

/** `rates[from][to]`: how many units of `to` one unit of `from` buys. */
export const RatesJson = Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()));

/** `{ "<date or 'current'>": rates }` (DESIGN.md 2). */
export const RatesByDateJson = Type.Record(Type.String(), RatesJson);

export const RatesQuery = Type.Object(
  {
    date: Type.Optional(
      Type.String({
        format: 'date',
        description: 'YYYY-MM-DD; без даты — текущие курсы под ключом current',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RatesQuery = Static<typeof RatesQuery>;

export const RateInput = Type.Object(
  {
    from: StringEnum(CURRENCIES, { description: 'Исходная валюта' }),
    to: StringEnum(CURRENCIES, { description: 'Целевая валюта' }),
    rate: Type.Number({
      description:
        'Сколько единиц to стоит одна единица from; больше 0, до 10 знаков после запятой',
    }),
  },
  { additionalProperties: false },
);

export const SaveRatesBody = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'YYYY-MM-DD, не позже завтрашнего дня' }),
    rates: Type.Array(RateInput, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type SaveRatesBody = Static<typeof SaveRatesBody>;
