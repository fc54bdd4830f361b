import { Type, type Static } from '@sinclair/typebox';
import type { Rates, RatesByDate } from '../../money/conversion';
import { CURRENCIES } from '../../money/currency';
import { StringEnum } from './common';

/** The largest rates file accepted: the weekly file is a few kilobytes. */
export const RATE_FILE_MAX_BYTES = 1024 * 1024;

/** `rates[from][to]`: how many units of `to` one unit of `from` buys. */
export const RatesJson = Type.Unsafe<Rates>(
  Type.Record(Type.String(), Type.Record(Type.String(), Type.Number())),
);

/** `{ "<date or 'current'>": rates }` (DESIGN.md 2). */
export const RatesByDateJson = Type.Unsafe<RatesByDate>(Type.Record(Type.String(), RatesJson));

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

/** POST /admin/currency-rates/import: the day and the rates the file brought, as saved. */
export const RateImportJson = Type.Object({
  date: Type.String({ format: 'date', description: 'День файла (его Date), YYYY-MM-DD' }),
  rates: RatesJson,
  imported: Type.Integer({ description: 'Сколько курсов из файла записано' }),
  skipped: Type.Array(Type.String(), {
    description: 'ISO-коды валют файла, которых нет в продукте (пропущены)',
  }),
});

/** The uploaded file as the body: its raw bytes, read by the handler itself. */
export const RateFileBody = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: `Файл daily.xml или weekly.xml Нацбанка КР как есть, до ${RATE_FILE_MAX_BYTES / 1024 / 1024} МБ`,
});

export const RATE_HISTORY_PER_PAGE = 20;
export const RATE_HISTORY_MAX_PER_PAGE = 100;

export const RateHistoryQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'С дня, YYYY-MM-DD' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'По день, YYYY-MM-DD' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: RATE_HISTORY_MAX_PER_PAGE,
        default: RATE_HISTORY_PER_PAGE,
      }),
    ),
  },
  { additionalProperties: false },
);
export type RateHistoryQuery = Static<typeof RateHistoryQuery>;

export const RateHistoryDayJson = Type.Object({
  date: Type.String({ format: 'date' }),
  rates: Type.Array(
    Type.Object({ from: StringEnum(CURRENCIES), to: StringEnum(CURRENCIES), rate: Type.Number() }),
  ),
  updated_at: Type.String({
    format: 'date-time',
    description: 'Когда курсы дня меняли последний раз',
  }),
  created_by_name: Type.Union([Type.String(), Type.Null()], {
    description: 'Кто менял их последним',
  }),
});
export type RateHistoryDayJson = Static<typeof RateHistoryDayJson>;
