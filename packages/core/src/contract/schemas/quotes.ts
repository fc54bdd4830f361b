import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { OCCUPANCY_LIST } from '../../pricing/costing';
import { StringEnum } from './common';

// A request's quote («Коммерческое предложение», issue 33): one cell of a saved costing version
// of the request (a group size and an occupancy) offered to the client, with what the price
// includes and what it does not; printed as a numbered DOCX and sent by e-mail. Converting the
// request gives its participants the quote's price per person.

/** The longest «что включено» / «что не включено» a quote keeps (about a printed page). */
export const QUOTE_TEXT_MAX = 2000;

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description });
const NullableString = () => Type.Union([Type.String(), Type.Null()]);

/** POST /admin/ticket/:id/quote: a new quote of the request. */
export const SaveQuoteBody = Type.Object(
  {
    costing_id: Id('Сохранённая версия калькуляции этой заявки'),
    occupancy: StringEnum(OCCUPANCY_LIST, { description: 'Размещение: single или double' }),
    group_size: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 200,
        description: 'Размер группы — строка таблицы версии; по умолчанию взрослые + дети заявки',
      }),
    ),
    included: Type.String({ maxLength: QUOTE_TEXT_MAX, description: 'Что включено в цену' }),
    not_included: Type.String({ maxLength: QUOTE_TEXT_MAX, description: 'Что не включено' }),
    valid_until: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        format: 'date',
        description: 'Предложение действительно до (включительно)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SaveQuoteBody = Static<typeof SaveQuoteBody>;

/** A quote as saved: its paper's number, the cell it offers, its texts, when it was sent. */
export const QuoteJson = Type.Object({
  id: Type.Integer(),
  request_id: Type.Integer(),
  number: Type.Integer({ description: 'Номер бумаги в серии «Коммерческое предложение» за год' }),
  issued_on: Type.String({ format: 'date', description: 'Дата предложения (первой печати)' }),
  costing_id: Type.Integer(),
  version: Type.Integer({ description: 'Версия калькуляции' }),
  costing_title: Type.String(),
  group_size: Type.Integer(),
  occupancy: StringEnum(OCCUPANCY_LIST),
  price: Type.Number({ description: 'Цена на человека: клетка таблицы версии' }),
  single_price: Type.Number({ description: 'Цена на человека при одноместном размещении' }),
  double_price: Type.Number({ description: 'Цена на человека при двухместном размещении' }),
  currency: StringEnum(CURRENCIES),
  included: Type.String(),
  not_included: Type.String(),
  valid_until: NullableString(),
  sent_at: NullableString(),
  created_by_name: NullableString(),
  created_at: Type.String(),
});
export type QuoteJson = Static<typeof QuoteJson>;

/** A saved costing version of the request, as the quote's dialog offers it. */
export const QuoteCostingJson = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  currency: StringEnum(CURRENCIES),
  rows: Type.Array(
    Type.Object({
      group_size: Type.Integer(),
      single: Type.Number({ description: 'Цена на человека, одноместное' }),
      double: Type.Number({ description: 'Цена на человека, двухместное' }),
    }),
  ),
  included: Type.String({ description: 'Что включено — по умолчанию, из строк калькуляции' }),
});
export type QuoteCostingJson = Static<typeof QuoteCostingJson>;

/** GET /admin/ticket/:id/quote: the current quote (the latest) and the versions to make one of. */
export const RequestQuoteJson = Type.Object({
  quote: Type.Union([QuoteJson, Type.Null()]),
  costings: Type.Array(QuoteCostingJson, {
    description: 'Версии калькуляции заявки, новые первыми',
  }),
  not_included: Type.String({ description: 'Что не включено — по умолчанию' }),
});
export type RequestQuoteJson = Static<typeof RequestQuoteJson>;
