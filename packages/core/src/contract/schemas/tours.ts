import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { TOUR_KEY_MAX_LENGTH, TOUR_MEMO_MAX_LENGTH } from '../../trips/trips';
import { maxAmountText, StringEnum } from './common';

export const TOUR_LIST_PER_PAGE = 20;
export const TOUR_LIST_MAX_PER_PAGE = 100;
export const ITINERARY_MAX_DAYS = 365;

const ZeroOrOne = (description: string) =>
  Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], description });

export const TourListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TOUR_LIST_MAX_PER_PAGE, default: TOUR_LIST_PER_PAGE }),
    ),
    search: Type.Optional(
      Type.String({ maxLength: 255, description: 'Подстрока названия, ключа, страны или города' }),
    ),
    country: Type.Optional(Type.String({ maxLength: 100, description: 'Страна, точно' })),
    published: Type.Optional(ZeroOrOne('1: только опубликованные для агентов; 0: только нет')),
    archived: Type.Optional(ZeroOrOne('1: только архивные; 0 или нет: только действующие')),
  },
  { additionalProperties: false },
);
export type TourListQuery = Static<typeof TourListQuery>;

/** A price in major units, as a payment's amount: number or decimal string. */
export const Money = (description: string) =>
  Type.Unsafe<number | string>({
    type: ['number', 'string'],
    description: `${description} В основных единицах валюты, не меньше нуля; ${maxAmountText()}.`,
  });

const Line = (maxLength: number) => Type.String({ maxLength });

export const ItineraryDay = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.String({ maxLength: 5000 }),
  },
  { additionalProperties: false },
);

/** POST /admin/tours and PUT /admin/tour/:id: the whole prepared tour. */
export const SaveTourBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    key: Type.String({
      minLength: 1,
      maxLength: TOUR_KEY_MAX_LENGTH,
      description: 'Адрес тура в разделе агентов: строчная латиница, цифры, дефисы между словами',
    }),
    country: Type.String({ minLength: 1, maxLength: 100 }),
    cities: Type.Array(Line(100), { maxItems: 50 }),
    days: Type.Integer({
      minimum: 1,
      maximum: ITINERARY_MAX_DAYS,
      description: 'Совпадает с числом дней программы, если программа задана',
    }),
    itinerary: Type.Array(ItineraryDay, { maxItems: ITINERARY_MAX_DAYS }),
    included: Type.Array(Line(500), { maxItems: 100 }),
    not_included: Type.Array(Line(500), { maxItems: 100 }),
    base_price: Money('Базовая цена на человека.'),
    currency: StringEnum(CURRENCIES),
    agent_price: Type.Optional(
      Type.Unsafe<number | string | null>({
        type: ['number', 'string', 'null'],
        description: 'Цена для агентов, в валюте тура; или agent_commission, не оба',
      }),
    ),
    agent_commission: Type.Optional(
      Type.Unsafe<number | null>({
        type: ['number', 'null'],
        minimum: 0,
        maximum: 100,
        description: 'Комиссия агента в процентах (до 2 знаков); или agent_price, не оба',
      }),
    ),
    published: Type.Boolean({ description: 'Опубликован для агентов' }),
    memo: Type.Optional(
      Type.Union([Type.String({ maxLength: TOUR_MEMO_MAX_LENGTH }), Type.Null()], {
        description:
          'Памятка туристу: документы, деньги, климат и одежда, местные правила, экстренные ' +
          'телефоны; печатается в пакет документов туриста. Пустая или null — без памятки; ' +
          'не передана — памятка остаётся прежней',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SaveTourBody = Static<typeof SaveTourBody>;

const Nullable = <T extends ReturnType<typeof Type.Number>>(type: T) =>
  Type.Union([type, Type.Null()]);

export const TourJson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  key: Type.String(),
  country: Type.String(),
  cities: Type.Array(Type.String()),
  days: Type.Integer(),
  itinerary: Type.Array(ItineraryDay),
  included: Type.Array(Type.String()),
  not_included: Type.Array(Type.String()),
  base_price: Type.Number(),
  currency: StringEnum(CURRENCIES),
  agent_price: Nullable(Type.Number()),
  agent_commission: Nullable(Type.Number()),
  published: Type.Boolean(),
  memo: Type.Union([Type.String(), Type.Null()], { description: 'Памятка туристу' }),
  archived_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  trips_count: Type.Integer({ description: 'Сколько туров сделано из него' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type TourJson = Static<typeof TourJson>;
