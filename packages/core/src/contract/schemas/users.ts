import { Type, type Static } from '@sinclair/typebox';
import { type Role, ROLES } from '../../permissions/roles';

/** A password's length (the API's rule; the forms say it too). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A role of the product (SPEC.md 6): the roles table holds these only. */
const RoleName = Type.Unsafe<Role>({ type: 'string', enum: [...ROLES] });

/** The user as the API answers it (DESIGN.md 3 fields; never the password hash). */
export const UserJson = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(RoleName),
  birth_date: Type.Union([Type.String(), Type.Null()]),
  citizenship: Type.Union([Type.String(), Type.Null()]),
  passport_number: Type.Union([Type.String(), Type.Null()]),
  passport_issued_at: Type.Union([Type.String(), Type.Null()]),
  passport_expires_at: Type.Union([Type.String(), Type.Null()]),
  notes: Type.Union([Type.String(), Type.Null()]),
  manager_id: Type.Union([Type.Integer(), Type.Null()]),
  counterparty_id: Type.Union([Type.Integer(), Type.Null()]),
  has_password: Type.Boolean(),
  disabled: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type UserJson = Static<typeof UserJson>;

// Nullable fields are `type: [x, 'null']`, not anyOf: with the app's coerceTypes, the first branch
// of an anyOf would turn null into 0 or '' before the null branch is tried.
function nullable<T>(type: 'string' | 'integer', options: Record<string, unknown> = {}) {
  return Type.Unsafe<T | null>({ ...options, type: [type, 'null'] });
}

const UserId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const DateOrNull = () =>
  nullable<string>('string', { format: 'date', description: 'YYYY-MM-DD или null' });

export const USER_LIST_PER_PAGE = 20;
export const USER_LIST_MAX_PER_PAGE = 100;

export const UserListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: USER_LIST_MAX_PER_PAGE, default: USER_LIST_PER_PAGE }),
    ),
    id: Type.Optional(UserId),
    search: Type.Optional(
      Type.String({
        maxLength: 255,
        description: 'Подстрока ФИО, email, телефона или номера паспорта, без учёта регистра',
      }),
    ),
    role: Type.Optional(RoleName),
    counterparty_id: Type.Optional({ ...UserId, description: 'Только туристы этого агента' }),
    withTrips: Type.Optional(
      Type.Unsafe<0 | 1>({
        type: 'integer',
        enum: [0, 1],
        description: '1: только участники хотя бы одного тура; 0 или нет: все',
      }),
    ),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

/** POST /admin/users: creates a user, or updates user `id` (absent fields stay as they are). */
export const SaveUserBody = Type.Object(
  {
    id: Type.Optional(UserId),
    full_name: Type.String({ minLength: 1, maxLength: 255 }),
    email: Type.Optional(nullable<string>('string', { format: 'email', maxLength: 255 })),
    phone: Type.Optional(nullable<string>('string', { maxLength: 32 })),
    password: Type.Optional(
      nullable<string>('string', {
        minLength: PASSWORD_MIN,
        maxLength: PASSWORD_MAX,
        description: 'null или нет: пароль не меняется',
      }),
    ),
    current_password: Type.Optional(
      nullable<string>('string', {
        maxLength: PASSWORD_MAX,
        description:
          'Текущий пароль: обязателен, когда пользователь меняет собственный пароль (и пароль у ' +
          'него уже есть). Не сохраняется и нигде не записывается.',
      }),
    ),
    birth_date: Type.Optional(DateOrNull()),
    citizenship: Type.Optional(nullable<string>('string', { maxLength: 100 })),
    passport_number: Type.Optional(nullable<string>('string', { maxLength: 50 })),
    passport_issued_at: Type.Optional(DateOrNull()),
    passport_expires_at: Type.Optional(DateOrNull()),
    notes: Type.Optional(nullable<string>('string', { maxLength: 5000 })),
    manager_id: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: 2 ** 53 - 1 })),
    counterparty_id: Type.Optional(
      nullable<number>('integer', { minimum: 1, maximum: 2 ** 53 - 1 }),
    ),
    roles: Type.Optional(Type.Array(RoleName, { uniqueItems: true, maxItems: ROLES.length })),
    disabled: Type.Optional(Type.Boolean({ description: 'Только при изменении' })),
  },
  { additionalProperties: false },
);
export type SaveUserBody = Static<typeof SaveUserBody>;

/** GET /admin/tourists: what a staff member typed in a tourist picker. */
export const TouristListQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        maxLength: 255,
        description:
          'Точный телефон, email или номер паспорта — любой клиент; часть ФИО, телефона, email ' +
          'или паспорта — свои и ничьи клиенты. Пусто — последние свои и ничьи.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TouristListQuery = Static<typeof TouristListQuery>;

/** GET /admin/tourists/match: a new tourist's contacts, each compared exactly. */
export const TouristMatchQuery = Type.Object(
  {
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    email: Type.Optional(Type.String({ maxLength: 255 })),
    passport_number: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);
export type TouristMatchQuery = Static<typeof TouristMatchQuery>;

export const MATCHED_BY = ['phone', 'email', 'passport_number'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

const NullableText = () => Type.Union([Type.String(), Type.Null()]);

/** A client as a tourist picker offers it. */
export const TouristOptionJson = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  phone: NullableText(),
  email: NullableText(),
  passport_number: NullableText(),
  birth_date: NullableText(),
  manager_id: Type.Union([Type.Integer(), Type.Null()]),
  manager_name: NullableText(),
  own: Type.Boolean({
    description:
      'Свой (в досягаемости) или ничей клиент; иначе — клиент другого менеджера, найденный по ' +
      'точному контакту: из контактов показан только этот',
  }),
  matched_by: Type.Union([...MATCHED_BY.map((field) => Type.Literal(field)), Type.Null()], {
    description: 'По какому точному контакту найден; null — по имени',
  }),
  found_by: Type.Union([Type.String(), Type.Null()], {
    description: 'Этот контакт: передаётся как found_by при добавлении в тур',
  }),
});
export type TouristOptionJson = Static<typeof TouristOptionJson>;
