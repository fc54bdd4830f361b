import { isRole, REQUISITE_LABELS, ROLE_LABELS, toDayjs } from '@tour/shared';
import { HISTORY_ACTION_LABELS, historyValue } from '@tour/shared/ui';

/** What happened, in Russian; an action not listed shows as the server names it. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Вход',
  login_failed: 'Неудачный вход',
  refused: 'Отказ в доступе',
  refused_repeated: 'Повторные отказы',
  exported: 'Экспорт',
  imported: 'Импорт из Excel',
  roles: 'Смена ролей',
  confirmed: 'Подтверждение',
  rejected: 'Отклонение',
  sessions_ended: 'Завершение сеансов',
  // The changes of records: the same words as in a record's history.
  ...HISTORY_ACTION_LABELS,
};

/** The kinds of records, in Russian. */
export const RECORD_LABELS: Readonly<Record<string, string>> = {
  user: 'Пользователь',
  operation: 'Операция',
  trip: 'Тур',
  participant: 'Участник тура',
  prepared_tour: 'Заготовленный тур',
  request: 'Заявка',
  wallet: 'Кошелёк',
  supplier: 'Поставщик',
  booking: 'Бронирование',
  ledger_setting: 'Настройка бухгалтерии',
  company: 'Реквизиты компании',
  access: 'Доступ',
  export: 'Выгрузка',
  import: 'Импорт',
  // What an import brought in (its entity).
  users: 'Клиенты',
  prepared_tours: 'Заготовленные туры',
};

/** The fields the audit's own events write, in Russian; others show as the server names them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  login: 'Логин',
  reason: 'Причина',
  status: 'Статус',
  method: 'Метод',
  url: 'Адрес запроса',
  file: 'Файл',
  count: 'Сколько раз',
  first: 'Первый',
  last: 'Последний',
  callers: 'Клиенты',
  roles: 'Роли',
  amount: 'Сумма',
  sessions: 'Сеансы',
  current: 'Включая текущий сеанс',
  // The company's requisites (record «Реквизиты компании»).
  ...Object.fromEntries(
    (
      [
        'legal_form',
        'inn',
        'okpo',
        'licence',
        'bank_name',
        'bank_account',
        'bank_bic',
        'director_position',
        'director_name',
        'director_name_genitive',
        'logo',
      ] as const
    ).map((field) => [field, REQUISITE_LABELS[field]]),
  ),
  // An import's figures.
  rows: 'Строк в файле',
  created: 'Создано',
  updated: 'Обновлено',
  skipped: 'Пропущено',
  invalid: 'С ошибками',
};

/** Why a sign-in failed, in Russian. */
const REASON_LABELS: Readonly<Record<string, string>> = {
  'bad-credentials': 'неверный логин или пароль',
  'client-only': 'у клиента нет входа в систему',
  throttled: 'слишком много попыток',
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** "Операция №12", "Доступ" (an event without a record). */
export function recordLabel(type: string, id: number | null): string {
  const name = RECORD_LABELS[type] ?? type;
  return id === null ? name : `${name} №${id}`;
}

/** An instant as the server writes one (ISO 8601 in UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A changed value as text, as a record's history writes it (a dash for none, days, lists, yes and
 * no), with an instant in local time to the second, roles and a sign-in's reason in words.
 */
export function valueText(value: unknown, field?: string): string {
  if (typeof value === 'string' && INSTANT.test(value)) {
    return toDayjs(value)?.format('DD.MM.YYYY HH:mm:ss') ?? value;
  }
  // Sessions a user ended: each by its address and browser (the log keeps no ids).
  if (field === 'sessions' && Array.isArray(value)) {
    return value
      .map((item: { ip?: unknown; user_agent?: unknown }) =>
        [item.ip, item.user_agent].map((part) => historyValue(part)).join(', '),
      )
      .join('; ');
  }
  if (field === 'roles' && Array.isArray(value)) {
    return historyValue(value.map((role: unknown) => (isRole(role) ? ROLE_LABELS[role] : role)));
  }
  return historyValue(value, field === 'reason' ? REASON_LABELS : undefined);
}
