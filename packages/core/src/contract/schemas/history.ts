import { Type, type Static } from '@sinclair/typebox';

export const HISTORY_PER_PAGE = 50;

export const HistoryQuery = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })) },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

const Value = Type.Unknown({ description: 'Значение поля в JSON (null — не было)' });

const Name = Type.Union([Type.String(), Type.Null()], {
  description:
    'Для ссылок на другие записи (турист, менеджер, тур): имя записи; null — записи больше нет',
});

export const HistoryEntryJson = Type.Object({
  id: Type.Integer(),
  entity_type: Type.String({ description: 'Что изменилось: trip, participant, prepared_tour…' }),
  entity_id: Type.Integer(),
  entity_name: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'Для строки, что принадлежит записи (участник тура): имя туриста; null — строки больше нет',
    }),
  ),
  action: Type.String({ description: 'created, updated, status, archived, restored, deleted…' }),
  changes: Type.Array(
    Type.Object({
      field: Type.String(),
      old: Value,
      new: Value,
      old_name: Type.Optional(Name),
      new_name: Type.Optional(Name),
    }),
  ),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_name: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type HistoryEntryJson = Static<typeof HistoryEntryJson>;
