import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select } from '@tour/shared/ui';
import {
  amountError,
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  CURRENCY_SYMBOLS,
  newIdempotencyKey,
  normalizeAmount,
  splitFieldErrors,
  statusOf,
  type ValidationErrors,
  validationErrorsOf,
} from '@tour/shared';
import { useShellTripsAddPaymentMutation } from '../api/trips-api';

const COMMENT_MAX_LENGTH = 1000;
const KEY_FIELD = 'idempotency-key';
const KEY_HINT =
  'Возможно, платёж из этой формы уже записан: закройте её и проверьте сводку по туру.';

/** Whom the payment is for. */
export interface PaymentTarget {
  tripId: number;
  participantId: number;
  userId: number;
  fullName: string;
  /** The trip's currency: the form's first choice. */
  currency: Currency;
}

interface PaymentValues {
  currency: Currency;
  amount?: string;
  comment?: string;
}

const PAYMENT_FIELDS = ['currency', 'amount', 'comment'] as const;

function failureText(status: number | null): string {
  switch (status) {
    case 0:
      return (
        'Нет связи с сервером, платёж мог не записаться. Нажмите «Добавить» ещё раз: ' +
        'повтор этой формы не запишет платёж дважды.'
      );
    case 403:
      return 'Недостаточно прав для добавления платежа.';
    case 404:
      return 'Участник не найден.';
    default:
      return 'Не удалось добавить платёж. Попробуйте ещё раз.';
  }
}

interface PaymentFormProps {
  target: PaymentTarget;
  /** Sent with every attempt of this form: a retry records the payment once. */
  idempotencyKey: string;
  onDone: () => void;
}

/** One opening's payment form (one Idempotency-Key for all its attempts). */
function PaymentForm({ target, idempotencyKey, onDone }: PaymentFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentValues>();
  const [addPayment, { isLoading }] = useShellTripsAddPaymentMutation();
  const sending = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const currency = Form.useWatch('currency', form) ?? target.currency;

  const showServerErrors = (errors: ValidationErrors) => {
    const { fields, other } = splitFieldErrors(
      Object.fromEntries(
        Object.entries(errors).map(([name, list]) => [
          name === 'wallet_id' ? 'currency' : name,
          list,
        ]),
      ),
      PAYMENT_FIELDS,
    );
    form.setFields(fields);
    const keyTrouble = Object.keys(errors).some((name) => name.toLowerCase() === KEY_FIELD);
    const formLevel = keyTrouble ? [...other, KEY_HINT] : other;
    setFormError(formLevel.length > 0 ? formLevel.join(' ') : null);
  };

  const submit = async (values: PaymentValues) => {
    if (sending.current) return;
    sending.current = true;
    setFormError(null);
    try {
      const operation = await addPayment({
        tripId: target.tripId,
        participantId: target.participantId,
        userId: target.userId,
        idempotencyKey,
        currency: values.currency,
        amount: normalizeAmount(values.amount ?? ''),
        comment: values.comment?.trim() || null,
      }).unwrap();
      if (!operation) {
        setFormError(failureText(null));
        return;
      }
      void message.success('Платёж добавлен и ожидает подтверждения');
      onDone();
    } catch (error) {
      const errors = validationErrorsOf(error);
      if (errors) showServerErrors(errors);
      else setFormError(failureText(statusOf(error)));
    } finally {
      sending.current = false;
    }
  };

  return (
    <Form<PaymentValues>
      form={form}
      name="trip-payment"
      layout="vertical"
      disabled={isLoading}
      initialValues={{ currency: target.currency }}
      onFinish={(values) => void submit(values)}
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item<PaymentValues>
        name="currency"
        label="Валюта"
        extra="Платёж поступит в кошелёк туриста в этой валюте (нет — откроется)."
        rules={[{ required: true, message: 'Выберите валюту' }]}
      >
        <Select
          options={CURRENCIES.map((code) => ({
            value: code,
            label: `${CURRENCY_LABELS[code]} (${code.toUpperCase()})`,
          }))}
        />
      </Form.Item>
      <Form.Item<PaymentValues>
        name="amount"
        label="Сумма"
        required
        dependencies={['currency']}
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
          autoComplete="off"
          placeholder="1500.50"
          prefix={<span aria-hidden="true">{CURRENCY_SYMBOLS[currency]}</span>}
        />
      </Form.Item>
      <Form.Item<PaymentValues> name="comment" label="Комментарий">
        <Input.TextArea rows={2} maxLength={COMMENT_MAX_LENGTH} showCount />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone} disabled={false}>
          Отмена
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={isLoading}>
          Добавить
        </Button>
      </Flex>
    </Form>
  );
}

/** "Добавить платёж" for one participant: a pending income linked to the trip. */
export function TripPayment({ target }: { target: PaymentTarget }) {
  // A new key for each opening of the form; its retries (a double click, a lost answer) reuse it.
  const [dialog, setDialog] = useState<{ open: boolean; key: string }>({ open: false, key: '' });
  const close = () => setDialog((current) => ({ ...current, open: false }));
  return (
    <>
      <Button
        size="small"
        aria-label={`Добавить платёж: ${target.fullName}`}
        onClick={() => setDialog({ open: true, key: newIdempotencyKey() })}
      >
        Добавить платёж
      </Button>
      <Modal
        title={`Платёж: ${target.fullName}`}
        open={dialog.open}
        onCancel={close}
        footer={null}
        destroyOnHidden
        mask={{ closable: false }}
      >
        {dialog.key ? (
          <PaymentForm
            key={dialog.key}
            target={target}
            idempotencyKey={dialog.key}
            onDone={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
