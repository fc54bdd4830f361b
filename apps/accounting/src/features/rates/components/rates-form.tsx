import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  FormErrorAlert,
  Input,
  Row,
  useServerForm,
} from '@tour/shared/ui';
import {
  CROSS_CURRENCY,
  CURRENCIES,
  type Currency,
  DATE_FORMAT,
  type Dayjs,
  type FailureTexts,
  formatDate,
  type SplitErrors,
  toApiDate,
  toDayjs,
  type ValidationErrors,
} from '@tour/shared';
import { useAccountingSaveRatesMutation, type RatePair } from '../api/rates-api';

/** The currencies whose rate to the som a day is entered for (DESIGN.md 5: usd, eur, jpy). */
const ENTERED = CURRENCIES.filter((currency) => currency !== CROSS_CURRENCY);

type FieldName = 'date' | Currency;

type RatesValues = { date?: Dayjs | null } & Partial<Record<Currency, string>>;

const RATE_PATTERN = /^\d+([.,]\d+)?$/;

/** A typed rate as the server takes it, or null when it is not a positive decimal. */
function rateOf(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!RATE_PATTERN.test(trimmed)) return null;
  const rate = Number(trimmed.replace(',', '.'));
  return rate > 0 ? rate : null;
}

const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Курсы не сохранены, попробуйте ещё раз.',
    403: 'Недостаточно прав для ввода курсов.',
  },
  fallback: 'Не удалось сохранить курсы. Попробуйте ещё раз.',
};

/** "Ввод курсов дня": the rates of usd, eur and jpy to the som on a day. */
export function RatesForm({ initialDate }: { initialDate: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RatesValues>();
  const [save, { isLoading }] = useAccountingSaveRatesMutation();
  const server = useServerForm({ form, fields: [], failure: FAILURE });

  /** Server errors under their fields: `rates.N.*` belongs to the N-th rate sent. */
  const splitServerErrors = (errors: ValidationErrors, sent: Currency[]): SplitErrors => {
    const byField = new Map<FieldName, string[]>();
    const formLevel: string[] = [];
    for (const [name, messages] of Object.entries(errors)) {
      const index = /^rates\.(\d+)/.exec(name)?.[1];
      const field: FieldName | undefined =
        name === 'date' ? 'date' : index === undefined ? undefined : sent[Number(index)];
      if (field) byField.set(field, [...new Set([...(byField.get(field) ?? []), ...messages])]);
      else formLevel.push(...messages);
    }
    return {
      fields: [...byField].map(([name, list]) => ({ name, errors: list })),
      other: [...new Set(formLevel)],
    };
  };

  const submit = (values: RatesValues) => {
    const date = toApiDate(values.date ?? null);
    const sent = ENTERED.filter((currency) => (values[currency] ?? '').trim() !== '');
    if (sent.length === 0) {
      server.setFormError('Укажите хотя бы один курс.');
      return;
    }
    const rates: RatePair[] = sent.map((from) => ({
      from,
      to: CROSS_CURRENCY,
      rate: rateOf(values[from]) ?? 0,
    }));
    return server.submit(
      async () => {
        await save({ date, rates }).unwrap();
        void message.success(`Курсы за ${formatDate(date)} сохранены`);
        form.resetFields(ENTERED);
      },
      (errors) => splitServerErrors(errors, sent),
    );
  };

  return (
    <Form<RatesValues>
      form={form}
      name="day-rates"
      layout="vertical"
      disabled={isLoading}
      initialValues={{ date: toDayjs(initialDate) }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      <Form.Item<RatesValues>
        name="date"
        label="Дата"
        rules={[{ required: true, message: 'Укажите дату' }]}
      >
        <DatePicker format={DATE_FORMAT} placeholder="ДД.ММ.ГГГГ" allowClear={false} />
      </Form.Item>
      <Row gutter={16}>
        {ENTERED.map((currency) => (
          <Col key={currency} xs={24} sm={8}>
            <Form.Item<RatesValues>
              name={currency}
              label={`1 ${currency.toUpperCase()} в сомах`}
              rules={[
                {
                  validator: (_rule, value: string | undefined) =>
                    (value ?? '').trim() === '' || rateOf(value) !== null
                      ? Promise.resolve()
                      : Promise.reject(new Error('Курс должен быть положительным числом')),
                },
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" placeholder="87,45" />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Сохранить курсы
      </Button>
    </Form>
  );
}
