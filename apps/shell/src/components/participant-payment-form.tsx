import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  AmountField,
  App,
  Button,
  Checkbox,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Select,
  useServerForm,
  type FormInstance,
} from '@tour/shared/ui';
import {
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  type FailureTexts,
  normalizeAmount,
  type SplitErrors,
  splitFieldErrors,
  type ValidationErrors,
  withIdempotencyHint,
} from '@tour/shared';
import {
  useShellParticipantPaymentMutation,
  useShellPaymentWalletsQuery,
  type ParticipantPaymentArgs,
  type PaymentWallet,
} from '../lib/payment-calls';

const COMMENT_MAX_LENGTH = 1000;
const OVERPAYMENT_FIELD = 'overpayment';
const KEY_HINT =
  'Возможно, платёж из этой формы уже записан: закройте её и проверьте платежи участника в ' +
  'сводке по туру.';

/** Whom a trip payment is for. */
export interface ParticipantPaymentTarget {
  tripId: number;
  participantId: number;
  userId: number;
  /** The trip's currency: the form's first choice. */
  currency: Currency;
}

/** What a person typed that outlives the form (the user card swaps forms as «За что» changes). */
export interface PaymentDraft {
  amount?: string;
  comment?: string;
}

interface PaymentValues {
  currency: Currency;
  wallet_id?: number;
  amount?: string;
  comment?: string;
}

const PAYMENT_FIELDS = ['currency', 'wallet_id', 'amount', 'comment'] as const;

const KIND_LABELS = { cash: 'касса', bank: 'банковский счёт' } as const;

/** «Касса USD — касса», «Расчётный счёт USD — банковский счёт». */
export function paymentWalletLabel(wallet: PaymentWallet): string {
  return wallet.kind ? `${wallet.name} — ${KIND_LABELS[wallet.kind]}` : wallet.name;
}

const FAILURE: FailureTexts = {
  byStatus: {
    0:
      'Нет связи с сервером, платёж мог не записаться. Нажмите «Добавить» ещё раз: ' +
      'повтор этой формы не запишет платёж дважды.',
    403: 'Недостаточно прав для добавления платежа.',
    404: 'Участник тура не найден.',
  },
  fallback: 'Не удалось добавить платёж. Попробуйте ещё раз.',
};

/**
 * «Куда поступили деньги»: the company's cash desks and bank accounts in the payment's currency
 * (DESIGN.md 3b). It follows the currency: the first of the new currency (its cash desk) is
 * chosen when the one chosen is not of it.
 */
function useArrivalWallets(form: FormInstance<PaymentValues>, currency: Currency) {
  const query = useShellPaymentWalletsQuery(currency);
  const wallets = query.currentData;
  useEffect(() => {
    if (!wallets) return;
    const chosen = form.getFieldValue('wallet_id') as number | undefined;
    if (!wallets.some((wallet) => wallet.id === chosen)) {
      form.setFieldsValue({ wallet_id: wallets[0]?.id });
    }
  }, [form, wallets]);
  return {
    wallets,
    loading: query.isFetching && !wallets,
    failed: query.isError && !wallets,
    retry: () => void query.refetch(),
  };
}

export interface ParticipantPaymentFormProps {
  target: ParticipantPaymentTarget;
  /** Sent with every attempt of this form: a retry records the payment once. */
  idempotencyKey: string;
  /** The form's name: it prefixes the fields' ids (a page may hold another currency field). */
  name: string;
  /** Fields shown above the payment's own (the user card's «За что»). */
  lead?: ReactNode;
  /** The amount and comment to start with, and where to report them as they change. */
  draft?: PaymentDraft;
  onDraftChange?: (draft: PaymentDraft) => void;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * A trip participant's payment (one opening of a dialog, one Idempotency-Key for all its
 * attempts): the currency (the trip's first), where the money arrived, the amount and a comment.
 * A payment beyond what the participant owes is refused by the server with its reason; the form
 * shows it and records it only when the person ticks that it is an overpayment.
 */
export function ParticipantPaymentForm({
  target,
  idempotencyKey,
  name,
  lead,
  draft,
  onDraftChange,
  onDone,
  onCancel,
}: ParticipantPaymentFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentValues>();
  const [addPayment, { isLoading }] = useShellParticipantPaymentMutation();
  const [overpayment, setOverpayment] = useState<string | null>(null);
  const [overpaymentConfirmed, setOverpaymentConfirmed] = useState(false);
  const currency = Form.useWatch('currency', form) ?? target.currency;
  const arrival = useArrivalWallets(form, currency);
  const noWallets = arrival.wallets?.length === 0;

  const splitServerErrors = (errors: ValidationErrors): SplitErrors => {
    const { [OVERPAYMENT_FIELD]: over, ...rest } = errors;
    if (over && over.length > 0) {
      setOverpayment(over.join(' '));
      setOverpaymentConfirmed(false);
    }
    const { fields, other } = splitFieldErrors(rest, PAYMENT_FIELDS);
    return { fields, other: withIdempotencyHint(rest, other, KEY_HINT) };
  };
  const server = useServerForm({ form, fields: splitServerErrors, failure: FAILURE });

  const submit = (values: PaymentValues) => {
    const args: ParticipantPaymentArgs = {
      tripId: target.tripId,
      participantId: target.participantId,
      userId: target.userId,
      idempotencyKey,
      wallet_id: values.wallet_id,
      currency: values.currency,
      amount: normalizeAmount(values.amount ?? ''),
      comment: values.comment?.trim() || null,
    };
    if (overpayment && overpaymentConfirmed) args.overpayment = true;
    return server.submit(async () => {
      const operation = await addPayment(args).unwrap();
      if (!operation) {
        server.failUnconfirmed();
        return;
      }
      void message.success(`Платёж добавлен в «${operation.wallet_name}» и ожидает подтверждения`);
      onDone();
    });
  };

  let walletHelp: ReactNode = undefined;
  if (noWallets) {
    walletHelp =
      `У компании нет кассы или счёта в ${currency.toUpperCase()}: выберите другую валюту ` +
      'или попросите бухгалтера открыть кассу.';
  } else if (arrival.failed) {
    walletHelp = (
      <>
        Не удалось загрузить кассы и счета.{' '}
        <Button type="link" size="small" onClick={arrival.retry} style={{ padding: 0 }}>
          Повторить
        </Button>
      </>
    );
  }

  return (
    <Form<PaymentValues>
      form={form}
      name={name}
      layout="vertical"
      disabled={isLoading}
      initialValues={{ currency: target.currency, amount: draft?.amount, comment: draft?.comment }}
      onValuesChange={(changed: Partial<PaymentValues>, all: PaymentValues) => {
        // The server's reason names this amount in this currency: another one is asked anew.
        if ('amount' in changed || 'currency' in changed) {
          setOverpayment(null);
          setOverpaymentConfirmed(false);
        }
        onDraftChange?.({ amount: all.amount, comment: all.comment });
      }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      {lead}
      <Form.Item<PaymentValues>
        name="currency"
        label="Валюта"
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
        name="wallet_id"
        label="Куда поступили деньги"
        required
        dependencies={['currency']}
        validateStatus={walletHelp ? 'error' : undefined}
        help={walletHelp}
        rules={[{ required: true, message: 'Выберите кассу или счёт' }]}
      >
        <Select
          placeholder={
            noWallets ? `Нет касс и счетов в ${currency.toUpperCase()}` : 'Касса или счёт компании'
          }
          loading={arrival.loading}
          disabled={noWallets || isLoading}
          options={(arrival.wallets ?? []).map((wallet) => ({
            value: wallet.id,
            label: paymentWalletLabel(wallet),
          }))}
        />
      </Form.Item>
      <AmountField currency={currency} dependencies={['currency']} placeholder="1500.50" />
      <Form.Item<PaymentValues> name="comment" label="Комментарий">
        <Input.TextArea rows={2} maxLength={COMMENT_MAX_LENGTH} showCount />
      </Form.Item>
      {overpayment ? (
        <>
          <Alert type="warning" showIcon role="alert" title={overpayment} />
          <Checkbox
            checked={overpaymentConfirmed}
            onChange={(event) => setOverpaymentConfirmed(event.target.checked)}
            style={{ margin: '8px 0 16px' }}
          >
            Это переплата — записать её
          </Checkbox>
        </>
      ) : null}
      <Flex justify="flex-end" gap="small">
        <Button onClick={onCancel} disabled={false}>
          Отмена
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={isLoading}
          disabled={isLoading || noWallets}
        >
          Добавить
        </Button>
      </Flex>
    </Form>
  );
}
