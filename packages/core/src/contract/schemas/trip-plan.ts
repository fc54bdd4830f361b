import { Type, type Static } from '@sinclair/typebox';
import { MEAL_PLAN_LIST } from '../../booking/bookings';
import { BOOKING_KIND_NAMES } from '../../booking/kinds';
import { CURRENCIES } from '../../money/currency';
import { OCCUPANCY_LIST } from '../../pricing/costing';
import { PRICED_KINDS } from '../../pricing/prices';
import { StringEnum } from './common';

// A trip's plan (issue 33, planned against actual): the costing version that set its price (or,
// none applied, its latest version), recomputed for the trip's group of active participants.
// Amounts are numbers in major units of the currency named beside them; a line without a rate to
// the target currency on the version's rate date is flagged and left out, never converted at 1.

const DateText = () => Type.String({ format: 'date' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** The version a plan follows. */
export const PlanCostingJson = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  currency: StringEnum(CURRENCIES, { description: 'Валюта калькуляции' }),
  rate_date: Type.String({ format: 'date', description: 'Курсы этого дня' }),
  applied: Type.Boolean({
    description: 'Цена тура применена из этой версии (иначе — последняя версия тура)',
  }),
  applied_group_size: Nullable(Type.Integer({ description: 'Размер группы применённой клетки' })),
  occupancy: StringEnum(OCCUPANCY_LIST, {
    description: 'Размещение применённой клетки (без применения — двухместное)',
  }),
});
export type PlanCostingJson = Static<typeof PlanCostingJson>;

/** GET /admin/trip/:id/costing-lines: one line, as a booking starts from it. */
export const CostingLineJson = Type.Object({
  index: Type.Integer({ description: 'Номер строки калькуляции, с 1' }),
  kind: StringEnum(PRICED_KINDS, { description: 'Вид бронирования' }),
  label: Type.String(),
  supplier_id: Nullable(Type.Integer()),
  supplier_name: Nullable(Type.String()),
  service: Type.String({
    description: 'Категория номера, маршрут, услуга прайс-листа или введённое название',
  }),
  meal_plan: Nullable(StringEnum(MEAL_PLAN_LIST)),
  room_type: Nullable(
    StringEnum(['SGL', 'DBL', 'TWN'] as const, { description: 'Тип номеров по размещению' }),
  ),
  rooms: Nullable(Type.Integer({ description: 'Номеров на группу (отель)' })),
  starts_on: Nullable(DateText()),
  ends_on: Nullable(DateText()),
  quantity: Type.Integer({ description: 'Дней гида, билетов на человека, раз' }),
  unit_price: Nullable(Type.Number({ description: 'Цена единицы в валюте поставщика' })),
  currency: StringEnum(CURRENCIES, { description: 'Валюта поставщика' }),
  cost: Type.Number({ description: 'Стоимость на группу в валюте поставщика' }),
  converted: Nullable(
    Type.Number({ description: 'В валюте тура по курсу даты калькуляции; нет курса — null' }),
  ),
  booked: Type.Boolean({
    description: 'У тура есть неотменённое бронирование этого вида у этого поставщика',
  }),
});
export type CostingLineJson = Static<typeof CostingLineJson>;

export const TripCostingLinesJson = Type.Object({
  costing: Nullable(PlanCostingJson),
  group_size: Type.Integer({ description: 'Активные участники тура (не меньше 1)' }),
  currency: StringEnum(CURRENCIES, { description: 'Валюта тура' }),
  lines: Type.Array(CostingLineJson),
});
export type TripCostingLinesJson = Static<typeof TripCostingLinesJson>;

/** The tour summary's planned against actual (null: the trip has no costing). */
export const PlanVsActualJson = Type.Object({
  costing: PlanCostingJson,
  group_size: Type.Integer({ description: 'Активные участники тура (не меньше 1)' }),
  kinds: Type.Array(
    Type.Object({
      kind: StringEnum(BOOKING_KIND_NAMES),
      planned: Type.Number({ description: 'По калькуляции, в валюте отчёта' }),
      actual: Type.Number({ description: 'По бронированиям, как в своде' }),
      difference: Type.Number({ description: 'Факт минус план; больше нуля — перерасход' }),
    }),
  ),
  planned_costs: Type.Number(),
  actual_costs: Type.Number(),
  difference: Type.Number({ description: 'Факт минус план' }),
  planned_revenue: Type.Number({ description: 'Цена калькуляции × активные участники' }),
  planned_profit: Type.Number(),
  planned_margin: Nullable(Type.Number({ description: '%, к плановой выручке' })),
  actual_revenue: Type.Number(),
  actual_profit: Type.Number(),
  actual_margin: Nullable(Type.Number()),
  missing_rate: Type.Boolean({
    description: 'Часть строк калькуляции не пересчитана: нет курса на дату калькуляции',
  }),
});
export type PlanVsActualJson = Static<typeof PlanVsActualJson>;

/** The general report's plan of a trip (null: the trip has no costing). */
export const PlanFiguresJson = Type.Object({
  costs: Type.Number({ description: 'Плановые расходы по калькуляции, в валюте отчёта' }),
  profit: Type.Number({ description: 'Плановая прибыль: плановая выручка минус плановые расходы' }),
  margin: Nullable(Type.Number({ description: 'Плановая маржа, %' })),
  difference: Type.Number({ description: 'Расходы по факту минус плановые' }),
  missing_rate: Type.Boolean(),
});
export type PlanFiguresJson = Static<typeof PlanFiguresJson>;
