import { useState } from 'react';
import {
  Alert,
  AmountField,
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Radio,
  Select,
  TripSelect,
  Typography,
  useServerForm,
  useSharedWalletOptionsQuery,
  WalletSelect,
} from '@tour/shared/ui';
import {
  amountError,
  convertDecimal,
  DATE_FORMAT,
  type Dayjs,
  dayjs,
  type FailureTexts,
  formatAmount,
  formatDate,
  formatExchangeRate,
  newIdempotencyKey,
  normalizeAmount,
  PARTICIPANT_STATUSES,
  type SplitErrors,
  splitFieldErrors,
  toApiDate,
  TRANSACTION_TYPES,
  type TransactionType,
  useCan,
  type ValidationErrors,
  withIdempotencyHint,
} from '@tour/shared';
import { skipToken } from '@tour/shared/state';
import {
  useAccountingOperationsCategoriesQuery,
  useAccountingOperationsRatesQuery,
  useAccountingOperationsRecordMutation,
  useAccountingOperationsTripParticipantsQuery,
  type MovementArgs,
  type WalletOption,
} from '../api/operations-api';

const COMMENT_MAX_LENGTH = 1000;
const KEY_HINT =
  'Возможно, операция из этой формы уже записана: закройте форму и проверьте список операций.';

interface MovementValues {
  type: TransactionType;
  wallet_id?: number;
  amount?: string;
  target_wallet_id?: number;
  rate_date?: Dayjs | null;
  trip_id?: number | null;
  participant_id?: number | null;
  category?: string;
  comment?: string;
  /** «Это переплата — записать её», offered once the server has said it is one. */
  overpayment?: boolean;
}

type FieldName = keyof MovementValues;

const TYPE_OPTIONS = (Object.keys(TRANSACTION_TYPES) as TransactionType[]).map((type) => ({
  value: type,
  label: (
    <>
      <span aria-hidden="true">{TRANSACTION_TYPES[type].sign}</span> {TRANSACTION_TYPES[type].label}
    </>
  ),
}));

const FAILURE: FailureTexts = {
  byStatus: {
    0:
      'Нет связи с сервером, операция могла не записаться. Нажмите «Записать» ещё раз: ' +
      'повтор этой формы не запишет её дважды.',
    403: 'Недостаточно прав для записи операций.',
  },
  fallback: 'Не удалось записать операцию. Попробуйте ещё раз.',
};

/**
 * What a transfer across currencies will credit, by the shared conversion code over the rates of
 * the chosen day (GET /currency-rates?date=): shown only; the server converts and stores.
 */
function ConversionPreview({
  amount,
  source,
  target,
  rateDay,
}: {
  amount: string | undefined;
  source: WalletOption;
  target: WalletOption;
  rateDay: string;
}) {
  // Asked again each time the preview shows: the day's rates may have been entered meanwhile.
  const rates = useAccountingOperationsRatesQuery(rateDay, { refetchOnMountOrArgChange: true });
  const from = source.currency;
  const to = target.currency;
  const pair = `${from.toUpperCase()} → ${to.toUpperCase()}`;
  if (rates.isFetching && !rates.data) {
    return <Typography.Text type="secondary">Загружаем курсы…</Typography.Text>;
  }
  if (rates.isError) {
    return (
      <Typography.Text type="warning">
        Не удалось загрузить курсы: пересчёт не показан.
      </Typography.Text>
    );
  }
  const valid = amountError(amount, from) === null;
  const converted = rates.data
    ? convertDecimal(valid ? normalizeAmount(amount!) : '1', from, to, rates.data.rates)
    : null;
  if (!converted) {
    return (
      <Typography.Text type="warning">
        {`Нет курса ${pair} на ${formatDate(rateDay)} или раньше: сервер не примет перевод, пока курсы не введены.`}
      </Typography.Text>
    );
  }
  // The day the rates are of, as the operation will keep it: the latest on or before the one picked.
  const day = rates.data?.day ?? rateDay;
  const rate = `${formatExchangeRate(converted.rate, from, to)} на ${formatDate(day)}`;
  return (
    <Typography.Text type="secondary" aria-live="polite">
      {valid
        ? `Будет зачислено ${formatAmount(converted.amount, to)} по курсу ${rate}. `
        : `Курс ${rate}. `}
      Окончательно пересчитает сервер при записи.
    </Typography.Text>
  );
}

interface MovementFormProps {
  /** Sent with every attempt of this form: a retry records the movement once. */
  idempotencyKey: string;
  onDone: () => void;
}

/** One opening's movement form (one Idempotency-Key for all its attempts). */
function MovementForm({ idempotencyKey, onDone }: MovementFormProps) {
  const { message } = App.useApp();
  const can = useCan();
  const administrative = can('administrative_transactions');
  const [form] = Form.useForm<MovementValues>();
  const [record, { isLoading }] = useAccountingOperationsRecordMutation();
  const wallets = useSharedWalletOptionsQuery();
  const categories = useAccountingOperationsCategoriesQuery(undefined, { skip: !administrative });
  // The server's «Переплата: к оплате …» of the values sent last; gone once one of them changes.
  const [overpayment, setOverpayment] = useState<string | null>(null);

  const type = Form.useWatch('type', form) ?? 'income';
  const walletId = Form.useWatch('wallet_id', form);
  const targetId = Form.useWatch('target_wallet_id', form);
  const amount = Form.useWatch('amount', form);
  const rateDate = Form.useWatch('rate_date', form);
  const category = Form.useWatch('category', form);
  const tripId = Form.useWatch('trip_id', form);
  const byId = (id: number | undefined) => wallets.data?.find((wallet) => wallet.id === id);
  const source = byId(walletId);
  const target = byId(targetId);
  const transfer = type === 'transfer';
  const withCategory = administrative && Boolean(category);
  const forParticipant = !transfer && !withCategory && Boolean(tripId);
  const participants = useAccountingOperationsTripParticipantsQuery(
    forParticipant && tripId ? tripId : skipToken,
  );

  // The fields the form shows now: a server error of another one is said above the form.
  const shown: FieldName[] = [
    'type',
    'wallet_id',
    'amount',
    ...(transfer ? (['target_wallet_id', 'rate_date'] as const) : []),
    ...(withCategory ? [] : (['trip_id'] as const)),
    ...(forParticipant ? (['participant_id'] as const) : []),
    ...(administrative ? (['category'] as const) : []),
    'comment',
  ];

  const splitServerErrors = ({
    overpayment: beyondDue,
    ...errors
  }: ValidationErrors): SplitErrors => {
    // An overpayment is asked about, not refused: the sentence and «записать её» above the form.
    setOverpayment(beyondDue && beyondDue.length > 0 ? beyondDue.join(' ') : null);
    const { fields, other } = splitFieldErrors(errors, shown);
    return { fields, other: withIdempotencyHint(errors, other, KEY_HINT) };
  };
  const server = useServerForm({ form, fields: splitServerErrors, failure: FAILURE });

  const submit = (values: MovementValues) => {
    const args: MovementArgs = {
      idempotencyKey,
      type: values.type,
      wallet_id: values.wallet_id!,
      amount: normalizeAmount(values.amount ?? ''),
    };
    if (values.type === 'transfer') {
      args.target_wallet_id = values.target_wallet_id;
      args.rate_date = toApiDate(values.rate_date) || undefined;
    }
    if (withCategory) args.category = values.category;
    else if (values.trip_id) {
      args.trip_id = values.trip_id;
      if (values.type !== 'transfer' && values.participant_id) {
        args.participant_id = values.participant_id;
      }
    }
    if (overpayment && values.overpayment) args.overpayment = true;
    const comment = values.comment?.trim();
    if (comment) args.comment = comment;
    return server.submit(async () => {
      const operation = await record(args).unwrap();
      if (!operation) {
        server.failUnconfirmed();
        return;
      }
      void message.success(`Операция №${operation.id} записана и ожидает подтверждения`);
      onDone();
    });
  };

  return (
    <Form<MovementValues>
      form={form}
      name="movement"
      layout="vertical"
      disabled={isLoading}
      initialValues={{ type: 'income', rate_date: dayjs() }}
      onValuesChange={(changed: Partial<MovementValues>) => {
        // Another trip has other participants; another payment is asked about afresh.
        if ('trip_id' in changed) form.setFieldValue('participant_id', undefined);
        if (
          ['type', 'wallet_id', 'amount', 'trip_id', 'participant_id'].some(
            (name) => name in changed,
          )
        ) {
          setOverpayment(null);
          form.setFieldValue('overpayment', false);
        }
      }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      {overpayment ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          aria-label="Переплата"
          title={overpayment}
          description={
            <Form.Item<MovementValues> name="overpayment" valuePropName="checked" noStyle>
              <Checkbox>Это переплата — записать её</Checkbox>
            </Form.Item>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item<MovementValues> name="type" label="Тип операции">
        <Radio.Group optionType="button" buttonStyle="solid" options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item<MovementValues>
        name="wallet_id"
        label={transfer ? 'Кошелёк-источник' : 'Кошелёк'}
        rules={[{ required: true, message: 'Выберите кошелёк' }]}
      >
        <WalletSelect eager />
      </Form.Item>
      <AmountField
        currency={source?.currency}
        dependencies={['wallet_id']}
        formatHint
        placeholder="1500.50"
      />
      {transfer ? (
        <>
          <Form.Item<MovementValues>
            name="target_wallet_id"
            label="Кошелёк-получатель"
            dependencies={['wallet_id']}
            rules={[{ required: true, message: 'Выберите кошелёк-получатель' }]}
          >
            <WalletSelect eager exclude={walletId} />
          </Form.Item>
          <Form.Item<MovementValues>
            name="rate_date"
            label="День курса"
            extra="Перевод между валютами пересчитывается по курсам этого дня (или последнего дня с курсами до него)."
          >
            <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          {source && target && source.currency !== target.currency ? (
            <Form.Item label="Пересчёт">
              <ConversionPreview
                amount={amount}
                source={source}
                target={target}
                rateDay={toApiDate(rateDate) || toApiDate(dayjs())}
              />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      {administrative ? (
        <Form.Item<MovementValues>
          name="category"
          label="Категория"
          extra="Административная операция: с категорией, без тура."
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Без категории"
            loading={categories.isFetching}
            options={(categories.data ?? []).map(({ name }) => ({ value: name, label: name }))}
          />
        </Form.Item>
      ) : null}
      {withCategory ? null : (
        <Form.Item<MovementValues> name="trip_id" label="Тур">
          <TripSelect placeholder="Без тура" />
        </Form.Item>
      )}
      {forParticipant ? (
        <Form.Item<MovementValues>
          name="participant_id"
          label="Турист"
          extra="Платёж или возврат участника тура: оплачено у него считается по этой операции."
        >
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Без туриста"
            loading={participants.isFetching}
            options={(participants.data ?? []).map((participant) => ({
              value: participant.id,
              label:
                participant.status === 'cancelled'
                  ? `${participant.full_name} (${PARTICIPANT_STATUSES.cancelled.label.toLowerCase()})`
                  : participant.full_name,
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item<MovementValues> name="comment" label="Комментарий">
        <Input.TextArea rows={2} maxLength={COMMENT_MAX_LENGTH} showCount />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone} disabled={false}>
          Отмена
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={isLoading}>
          Записать
        </Button>
      </Flex>
    </Form>
  );
}

/** "Новая операция": a drawer that records an income, an outcome or a transfer (pending). */
export function NewMovement() {
  // A new key for each opening of the form; its retries (a double click, a lost answer) reuse it.
  const [drawer, setDrawer] = useState<{ open: boolean; key: string }>({ open: false, key: '' });
  const close = () => setDrawer((current) => ({ ...current, open: false }));
  return (
    <>
      <Button type="primary" onClick={() => setDrawer({ open: true, key: newIdempotencyKey() })}>
        Новая операция
      </Button>
      <Drawer
        title="Новая операция"
        open={drawer.open}
        onClose={close}
        size={520}
        destroyOnHidden
        mask={{ closable: false }}
      >
        {drawer.key ? (
          <MovementForm key={drawer.key} idempotencyKey={drawer.key} onDone={close} />
        ) : null}
      </Drawer>
    </>
  );
}
