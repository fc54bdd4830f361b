import { Type, type Static } from '@sinclair/typebox';
import {
  OUTBOX_DAYS_MAX,
  OUTBOX_DAYS_MIN,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
} from '../../messages/outbox';
import { StringEnum } from './common';

export const OUTBOX_PER_PAGE = 20;

const NullableString = (description?: string) =>
  Type.Union([Type.String(), Type.Null()], description ? { description } : {});
const NullableTime = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/** GET /admin/outbox: the page and the filters. */
export const OutboxListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    status: Type.Optional(
      StringEnum(OUTBOX_STATUSES, {
        description: 'waiting, sent, retry, not_configured, no_address',
      }),
    ),
    kind: Type.Optional(StringEnum(OUTBOX_KINDS, { description: 'Вид сообщения' })),
  },
  { additionalProperties: false },
);
export type OutboxListQuery = Static<typeof OutboxListQuery>;

/** One message of the outbox as the screen shows it. */
export const OutboxMessageJson = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  kind: StringEnum(OUTBOX_KINDS),
  kind_label: Type.String({ description: 'Вид по-русски: что и кому' }),
  recipient: NullableString('Адрес; null — его нет, почему — missing_reason'),
  missing_reason: NullableString('«У туриста не указана почта» и т. п.'),
  subject: Type.String(),
  status: StringEnum(OUTBOX_STATUSES),
  status_label: Type.String({
    description: '«отправлено», «повтор через 4 мин», «не отправлено: почта не настроена»…',
  }),
  attempts: Type.Integer({ minimum: 0 }),
  last_error: NullableString('Ответ почтового сервера при последней неудаче'),
  next_attempt_at: Type.String({ format: 'date-time' }),
  sent_at: NullableTime('Когда отправлено'),
  can_send_now: Type.Boolean({
    description: 'Повтор или «почта не настроена»: можно отправить сейчас',
  }),
});
export type OutboxMessageJson = Static<typeof OutboxMessageJson>;

/** One kind of message with its switch and, where it has one, its N days. */
export const OutboxKindJson = Type.Object({
  kind: StringEnum(OUTBOX_KINDS),
  label: Type.String(),
  enabled: Type.Boolean(),
  days: Type.Union([Type.Integer(), Type.Null()], {
    description: 'За сколько дней предупреждать; null — у вида нет срока',
  }),
  days_label: NullableString('Что значит срок вида'),
  updated_at: NullableTime('Когда изменено'),
  updated_by_name: NullableString('Кем изменено'),
});
export type OutboxKindJson = Static<typeof OutboxKindJson>;

/**
 * PUT /admin/outbox/kinds: the kinds to change, each switched on or off and, for a kind that has
 * them, its days (1 to 90; checked by the service, answered 422 in Russian under `kinds.N.days`).
 */
export const OutboxKindsBody = Type.Object(
  {
    kinds: Type.Array(
      Type.Object(
        {
          kind: StringEnum(OUTBOX_KINDS),
          enabled: Type.Boolean(),
          days: Type.Optional(
            Type.Union([Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), Type.Null()], {
              description: `От ${OUTBOX_DAYS_MIN} до ${OUTBOX_DAYS_MAX}; только у вида со сроком`,
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: OUTBOX_KINDS.length },
    ),
  },
  { additionalProperties: false },
);
export type OutboxKindsBody = Static<typeof OutboxKindsBody>;
