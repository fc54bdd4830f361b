import { historyAmount, historyValue, type HistoryField } from '@tour/shared/ui';
import {
  BOOKING_STATUSES,
  CURRENCY_LABELS,
  FLIGHT_CLASSES,
  formatAmount,
  isCurrency,
  MEAL_PLANS,
  roomPlanSummary,
  TRANSFER_DIRECTIONS,
  type Currency,
  type RoomType,
} from '@tour/shared';

/** The Russian names of the kinds' own fields, in the order a booking's «Детали» reads them. */
const DETAIL_LABELS: Record<string, string> = {
  hotel_name: 'Отель',
  city: 'Город',
  category: 'Категория',
  meal_plan: 'Питание',
  room_plan: 'Номера',
  carrier: 'Авиакомпания',
  flight_number: 'Рейс',
  from_airport: 'Откуда',
  to_airport: 'Куда',
  departs_at: 'Вылет',
  arrives_at: 'Прилёт',
  flight_class: 'Класс',
  pnr: 'PNR',
  baggage: 'Багаж',
  plan: 'Программа',
  coverage: 'Страховая сумма',
  territory: 'Территория',
  time: 'Время',
  direction: 'Направление',
  from_place: 'Откуда',
  to_place: 'Куда',
  vehicle: 'Транспорт',
  seats: 'Мест',
  driver_contact: 'Водитель',
  flight_booking_id: 'Связанный рейс',
  guide_name: 'Гид',
  languages: 'Языки',
  rate_per_day: 'Ставка в день',
  venue: 'Место',
  tickets: 'Билеты',
  description: 'Описание',
};

const label = <T extends Record<string, { label: string }>>(labels: T, value: unknown) =>
  typeof value === 'string' && Object.hasOwn(labels, value)
    ? labels[value as keyof T]!.label
    : historyValue(value);

/** One field of `details` as a person reads it: labels for codes, amounts with their currency. */
function detailText(
  field: string,
  value: unknown,
  details: Record<string, unknown>,
  currency: Currency,
): string {
  switch (field) {
    case 'meal_plan':
      return label(MEAL_PLANS, value);
    case 'flight_class':
      return label(FLIGHT_CLASSES, value);
    case 'direction':
      return label(TRANSFER_DIRECTIONS, value);
    case 'room_plan':
      return Array.isArray(value)
        ? roomPlanSummary(value as { room_type: RoomType }[]) || '—'
        : '—';
    case 'coverage':
      return typeof value === 'number' && isCurrency(details.coverage_currency)
        ? formatAmount(value, details.coverage_currency)
        : historyValue(value);
    case 'rate_per_day':
      return typeof value === 'number' ? formatAmount(value, currency) : historyValue(value);
    case 'tickets':
      return Array.isArray(value)
        ? (value as { category: string; count: number; price: number }[])
            .map((t) => `${t.category} × ${t.count} по ${formatAmount(t.price, currency)}`)
            .join(', ')
        : historyValue(value);
    case 'flight_booking_id':
      return value === null || value === undefined ? '—' : 'указан';
    default:
      return historyValue(value);
  }
}

/** A booking's «Детали» in one line: «Отель: Hilton; Город: Токио; Номера: DBL × 2; …». */
export function bookingDetailsText(value: unknown, currency: Currency): string {
  if (typeof value !== 'object' || value === null) return historyValue(value);
  const details = value as Record<string, unknown>;
  return (
    Object.keys(DETAIL_LABELS)
      .filter((field) => details[field] !== undefined && details[field] !== null)
      .map(
        (field) =>
          `${DETAIL_LABELS[field]}: ${detailText(field, details[field], details, currency)}`,
      )
      .join('; ') || '—'
  );
}

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
    details: { label: 'Детали', format: (value) => bookingDetailsText(value, currency) },
    participants: 'Участники',
  };
}

/** Coded values by their Russian names: statuses and currencies. */
export const BOOKING_HISTORY_VALUES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(BOOKING_STATUSES).map(([status, { label: name }]) => [status, name]),
  ),
  ...CURRENCY_LABELS,
};
