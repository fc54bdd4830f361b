import { toDayjs } from '@tour/shared';

/** What happened, in Russian; an action not listed shows as the server names it. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Вход',
  login_failed: 'Неудачный вход',
  refused: 'Отказ в доступе',
  refused_repeated: 'Повторные отказы',
  exported: 'Экспорт',
  roles: 'Смена ролей',
  created: 'Создание',
  updated: 'Изменение',
  status: 'Смена статуса',
  confirmed: 'Подтверждение',
  rejected: 'Отклонение',
  deleted: 'Удаление',
  archived: 'В архив',
  restored: 'Из архива',
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
  access: 'Доступ',
  export: 'Выгрузка',
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
};

/** Why a sign-in failed, in Russian. */
const REASON_LABELS: Readonly<Record<string, string>> = {
  'bad-credentials': 'неверный логин или пароль',
  'client-only': 'вход только для клиентов',
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
 * A changed value as text: null as a dash, an instant in local time to the second, a sign-in's
 * reason in words, other text as is, anything else as JSON.
 */
export function valueText(value: unknown, field?: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') {
    if (INSTANT.test(value)) return toDayjs(value)?.format('DD.MM.YYYY HH:mm:ss') ?? value;
    if (field === 'reason') return REASON_LABELS[value] ?? value;
    return value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length > 0 ? value.join(', ') : '—';
  }
  return JSON.stringify(value);
}
