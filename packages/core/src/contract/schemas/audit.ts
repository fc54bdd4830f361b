import { Type, type Static } from '@sinclair/typebox';

export const AUDIT_PER_PAGE = 50;

const Day = (description: string) => Type.String({ format: 'date', description });

export const AuditQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Подстрока действия, записи, адреса, имени пользователя или изменений',
      }),
    ),
    user_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description: 'Кто действовал' }),
    ),
    action: Type.Optional(
      Type.String({
        maxLength: 50,
        description: 'login, login_failed, refused, refused_repeated, exported, roles…',
      }),
    ),
    from: Type.Optional(Day('С этого дня включительно (Asia/Bishkek), YYYY-MM-DD')),
    to: Type.Optional(Day('По этот день включительно (Asia/Bishkek), YYYY-MM-DD')),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

const Value = Type.Unknown({ description: 'Значение в JSON (null — не было)' });
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

export const AuditEntryJson = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  user_id: NullableInteger,
  user_name: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()], { description: 'Адрес клиента' }),
  action: Type.String(),
  record_type: Type.String({ description: 'user, operation, trip…; access — отказ, export' }),
  record_id: NullableInteger,
  entity_type: Type.String(),
  entity_id: NullableInteger,
  changes: Type.Array(Type.Object({ field: Type.String(), old: Value, new: Value })),
});
export type AuditEntryJson = Static<typeof AuditEntryJson>;
