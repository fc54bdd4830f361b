import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input } from '@tour/shared/ui';
import {
  amountError,
  CURRENCY_SYMBOLS,
  newIdempotencyKey,
  normalizeAmount,
  splitFieldErrors,
  statusOf,
  validationErrorsOf,
} from '@tour/shared';
import { useBookingPayMutation } from '../api/bookings-api';
import type { Booking } from '../api/types';
import { required } from '../lib/form-rules';
import { PaymentWalletSelect } from './payment-wallet-select';

interface PayValues {
  wallet_id?: number;
  amount?: string;
  comment?: string;
}

const FIELDS = ['wallet_id', 'amount', 'comment'] as const;

function failureText(status: number | null): string {
  if (status === 0) {
    return (
      'Нет связи с сервером, оплата могла не записаться. Нажмите «Оплатить» ещё раз: ' +
      'повтор этой формы не запишет её дважды.'
    );
  }
  if (status === 403) return 'Недостаточно прав для оплаты поставщику.';
  return 'Не удалось записать оплату. Попробуйте ещё раз.';
}

/**
 * «Оплатить поставщику»: an outcome from a wallet in the booking's currency, recorded pending
 * (paid once confirmed). One Idempotency-Key per filled form, kept across its retries.
 */
export function PayForm({ booking }: { booking: Booking }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayValues>();
  const [pay, { isLoading }] = useBookingPayMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const sending = useRef(false);
  const currency = booking.currency;

  const submit = async (values: PayValues) => {
    if (sending.current) return;
    sending.current = true;
    setFormError(null);
    try {
      const payment = await pay({
        bookingId: booking.id,
        tripId: booking.trip.id,
        idempotencyKey: key,
        wallet_id: values.wallet_id!,
        amount: normalizeAmount(values.amount ?? ''),
        comment: values.comment?.trim() || undefined,
      }).unwrap();
      if (!payment) {
        setFormError(failureText(null));
        return;
      }
      void message.success(`Оплата №${payment.id} записана и ожидает подтверждения`);
      form.resetFields();
      setKey(newIdempotencyKey());
    } catch (error) {
      const errors = validationErrorsOf(error);
      if (!errors) {
        setFormError(failureText(statusOf(error)));
        return;
      }
      const { fields, other } = splitFieldErrors(errors, FIELDS);
      form.setFields(fields);
      setFormError(other.length > 0 ? other.join(' ') : null);
    } finally {
      sending.current = false;
    }
  };

  return (
    <Form<PayValues>
      form={form}
      name={`pay-${booking.id}`}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      disabled={isLoading}
      autoComplete="off"
    >
      {formError ? (
        <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item<PayValues>
        name="wallet_id"
        label="Кошелёк"
        rules={[required]}
        extra={`Только кошельки в валюте бронирования (${currency.toUpperCase()}).`}
      >
        <PaymentWalletSelect currency={currency} />
      </Form.Item>
      <Form.Item<PayValues>
        name="amount"
        label="Сумма"
        required
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = amountError(value, currency);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input
          inputMode="decimal"
          prefix={<span aria-hidden="true">{CURRENCY_SYMBOLS[currency]}</span>}
        />
      </Form.Item>
      <Form.Item<PayValues> name="comment" label="Комментарий">
        <Input.TextArea rows={2} maxLength={1000} showCount />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Оплатить
        </Button>
      </Flex>
    </Form>
  );
}
