import { Type, type Static } from '@sinclair/typebox';
import { BOOKING_STATUS_LIST } from '../../booking/bookings';
import { BOOKING_KIND_NAMES, type BookingKind } from '../../booking/kinds';
import { CURRENCIES } from '../../money/currency';
import { PARTICIPANT_STATUS_LIST, TRIP_STATUS_LIST } from '../../trips/trips';
import { StringEnum } from './common';
import { PlanFiguresJson, PlanVsActualJson } from './trip-plan';

// The reports' contract (DESIGN.md 3b): every amount is a number in major units of the currency
// named beside it, computed on the server from minor units and exact decimals; the browser adds
// nothing up. A conversion without a rate for its day is flagged (`missing_rate`) and left out of
// the figure, never made at 1.

const DateText = (description?: string) =>
  Type.String({ format: 'date', ...(description ? { description } : {}) });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  schema: T,
  options?: { description: string },
) => Type.Union([schema, Type.Null()], options);

export const GeneralReportQuery = Type.Object(
  {
    from: Type.Optional(
      DateText('Туры, начинающиеся с этого дня (по умолчанию — 1 января текущего года)'),
    ),
    to: Type.Optional(
      DateText(
        '…по этот день включительно (по умолчанию — без конца: текущий год и все более поздние; ' +
          'не больше 10 лет от начала)',
      ),
    ),
    currency: Type.Optional(StringEnum(CURRENCIES, { description: 'Валюта отчёта (KGS)' })),
    status: Type.Optional(StringEnum(TRIP_STATUS_LIST)),
    manager_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
    country: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'Туров на странице (20)' }),
    ),
  },
  { additionalProperties: false },
);
export type GeneralReportQuery = Static<typeof GeneralReportQuery>;

export const GeneralReportExportQuery = Type.Omit(GeneralReportQuery, ['page', 'per_page'], {
  additionalProperties: false,
});

/**
 * A trip's money in the report's currency on both bases (DESIGN.md 3b): by contract (revenue,
 * costs, profit, margin) and in cash (paid, debt, supplier payments, cash result), and the
 * exchange difference apart from both.
 */
const Figures = Type.Object({
  revenue: Type.Number({
    description:
      'Выручка (по договорам): к оплате активных участников (цена минус скидка) и оставленное ' +
      'отменёнными (их оплаты минус возвраты, если больше нуля), в валюте тура по курсу дня ' +
      'начала тура; округляется вверх один раз на тур',
  }),
  costs: Type.Number({
    description:
      'Расходы: стоимость бронирований (у отменённых — штраф) по курсу дня начала услуги; ' +
      'округляется вверх один раз на бронирование',
  }),
  profit: Type.Number({ description: 'Прибыль: выручка минус расходы' }),
  margin: Nullable(Type.Number({ description: 'Маржа, %: прибыль к выручке; без выручки — null' })),
  paid: Type.Number({
    description:
      'Оплачено (по кассе): подтверждённые платежи участников минус возвраты, каждый по курсу ' +
      'дня подтверждения; округляется вверх один раз на участника',
  }),
  debt: Type.Number({ description: 'Долг участников: выручка минус оплачено' }),
  supplier_paid: Type.Number({
    description:
      'Оплачено поставщикам: подтверждённые оплаты по бронированиям тура минус возвраты ' +
      'поставщиков, каждая по курсу дня оплаты; округляется вверх один раз на бронирование',
  }),
  cash_result: Type.Number({
    description: 'Денежный результат: оплачено минус оплачено поставщикам',
  }),
  exchange_difference: Type.Number({
    description:
      'Курсовая разница: оплаты поставщикам по курсу дня услуги минус те же суммы по курсу дня оплаты; положительная — выигрыш (в прибыль не входит)',
  }),
});

export const GeneralReportLine = Type.Intersect([
  Type.Object({
    trip: Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      country: Nullable(Type.String()),
      starts_on: DateText(),
      ends_on: DateText(),
      status: StringEnum(TRIP_STATUS_LIST),
      currency: StringEnum(CURRENCIES),
      manager: Nullable(Type.Object({ id: Type.Integer(), full_name: Type.String() })),
    }),
    tourists: Type.Integer({ description: 'Участники, кроме отменённых' }),
    missing_rate: Type.Boolean({ description: 'Часть сумм не пересчитана: нет курса их дня' }),
    plan: Nullable(PlanFiguresJson, {
      description: 'План по калькуляции тура; null — у тура нет калькуляции',
    }),
  }),
  Figures,
]);
export type GeneralReportLine = Static<typeof GeneralReportLine>;

export const GeneralReportJson = Type.Object({
  currency: StringEnum(CURRENCIES),
  from: DateText('Первый день начала туров'),
  to: Nullable(DateText('Последний день начала туров; null — без конца')),
  lines: Type.Array(GeneralReportLine, { description: 'Страница туров, по дате начала' }),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer({ description: 'Туров за период с этими фильтрами' }),
  totals: Type.Intersect([
    Type.Object({
      trips: Type.Integer(),
      tourists: Type.Integer(),
      missing_rate: Type.Boolean(),
    }),
    Figures,
  ]),
  months: Type.Array(
    Type.Intersect([
      Type.Object({ month: Type.String({ description: 'YYYY-MM: месяц начала туров' }) }),
      Figures,
    ]),
    {
      description:
        'Каждый месяц периода, и пустой; без конца периода — до месяца начала последнего тура, ' +
        'но не раньше декабря текущего года',
    },
  ),
  missing_rates: Type.Array(Type.Object({ date: DateText(), currency: StringEnum(CURRENCIES) }), {
    description: 'Дни и валюты, для которых нет курса к валюте отчёта',
  }),
});
export type GeneralReportJson = Static<typeof GeneralReportJson>;

export const TripUsersQuery = Type.Object(
  { currency: Type.Optional(StringEnum(CURRENCIES, { description: 'Валюта отчёта (KGS)' })) },
  { additionalProperties: false },
);

export const TripUsersParams = Type.Object({
  trip: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
});

const ReportPayment = Type.Object({
  id: Type.Integer(),
  type: StringEnum(['income', 'outcome'] as const, {
    description: 'income — платёж, outcome — возврат',
  }),
  status: StringEnum(['confirmed', 'pending'] as const),
  date: DateText('День подтверждения; у ожидающих — день записи'),
  amount: Type.Number({ description: 'В валюте платежа' }),
  currency: StringEnum(CURRENCIES),
  trip_rate: Nullable(Type.Number({ description: 'Курс к валюте тура' })),
  trip_rate_date: Nullable(DateText()),
  in_trip_currency: Nullable(Type.Number()),
  report_rate: Nullable(Type.Number({ description: 'Курс к валюте отчёта' })),
  report_rate_date: Nullable(DateText()),
  in_report_currency: Nullable(Type.Number()),
});

const UserFigures = Type.Object({
  due: Type.Number({ description: 'Цена минус скидка (у отменённых — 0), в валюте тура' }),
  paid: Type.Number({ description: 'В валюте тура' }),
  expected: Type.Number({ description: 'Ждут подтверждения, в валюте тура' }),
  debt: Type.Number({ description: 'В валюте тура; отрицательный — переплата' }),
  paid_in_currency: Type.Number({
    description: 'Оплачено в валюте отчёта, каждый платёж по курсу своего дня',
  }),
});

export const TripUsersJson = Type.Object({
  currency: StringEnum(CURRENCIES),
  trip: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    starts_on: DateText(),
    ends_on: DateText(),
    status: StringEnum(TRIP_STATUS_LIST),
    currency: StringEnum(CURRENCIES),
  }),
  participants: Type.Array(
    Type.Intersect([
      Type.Object({
        participant_id: Type.Integer(),
        user_id: Type.Integer(),
        full_name: Type.String(),
        status: StringEnum(PARTICIPANT_STATUS_LIST),
        price: Type.Number(),
        discount: Type.Number(),
        missing_rate: Type.Boolean(),
        payments: Type.Array(ReportPayment),
      }),
      UserFigures,
    ]),
  ),
  totals: Type.Object({
    active: UserFigures,
    cancelled: UserFigures,
    paid_in_currency: Type.Number({
      description: 'Всех участников: равно «Оплачено» тура в общем отчёте',
    }),
    missing_rate: Type.Boolean(),
  }),
});
export type TripUsersJson = Static<typeof TripUsersJson>;

export const TourSummaryQuery = Type.Object(
  {
    trip_id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
    currency: Type.Optional(
      StringEnum(CURRENCIES, { description: 'Валюта пересчёта (по умолчанию — валюта тура)' }),
    ),
  },
  { additionalProperties: false },
);
export type TourSummaryQuery = Static<typeof TourSummaryQuery>;

const SummaryBooking = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  supplier_name: Type.String(),
  starts_on: DateText(),
  ends_on: DateText(),
  status: StringEnum(BOOKING_STATUS_LIST),
  currency: StringEnum(CURRENCIES),
  cost: Type.Number({ description: 'Стоимость (у отменённого — штраф), в своей валюте' }),
  converted: Nullable(Type.Number({ description: 'В валюте отчёта по курсу дня начала услуги' })),
  rate: Nullable(Type.Number()),
  rate_date: Nullable(DateText()),
  supplier_paid: Type.Number({ description: 'Подтверждённые оплаты поставщику, в своей валюте' }),
  supplier_debt: Type.Number({ description: 'Стоимость минус оплачено, в своей валюте' }),
  exchange_difference: Nullable(Type.Number({ description: 'В валюте отчёта; нет курса — null' })),
  shared_by: Type.Integer({ description: 'Сколько участников делят стоимость' }),
  missing_rate: Type.Boolean(),
});

const ByKind = Type.Unsafe<Partial<Record<BookingKind, number>>>(
  Type.Record(Type.String(), Type.Number(), {
    description: 'Доля расходов по видам бронирований, в валюте отчёта',
  }),
);

export const TourSummaryJson = Type.Object({
  currency: StringEnum(CURRENCIES),
  trip: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    country: Nullable(Type.String()),
    starts_on: DateText(),
    ends_on: DateText(),
    status: StringEnum(TRIP_STATUS_LIST),
    currency: StringEnum(CURRENCIES),
  }),
  kinds: Type.Array(
    Type.Object({
      kind: StringEnum(BOOKING_KIND_NAMES),
      bookings: Type.Array(SummaryBooking),
      converted: Type.Number({ description: 'Итог вида в валюте отчёта (без не пересчитанных)' }),
    }),
  ),
  totals: Type.Intersect([
    Type.Object({ tourists: Type.Integer(), missing_rate: Type.Boolean() }),
    Figures,
  ]),
  tourists: Type.Array(
    Type.Object({
      participant_id: Type.Integer(),
      full_name: Type.String(),
      status: StringEnum(PARTICIPANT_STATUS_LIST),
      paid: Type.Number({ description: 'Оплачено в валюте отчёта' }),
      costs: Type.Number({ description: 'Его доля расходов' }),
      by_kind: ByKind,
      result: Type.Number({ description: 'Оплачено минус доля расходов' }),
    }),
    {
      description:
        'Стоимость бронирования делится поровну между его участниками, кроме отменённых (без ' +
        'участников — между всеми не отменёнными участниками тура); остаток в копейках — по одной ' +
        'первым по списку. Доли вместе с «не распределено» равны расходам тура.',
    },
  ),
  unassigned: Type.Object({
    costs: Type.Number({ description: 'Расходы, которые некому разделить' }),
    by_kind: ByKind,
  }),
  plan: Nullable(PlanVsActualJson, {
    description: 'План по калькуляции против факта; null — у тура нет калькуляции',
  }),
});
export type TourSummaryJson = Static<typeof TourSummaryJson>;

export const AdministrativeReportQuery = Type.Object(
  {
    from: Type.Optional(DateText('Операции, подтверждённые с этого дня (по умолчанию — 1 января)')),
    to: Type.Optional(DateText('…по этот день включительно (по умолчанию — 31 декабря)')),
    currency: Type.Optional(StringEnum(CURRENCIES, { description: 'Валюта отчёта (KGS)' })),
  },
  { additionalProperties: false },
);
export type AdministrativeReportQuery = Static<typeof AdministrativeReportQuery>;

export const AdministrativeReportJson = Type.Object({
  currency: StringEnum(CURRENCIES),
  from: DateText(),
  to: DateText(),
  months: Type.Array(Type.String({ description: 'YYYY-MM' }), {
    description: 'Месяцы периода; суммы строк идут в том же порядке',
  }),
  lines: Type.Array(
    Type.Object({
      category: Type.String(),
      type: StringEnum(['income', 'outcome'] as const, {
        description: 'income — поступление, outcome — расход',
      }),
      by_month: Type.Array(Type.Number(), {
        description: 'По месяцам, в валюте отчёта, каждая операция по курсу дня подтверждения',
      }),
      total: Type.Number(),
      originals: Type.Array(
        Type.Object({ currency: StringEnum(CURRENCIES), amount: Type.Number() }),
        { description: 'Те же операции в своих валютах, за весь период' },
      ),
      missing_rate: Type.Boolean(),
    }),
    { description: 'По категориям: сначала поступления, потом расходы, по алфавиту' },
  ),
  totals: Type.Object({
    income: Type.Array(Type.Number(), { description: 'По месяцам' }),
    outcome: Type.Array(Type.Number()),
    net: Type.Array(Type.Number(), { description: 'Поступления минус расходы, по месяцам' }),
    income_total: Type.Number(),
    outcome_total: Type.Number(),
    net_total: Type.Number(),
    missing_rate: Type.Boolean(),
  }),
  missing_rates: Type.Array(Type.Object({ date: DateText(), currency: StringEnum(CURRENCIES) })),
});
export type AdministrativeReportJson = Static<typeof AdministrativeReportJson>;
