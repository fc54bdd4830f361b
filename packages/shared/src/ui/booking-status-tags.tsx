import { Tag } from 'antd';
import {
  BOOKING_STATUSES,
  PAYMENT_STATES,
  type BookingStatus,
  type PaymentState,
} from '@tour/shared';

const STATUS_COLORS: Record<BookingStatus, string> = {
  requested: 'gold',
  confirmed: 'green',
  cancelled: 'default',
};

/** A booking's status as every screen shows it: Запрошено / Подтверждено / Отменено. */
export function BookingStatusTag({ status }: { status: BookingStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{BOOKING_STATUSES[status].label}</Tag>;
}

/** Не оплачено / Частично оплачено / Оплачено / … (derived from the confirmed payments). */
export function PaymentStateTag({ state }: { state: PaymentState }) {
  return <Tag color={PAYMENT_STATES[state].color}>{PAYMENT_STATES[state].label}</Tag>;
}
