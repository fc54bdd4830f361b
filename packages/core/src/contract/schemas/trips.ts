import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import {
  PARTICIPANT_STATUS_LIST,
  TRIP_FLIGHTS_LIST,
  TRIP_SEATS,
  TRIP_STATUS_LIST,
} from '../../trips/trips';
import { StringEnum } from './common';
import { ItineraryDay, Money } from './tours';

export const TRIP_LIST_PER_PAGE = 20;
export const TRIP_LIST_MAX_PER_PAGE = 100;

const Id = () => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const NullableId = (description: string) =>
  Type.Unsafe<number | null>({
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 2 ** 53 - 1,
    description,
  });
const DateText = (description: string) => Type.String({ format: 'date', description });

export const TripListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TRIP_LIST_MAX_PER_PAGE, default: TRIP_LIST_PER_PAGE }),
    ),
    from: Type.Optional(DateText('Период: туры, чьи даты пересекают [from, to]')),
    to: Type.Optional(DateText('Конец периода')),
    status: Type.Optional(StringEnum(TRIP_STATUS_LIST)),
    manager_id: Type.Optional(Id()),
    mine: Type.Optional(
      Type.Unsafe<0 | 1>({
        type: 'integer',
        enum: [0, 1],
        description: '1: «Мои туры» — туры, где менеджер — тот, кто спрашивает; 0 или нет: все',
      }),
    ),
    country: Type.Optional(Type.String({ maxLength: 100 })),
    search: Type.Optional(
      Type.String({ maxLength: 255, description: 'Подстрока названия или страны' }),
    ),
  },
  { additionalProperties: false },
);
export type TripListQuery = Static<typeof TripListQuery>;

/** GET /admin/trips/export: the list's filters, every page. */
export const TripExportQuery = Type.Omit(TripListQuery, ['page', 'per_page'], {
  additionalProperties: false,
});
export type TripExportQuery = Static<typeof TripExportQuery>;

const Flights = () =>
  StringEnum(TRIP_FLIGHTS_LIST, {
    description:
      'Перелёт туристов: round_trip — туда и обратно (по умолчанию), one_way — в одну сторону, ' +
      'none — без перелёта; от него зависит готовность туристов',
  });

/** POST /admin/trips: a blank trip, or one made from a prepared tour (its fields by default). */
export const CreateTripBody = Type.Object(
  {
    prepared_tour_id: Type.Optional(
      NullableId('Заготовленный тур: название, программа, страна и цена копируются'),
    ),
    title: Type.Optional(Type.String({ maxLength: 255, description: 'Без тура — обязательно' })),
    country: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 100 }),
    ),
    starts_on: DateText('Начало; раньше конца — даты меняются местами'),
    ends_on: Type.Optional(DateText('Конец; из тура по числу дней, если не указан')),
    price: Type.Optional(Money('Цена на человека; из тура, если не указана.')),
    currency: Type.Optional(StringEnum(CURRENCIES)),
    seats: Type.Integer({ minimum: TRIP_SEATS.min, maximum: TRIP_SEATS.max }),
    flights: Type.Optional(Flights()),
    manager_id: Type.Optional(
      NullableId(
        'Менеджер тура (сотрудник); не указан — менеджер по продажам, создающий тур; null — никто',
      ),
    ),
    itinerary: Type.Optional(Type.Array(ItineraryDay, { maxItems: 365 })),
    notes: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 5000 })),
  },
  { additionalProperties: false },
);
export type CreateTripBody = Static<typeof CreateTripBody>;

/** PUT /admin/trip/:id: the trip's own fields (the status moves through its own call). */
export const UpdateTripBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    country: Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 100 }),
    starts_on: DateText('Начало; раньше конца — даты меняются местами'),
    ends_on: DateText('Конец'),
    price: Money('Цена на человека.'),
    currency: StringEnum(CURRENCIES, { description: 'Меняется, пока у тура нет участников' }),
    seats: Type.Integer({ minimum: TRIP_SEATS.min, maximum: TRIP_SEATS.max }),
    flights: Type.Optional(Flights()),
    manager_id: NullableId('Менеджер тура (сотрудник)'),
    itinerary: Type.Array(ItineraryDay, { maxItems: 365 }),
    notes: Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type UpdateTripBody = Static<typeof UpdateTripBody>;

export const TripStatusBody = Type.Object(
  { status: StringEnum(TRIP_STATUS_LIST) },
  { additionalProperties: false },
);
export type TripStatusBody = Static<typeof TripStatusBody>;

export const AddParticipantBody = Type.Object(
  {
    user_id: Id(),
    price: Type.Optional(Money('Цена участника; по умолчанию цена тура.')),
    discount: Type.Optional(Money('Скидка, не больше цены.')),
    status: Type.Optional(StringEnum(PARTICIPANT_STATUS_LIST, { default: 'booked' })),
    found_by: Type.Optional(
      Type.String({
        maxLength: 255,
        description:
          'Точный телефон, email или номер паспорта, по которому найден клиент другого ' +
          'менеджера (found_by из GET /admin/tourists)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AddParticipantBody = Static<typeof AddParticipantBody>;

export const UpdateParticipantBody = Type.Object(
  {
    price: Money('Цена участника.'),
    discount: Money('Скидка, не больше цены.'),
    status: StringEnum(PARTICIPANT_STATUS_LIST),
  },
  { additionalProperties: false },
);
export type UpdateParticipantBody = Static<typeof UpdateParticipantBody>;

export const ParticipantParams = Type.Object({ id: Id(), participantId: Id() });

const NullableNumber = () => Type.Union([Type.Number(), Type.Null()]);
const NullableString = () => Type.Union([Type.String(), Type.Null()]);

export const TripJson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  prepared_tour_id: Type.Union([Type.Integer(), Type.Null()]),
  prepared_tour_title: NullableString(),
  country: NullableString(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Type.String({ format: 'date' }),
  status: StringEnum(TRIP_STATUS_LIST),
  price: Type.Number(),
  currency: StringEnum(CURRENCIES),
  seats: Type.Integer(),
  seats_taken: Type.Integer({ description: 'Участники, кроме отменённых' }),
  flights: Flights(),
  manager_id: Type.Union([Type.Integer(), Type.Null()]),
  manager_name: NullableString(),
  itinerary: Type.Array(ItineraryDay),
  notes: NullableString(),
  debt: NullableNumber(),
  debt_missing_rates: Type.Boolean({
    description: 'Для пересчёта части платежей нет курса: долг не посчитан (debt = null)',
  }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type TripJson = Static<typeof TripJson>;

export const ParticipantJson = Type.Object({
  id: Type.Integer(),
  trip_id: Type.Integer(),
  user_id: Type.Integer(),
  full_name: Type.String(),
  phone: NullableString(),
  email: NullableString(),
  price: Type.Number(),
  discount: Type.Number(),
  status: StringEnum(PARTICIPANT_STATUS_LIST),
  request_id: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type ParticipantJson = Static<typeof ParticipantJson>;

/** GET /admin/user/:id/trips: one trip the user takes part in, with the participation's money. */
export const UserTripJson = Type.Object({
  participant_id: Type.Integer(),
  status: StringEnum(PARTICIPANT_STATUS_LIST, { description: 'Статус участия' }),
  trip_id: Type.Integer(),
  title: Type.String(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Type.String({ format: 'date' }),
  trip_status: StringEnum(TRIP_STATUS_LIST),
  currency: StringEnum(CURRENCIES, { description: 'Валюта тура: в ней все суммы участия' }),
  due: Type.Number({ description: 'К оплате: цена минус скидка; у отменённого участия 0' }),
  paid: Type.Number({ description: 'Оплачено: подтверждённые платежи минус возвраты' }),
  expected: Type.Number({ description: 'Ожидает подтверждения' }),
  debt: Type.Number({ description: 'Долг: к оплате минус оплачено; меньше нуля — переплата' }),
  missing_rate: Type.Boolean({
    description: 'Для пересчёта какого-то платежа в валюту тура нет курса: он не учтён',
  }),
});
export type UserTripJson = Static<typeof UserTripJson>;
