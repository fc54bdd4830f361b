import { historyAmount, type HistoryField } from '@tour/shared/ui';
import { BOOKING_STATUSES, CURRENCY_LABELS, type Currency } from '@tour/shared';

/** The Russian names of a booking's fields in its «История». */
export function bookingHistoryFields(currency: Currency): Record<string, string | HistoryField> {
  return {
    supplier_id: 'Поставщик',
    starts_on: 'Начало',
    ends_on: 'Окончание',
    cost: historyAmount('Стоимость', currency),
    currency: 'Валюта',
    status: 'Статус',
    penalty: historyAmount('Штраф', currency),
    confirmation_number: 'Номер подтверждения',
    payment_due_on: 'Срок оплаты',
    notes: 'Заметки',
    details: 'Детали',
    participants: 'Участники',
  };
}

/** Coded values by their Russian names: statuses and currencies. */
export const BOOKING_HISTORY_VALUES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(BOOKING_STATUSES).map(([status, { label }]) => [status, label]),
  ),
  ...CURRENCY_LABELS,
};
