import type { ComponentProps } from 'react';
import type { BookingKind, Dayjs } from '@tour/shared';
import type { Form } from '@tour/shared/ui';

/** A rule of a form field (antd's Rule, through the kit). */
export type Rule = NonNullable<ComponentProps<typeof Form.Item>['rules']>[number];

export const REQUIRED_MESSAGE = 'Обязательное поле';

/** A required choice or value. */
export const required: Rule = { required: true, message: REQUIRED_MESSAGE };

/** A required text (spaces alone do not count). */
export const requiredText: Rule = { required: true, whitespace: true, message: REQUIRED_MESSAGE };

/** At most `max` characters (the API's limit). */
export const maxLength = (max: number): Rule => ({ max, message: `Не больше ${max} символов` });

/** HH:mm, as the API takes times. */
export const timeRule: Rule = {
  pattern: /^([01]\d|2[0-3]):[0-5]\d$/,
  message: 'Время в формате ЧЧ:ММ, например 09:30',
};

/** An airport's IATA code. */
export const airportRule: Rule = {
  pattern: /^[A-Za-z]{3}$/,
  message: 'Код аэропорта — три латинские буквы, например FRU',
};

export const DATE_ORDER_MESSAGES = {
  checkoutAfterCheckin: 'Дата выезда должна быть позже даты заезда',
  endsBeforeStart: 'Дата окончания не может быть раньше даты начала',
} as const;

/**
 * The end date after the start, as the server wants it: a hotel's check-out at least a night
 * after its check-in, any other end not before the start. Said under the end date before sending.
 */
export function endAfterStartRule(kind: BookingKind): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, end: Dayjs | null | undefined) => {
      const start = getFieldValue('starts_on') as Dayjs | null | undefined;
      if (!start || !end) return;
      if (kind === 'hotel' && !end.isAfter(start, 'day')) {
        throw new Error(DATE_ORDER_MESSAGES.checkoutAfterCheckin);
      }
      if (end.isBefore(start, 'day')) throw new Error(DATE_ORDER_MESSAGES.endsBeforeStart);
    },
  });
}
