import { useState, type ReactNode } from 'react';
import {
  AmountField,
  App,
  Button,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Modal,
  Select,
  Typography,
  useServerForm,
} from '@tour/shared/ui';
import {
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  type FailureTexts,
  formatAmount,
  newIdempotencyKey,
  normalizeAmount,
  type SplitErrors,
  tripLabel,
  type ValidationErrors,
} from '@tour/shared';
import {
  ParticipantPaymentForm,
  type PaymentDraft,
} from '../../../components/participant-payment-form';
import {
  useShellUserTripsQuery,
  useShellUserWalletsAddPaymentMutation,
  type AddPaymentArgs,
  type UserTrip,
  type UserWallet,
} from '../api/user-wallets-api';

const NEW_WALLET = 'new';
/** «За что»: a deposit, or a participation (its participant's id). */
const DEPOSIT = 'deposit';
type Purpose = number | typeof DEPOSIT;
const PURPOSE_ID = 'payment_purpose';
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

const FAILURE: FailureTexts = {
  byStatus: {
    0:
      'Нет связи с сервером, платёж мог не записаться. Нажмите «Добавить» ещё раз: ' +
      'повтор этой формы не запишет платёж дважды.',
    403: 'Недостаточно прав для добавления платежа.',
    404: 'Пользователь не найден.',
    422: 'Проверьте правильность заполнения полей.',
  },
  fallback: 'Не удалось добавить платёж. Попробуйте ещё раз.',
};

interface DepositFormProps {
  userId: number;
  wallets: UserWallet[];
  /** Sent with every attempt of this form: a retry records the payment once. */
  idempotencyKey: string;
  /** «За что», above the fields. */
  lead: ReactNode;
  draft: PaymentDraft;
  onDraftChange: (draft: PaymentDraft) => void;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * A client's deposit (a prepayment not tied to a trip) into one of its wallets, or one opened in
 * a currency it has none in.
 */
function DepositForm({
  userId,
  wallets,
  idempotencyKey,
  lead,
  draft,
  onDraftChange,
  onDone,
  onCancel,
}: DepositFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentValues>();
  const [addPayment, { isLoading }] = useShellUserWalletsAddPaymentMutation();

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

  const splitServerErrors = (errors: ValidationErrors): SplitErrors => {
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
    return {
      fields: Object.entries(byField).map(([name, messages]) => ({ name, errors: messages })),
      other: [...new Set(formLevel)],
    };
  };
  const server = useServerForm({ form, fields: splitServerErrors, failure: FAILURE });

  const submit = (values: PaymentValues) => {
    const args: AddPaymentArgs = {
      userId,
      idempotencyKey,
      amount: normalizeAmount(values.amount ?? ''),
      comment: values.comment?.trim() || null,
    };
    if (asksCurrency) args.currency = values.currency;
    else if (typeof values.wallet_id === 'number') args.wallet_id = values.wallet_id;
    return server.submit(async () => {
      const operation = await addPayment(args).unwrap();
      if (!operation) {
        server.failUnconfirmed();
        return;
      }
      void message.success('Платёж добавлен и ожидает подтверждения');
      onDone();
    });
  };

  return (
    <Form<PaymentValues>
      form={form}
      // The name prefixes the fields' ids: the documents forms on the page have a currency too.
      name="payment"
      layout="vertical"
      disabled={isLoading}
      onFinish={(values) => void submit(values)}
      onValuesChange={(_changed, all: PaymentValues) =>
        onDraftChange({ amount: all.amount, comment: all.comment })
      }
      initialValues={{
        ...(wallets.length === 1 ? { wallet_id: wallets[0]!.id } : {}),
        amount: draft.amount,
        comment: draft.comment,
      }}
    >
      <FormErrorAlert error={server.formError} />
      {lead}
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
      <AmountField
        currency={currency}
        dependencies={['wallet_id', 'currency']}
        formatHint
        placeholder="1500.50"
      />
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

/** What a participation stands at: «к оплате $900,00 · оплачено $350,00 · долг $550,00». */
function participationMoney(trip: UserTrip): string {
  if (trip.status === 'cancelled') return 'участие отменено';
  const money = (amount: number) => formatAmount(amount, trip.currency);
  const parts = [`к оплате ${money(trip.due)}`, `оплачено ${money(trip.paid)}`];
  if (trip.expected !== 0) parts.push(`ожидает ${money(trip.expected)}`);
  if (trip.debt > 0) parts.push(`долг ${money(trip.debt)}`);
  else if (trip.debt < 0) parts.push(`переплата ${money(-trip.debt)}`);
  return parts.join(' · ');
}

interface PurposeOption {
  value: Purpose;
  label: string;
  disabled?: boolean;
  trip?: UserTrip;
}

/** «За что»: one of the user's trips, or a deposit; what the choice means, under it. */
function PurposeField({
  trips,
  loading,
  failed,
  onRetry,
  value,
  onChange,
}: {
  trips: UserTrip[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: Purpose | undefined;
  onChange: (purpose: Purpose) => void;
}) {
  const options: PurposeOption[] = [
    ...trips.map((trip) => ({
      value: trip.participant_id,
      label: tripLabel({
        id: trip.trip_id,
        title: trip.title,
        starts_on: trip.starts_on,
        ends_on: trip.ends_on,
      }),
      disabled: trip.status === 'cancelled',
      trip,
    })),
    { value: DEPOSIT, label: 'Депозит клиента (предоплата без тура)' },
  ];
  const chosenTrip = trips.find((trip) => trip.participant_id === value);
  let extra: ReactNode;
  if (failed) {
    extra = (
      <>
        Не удалось загрузить туры пользователя.{' '}
        <Button type="link" size="small" onClick={onRetry} style={{ padding: 0 }}>
          Повторить
        </Button>
      </>
    );
  } else if (chosenTrip) {
    extra = participationMoney(chosenTrip);
  } else if (value === DEPOSIT) {
    extra = 'Предоплата без тура: в кошелёк клиента.';
  } else {
    extra = 'За тур — в кассу или на счёт компании; депозит — в кошелёк клиента.';
  }
  return (
    <Form.Item label="За что" htmlFor={PURPOSE_ID} required extra={extra}>
      <Select<Purpose, PurposeOption>
        id={PURPOSE_ID}
        placeholder="Тур или депозит"
        loading={loading}
        value={value}
        onChange={onChange}
        options={options}
        optionRender={(option) => (
          <div style={{ whiteSpace: 'normal' }}>
            <div>{option.label}</div>
            {option.data.trip ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {participationMoney(option.data.trip)}
              </Typography.Text>
            ) : null}
          </div>
        )}
      />
    </Form.Item>
  );
}

interface PaymentDialogProps {
  userId: number;
  wallets: UserWallet[];
  /** One per opening of the dialog, whatever the payment turns out to be for. */
  idempotencyKey: string;
  onClose: () => void;
}

/**
 * One opening of the dialog: «За что» first, then a trip's payment (the shared participant
 * payment form: into a company cash desk or account) or a deposit; the amount and comment typed
 * stay when the choice changes.
 */
function PaymentDialogBody({ userId, wallets, idempotencyKey, onClose }: PaymentDialogProps) {
  const tripsQuery = useShellUserTripsQuery(userId);
  const trips = tripsQuery.data ?? [];
  const [purpose, setPurpose] = useState<Purpose>();
  const [draft, setDraft] = useState<PaymentDraft>({});
  // A user in no trip (or only cancelled participations) can only make a deposit: it comes chosen.
  const onlyDeposit = tripsQuery.isSuccess && !trips.some((trip) => trip.status !== 'cancelled');
  const chosen = purpose ?? (onlyDeposit ? DEPOSIT : undefined);
  const chosenTrip = trips.find((trip) => trip.participant_id === chosen);

  const lead = (
    <PurposeField
      trips={trips}
      loading={tripsQuery.isFetching}
      failed={tripsQuery.isError}
      onRetry={() => void tripsQuery.refetch()}
      value={chosen}
      onChange={setPurpose}
    />
  );
  if (chosenTrip) {
    return (
      <ParticipantPaymentForm
        key={chosenTrip.participant_id}
        name="payment"
        target={{
          tripId: chosenTrip.trip_id,
          participantId: chosenTrip.participant_id,
          userId,
          currency: chosenTrip.currency,
        }}
        idempotencyKey={idempotencyKey}
        lead={lead}
        draft={draft}
        onDraftChange={setDraft}
        onDone={onClose}
        onCancel={onClose}
      />
    );
  }
  if (chosen === DEPOSIT) {
    return (
      <DepositForm
        userId={userId}
        wallets={wallets}
        idempotencyKey={idempotencyKey}
        lead={lead}
        draft={draft}
        onDraftChange={setDraft}
        onDone={onClose}
        onCancel={onClose}
      />
    );
  }
  return (
    <Form name="payment" layout="vertical">
      {lead}
      <Flex justify="flex-end" gap="small">
        <Button onClick={onClose}>Отмена</Button>
        <Button type="primary" disabled>
          Добавить
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * "Добавить платёж" on the user card: for one of the user's trips (into a company cash desk or
 * account, as the trip summary takes it) or the client's deposit (a prepayment not tied to a trip).
 */
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
          <PaymentDialogBody
            key={dialog.key}
            userId={userId}
            wallets={wallets}
            idempotencyKey={dialog.key}
            onClose={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
