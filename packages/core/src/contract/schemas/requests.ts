import { Type, type Static } from '@sinclair/typebox';
import { REQUEST_PEOPLE, REQUEST_SOURCE_LIST, REQUEST_STATUS_LIST } from '../../trips/trips';
import { CountsOf, StringEnum } from './common';

export const REQUEST_LIST_PER_PAGE = 20;

const Id = () => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const NullableId = (description: string) =>
  Type.Unsafe<number | null>({
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 2 ** 53 - 1,
    description,
  });
const NullableText = (maxLength: number, options: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...options });
const NullableDate = () => Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date' });

export const RequestListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: REQUEST_LIST_PER_PAGE }),
    ),
    status: Type.Optional(StringEnum(REQUEST_STATUS_LIST)),
    source: Type.Optional(StringEnum(REQUEST_SOURCE_LIST)),
    assignee_id: Type.Optional(Id()),
    unassigned: Type.Optional(Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] })),
    search: Type.Optional(Type.String({ maxLength: 255, description: 'Имя, телефон или email' })),
    counterparty_id: Type.Optional(Id()),
  },
  { additionalProperties: false },
);
export type RequestListQuery = Static<typeof RequestListQuery>;

/** POST /admin/tickets and PUT /admin/ticket/:id: the request's own fields. */
export const SaveRequestBody = Type.Object(
  {
    source: StringEnum(REQUEST_SOURCE_LIST),
    contact_name: Type.String({ minLength: 1, maxLength: 255 }),
    phone: NullableText(32),
    email: NullableText(255, { format: 'email' }),
    prepared_tour_id: NullableId('Желаемый заготовленный тур'),
    trip_id: NullableId('Желаемый тур'),
    date_from: NullableDate(),
    date_to: NullableDate(),
    adults: Type.Integer({ minimum: REQUEST_PEOPLE.min, maximum: REQUEST_PEOPLE.max }),
    children: Type.Integer({ minimum: REQUEST_PEOPLE.min, maximum: REQUEST_PEOPLE.max }),
    comment: NullableText(5000),
  },
  { additionalProperties: false },
);
export type SaveRequestBody = Static<typeof SaveRequestBody>;

export const AssignBody = Type.Object(
  { assignee_id: NullableId('Сотрудник; null — снять назначение') },
  { additionalProperties: false },
);
export type AssignBody = Static<typeof AssignBody>;

export const RequestStatusBody = Type.Object(
  {
    status: StringEnum(['new', 'in_work', 'rejected'] as const),
    reason: Type.Optional(NullableText(1000, { description: 'Обязательна при отклонении' })),
  },
  { additionalProperties: false },
);
export type RequestStatusBody = Static<typeof RequestStatusBody>;

export const ConvertBody = Type.Object(
  {
    trip_id: Id(),
    travellers: Type.Optional(
      Type.Array(
        Type.Object(
          {
            full_name: Type.String({ minLength: 1, maxLength: 255 }),
            phone: Type.Optional(NullableText(32)),
            email: Type.Optional(NullableText(255, { format: 'email' })),
            birth_date: Type.Optional(NullableDate()),
            citizenship: Type.Optional(NullableText(100)),
            passport_number: Type.Optional(NullableText(50)),
            passport_issued_at: Type.Optional(NullableDate()),
            passport_expires_at: Type.Optional(NullableDate()),
          },
          {
            additionalProperties: false,
            description:
              'Спутник. Дата рождения, гражданство и паспорт сохраняются у нового туриста, с ' +
              'проверками формы пользователя; у найденного по телефону или email остаются его ' +
              'собственные',
          },
        ),
        {
          maxItems: 50,
          description: 'Спутники контактного лица; контакт — всегда первый участник',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ConvertBody = Static<typeof ConvertBody>;

const NullableString = () => Type.Union([Type.String(), Type.Null()]);
const NullableInt = () => Type.Union([Type.Integer(), Type.Null()]);

export const RequestJson = Type.Object({
  id: Type.Integer(),
  source: StringEnum(REQUEST_SOURCE_LIST),
  status: StringEnum(REQUEST_STATUS_LIST),
  contact_name: Type.String(),
  phone: NullableString(),
  email: NullableString(),
  prepared_tour_id: NullableInt(),
  prepared_tour_title: NullableString(),
  trip_id: NullableInt(),
  trip_title: NullableString(),
  date_from: NullableString(),
  date_to: NullableString(),
  adults: Type.Integer(),
  children: Type.Integer(),
  comment: NullableString(),
  reject_reason: NullableString(),
  assignee_id: NullableInt(),
  assignee_name: NullableString(),
  counterparty_id: NullableInt(),
  counterparty_name: NullableString(),
  travellers: Type.Array(Type.Object({ full_name: Type.String(), phone: NullableString() }), {
    description: 'Путешественники, названные в заявке агента',
  }),
  converted_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type RequestJson = Static<typeof RequestJson>;

export const RequestCountsJson = CountsOf(REQUEST_STATUS_LIST, {
  description: 'Число заявок по статусам с теми же фильтрами (кроме статуса)',
});
