import { Type, type Static } from '@sinclair/typebox';
import { BOOKING_KIND_NAMES } from '../../booking/kinds';
import { CURRENCIES } from '../../money/currency';
import { StringEnum } from './common';

export const SUPPLIERS_PER_PAGE = 20;

const Nullable = <T extends ReturnType<typeof Type.String>>(type: T) =>
  Type.Union([type, Type.Null()]);

export const SupplierListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: SUPPLIERS_PER_PAGE }),
    ),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Подстрока названия, контакта, телефона, почты или города',
      }),
    ),
    kind: Type.Optional(StringEnum(BOOKING_KIND_NAMES, { description: 'Вид услуг' })),
  },
  { additionalProperties: false },
);
export type SupplierListQuery = Static<typeof SupplierListQuery>;

/** POST /admin/suppliers and PUT /admin/supplier/:id: the whole supplier. */
export const SaveSupplierBody = Type.Object(
  {
    name: Type.String({ maxLength: 201, description: 'Название, 1–200 символов, не повторяется' }),
    kinds: Type.Array(StringEnum(BOOKING_KIND_NAMES), {
      maxItems: 7,
      description: 'Виды бронирований, которые поставщик обслуживает',
    }),
    contact_person: Type.Optional(Nullable(Type.String({ maxLength: 201 }))),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 51 }))),
    email: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    default_currency: Type.Optional(
      Type.Union([StringEnum(CURRENCIES), Type.Null()], { description: 'Валюта по умолчанию' }),
    ),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 5001 }))),
    city: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 101,
          description: 'Город; у отеля заполняет город бронирования',
        }),
      ),
    ),
    address: Type.Optional(
      Nullable(Type.String({ maxLength: 501, description: 'Адрес; печатается в ваучере' })),
    ),
  },
  { additionalProperties: false },
);
export type SaveSupplierBody = Static<typeof SaveSupplierBody>;

export const SupplierJson = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kinds: Type.Array(StringEnum(BOOKING_KIND_NAMES)),
  contact_person: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  default_currency: Type.Union([StringEnum(CURRENCIES), Type.Null()]),
  notes: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SupplierJson = Static<typeof SupplierJson>;
