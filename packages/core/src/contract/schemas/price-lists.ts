import { Type, type Static } from '@sinclair/typebox';
import { MEAL_PLAN_LIST } from '../../booking/bookings';
import { CURRENCIES } from '../../money/currency';
import { PRICE_UNIT_LIST, PRICED_KINDS } from '../../pricing/prices';
import { StringEnum } from './common';
import { Money } from './tours';

// A supplier's price list (issue 33): one row a price of one service in one season.

const DateText = (description: string) => Type.String({ format: 'date', description });
const Nullable = <T extends ReturnType<typeof Type.String>>(type: T) =>
  Type.Union([type, Type.Null()]);

/** Prices a supplier may list at most: a big hotel's rooms, boards and seasons for years. */
export const MAX_SUPPLIER_PRICES = 2000;

/** GET /admin/supplier/:id/prices. */
export const SupplierPriceListQuery = Type.Object(
  {
    kind: Type.Optional(StringEnum(PRICED_KINDS, { description: 'Вид услуг' })),
    on: Type.Optional(DateText('Только цены, действующие в этот день')),
  },
  { additionalProperties: false },
);
export type SupplierPriceListQuery = Static<typeof SupplierPriceListQuery>;

/** POST /admin/supplier/:id/prices and PUT /admin/supplier-price/:id: the whole price. */
export const SaveSupplierPriceBody = Type.Object(
  {
    kind: StringEnum(PRICED_KINDS, { description: 'Вид услуг' }),
    service: Type.String({
      maxLength: 201,
      description:
        'Услуга, 1–200 символов: категория номера отеля, маршрут трансфера, гид, объект ' +
        'входных билетов, статья расхода',
    }),
    variant: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 10,
          description:
            'Отель: SGL, DBL, TWN, TRPL (номер в ночь), EXB, CHD (человек в ночь); ' +
            'входные билеты: adult, child; у остальных видов — null',
        }),
      ),
    ),
    meal_plan: Type.Optional(
      Type.Union([StringEnum(MEAL_PLAN_LIST), Type.Null()], {
        description: 'Питание; у отеля обязательно, у остальных — null',
      }),
    ),
    capacity: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Null()], {
        description: 'Мест в машине; у трансфера обязательно, у остальных — null',
      }),
    ),
    unit: StringEnum(PRICE_UNIT_LIST, {
      description:
        'За что цена: room_night, person_night (отель, по варианту), car (трансфер), day (гид), ' +
        'person (билеты; прочие расходы), group (прочие расходы)',
    }),
    currency: StringEnum(CURRENCIES, { description: 'Валюта цены' }),
    price: Money('Цена.'),
    valid_from: DateText('Сезон: первый день'),
    valid_to: DateText('Сезон: последний день (включительно)'),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1001 }))),
  },
  { additionalProperties: false },
);
export type SaveSupplierPriceBody = Static<typeof SaveSupplierPriceBody>;

export const SupplierPriceJson = Type.Object({
  id: Type.Integer(),
  supplier_id: Type.Integer(),
  kind: StringEnum(PRICED_KINDS),
  service: Type.String(),
  variant: Type.Union([Type.String(), Type.Null()]),
  meal_plan: Type.Union([StringEnum(MEAL_PLAN_LIST), Type.Null()]),
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  unit: StringEnum(PRICE_UNIT_LIST),
  currency: StringEnum(CURRENCIES),
  price: Type.Number(),
  valid_from: Type.String({ format: 'date' }),
  valid_to: Type.String({ format: 'date' }),
  notes: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SupplierPriceJson = Static<typeof SupplierPriceJson>;

/** How an imported price list meets the existing one: added to it, or in its place. */
export const PRICE_IMPORT_MODES = ['add', 'replace'] as const;
export type PriceImportMode = (typeof PRICE_IMPORT_MODES)[number];

/** POST /admin/supplier/:id/prices/import. */
export const PriceImportQuery = Type.Object(
  {
    mode: Type.Optional(
      StringEnum(PRICE_IMPORT_MODES, {
        default: 'add',
        description:
          'add — добавить цены файла к прайс-листу (по умолчанию); replace — удалить все цены ' +
          'поставщика и записать цены файла',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PriceImportQuery = Static<typeof PriceImportQuery>;

export const PriceImportResultJson = Type.Object({
  mode: StringEnum(PRICE_IMPORT_MODES),
  added: Type.Integer({ description: 'Сколько цен файла записано' }),
  replaced: Type.Integer({ description: 'Сколько прежних цен удалено (replace), иначе 0' }),
});
export type PriceImportResultJson = Static<typeof PriceImportResultJson>;
