// The outbox of e-mail messages (issue 32) as both sides name it: its kinds, their Russian
// labels, which kinds have a number of days, and the statuses a message goes through.

/**
 * Every kind of message, in the order the settings show them (the events', then the round's):
 * what it tells and to whom, as the outbox screen names it, and, for a kind that warns ahead, what
 * its number of days (N) means under its switch.
 */
const KINDS = {
  request_received: { label: 'Заявка получена — агенту' },
  request_converted: { label: 'Заявка оформлена в тур — агенту' },
  payment_confirmed: { label: 'Платёж подтверждён — туристу' },
  quote: { label: 'Коммерческое предложение — клиенту по заявке' },
  payment_due: {
    label: 'Скоро срок оплаты тура — туристу и менеджеру',
    days: 'За сколько дней до начала тура',
  },
  payment_overdue: { label: 'Оплата тура просрочена — туристу и менеджеру' },
  passport_expiring: {
    label: 'Паспорт истекает раньше чем через 6 месяцев после тура — менеджеру',
  },
  supplier_payment_due: {
    label: 'Срок оплаты поставщику — бронированию',
    days: 'За сколько дней до срока оплаты',
  },
} as const satisfies Record<string, { label: string; days?: string }>;
export type OutboxKind = keyof typeof KINDS;
export const OUTBOX_KINDS = Object.keys(KINDS) as OutboxKind[];

/** What each kind tells and to whom. */
export const OUTBOX_KIND_LABELS = Object.fromEntries(
  OUTBOX_KINDS.map((kind) => [kind, KINDS[kind].label]),
) as Readonly<Record<OutboxKind, string>>;

/** The kinds that have a number of days (N): how many days ahead they warn. */
export const OUTBOX_KINDS_WITH_DAYS: readonly OutboxKind[] = OUTBOX_KINDS.filter(
  (kind) => 'days' in KINDS[kind],
);

/** What a kind's N days mean, under its switch. */
export const OUTBOX_DAYS_LABELS = Object.fromEntries(
  OUTBOX_KINDS.flatMap((kind) => {
    const info: { label: string; days?: string } = KINDS[kind];
    return info.days ? [[kind, info.days]] : [];
  }),
) as Readonly<Partial<Record<OutboxKind, string>>>;

/** The bounds of a kind's N days. */
export const OUTBOX_DAYS_MIN = 1;
export const OUTBOX_DAYS_MAX = 90;

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
