/** What happened, in Russian; an action not listed shows as the server names it. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Вход',
  login_failed: 'Неудачный вход',
  refused: 'Отказ в доступе',
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

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** "Операция №12", "Доступ" (an event without a record). */
export function recordLabel(type: string, id: number | null): string {
  const name = RECORD_LABELS[type] ?? type;
  return id === null ? name : `${name} №${id}`;
}

/** A changed value as text: null as a dash, text as is, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length > 0 ? value.join(', ') : '—';
  }
  return JSON.stringify(value);
}
