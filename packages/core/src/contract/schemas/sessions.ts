import { Type, type Static } from '@sinclair/typebox';

const Instant = (description: string) => Type.String({ format: 'date-time', description });

/** One of the caller's live sessions (GET /api/sessions). */
export const OwnSessionJson = Type.Object({
  handle: Type.String({
    description:
      'Имя сеанса для DELETE /api/sessions/{handle}: ключевой хеш его идентификатора, ' +
      '32 шестнадцатеричных символа; ни идентификатора, ни cookie из него не получить',
  }),
  created_at: Instant('Вход'),
  last_seen_at: Instant('Последняя активность (записывается не чаще раза в минуту)'),
  expires_at: Instant(
    'Когда сеанс закончится без новых запросов: раньшее из простоя и полного срока',
  ),
  ip: Type.Union([Type.String(), Type.Null()], { description: 'Адрес при входе' }),
  user_agent: Type.Union([Type.String(), Type.Null()], {
    description: 'Браузер при входе (User-Agent, до 500 символов)',
  }),
  remember: Type.Boolean({ description: 'Вход с «Запомнить меня»' }),
  current: Type.Boolean({ description: 'Сеанс этого запроса' }),
});
export type OwnSessionJson = Static<typeof OwnSessionJson>;

export const SessionHandleParam = Type.Object({
  handle: Type.String({ minLength: 1, maxLength: 64, description: 'handle из списка сеансов' }),
});

export const EndedSession = Type.Object({
  ended: Type.Integer({ description: 'Сколько сеансов завершено' }),
  signed_out: Type.Boolean({
    description: 'Завершён сеанс этого запроса: ответ несёт гостевой cookie, нужен новый вход',
  }),
});

export const EndedSessions = Type.Object({
  ended: Type.Integer({ description: 'Сколько других сеансов завершено' }),
});
