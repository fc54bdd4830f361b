import { REQUEST_SOURCES, REQUEST_STATUSES, type RequestStatus } from '@tour/shared';

/** One request's status, as its tag and its history say it (the shared `one` of each status). */
export const TICKET_STATUS_LABELS: Readonly<Record<RequestStatus, string>> = {
  new: REQUEST_STATUSES.new.one,
  in_work: REQUEST_STATUSES.in_work.one,
  converted: REQUEST_STATUSES.converted.one,
  rejected: REQUEST_STATUSES.rejected.one,
};

export const TICKET_STATUS_COLORS: Readonly<Record<RequestStatus, string>> = {
  new: 'blue',
  in_work: 'gold',
  converted: 'green',
  rejected: 'red',
};

/** What the button moving a request into a status says. */
export const TICKET_MOVE_LABELS: Readonly<Record<RequestStatus, string>> = {
  new: 'Вернуть в новые',
  in_work: 'Взять в работу',
  converted: 'Оформить в тур',
  rejected: 'Отклонить',
};

/** The Russian names of the request's fields, for its "История". */
export const TICKET_HISTORY_FIELDS: Readonly<Record<string, string>> = {
  source: 'Источник',
  contact_name: 'Контакт',
  phone: 'Телефон',
  email: 'Email',
  prepared_tour_id: 'Заготовленный тур',
  trip_id: 'Тур',
  date_from: 'Дата с',
  date_to: 'Дата по',
  adults: 'Взрослых',
  children: 'Детей',
  comment: 'Комментарий',
  status: 'Статус',
  reject_reason: 'Причина отказа',
  assignee_id: 'Исполнитель',
  quote: 'Коммерческое предложение',
  sent_to: 'Отправлено на почту',
};

/** The rows of a request's "История" that are not the request itself. */
export const TICKET_HISTORY_ENTITIES: Readonly<Record<string, string>> = {
  quote: 'Коммерческое предложение',
};

/** Coded values in the request's "История": statuses and sources. */
export const TICKET_HISTORY_VALUES: Readonly<Record<string, string>> = {
  ...TICKET_STATUS_LABELS,
  ...Object.fromEntries(Object.entries(REQUEST_SOURCES).map(([code, { label }]) => [code, label])),
};
