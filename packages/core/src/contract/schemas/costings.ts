import { Type, type Static } from '@sinclair/typebox';
import { MEAL_PLAN_LIST } from '../../booking/bookings';
import { CURRENCIES } from '../../money/currency';
import { OCCUPANCY_LIST } from '../../pricing/costing';
import { StringEnum } from './common';
import { Money } from './tours';

// A costing («Калькуляция», issue 33): a tour's services from supplier price lists (or typed),
// priced per person by group size and occupancy; saved in versions per prepared tour, trip or
// request.

const DateText = (description: string) => Type.String({ format: 'date', description });
const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description });
const Count = (description: string, maximum = 60) =>
  Type.Integer({ minimum: 1, maximum, description });

/** A hotel stay: each night priced by its own season (a single and a double room). */
const HotelLine = Type.Object(
  {
    type: Type.Literal('hotel'),
    supplier_id: Id('Отель (поставщик)'),
    service: Type.String({ minLength: 1, maxLength: 200, description: 'Категория номера' }),
    meal_plan: StringEnum(MEAL_PLAN_LIST, { description: 'Питание' }),
    check_in: DateText('Заезд'),
    nights: Count('Ночей'),
  },
  { additionalProperties: false },
);

/** A transfer: the cars of the route on offer that day; the group takes the cheapest. */
const TransferLine = Type.Object(
  {
    type: Type.Literal('transfer'),
    supplier_id: Id('Поставщик трансферов'),
    service: Type.String({ minLength: 1, maxLength: 200, description: 'Маршрут' }),
    date: DateText('Дата трансфера'),
    quantity: Type.Optional(Count('Сколько раз (туда и обратно — 2)', 100)),
  },
  { additionalProperties: false },
);

/** One price of a price list: a guide's day, a ticket, another expense. */
const PriceLine = Type.Object(
  {
    type: Type.Literal('price'),
    price_id: Id('Цена прайс-листа (гид, билет, прочий расход)'),
    date: DateText('День услуги: цена берётся из сезона этого дня'),
    quantity: Type.Optional(Count('Сколько: дней гида, билетов на человека, раз', 100)),
  },
  { additionalProperties: false },
);

/** A cost typed by hand, for a person or for the group. */
const TypedLine = Type.Object(
  {
    type: Type.Literal('typed'),
    label: Type.String({ minLength: 1, maxLength: 200, description: 'Что это' }),
    currency: StringEnum(CURRENCIES),
    per: StringEnum(['person', 'group'] as const, { description: 'За человека или за группу' }),
    amount: Money('Стоимость.'),
    quantity: Type.Optional(Count('Сколько раз', 100)),
  },
  { additionalProperties: false },
);

export const CostingLineBody = Type.Union([HotelLine, TransferLine, PriceLine, TypedLine]);
export type CostingLineBody = Static<typeof CostingLineBody>;

/** POST /admin/costings/preview: a costing computed, nothing saved. */
export const CostingBody = Type.Object(
  {
    currency: StringEnum(CURRENCIES, { description: 'Валюта продажи' }),
    rate_date: DateText('Курсы этого дня (последние на эту дату или раньше)'),
    markup_type: StringEnum(['percent', 'amount'] as const, {
      description: 'Наценка: процент от себестоимости или сумма на человека',
    }),
    markup: Money('Наценка.'),
    commission: Type.Union([Type.Number(), Type.String()], {
      description: 'Комиссия агента, % от цены: от 0 до 99,99',
    }),
    group_sizes: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 200 }), {
        minItems: 1,
        maxItems: 10,
        description: 'Размеры группы для таблицы цен (по умолчанию 2, 4, 6, 10, 15)',
      }),
    ),
    lines: Type.Array(CostingLineBody, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type CostingBody = Static<typeof CostingBody>;

/** POST /admin/costings: the costing saved as the next version of its tour, trip or request. */
export const SaveCostingBody = Type.Object(
  {
    ...CostingBody.properties,
    title: Type.String({ maxLength: 201, description: 'Название версии, 1–200 символов' }),
    prepared_tour_id: Type.Optional(Id('Заготовленный тур')),
    trip_id: Type.Optional(Id('Тур')),
    request_id: Type.Optional(Id('Заявка')),
  },
  { additionalProperties: false },
);
export type SaveCostingBody = Static<typeof SaveCostingBody>;

const CellJson = Type.Object({
  cost: Type.Number({ description: 'Себестоимость на человека' }),
  price: Type.Number({ description: 'Цена на человека, округлённая вверх по шагу валюты' }),
  commission: Type.Number({ description: 'Комиссия агента с этой цены' }),
  margin: Type.Number({ description: 'Остаётся компании: цена − комиссия − себестоимость' }),
});

export const CostingRowJson = Type.Object({
  group_size: Type.Integer(),
  single: CellJson,
  double: CellJson,
});

/** A line as priced: its label, currency and what it costs the group or a person. */
export const PricedLineJson = Type.Object({
  label: Type.String(),
  currency: StringEnum(CURRENCIES),
  per: StringEnum(['rooms', 'cars', 'group', 'person'] as const),
  detail: Type.String({ description: 'Как посчитано: ночи по сезонам, машины, дни' }),
  supplier: Type.Optional(
    Type.Object(
      { id: Type.Integer(), name: Type.String() },
      {
        description: 'Поставщик строки из прайс-листа (нет у введённой вручную и у версий до него)',
      },
    ),
  ),
});
export type PricedLineJson = Static<typeof PricedLineJson>;

export const CostingPreviewJson = Type.Object({
  currency: StringEnum(CURRENCIES),
  rate_date: Type.String({ format: 'date' }),
  lines: Type.Array(PricedLineJson),
  rows: Type.Array(CostingRowJson),
});
export type CostingPreviewJson = Static<typeof CostingPreviewJson>;

export const CostingJson = Type.Object({
  ...CostingPreviewJson.properties,
  id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  prepared_tour_id: Type.Union([Type.Integer(), Type.Null()]),
  trip_id: Type.Union([Type.Integer(), Type.Null()]),
  request_id: Type.Union([Type.Integer(), Type.Null()]),
  markup_type: StringEnum(['percent', 'amount'] as const),
  markup: Type.Number(),
  commission: Type.Number(),
  body: CostingBody,
  created_by_name: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type CostingJson = Static<typeof CostingJson>;

/** GET /admin/costings: one tour's, trip's or request's versions, newest first. */
export const CostingListQuery = Type.Object(
  {
    prepared_tour_id: Type.Optional(Id('Заготовленный тур')),
    trip_id: Type.Optional(Id('Тур')),
    request_id: Type.Optional(Id('Заявка')),
  },
  { additionalProperties: false },
);
export type CostingListQuery = Static<typeof CostingListQuery>;

/** POST /admin/costing/:id/apply: the trip's price per person from one cell of the table. */
export const ApplyCostingBody = Type.Object(
  {
    group_size: Type.Integer({ minimum: 1, maximum: 200 }),
    occupancy: StringEnum(OCCUPANCY_LIST),
  },
  { additionalProperties: false },
);
export type ApplyCostingBody = Static<typeof ApplyCostingBody>;
