import { useState } from 'react';
import {
  AmountField,
  App,
  Button,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  useServerForm,
  WalletSelect,
} from '@tour/shared/ui';
import { type FailureTexts, newIdempotencyKey, normalizeAmount } from '@tour/shared';
import { useBookingPayMutation } from '../api/bookings-api';
import type { Booking } from '../api/types';
import { required } from '../lib/form-rules';

interface PayValues {
  wallet_id?: number;
  amount?: string;
  comment?: string;
}

const FIELDS = ['wallet_id', 'amount', 'comment'] as const;

const FAILURE: FailureTexts = {
  byStatus: {
    0:
      'Нет связи с сервером, оплата могла не записаться. Нажмите «Оплатить» ещё раз: ' +
      'повтор этой формы не запишет её дважды.',
    403: 'Недостаточно прав для оплаты поставщику.',
  },
  fallback: 'Не удалось записать оплату. Попробуйте ещё раз.',
};

/**
 * «Оплатить поставщику»: an outcome from a wallet in the booking's currency, recorded pending
 * (paid once confirmed). One Idempotency-Key per filled form, kept across its retries.
 */
export function PayForm({ booking }: { booking: Booking }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayValues>();
  const [pay, { isLoading }] = useBookingPayMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const server = useServerForm({ form, fields: FIELDS, failure: FAILURE });
  const currency = booking.currency;

  const submit = (values: PayValues) =>
    server.submit(async () => {
      const payment = await pay({
        bookingId: booking.id,
        tripId: booking.trip.id,
        idempotencyKey: key,
        wallet_id: values.wallet_id!,
        amount: normalizeAmount(values.amount ?? ''),
        comment: values.comment?.trim() || undefined,
      }).unwrap();
      if (!payment) {
        server.failUnconfirmed();
        return;
      }
      void message.success(`Оплата №${payment.id} записана и ожидает подтверждения`);
      form.resetFields();
      setKey(newIdempotencyKey());
    });

  return (
    <Form<PayValues>
      form={form}
      name={`pay-${booking.id}`}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      disabled={isLoading}
      autoComplete="off"
    >
      <FormErrorAlert error={server.formError} />
      <Form.Item<PayValues>
        name="wallet_id"
        label="Кошелёк"
        rules={[required]}
        extra={`Только кошельки в валюте бронирования (${currency.toUpperCase()}).`}
      >
        <WalletSelect eager currency={currency} />
      </Form.Item>
      <AmountField currency={currency} />
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
