import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import {
  PARTICIPANT_STATUS_LIST,
  REQUEST_STATUS_LIST,
  TOUR_KEY_MAX_LENGTH,
  TRIP_STATUS_LIST,
} from '../../trips/trips';
import { CountsOf, StringEnum } from './common';

// The agent area's contract (AgentTour, AgentRequest, AgentTourist... of @tour/core's
// contract/types.ts are derived from these). Nothing here carries a cost, a supplier or a profit (DESIGN.md 4).

export const AGENT_LIST_PER_PAGE = 20;
/** Travellers one request may name. */
export const AGENT_REQUEST_MAX_TOURISTS = 20;

// Nullable fields are `type: [x, 'null']`, not anyOf: with the app's coerceTypes, the first branch
// of an anyOf would turn null into 0 or '' before the null branch is tried.
function nullable<T>(type: 'string' | 'integer' | 'number', options: Record<string, unknown> = {}) {
  return Type.Unsafe<T | null>({ ...options, type: [type, 'null'] });
}
const NullableString = () => nullable<string>('string');
const NullableNumber = () => nullable<number>('number');
const DateOrNull = () =>
  nullable<string>('string', { format: 'date', description: 'YYYY-MM-DD или null' });
const Id = () => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const Page = () => Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }));
const Currency = () => StringEnum(CURRENCIES);
const Problem = () =>
  StringEnum(['passport_missing', 'passport_expires', 'birth_date_missing'] as const);

export const TourKeyParam = Type.Object({
  key: Type.String({ minLength: 1, maxLength: TOUR_KEY_MAX_LENGTH }),
});

export const AgentTourListQuery = Type.Object(
  {
    page: Page(),
    search: Type.Optional(
      Type.String({ maxLength: 255, description: 'Подстрока названия, страны или города' }),
    ),
    country: Type.Optional(Type.String({ maxLength: 100, description: 'Страна, точно' })),
  },
  { additionalProperties: false },
);
export type AgentTourListQuery = Static<typeof AgentTourListQuery>;

export const AgentDepartureJson = Type.Object({
  trip_id: Type.Integer(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Type.String({ format: 'date' }),
  status: StringEnum(['planned', 'confirmed'] as const),
  seats: Type.Integer(),
  seats_free: Type.Integer(),
  price: Type.Number(),
  currency: Currency(),
  agent_price: NullableNumber(),
  commission: NullableNumber(),
});

const tourFields = {
  key: Type.String(),
  title: Type.String(),
  country: Type.String(),
  cities: Type.Array(Type.String()),
  days: Type.Integer(),
  base_price: Type.Number(),
  currency: Currency(),
  agent_price: NullableNumber(),
  agent_commission: NullableNumber(),
  departures: Type.Array(AgentDepartureJson),
};
export const AgentTourJson = Type.Object(tourFields);
export type AgentTourJson = Static<typeof AgentTourJson>;

export const AgentTourDetailJson = Type.Object({
  ...tourFields,
  itinerary: Type.Array(Type.Object({ title: Type.String(), description: Type.String() })),
  included: Type.Array(Type.String()),
  not_included: Type.Array(Type.String()),
});
export type AgentTourDetailJson = Static<typeof AgentTourDetailJson>;

const Traveller = Type.Object(
  {
    full_name: Type.String({ minLength: 1, maxLength: 255 }),
    phone: Type.Optional(nullable<string>('string', { maxLength: 32 })),
    save: Type.Optional(
      Type.Boolean({
        description: 'Сохранить туриста в «Мои туристы» (вместе с заявкой; нужен телефон)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AgentRequestBody = Type.Object(
  {
    trip_id: Id(),
    tourists: Type.Array(Traveller, { minItems: 1, maxItems: AGENT_REQUEST_MAX_TOURISTS }),
    comment: Type.Optional(nullable<string>('string', { maxLength: 5000 })),
  },
  { additionalProperties: false },
);
export type AgentRequestBody = Static<typeof AgentRequestBody>;

export const AgentRequestJson = Type.Object({
  id: Type.Integer(),
  status: StringEnum(REQUEST_STATUS_LIST),
  tour_key: NullableString(),
  tour_title: NullableString(),
  trip_id: nullable<number>('integer'),
  date_from: NullableString(),
  date_to: NullableString(),
  tourists: Type.Array(Type.Object({ full_name: Type.String(), phone: NullableString() })),
  adults: Type.Integer(),
  comment: NullableString(),
  reject_reason: NullableString(),
  created_at: Type.String({ format: 'date-time' }),
});
export type AgentRequestJson = Static<typeof AgentRequestJson>;

export const AgentRequestListQuery = Type.Object(
  { page: Page(), status: Type.Optional(StringEnum(REQUEST_STATUS_LIST)) },
  { additionalProperties: false },
);
export type AgentRequestListQuery = Static<typeof AgentRequestListQuery>;

export const AgentTouristListQuery = Type.Object(
  {
    page: Page(),
    search: Type.Optional(
      Type.String({ maxLength: 255, description: 'Подстрока ФИО, телефона, email или паспорта' }),
    ),
  },
  { additionalProperties: false },
);
export type AgentTouristListQuery = Static<typeof AgentTouristListQuery>;

export const AgentTouristBody = Type.Object(
  {
    full_name: Type.String({ minLength: 1, maxLength: 255 }),
    email: nullable<string>('string', { format: 'email', maxLength: 255 }),
    phone: nullable<string>('string', { maxLength: 32 }),
    birth_date: DateOrNull(),
    citizenship: nullable<string>('string', { maxLength: 100 }),
    passport_number: nullable<string>('string', { maxLength: 50 }),
    passport_issued_at: DateOrNull(),
    passport_expires_at: DateOrNull(),
    notes: nullable<string>('string', { maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type AgentTouristBody = Static<typeof AgentTouristBody>;

export const AgentTouristTripJson = Type.Object({
  trip_id: Type.Integer(),
  title: Type.String(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Type.String({ format: 'date' }),
  trip_status: StringEnum(TRIP_STATUS_LIST),
  participant_status: StringEnum(PARTICIPANT_STATUS_LIST),
  currency: Currency(),
  due: Type.Number(),
  paid: Type.Number(),
  debt: Type.Number(),
  problems: Type.Array(Problem()),
});

export const AgentTouristJson = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  email: NullableString(),
  phone: NullableString(),
  birth_date: NullableString(),
  citizenship: NullableString(),
  passport_number: NullableString(),
  passport_issued_at: NullableString(),
  passport_expires_at: NullableString(),
  notes: NullableString(),
  trips: Type.Array(AgentTouristTripJson),
  owes: Type.Array(Type.Object({ currency: Currency(), amount: Type.Number() })),
  problems: Type.Array(Problem()),
  created_at: Type.String({ format: 'date-time' }),
});
export type AgentTouristJson = Static<typeof AgentTouristJson>;

export const AgentOverviewJson = Type.Object({
  agent: Type.Object({ id: Type.Integer(), full_name: Type.String() }),
  tourists: Type.Integer(),
  requests: CountsOf(REQUEST_STATUS_LIST),
  commission: Type.Array(
    Type.Object({
      trip_id: Type.Integer(),
      title: Type.String(),
      starts_on: Type.String({ format: 'date' }),
      currency: Currency(),
      tourists: Type.Integer(),
      due: Type.Number(),
      commission: NullableNumber(),
    }),
  ),
  commission_totals: Type.Array(Type.Object({ currency: Currency(), amount: Type.Number() })),
});
export type AgentOverviewJson = Static<typeof AgentOverviewJson>;
