import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  App,
  Button,
  Col,
  DatePicker,
  EmptyState,
  ExportButton,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  InputNumber,
  ListTable,
  LoadError,
  Modal,
  Popconfirm,
  Row,
  Select,
  Typography,
  useServerForm,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  amountError,
  BOOKING_KINDS,
  CURRENCIES,
  CURRENCY_LABELS,
  CURRENCY_SYMBOLS,
  formatAmount,
  formatDate,
  HOTEL_PRICE_VARIANTS,
  isPricedKind,
  MEAL_PLAN_LIST,
  MEAL_PLANS,
  normalizeAmount,
  PRICE_UNITS,
  priceUnitsOf,
  TICKET_PRICE_VARIANTS,
  toApiDate,
  toDayjs,
  type Currency,
  type FailureTexts,
  type MealPlan,
  type PricedKind,
  type PriceUnit,
  type SaveSupplierPriceBody,
  type Supplier,
  type SupplierPrice,
} from '@tour/shared';
import {
  useBookingSupplierPriceDeleteMutation,
  useBookingSupplierPriceSaveMutation,
  useBookingSupplierPricesQuery,
} from '../api/prices-api';
import { PricesImportDialog } from './supplier-prices-import';

interface PriceFormValues {
  kind: PricedKind;
  service: string;
  variant?: string | null;
  meal_plan?: MealPlan | null;
  capacity?: number | null;
  unit?: PriceUnit;
  currency: Currency;
  price: string;
  valid_from: Dayjs | null;
  valid_to: Dayjs | null;
  notes?: string | null;
}

const PRICE_FIELDS = [
  'kind',
  'service',
  'variant',
  'meal_plan',
  'capacity',
  'unit',
  'currency',
  'price',
  'valid_from',
  'valid_to',
  'notes',
] as const;

const REQUIRED = 'Обязательное поле';
const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Проверьте подключение и сохраните ещё раз.',
    403: 'Недостаточно прав для работы с поставщиками.',
    404: 'Цена или поставщик уже удалены. Обновите страницу.',
  },
  serverMessage: 'otherwise',
  fallback: 'Не удалось сохранить цену. Попробуйте ещё раз.',
};

const SERVICE_LABELS: Record<PricedKind, { label: string; placeholder: string }> = {
  hotel: { label: 'Категория номера', placeholder: 'Стандарт, Делюкс с видом на море' },
  transfer: { label: 'Маршрут', placeholder: 'Аэропорт — отель' },
  guide: { label: 'Услуга гида', placeholder: 'Гид, английский язык' },
  activity: { label: 'Объект', placeholder: 'Крепость Нарикала' },
  tour_expense: { label: 'Статья расхода', placeholder: 'Ужин в ресторане' },
};

const variantLabel = (price: Pick<SupplierPrice, 'kind' | 'variant'>): string | null => {
  if (price.variant === null) return null;
  if (price.kind === 'hotel' && price.variant in HOTEL_PRICE_VARIANTS) {
    return HOTEL_PRICE_VARIANTS[price.variant as keyof typeof HOTEL_PRICE_VARIANTS].label;
  }
  if (price.kind === 'activity' && price.variant in TICKET_PRICE_VARIANTS) {
    return `${TICKET_PRICE_VARIANTS[price.variant as keyof typeof TICKET_PRICE_VARIANTS].label} билет`;
  }
  return price.variant;
};

/** «Стандарт · DBL — двухместный… · BB — завтраки», «Аэропорт — отель · до 7 мест». */
export function priceServiceText(price: SupplierPrice): string {
  return [
    price.service,
    variantLabel(price),
    price.meal_plan ? MEAL_PLANS[price.meal_plan].label : null,
    price.capacity !== null ? `до ${price.capacity} мест` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

const HOTEL_VARIANT_OPTIONS = Object.entries(HOTEL_PRICE_VARIANTS).map(([value, { label }]) => ({
  value,
  label,
}));
const TICKET_VARIANT_OPTIONS = Object.entries(TICKET_PRICE_VARIANTS).map(([value, { label }]) => ({
  value,
  label,
}));
const MEAL_OPTIONS = MEAL_PLAN_LIST.map((plan) => ({ value: plan, label: MEAL_PLANS[plan].label }));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: `${currency.toUpperCase()} — ${CURRENCY_LABELS[currency]}`,
}));
const EXPENSE_UNIT_OPTIONS = (['person', 'group'] as const).map((unit) => ({
  value: unit,
  label: PRICE_UNITS[unit].label,
}));

function formValuesOf(
  price: SupplierPrice | null,
  supplier: Supplier,
  kinds: PricedKind[],
): Partial<PriceFormValues> {
  if (!price) {
    return {
      kind: kinds[0],
      currency: supplier.default_currency ?? undefined,
      valid_from: null,
      valid_to: null,
    };
  }
  return {
    kind: price.kind,
    service: price.service,
    variant: price.variant,
    meal_plan: price.meal_plan,
    capacity: price.capacity,
    unit: price.unit,
    currency: price.currency,
    price: String(price.price),
    valid_from: toDayjs(price.valid_from),
    valid_to: toDayjs(price.valid_to),
    notes: price.notes,
  };
}

function bodyOf(values: PriceFormValues): SaveSupplierPriceBody {
  const kind = values.kind;
  const variant = kind === 'hotel' || kind === 'activity' ? (values.variant ?? null) : null;
  // The unit follows the kind (and a hotel's room type); only another expense's is chosen.
  const unit =
    kind === 'tour_expense' ? values.unit : (priceUnitsOf(kind, variant)[0] ?? values.unit);
  return {
    kind,
    service: values.service ?? '',
    variant,
    meal_plan: kind === 'hotel' ? (values.meal_plan ?? null) : null,
    capacity: kind === 'transfer' ? (values.capacity ?? null) : null,
    unit: unit ?? 'person',
    currency: values.currency,
    price: normalizeAmount(values.price ?? ''),
    valid_from: values.valid_from ? toApiDate(values.valid_from) : '',
    valid_to: values.valid_to ? toApiDate(values.valid_to) : '',
    notes: values.notes?.trim() || null,
  };
}

interface PriceFormProps {
  supplier: Supplier;
  kinds: PricedKind[];
  price: SupplierPrice | null;
  onDone: () => void;
}

/** A price's fields, those of its kind only; the server's errors under their fields. */
function PriceForm({ supplier, kinds, price, onDone }: PriceFormProps) {
  const [form] = Form.useForm<PriceFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading }] = useBookingSupplierPriceSaveMutation();
  const server = useServerForm({ form, fields: PRICE_FIELDS, failure: FAILURE });
  const kind = Form.useWatch('kind', form) ?? kinds[0];
  const currency = Form.useWatch('currency', form);
  const variant = Form.useWatch('variant', form);
  const unit = kind && kind !== 'tour_expense' ? priceUnitsOf(kind, variant ?? null)[0] : null;

  const submit = (values: PriceFormValues) =>
    server.submit(async () => {
      await save({ supplierId: supplier.id, id: price?.id ?? null, body: bodyOf(values) }).unwrap();
      void message.success(price ? 'Цена изменена' : 'Цена добавлена');
      onDone();
    });

  return (
    <Form<PriceFormValues>
      form={form}
      name={price ? `supplier-price-${price.id}` : 'supplier-price-new'}
      layout="vertical"
      initialValues={formValuesOf(price, supplier, kinds)}
      onFinish={(values) => void submit(values)}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось сохранить цену" error={server.formError} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="kind" label="Вид услуг" rules={[{ required: true, message: REQUIRED }]}>
            <Select
              options={kinds.map((value) => ({ value, label: BOOKING_KINDS[value].label }))}
              onChange={() => form.setFieldsValue({ variant: null, unit: undefined })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="service"
            label={kind ? SERVICE_LABELS[kind].label : 'Услуга'}
            rules={[
              { required: true, whitespace: true, message: REQUIRED },
              { max: 200, message: 'Не больше 200 символов' },
            ]}
          >
            <Input placeholder={kind ? SERVICE_LABELS[kind].placeholder : undefined} />
          </Form.Item>
        </Col>
        {kind === 'hotel' && (
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name="variant"
                label="Тип номера"
                rules={[{ required: true, message: REQUIRED }]}
              >
                <Select options={HOTEL_VARIANT_OPTIONS} placeholder="SGL, DBL, TWN, TRPL…" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="meal_plan"
                label="Питание"
                rules={[{ required: true, message: REQUIRED }]}
              >
                <Select options={MEAL_OPTIONS} />
              </Form.Item>
            </Col>
          </>
        )}
        {kind === 'transfer' && (
          <Col xs={24} md={12}>
            <Form.Item
              name="capacity"
              label="Мест в машине"
              rules={[{ required: true, message: REQUIRED }]}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {kind === 'activity' && (
          <Col xs={24} md={12}>
            <Form.Item
              name="variant"
              label="Категория билета"
              rules={[{ required: true, message: REQUIRED }]}
            >
              <Select options={TICKET_VARIANT_OPTIONS} />
            </Form.Item>
          </Col>
        )}
        {kind === 'tour_expense' && (
          <Col xs={24} md={12}>
            <Form.Item name="unit" label="Цена" rules={[{ required: true, message: REQUIRED }]}>
              <Select options={EXPENSE_UNIT_OPTIONS} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="currency" label="Валюта" rules={[{ required: true, message: REQUIRED }]}>
            <Select options={CURRENCY_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="price"
            label="Цена"
            required
            dependencies={['currency']}
            extra={unit ? PRICE_UNITS[unit].label : undefined}
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
              prefix={<span aria-hidden="true">{currency ? CURRENCY_SYMBOLS[currency] : ''}</span>}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="valid_from"
            label="Сезон с"
            rules={[{ required: true, message: REQUIRED }]}
          >
            <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="valid_to"
            label="по"
            dependencies={['valid_from']}
            rules={[
              { required: true, message: REQUIRED },
              ({ getFieldValue }) => ({
                validator: (_rule, value: Dayjs | null) => {
                  const from = getFieldValue('valid_from') as Dayjs | null;
                  return value && from && value.isBefore(from, 'day')
                    ? Promise.reject(new Error('Конец сезона раньше его начала'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="notes"
            label="Примечание"
            rules={[{ max: 1000, message: 'Не больше 1000 символов' }]}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap="small" justify="flex-end" wrap>
        <Button onClick={onDone}>Отмена</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Сохранить
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * «Прайс-лист» of a supplier: its prices per service and season, in their currencies and units;
 * a price added, changed or deleted in a dialog (each change in the supplier's «История»).
 */
export function SupplierPrices({ supplier }: { supplier: Supplier }) {
  const { data, isFetching, isError, refetch } = useBookingSupplierPricesQuery(supplier.id);
  const [remove] = useBookingSupplierPriceDeleteMutation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<SupplierPrice | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const kinds = supplier.kinds.filter(isPricedKind);

  if (isError) {
    return <LoadError title="Не удалось загрузить прайс-лист" onRetry={() => void refetch()} />;
  }
  const columns: TableColumnsType<SupplierPrice> = [
    {
      title: 'Услуга',
      key: 'service',
      render: (_value, price) => priceServiceText(price),
    },
    {
      title: 'Вид',
      dataIndex: 'kind',
      render: (kind: PricedKind) => BOOKING_KINDS[kind].label,
    },
    {
      title: 'Цена',
      key: 'price',
      render: (_value, price) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatAmount(price.price, price.currency)}{' '}
          <Typography.Text type="secondary">{PRICE_UNITS[price.unit].label}</Typography.Text>
        </span>
      ),
    },
    {
      title: 'Сезон',
      key: 'season',
      render: (_value, price) => `${formatDate(price.valid_from)} — ${formatDate(price.valid_to)}`,
    },
    {
      title: 'Действия',
      key: 'actions',
      render: (_value, price) => (
        <Flex gap="small" wrap>
          <Button size="small" onClick={() => setEditing(price)}>
            Изменить
          </Button>
          <Popconfirm
            title="Удалить цену?"
            description={priceServiceText(price)}
            okText="Удалить"
            cancelText="Отмена"
            onConfirm={async () => {
              try {
                await remove({ supplierId: supplier.id, id: price.id }).unwrap();
                void message.success('Цена удалена');
              } catch {
                void message.error('Не удалось удалить цену. Попробуйте ещё раз.');
              }
            }}
          >
            <Button size="small" danger>
              Удалить
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type="secondary">
          Цены по сезонам: отель — за номер или человека в ночь, трансфер — за машину, гид — за
          день, билеты — за человека.
        </Typography.Text>
        <Flex gap="small" wrap>
          <ExportButton
            url={`/admin/supplier/${supplier.id}/prices/xlsx`}
            fallbackFileName={`Прайс-лист — ${supplier.name}.xlsx`}
            label="Скачать Excel"
          />
          <Button disabled={kinds.length === 0} onClick={() => setImporting(true)}>
            Загрузить из Excel
          </Button>
          <Button type="primary" disabled={kinds.length === 0} onClick={() => setEditing('new')}>
            Добавить цену
          </Button>
        </Flex>
      </Flex>
      {kinds.length === 0 && (
        <Typography.Text type="warning">
          Прайс-лист ведётся для отелей, трансферов, гидов, входных билетов и прочих расходов:
          отметьте такой вид услуг во вкладке «Поставщик».
        </Typography.Text>
      )}
      <ListTable<SupplierPrice>
        rowKey="id"
        size="small"
        aria-label="Прайс-лист"
        cardTitle="service"
        columns={columns}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: isFetching ? ' ' : <EmptyState description="Цен пока нет" />,
        }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Новая цена' : 'Изменить цену'}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width="min(640px, 100vw)"
      >
        {editing !== null && (
          <PriceForm
            supplier={supplier}
            kinds={kinds}
            price={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <PricesImportDialog
        supplierId={supplier.id}
        open={importing}
        onClose={() => setImporting(false)}
      />
    </Flex>
  );
}
