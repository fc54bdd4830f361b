import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  BOOKING_STATUS_LIST,
  FLIGHT_CLASS_LIST,
  MAX_PLANNED_ROOMS,
  MEAL_PLAN_LIST,
  MISSING_BOOKING_LIST,
  PAYMENT_STATE_LIST,
  ROOM_TYPE_LIST,
  TRANSFER_DIRECTION_LIST,
} from '../../booking/bookings';
import { BOOKING_KIND_NAMES } from '../../booking/kinds';
import { CURRENCIES } from '../../money/currency';
import { PARTICIPANT_STATUS_LIST } from '../../trips/trips';
import { Paginated, StringEnum } from './common';
import { Money } from './tours';

export const BOOKINGS_PER_PAGE = 20;
export const BOOKINGS_MAX_PER_PAGE = 200;

const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, ...(description ? { description } : {}) });
const Nullable = <T extends TSchema>(type: T) => Type.Union([type, Type.Null()]);
const DateText = (description: string) => Type.String({ format: 'date', description });
const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const OptionalText = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Text(maxLength, description)));
const Time = (description: string) =>
  Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description });

export const MonthText = Type.String({
  pattern: '^(0[1-9]|1[0-2])-\\d{4}$',
  description: 'Месяц ММ-ГГГГ; по умолчанию текущий',
});

/** GET /admin/bookings: one kind's bookings whose service dates touch the month. */
export const BookingListQuery = Type.Object(
  {
    kind: StringEnum(BOOKING_KIND_NAMES, { description: 'Вид бронирования' }),
    month: Type.Optional(MonthText),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: BOOKINGS_MAX_PER_PAGE, default: BOOKINGS_PER_PAGE }),
    ),
    trip_id: Type.Optional(Id('Тур')),
    supplier_id: Type.Optional(Id('Поставщик')),
    status: Type.Optional(StringEnum(BOOKING_STATUS_LIST)),
    payment_state: Type.Optional(StringEnum(PAYMENT_STATE_LIST)),
    search: Type.Optional(
      Text(200, 'Подстрока тура, поставщика, номера подтверждения или описания услуги'),
    ),
  },
  { additionalProperties: false },
);
export type BookingListQuery = Static<typeof BookingListQuery>;

/** GET /admin/bookings/export: the list's filters, every page. */
export const BookingExportQuery = Type.Omit(BookingListQuery, ['page', 'per_page'], {
  additionalProperties: false,
});
export type BookingExportQuery = Static<typeof BookingExportQuery>;

export const DashboardQuery = Type.Object(
  { month: Type.Optional(MonthText) },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

/**
 * The kind's own fields (DESIGN.md 3): every kind's, all optional here; the service says in
 * Russian which ones a kind requires (errors under `details.<field>`).
 */
export const BookingDetails = Type.Object(
  {
    // hotel
    hotel_name: OptionalText(201, 'Отель: название'),
    city: OptionalText(101, 'Отель: город'),
    category: OptionalText(101, 'Отель: категория (4*); прочие расходы: статья'),
    meal_plan: Type.Optional(Nullable(StringEnum(MEAL_PLAN_LIST))),
    room_plan: Type.Optional(
      Nullable(
        Type.Array(
          Type.Object(
            {
              room_type: StringEnum(ROOM_TYPE_LIST, { description: 'Тип номера' }),
              participant_ids: Type.Array(Id('Участник тура, живущий в номере'), {
                maxItems: 10,
                description: 'Кто живёт в номере (участники, отмеченные в бронировании)',
              }),
            },
            { additionalProperties: false },
          ),
          {
            maxItems: MAX_PLANNED_ROOMS,
            description:
              'Отель: план размещения — номера по порядку (1, 2, …) с типом и жильцами; ' +
              'участник — не больше чем в одном номере, в номере — не больше мест его типа. ' +
              'В списке месяца — только типы номеров',
          },
        ),
      ),
    ),
    // air ticket
    carrier: OptionalText(101, 'Авиакомпания'),
    flight_number: OptionalText(21, 'Номер рейса'),
    from_airport: OptionalText(101, 'Откуда (аэропорт)'),
    to_airport: OptionalText(101, 'Куда (аэропорт)'),
    departs_at: Type.Optional(Nullable(Time('Время вылета, ЧЧ:ММ (дата — starts_on)'))),
    arrives_at: Type.Optional(Nullable(Time('Время прилёта, ЧЧ:ММ (дата — ends_on)'))),
    flight_class: Type.Optional(Nullable(StringEnum(FLIGHT_CLASS_LIST))),
    pnr: OptionalText(21, 'PNR'),
    baggage: OptionalText(101, 'Багаж'),
    // health insurance
    plan: OptionalText(201, 'Программа страхования'),
    coverage: Type.Optional(Nullable(Money('Страховая сумма'))),
    coverage_currency: Type.Optional(Nullable(StringEnum(CURRENCIES))),
    territory: OptionalText(201, 'Территория'),
    // transfer
    time: Type.Optional(Nullable(Time('Время (трансфер, входные билеты)'))),
    direction: Type.Optional(Nullable(StringEnum(TRANSFER_DIRECTION_LIST))),
    from_place: OptionalText(201, 'Откуда'),
    to_place: OptionalText(201, 'Куда'),
    vehicle: OptionalText(101, 'Транспорт'),
    seats: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
    driver_contact: OptionalText(201, 'Водитель: имя и телефон'),
    flight_booking_id: Type.Optional(Nullable(Id('Связанный рейс: авиабилеты этого тура'))),
    // guide
    guide_name: OptionalText(201, 'Гид'),
    languages: Type.Optional(Nullable(Type.Array(Text(51), { maxItems: 20 }))),
    rate_per_day: Type.Optional(Nullable(Money('Ставка в день'))),
    // activity
    venue: OptionalText(201, 'Место'),
    tickets: Type.Optional(
      Nullable(
        Type.Array(
          Type.Object(
            {
              category: Text(101, 'Категория билета: взрослый, детский…'),
              count: Type.Integer({ minimum: 0, maximum: 10000 }),
              price: Money('Цена билета'),
            },
            { additionalProperties: false },
          ),
          { maxItems: 20 },
        ),
      ),
    ),
    // tour expense: category above
    description: OptionalText(1001, 'Прочие расходы: описание'),
  },
  { additionalProperties: false },
);
export type BookingDetails = Static<typeof BookingDetails>;

export const BookingParticipantBody = Type.Object(
  {
    participant_id: Id('Участник тура'),
    ticket_number: OptionalText(51, 'Номер билета'),
    ticket_cost: Type.Optional(Nullable(Money('Стоимость билета'))),
    policy_number: OptionalText(51, 'Номер полиса'),
  },
  { additionalProperties: false },
);

/** POST /admin/bookings and PUT /admin/booking/:id: the whole booking. */
export const SaveBookingBody = Type.Object(
  {
    kind: StringEnum(BOOKING_KIND_NAMES, { description: 'Вид; при изменении не меняется' }),
    trip_id: Id('Тур'),
    supplier_id: Id('Поставщик'),
    starts_on: DateText('Начало услуги: заезд, вылет, дата трансфера, посещения, расхода'),
    ends_on: Type.Optional(
      Nullable(DateText('Конец: выезд, прилёт, конец страховки или работы гида')),
    ),
    cost: Type.Optional(
      Nullable(
        Money(
          'Стоимость; для авиабилетов — сумма билетов, для гида — дни × ставка, для входных ' +
            'билетов — сумма по категориям (считает сервер)',
        ),
      ),
    ),
    currency: StringEnum(CURRENCIES),
    status: StringEnum(BOOKING_STATUS_LIST),
    penalty: Type.Optional(Nullable(Money('Штраф при отмене: остаётся расходом'))),
    confirmation_number: OptionalText(101, 'Номер подтверждения поставщика'),
    payment_due_on: Type.Optional(Nullable(DateText('Срок оплаты поставщику'))),
    notes: OptionalText(5001),
    details: BookingDetails,
    participants: Type.Array(BookingParticipantBody, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type SaveBookingBody = Static<typeof SaveBookingBody>;

/** POST /admin/booking/:id/payments: pay the supplier from a wallet in the booking's currency. */
export const SupplierPaymentBody = Type.Object(
  {
    wallet_id: Id('Кошелёк в валюте бронирования'),
    amount: Money('Сумма в валюте бронирования'),
    comment: OptionalText(1001),
  },
  { additionalProperties: false },
);
export type SupplierPaymentBody = Static<typeof SupplierPaymentBody>;

// Typed as the body's details (the screens read them back into the form); serialized whole.
const DetailsJson = Type.Unsafe<BookingDetails>(
  Type.Record(Type.String(), Type.Unknown(), {
    description: 'Поля вида (как в теле запроса), суммы — числами в основных единицах',
  }),
);

export const BookingParticipantJson = Type.Object({
  participant_id: Type.Integer(),
  user_id: Type.Integer(),
  full_name: Type.String(),
  birth_date: Nullable(Type.String({ format: 'date' })),
  passport_number: Nullable(Type.String()),
  status: StringEnum(PARTICIPANT_STATUS_LIST, { description: 'Статус участника в туре' }),
  room: Nullable(
    Type.Integer({ description: 'Отель: номер комнаты в плане размещения (1, 2, …)' }),
  ),
  ticket_number: Nullable(Type.String()),
  ticket_cost: Nullable(Type.Number()),
  policy_number: Nullable(Type.String()),
});

export const BookingJson = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(BOOKING_KIND_NAMES),
  title: Type.String({ description: 'Кратко: отель и город, рейс, маршрут, программа…' }),
  trip: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    starts_on: Type.String({ format: 'date' }),
    ends_on: Type.String({ format: 'date' }),
  }),
  supplier: Type.Object({ id: Type.Integer(), name: Type.String() }),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Type.String({ format: 'date' }),
  days: Type.Integer({ description: 'Дней включительно (страховка, гид)' }),
  nights: Type.Integer({ description: 'Ночей (отель)' }),
  cost: Type.Number(),
  currency: StringEnum(CURRENCIES),
  status: StringEnum(BOOKING_STATUS_LIST),
  penalty: Nullable(Type.Number()),
  amount_due: Type.Number({ description: 'Стоимость, у отменённого — штраф' }),
  paid: Type.Number({ description: 'Подтверждённые оплаты поставщику' }),
  debt: Type.Number({ description: 'Долг поставщику; отрицательный — переплата' }),
  payment_state: StringEnum(PAYMENT_STATE_LIST),
  overdue: Type.Boolean({ description: 'Срок оплаты прошёл, а оплачено не всё' }),
  confirmation_number: Nullable(Type.String()),
  payment_due_on: Nullable(Type.String({ format: 'date' })),
  notes: Nullable(Type.String()),
  details: DetailsJson,
  covered: Type.Integer({ description: 'Участников, кроме отменённых' }),
  participants: Type.Array(BookingParticipantJson),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type BookingJson = Static<typeof BookingJson>;

export const CurrencyTotalJson = Type.Object({
  currency: StringEnum(CURRENCIES),
  count: Type.Integer(),
  amount_due: Type.Number(),
  paid: Type.Number(),
  debt: Type.Number(),
});

/** A booking in a month list: its participants only counted (`covered`); the drawer reads them. */
export const BookingListItemJson = Type.Omit(BookingJson, ['participants']);
export type BookingListItemJson = Static<typeof BookingListItemJson>;

export const BookingListJson = Type.Intersect([
  Paginated(BookingListItemJson),
  Type.Object({
    month: Type.String({ description: 'ММ-ГГГГ' }),
    first_day: Type.String({ format: 'date' }),
    last_day: Type.String({ format: 'date' }),
    totals: Type.Array(CurrencyTotalJson, { description: 'Итоги отфильтрованных по валютам' }),
  }),
]);

export const BookingBriefJson = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(BOOKING_KIND_NAMES),
  title: Type.String(),
  trip_id: Type.Integer(),
  trip_title: Type.String(),
  supplier_name: Type.String(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Type.String({ format: 'date' }),
  status: StringEnum(BOOKING_STATUS_LIST),
  currency: StringEnum(CURRENCIES),
  amount_due: Type.Number(),
  paid: Type.Number(),
  debt: Type.Number(),
  payment_state: StringEnum(PAYMENT_STATE_LIST),
  payment_due_on: Nullable(Type.String({ format: 'date' })),
});
export type BookingBriefJson = Static<typeof BookingBriefJson>;

export const MissingParticipantJson = Type.Object({
  participant_id: Type.Integer(),
  user_id: Type.Integer(),
  full_name: Type.String(),
  problems: Type.Array(StringEnum(MISSING_BOOKING_LIST)),
  nights_missing: Type.Integer({ description: 'Ночей тура без отеля' }),
});
export type MissingParticipantJson = Static<typeof MissingParticipantJson>;

const Listed = Type.Object({ total: Type.Integer(), items: Type.Array(BookingBriefJson) });

export const DashboardJson = Type.Object({
  month: Type.String({ description: 'ММ-ГГГГ' }),
  first_day: Type.String({ format: 'date' }),
  last_day: Type.String({ format: 'date' }),
  today: Type.String({ format: 'date' }),
  counts: Type.Array(
    Type.Object({
      kind: StringEnum(BOOKING_KIND_NAMES),
      requested: Type.Integer(),
      confirmed: Type.Integer(),
      cancelled: Type.Integer(),
      total: Type.Integer(),
    }),
  ),
  next_days: Type.Object({
    total: Type.Integer(),
    items: Type.Array(BookingBriefJson),
  }),
  unconfirmed: Listed,
  overdue: Listed,
  missing: Type.Object({
    trips: Type.Integer({ description: 'Туров месяца с недостающими бронированиями' }),
    items: Type.Array(
      Type.Object({
        trip_id: Type.Integer(),
        title: Type.String(),
        starts_on: Type.String({ format: 'date' }),
        ends_on: Type.String({ format: 'date' }),
        participants: Type.Array(MissingParticipantJson),
      }),
    ),
  }),
});
export type DashboardJson = Static<typeof DashboardJson>;

export const SupplierPaymentJson = Type.Object({
  id: Type.Integer(),
  wallet_id: Type.Integer(),
  wallet_name: Type.String(),
  type: StringEnum(['income', 'outcome'] as const),
  amount: Type.Number(),
  currency: StringEnum(CURRENCIES),
  status: StringEnum(['pending', 'confirmed', 'rejected'] as const),
  comment: Nullable(Type.String()),
  created_at: Type.String(),
  confirmed_at: Nullable(Type.String()),
});
export type SupplierPaymentJson = Static<typeof SupplierPaymentJson>;
