import { Type, type Static } from '@sinclair/typebox';
import {
  BOOKING_STATUS_LIST,
  MISSING_BOOKING_LIST,
  PAYMENT_STATE_LIST,
} from '../../booking/bookings';
import { BOOKING_KIND_NAMES } from '../../booking/kinds';
import { CURRENCIES } from '../../money/currency';
import { PARTICIPANT_STATUS_LIST } from '../../trips/trips';
import { StringEnum } from './common';
import { TripJson } from './trips';

export const SummaryQuery = Type.Object(
  {
    currency: Type.Optional(
      StringEnum(CURRENCIES, { description: 'Итоги ещё и в этой валюте, по курсу на сегодня' }),
    ),
  },
  { additionalProperties: false },
);

/** A trip's money totals, in its currency or another. */
export const Totals = Type.Object({
  due: Type.Number({ description: 'К оплате: цена минус скидка, кроме отменённых' }),
  paid: Type.Number({ description: 'Оплачено: подтверждённые платежи минус возвраты' }),
  expected: Type.Number({ description: 'Ожидается: платежи, ждущие подтверждения' }),
  debt: Type.Number({ description: 'Долг: сумма положительных долгов участников' }),
  overpaid: Type.Number({ description: 'Переплата: сумма переплат участников' }),
});

export const SummaryJson = Type.Object({
  trip: TripJson,
  participants: Type.Array(
    Type.Object({
      participant_id: Type.Integer(),
      user_id: Type.Integer(),
      full_name: Type.String(),
      status: StringEnum(PARTICIPANT_STATUS_LIST),
      price: Type.Number(),
      due: Type.Number(),
      paid: Type.Number(),
      expected: Type.Number(),
      debt: Type.Number({ description: 'Отрицательный — переплата' }),
      missing_rate: Type.Boolean({
        description: 'Часть платежей не пересчитана: нет курса их дня',
      }),
    }),
  ),
  totals: Totals,
  in_currency: Type.Union([
    Type.Object({
      currency: StringEnum(CURRENCIES),
      rate: Type.Union([Type.Number(), Type.Null()]),
      rate_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
      totals: Type.Union([Totals, Type.Null()]),
      missing_rate: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  readiness: Type.Array(
    Type.Object({
      participant_id: Type.Integer(),
      user_id: Type.Integer(),
      full_name: Type.String(),
      passport_expires_at: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
      problems: Type.Array(
        StringEnum([
          'passport_missing',
          'passport_expires',
          'birth_date_missing',
          ...MISSING_BOOKING_LIST,
        ] as const),
      ),
      nights_missing: Type.Integer({ description: 'Ночей тура без отеля' }),
    }),
  ),
  bookings: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: StringEnum(BOOKING_KIND_NAMES),
      title: Type.String(),
      supplier_name: Type.String(),
      starts_on: Type.String({ format: 'date' }),
      ends_on: Type.String({ format: 'date' }),
      status: StringEnum(BOOKING_STATUS_LIST),
      currency: StringEnum(CURRENCIES),
      amount_due: Type.Number({ description: 'Стоимость, у отменённого — штраф' }),
      paid: Type.Number(),
      debt: Type.Number(),
      payment_state: StringEnum(PAYMENT_STATE_LIST),
      converted: Type.Union([Type.Number(), Type.Null()], {
        description: 'В валюте тура по курсу дня начала услуги; null — нет курса',
      }),
      rate: Type.Union([Type.Number(), Type.Null()]),
      rate_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
      missing_rate: Type.Boolean(),
    }),
  ),
  costs: Type.Object({
    total: Type.Number({ description: 'Расходы: бронирования в валюте тура' }),
    profit: Type.Number({ description: 'Оплачено участниками минус расходы' }),
    missing_rate: Type.Boolean({ description: 'Часть расходов не пересчитана: нет курса' }),
  }),
  missing_rates: Type.Boolean(),
});
export type SummaryJson = Static<typeof SummaryJson>;
