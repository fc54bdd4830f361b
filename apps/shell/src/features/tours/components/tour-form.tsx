import { useEffect, useMemo, useRef } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  useServerForm,
} from '@tour/shared/ui';
import {
  amountError,
  countRule,
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  CURRENCY_SYMBOLS,
  FIELDS_BELOW_HINT,
  hrefOf,
  normalizeAmount,
  type PreparedTour,
  suggestTourKey,
  TOUR_KEY_MAX_LENGTH,
  TOUR_KEY_PATTERN,
  TOUR_MEMO_MAX_LENGTH,
} from '@tour/shared';
import { useShellToursSaveMutation } from '../api/tours-api';
import {
  emptyTourForm,
  saveBodyOf,
  splitServerErrors,
  tourFormValues,
  type AgentTerms,
  type TourFormValues,
} from '../lib/tour-form-values';
import { ButtonLink } from '../../../components/button-link';
import { ItineraryEditor } from '../../../components/itinerary-editor';

const MAX_DAYS = 365;

export const TOUR_FORM_MESSAGES = {
  required: 'Обязательное поле',
  keyFormat: 'Ключ: строчные латинские буквы, цифры и дефисы между словами, например zolotoe-kolco',
  commission: 'Комиссия: от 0 до 100 %, не больше 2 знаков после запятой',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
} as const;

const required = { required: true, whitespace: true, message: TOUR_FORM_MESSAGES.required };
const max = (length: number) => ({ max: length, message: TOUR_FORM_MESSAGES.tooLong(length) });

/** A price in the tour's currency: zero allowed (a free tour), a negative refused as below zero. */
const amountRule = (currency: Currency | undefined) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    if (normalizeAmount(value ?? '') === '') throw new Error(TOUR_FORM_MESSAGES.required);
    const problem = amountError(value, currency, { zero: true });
    if (problem) throw new Error(problem);
  },
});

const commissionRule = {
  validator: async (_rule: unknown, value: number | null | undefined) => {
    if (value === null || value === undefined) throw new Error(TOUR_FORM_MESSAGES.required);
    if (value < 0 || value > 100 || !/^\d+(\.\d{1,2})?$/.test(String(value))) {
      throw new Error(TOUR_FORM_MESSAGES.commission);
    }
  },
};

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: `${CURRENCY_SYMBOLS[currency]} ${CURRENCY_LABELS[currency]}`,
}));

const AGENT_TERMS_OPTIONS: { value: AgentTerms; label: string }[] = [
  { value: 'none', label: 'Не указаны' },
  { value: 'price', label: 'Цена для агентов' },
  { value: 'commission', label: 'Комиссия, %' },
];

/** What the form says above its fields when a save fails. */
export interface TourFormProps {
  /** The tour being edited; absent for a new one. */
  tour?: PreparedTour;
  /** After a successful save, with the tour as the server returned it. */
  onSaved: (tour: PreparedTour) => void;
}

/**
 * Every field of a prepared tour (DESIGN.md 3). The key follows the title until it is typed by
 * hand (a new tour only: a stored key is the agents' address). A save is a success only on 200
 * with code 1; otherwise the server's errors appear under their fields, the rest above the form.
 */
export function TourForm({ tour, onSaved }: TourFormProps) {
  const [form] = Form.useForm<TourFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading: saving }] = useShellToursSaveMutation();
  const server = useServerForm({
    form,
    fields: [],
    failure: () => 'Попробуйте ещё раз.',
    fieldsHint: FIELDS_BELOW_HINT,
    scrollToError: true,
  });
  const initialValues = useMemo(() => (tour ? tourFormValues(tour) : emptyTourForm()), [tour]);
  // A new tour's key is suggested from its title until the key is typed by hand.
  const keyTyped = useRef(tour !== undefined);

  const itinerary = Form.useWatch('itinerary', form);
  const terms = Form.useWatch('agent_terms', form) ?? initialValues.agent_terms;
  const currency = Form.useWatch('currency', form) ?? initialValues.currency;
  const dayCount = itinerary?.length ?? initialValues.itinerary.length;

  // The server refuses a number of days other than the itinerary's length.
  useEffect(() => {
    if (dayCount > 0 && form.getFieldValue('days') !== dayCount) {
      form.setFields([{ name: 'days', value: dayCount, errors: [] }]);
    }
  }, [dayCount, form]);

  const onValuesChange = (changed: Partial<TourFormValues>) => {
    if ('key' in changed) keyTyped.current = (changed.key ?? '') !== '';
    if ('title' in changed && !keyTyped.current) {
      form.setFields([{ name: 'key', value: suggestTourKey(changed.title ?? ''), errors: [] }]);
    }
  };

  const submit = (values: TourFormValues) =>
    server.submit(async () => {
      const outcome = await save({ id: tour?.id, body: saveBodyOf(values) }).unwrap();
      if (outcome.ok) {
        void message.success(tour ? 'Изменения сохранены' : 'Тур создан');
        if (tour) form.setFieldsValue(tourFormValues(outcome.data));
        onSaved(outcome.data);
        return;
      }
      if (outcome.errors) {
        server.showErrors(outcome.errors, (errors) =>
          splitServerErrors(errors, values.agent_terms, values.itinerary?.length ?? 0),
        );
        return;
      }
      server.setFormError(
        outcome.status === 0
          ? 'Нет связи с сервером. Введённые данные сохранены в форме, попробуйте ещё раз.'
          : 'Сервер не подтвердил сохранение. Введённые данные сохранены в форме, попробуйте ещё раз.',
      );
    });

  return (
    <Form<TourFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
    >
      <Flex vertical gap="middle">
        <FormErrorAlert title="Не удалось сохранить тур" error={server.formError} style={{}} />

        <Card title="Основное">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label="Название" rules={[required, max(255)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="key"
                label="Ключ"
                extra="Адрес тура в разделе агентов: agent/tours/ключ"
                rules={[
                  { required: true, message: TOUR_FORM_MESSAGES.required },
                  { pattern: TOUR_KEY_PATTERN, message: TOUR_FORM_MESSAGES.keyFormat },
                  max(TOUR_KEY_MAX_LENGTH),
                ]}
              >
                <Input spellCheck={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="country" label="Страна" rules={[required, max(100)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="cities" label="Города" extra="Введите город и нажмите Enter">
                <Select
                  mode="tags"
                  tokenSeparators={[',']}
                  notFoundContent={null}
                  suffixIcon={null}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="days"
                label="Дней"
                extra={dayCount > 0 ? 'По программе' : undefined}
                rules={[
                  { required: true, message: TOUR_FORM_MESSAGES.required },
                  countRule({ min: 1, max: MAX_DAYS }),
                ]}
              >
                <InputNumber disabled={dayCount > 0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="published" valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox>Опубликован для агентов</Checkbox>
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Цена">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="base_price"
                label="Базовая цена на человека"
                rules={[amountRule(currency)]}
              >
                <Input inputMode="decimal" prefix={CURRENCY_SYMBOLS[currency]} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="currency" label="Валюта" rules={[{ required: true }]}>
                <Select options={CURRENCY_OPTIONS} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="agent_terms" label="Условия для агентов">
                <Radio.Group options={AGENT_TERMS_OPTIONS} />
              </Form.Item>
            </Col>
            {terms === 'price' ? (
              <Col xs={24} md={8}>
                <Form.Item
                  name="agent_price"
                  label="Цена для агентов"
                  rules={[amountRule(currency)]}
                >
                  <Input inputMode="decimal" prefix={CURRENCY_SYMBOLS[currency]} />
                </Form.Item>
              </Col>
            ) : null}
            {terms === 'commission' ? (
              <Col xs={24} md={8}>
                <Form.Item
                  name="agent_commission"
                  label="Комиссия агента, %"
                  rules={[commissionRule]}
                >
                  <InputNumber step={0.5} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </Card>

        <Card title="Программа по дням">
          <ItineraryEditor emptyText="Программа не задана: число дней указывается вручную." />
        </Card>

        <Card title="Что включено">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="included" label="Включено" extra="Пункт и Enter">
                <Select mode="tags" notFoundContent={null} suffixIcon={null} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="not_included" label="Не включено" extra="Пункт и Enter">
                <Select mode="tags" notFoundContent={null} suffixIcon={null} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Памятка туристу">
          <Form.Item
            name="memo"
            label="Текст памятки"
            extra="Документы, деньги, климат и одежда, местные правила, экстренные телефоны. Печатается в пакет документов туриста; без текста памятки в пакете нет."
          >
            <Input.TextArea
              autoSize={{ minRows: 6, maxRows: 20 }}
              maxLength={TOUR_MEMO_MAX_LENGTH}
              showCount
            />
          </Form.Item>
        </Card>

        <Flex gap="small">
          <Button type="primary" htmlType="submit" loading={saving}>
            {tour ? 'Сохранить' : 'Создать тур'}
          </Button>
          <ButtonLink to={hrefOf('tours')}>Отмена</ButtonLink>
        </Flex>
      </Flex>
    </Form>
  );
}
