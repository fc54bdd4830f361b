import { useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Form, Input, Row } from '@tour/shared/ui';
import {
  CROSS_CURRENCY,
  CURRENCIES,
  DATE_FORMAT,
  formatDate,
  statusOf,
  toApiDate,
  toDayjs,
  validationErrorsOf,
  type Currency,
  type Dayjs,
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

function failureText(status: number | null): string {
  switch (status) {
    case 0:
      return 'Нет связи с сервером. Курсы не сохранены, попробуйте ещё раз.';
    case 403:
      return 'Недостаточно прав для ввода курсов.';
    default:
      return 'Не удалось сохранить курсы. Попробуйте ещё раз.';
  }
}

/** "Ввод курсов дня": the rates of usd, eur and jpy to the som on a day. */
export function RatesForm({ initialDate }: { initialDate: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RatesValues>();
  const [save, { isLoading }] = useAccountingSaveRatesMutation();
  const [formError, setFormError] = useState<string | null>(null);

  /** Server errors under their fields: `rates.N.*` belongs to the N-th rate sent. */
  const showServerErrors = (errors: ValidationErrors, sent: Currency[]) => {
    const byField = new Map<FieldName, string[]>();
    const formLevel: string[] = [];
    for (const [name, messages] of Object.entries(errors)) {
      const index = /^rates\.(\d+)/.exec(name)?.[1];
      const field: FieldName | undefined =
        name === 'date' ? 'date' : index === undefined ? undefined : sent[Number(index)];
      if (field) byField.set(field, [...new Set([...(byField.get(field) ?? []), ...messages])]);
      else formLevel.push(...messages);
    }
    form.setFields([...byField].map(([name, list]) => ({ name, errors: list })));
    setFormError(formLevel.length > 0 ? [...new Set(formLevel)].join(' ') : null);
  };

  const submit = async (values: RatesValues) => {
    setFormError(null);
    const date = toApiDate(values.date ?? null);
    const sent = ENTERED.filter((currency) => (values[currency] ?? '').trim() !== '');
    if (sent.length === 0) {
      setFormError('Укажите хотя бы один курс.');
      return;
    }
    const rates: RatePair[] = sent.map((from) => ({
      from,
      to: CROSS_CURRENCY,
      rate: rateOf(values[from]) ?? 0,
    }));
    try {
      await save({ date, rates }).unwrap();
      void message.success(`Курсы за ${formatDate(date)} сохранены`);
      form.resetFields(ENTERED);
    } catch (error) {
      const errors = validationErrorsOf(error);
      if (errors) showServerErrors(errors, sent);
      else setFormError(failureText(statusOf(error)));
    }
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
      {formError ? (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
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
