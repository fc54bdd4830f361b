// The outbox of e-mail messages (issue 32) as both sides name it: its kinds, their Russian
// labels, which kinds have a number of days, and the statuses a message goes through.

/** Every kind of message, in the order the settings show them: the events', then the round's. */
export const OUTBOX_KINDS = [
  'request_received',
  'request_converted',
  'payment_confirmed',
  'payment_due',
  'payment_overdue',
  'passport_expiring',
  'supplier_payment_due',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** What each kind tells and to whom, as the outbox screen names it. */
export const OUTBOX_KIND_LABELS: Readonly<Record<OutboxKind, string>> = {
  request_received: 'Заявка получена — агенту',
  request_converted: 'Заявка оформлена в тур — агенту',
  payment_confirmed: 'Платёж подтверждён — туристу',
  payment_due: 'Скоро срок оплаты тура — туристу и менеджеру',
  payment_overdue: 'Оплата тура просрочена — туристу и менеджеру',
  passport_expiring: 'Паспорт истекает раньше чем через 6 месяцев после тура — менеджеру',
  supplier_payment_due: 'Срок оплаты поставщику — бронированию',
};

/** The kinds that have a number of days (N): how many days ahead they warn. */
export const OUTBOX_KINDS_WITH_DAYS: readonly OutboxKind[] = [
  'payment_due',
  'supplier_payment_due',
];

/** The bounds of a kind's N days. */
export const OUTBOX_DAYS_MIN = 1;
export const OUTBOX_DAYS_MAX = 90;

/** What a kind's N days mean, under its switch. */
export const OUTBOX_DAYS_LABELS: Readonly<Partial<Record<OutboxKind, string>>> = {
  payment_due: 'За сколько дней до начала тура',
  supplier_payment_due: 'За сколько дней до срока оплаты',
};

/** A message's status: waiting, sent, retry (with backoff), not configured (no SMTP), no address. */
export const OUTBOX_STATUSES = [
  'waiting',
  'sent',
  'retry',
  'not_configured',
  'no_address',
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The statuses as the screen's filter offers them. */
export const OUTBOX_STATUS_LABELS: Readonly<Record<OutboxStatus, string>> = {
  waiting: 'Ожидает отправки',
  sent: 'Отправлено',
  retry: 'Повтор',
  not_configured: 'Почта не настроена',
  no_address: 'Нет адреса',
};
