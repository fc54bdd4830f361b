import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select } from '@tour/shared/ui';
import {
  amountError,
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  CURRENCY_SYMBOLS,
  formatAmount,
  newIdempotencyKey,
  normalizeAmount,
  statusOf,
  type ValidationErrors,
  validationErrorsOf,
} from '@tour/shared';
import {
  useShellUserWalletsAddPaymentMutation,
  type AddPaymentArgs,
  type UserWallet,
} from '../api/user-wallets-api';

const NEW_WALLET = 'new';
const COMMENT_MAX_LENGTH = 1000;
const KEY_FIELD = 'idempotency-key';
const KEY_HINT =
  'Возможно, платёж из этой формы уже записан: закройте её и проверьте последние операции.';

interface PaymentValues {
  wallet_id?: number | typeof NEW_WALLET;
  currency?: Currency;
  amount?: string;
  comment?: string;
}

type FieldName = 'wallet_id' | 'currency' | 'amount' | 'comment';

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
      return 'Пользователь не найден.';
    case 422:
      return 'Проверьте правильность заполнения полей.';
    default:
      return 'Не удалось добавить платёж. Попробуйте ещё раз.';
  }
}

interface PaymentFormProps {
  userId: number;
  wallets: UserWallet[];
  /** Sent with every attempt of this form: a retry records the payment once. */
  idempotencyKey: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The payment form of one opening of the dialog (one Idempotency-Key for all its attempts). */
function PaymentForm({ userId, wallets, idempotencyKey, onDone, onCancel }: PaymentFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentValues>();
  const [addPayment, { isLoading }] = useShellUserWalletsAddPaymentMutation();
  const sending = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);

  const missingCurrencies = CURRENCIES.filter((c) => !wallets.some((w) => w.currency === c));
  const chosenWallet = Form.useWatch('wallet_id', form);
  const chosenCurrency = Form.useWatch('currency', form);
  const asksCurrency = wallets.length === 0 || chosenWallet === NEW_WALLET;
  const currency: Currency | undefined = asksCurrency
    ? chosenCurrency
    : wallets.find((wallet) => wallet.id === chosenWallet)?.currency;

  const walletOptions = [
    ...wallets.map((wallet) => ({
      value: wallet.id as number | typeof NEW_WALLET,
      label: `${wallet.name} · ${wallet.currency.toUpperCase()} · ${formatAmount(wallet.balance, wallet.currency)}`,
    })),
    ...(missingCurrencies.length > 0
      ? [
          {
            value: NEW_WALLET as number | typeof NEW_WALLET,
            label: 'Новый кошелёк в другой валюте',
          },
        ]
      : []),
  ];

  const showServerErrors = (errors: ValidationErrors) => {
    const byField: Partial<Record<FieldName, string[]>> = {};
    const add = (field: FieldName, messages: string[]) => {
      byField[field] = [...new Set([...(byField[field] ?? []), ...messages])];
    };
    const formLevel: string[] = [];
    for (const [name, messages] of Object.entries(errors)) {
      if (name === 'amount' || name === 'comment' || name === 'wallet_id') add(name, messages);
      // The currency is a field of its own only for a new wallet; else it is the wallet's.
      else if (name === 'currency') add(asksCurrency ? 'currency' : 'wallet_id', messages);
      else {
        formLevel.push(...messages);
        if (name.toLowerCase() === KEY_FIELD) formLevel.push(KEY_HINT);
      }
    }
    if (wallets.length === 0 && byField.wallet_id) {
      add('currency', byField.wallet_id);
      delete byField.wallet_id;
    }
    form.setFields(
      Object.entries(byField).map(([name, messages]) => ({
        name: name as FieldName,
        errors: messages,
      })),
    );
    setFormError(formLevel.length > 0 ? [...new Set(formLevel)].join(' ') : null);
  };

  const submit = async (values: PaymentValues) => {
    if (sending.current) return;
    sending.current = true;
    setFormError(null);
    const args: AddPaymentArgs = {
      userId,
      idempotencyKey,
      amount: normalizeAmount(values.amount ?? ''),
      comment: values.comment?.trim() || null,
    };
    if (asksCurrency) args.currency = values.currency;
    else if (typeof values.wallet_id === 'number') args.wallet_id = values.wallet_id;
    try {
      const operation = await addPayment(args).unwrap();
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
      // The name prefixes the fields' ids: the documents forms on the page have a currency too.
      name="payment"
      layout="vertical"
      disabled={isLoading}
      onFinish={(values) => void submit(values)}
      initialValues={wallets.length === 1 ? { wallet_id: wallets[0]!.id } : undefined}
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      {wallets.length > 0 ? (
        <Form.Item<PaymentValues>
          name="wallet_id"
          label="Кошелёк"
          required
          rules={[{ required: true, message: 'Выберите кошелёк' }]}
        >
          <Select options={walletOptions} placeholder="Выберите кошелёк" />
        </Form.Item>
      ) : null}
      {asksCurrency ? (
        <Form.Item<PaymentValues>
          name="currency"
          label="Валюта"
          required
          extra="У пользователя нет кошелька в этой валюте: он откроется с платежом."
          rules={[{ required: true, message: 'Выберите валюту' }]}
        >
          <Select
            placeholder="Выберите валюту"
            options={missingCurrencies.map((code) => ({
              value: code,
              label: `${CURRENCY_LABELS[code]} (${code.toUpperCase()})`,
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item<PaymentValues>
        name="amount"
        label="Сумма"
        required
        dependencies={['wallet_id', 'currency']}
        extra={
          currency
            ? `В ${currency.toUpperCase()}: ${currency === 'kgs' || currency === 'jpy' ? 'целое число' : 'до 2 знаков после запятой'}`
            : undefined
        }
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
          // Always a prefix (an empty one before the currency is known): antd remounts the input,
          // losing the focus, when a prefix comes or goes.
          prefix={<span aria-hidden="true">{currency ? CURRENCY_SYMBOLS[currency] : ''}</span>}
        />
      </Form.Item>
      <Form.Item<PaymentValues> name="comment" label="Комментарий">
        <Input.TextArea rows={2} maxLength={COMMENT_MAX_LENGTH} showCount />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onCancel} disabled={false}>
          Отмена
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={isLoading}>
          Добавить
        </Button>
      </Flex>
    </Form>
  );
}

/** "Добавить платёж": a dialog that records a pending income to one of the user's wallets. */
export function AddPayment({ userId, wallets }: { userId: number; wallets: UserWallet[] }) {
  // A new key for each opening of the form; its retries (a double click, a lost answer) reuse it.
  const [dialog, setDialog] = useState<{ open: boolean; key: string }>({ open: false, key: '' });
  const close = () => setDialog((current) => ({ ...current, open: false }));
  return (
    <>
      <Button type="primary" onClick={() => setDialog({ open: true, key: newIdempotencyKey() })}>
        Добавить платёж
      </Button>
      <Modal
        title="Добавить платёж"
        open={dialog.open}
        onCancel={close}
        footer={null}
        destroyOnHidden
        mask={{ closable: false }}
      >
        {dialog.key ? (
          <PaymentForm
            key={dialog.key}
            userId={userId}
            wallets={wallets}
            idempotencyKey={dialog.key}
            onDone={close}
            onCancel={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
