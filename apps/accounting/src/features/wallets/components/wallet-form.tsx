import {
  App,
  Button,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Radio,
  Select,
  Typography,
  UserSearchSelect,
  useServerForm,
} from '@tour/shared/ui';
import {
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  CURRENCY_SYMBOLS,
  type FailureTexts,
  NO_CONNECTION_TEXT,
  useCan,
  type WalletKind,
} from '@tour/shared';
import {
  useAccountingWalletSaveMutation,
  type SaveWalletBody,
  type WalletDetail,
} from '../api/wallets-api';

export const WALLET_NAME_MAX_LENGTH = 100;

export const WALLET_TYPE_LABELS = {
  user: 'Кошелёк пользователя',
  site: 'Кошелёк компании',
} as const;

/** What a company wallet is (DESIGN.md 3b): where the money physically is. */
export const WALLET_KIND_LABELS: Readonly<Record<WalletKind, string>> = {
  cash: 'Касса',
  bank: 'Банковский счёт',
};

export const WALLET_FORM_MESSAGES = {
  nameRequired: 'Укажите название кошелька',
  nameTooLong: `Название — не больше ${WALLET_NAME_MAX_LENGTH} символов`,
  ownerRequired: 'Укажите владельца кошелька',
  currencyRequired: 'Выберите валюту',
  currencyFixed: 'Валюту кошелька с операциями менять нельзя',
} as const;

interface WalletFormValues {
  type: 'user' | 'site';
  user_id?: number | null;
  name: string;
  currency?: Currency;
  kind?: WalletKind;
}

type FieldName = keyof WalletFormValues;

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: `${CURRENCY_SYMBOLS[currency]} ${CURRENCY_LABELS[currency]} (${currency.toUpperCase()})`,
}));

const TYPE_OPTIONS = (['user', 'site'] as const).map((type) => ({
  value: type,
  label: WALLET_TYPE_LABELS[type],
}));

const KIND_OPTIONS = (['cash', 'bank'] as const).map((kind) => ({
  value: kind,
  label: WALLET_KIND_LABELS[kind],
}));

const FAILURE: FailureTexts = {
  byStatus: {
    0: NO_CONNECTION_TEXT,
    403: 'Недостаточно прав, чтобы сохранить кошелёк.',
    404: 'Кошелёк не найден: возможно, у вас больше нет к нему доступа.',
  },
  fallback: 'Не удалось сохранить кошелёк. Попробуйте ещё раз.',
};

export interface WalletFormProps {
  /** The wallet being changed; absent for a new one. */
  wallet?: WalletDetail;
  /** After a save the server accepted, with the wallet as it answered it. */
  onSaved: (wallet: WalletDetail) => void;
  onCancel: () => void;
}

/**
 * A wallet's form (DESIGN.md 3 "Accounting"): a user's wallet (owner, name, currency) or, with
 * allow_site_wallets, the company's (its kind — a cash desk or a bank account —, name, currency).
 * The type is chosen once; the currency is fixed once the wallet has an operation. A new wallet's balance is 0: only confirmed movements change it. The server's
 * field errors appear under their fields, any other failure above the form.
 */
export function WalletForm({ wallet, onSaved, onCancel }: WalletFormProps) {
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<WalletFormValues>();
  const [save, { isLoading }] = useAccountingWalletSaveMutation();

  const creating = wallet === undefined;
  const choosesType = creating && can('allow_site_wallets');
  const type = Form.useWatch('type', form) ?? wallet?.type ?? 'user';
  const currencyFixed = wallet?.has_operations ?? false;

  const shown: FieldName[] = [
    ...(choosesType ? (['type'] as const) : []),
    ...(type === 'user' ? (['user_id'] as const) : (['kind'] as const)),
    'name',
    'currency',
  ];

  const server = useServerForm({ form, fields: shown, failure: FAILURE });

  const submit = (values: WalletFormValues) => {
    const body: SaveWalletBody = {
      type,
      name: values.name.trim(),
      currency: values.currency!,
      ...(type === 'user' && values.user_id ? { user_id: values.user_id } : {}),
      ...(type === 'site' ? { kind: values.kind ?? 'cash' } : {}),
    };
    return server.submit(async () => {
      const saved = await save({
        id: wallet?.id,
        body,
        previousOwnerId: wallet?.user_id,
      }).unwrap();
      if (!saved) {
        server.failUnconfirmed();
        return;
      }
      void message.success(creating ? 'Кошелёк создан' : 'Изменения сохранены');
      onSaved(saved);
    });
  };

  return (
    <Form<WalletFormValues>
      form={form}
      name="wallet"
      layout="vertical"
      disabled={isLoading}
      style={{ maxWidth: 560 }}
      initialValues={{
        type: wallet?.type ?? 'user',
        user_id: wallet?.user_id ?? null,
        name: wallet?.name ?? '',
        currency: wallet?.currency,
        kind: wallet?.kind ?? 'cash',
      }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      {choosesType ? (
        <Form.Item<WalletFormValues> name="type" label="Тип">
          <Radio.Group optionType="button" buttonStyle="solid" options={TYPE_OPTIONS} />
        </Form.Item>
      ) : (
        <Form.Item label="Тип">
          <Typography.Text>{WALLET_TYPE_LABELS[type]}</Typography.Text>
        </Form.Item>
      )}
      {type === 'user' ? (
        <Form.Item<WalletFormValues>
          name="user_id"
          label="Владелец"
          rules={[{ required: true, message: WALLET_FORM_MESSAGES.ownerRequired }]}
        >
          <UserSearchSelect placeholder="Найдите пользователя" />
        </Form.Item>
      ) : (
        <Form.Item<WalletFormValues>
          name="kind"
          label="Вид"
          extra="Где деньги на самом деле: наличные — в кассе, безналичные — на банковском счёте."
        >
          <Radio.Group optionType="button" buttonStyle="solid" options={KIND_OPTIONS} />
        </Form.Item>
      )}
      <Form.Item<WalletFormValues>
        name="name"
        label="Название"
        rules={[
          { required: true, whitespace: true, message: WALLET_FORM_MESSAGES.nameRequired },
          {
            validator: async (_rule, value: string | undefined) => {
              if ((value ?? '').trim().length > WALLET_NAME_MAX_LENGTH) {
                throw new Error(WALLET_FORM_MESSAGES.nameTooLong);
              }
            },
          },
        ]}
      >
        <Input autoComplete="off" placeholder="Например, Депозит USD" />
      </Form.Item>
      <Form.Item<WalletFormValues>
        name="currency"
        label="Валюта"
        rules={[{ required: true, message: WALLET_FORM_MESSAGES.currencyRequired }]}
        extra={
          currencyFixed
            ? `${WALLET_FORM_MESSAGES.currencyFixed}: у кошелька уже есть операции.`
            : undefined
        }
      >
        <Select<Currency>
          placeholder="Выберите валюту"
          options={CURRENCY_OPTIONS}
          disabled={currencyFixed || isLoading}
        />
      </Form.Item>
      <Flex gap="small">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Сохранить
        </Button>
        <Button onClick={onCancel} disabled={false}>
          Отмена
        </Button>
      </Flex>
    </Form>
  );
}
