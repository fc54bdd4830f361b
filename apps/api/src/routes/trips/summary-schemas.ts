import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES, PARTICIPANT_STATUS_LIST } from '@tour/shared';
import { StringEnum } from '../../lib/schemas';
import { TripJson } from './schemas';

export const SummaryQuery = Type.Object(
  {
    currency: Type.Optional(
      StringEnum(CURRENCIES, { description: 'Итоги ещё и в этой валюте, по курсу на сегодня' }),
    ),
  },
  { additionalProperties: false },
);

const Totals = Type.Object({
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
        StringEnum(['passport_missing', 'passport_expires', 'birth_date_missing'] as const),
      ),
    }),
  ),
  missing_rates: Type.Boolean(),
});
export type SummaryJson = Static<typeof SummaryJson>;
