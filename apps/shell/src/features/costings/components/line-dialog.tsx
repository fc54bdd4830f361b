import { useMemo, useState } from 'react';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  DATE_FORMAT,
  dayjs,
  formatAmount,
  formatDate,
  HOTEL_PRICE_VARIANTS,
  MEAL_PLANS,
  PRICE_UNITS,
  TICKET_PRICE_VARIANTS,
  toApiDate,
  type BookingKind,
  type CostingLineBody,
  type Currency,
  type Dayjs,
  type MealPlan,
  type Supplier,
  type SupplierPrice,
} from '@tour/shared';
import {
  Alert,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  SearchSelect,
  Select,
  Skeleton,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import {
  useShellCostingsSupplierPricesQuery,
  useShellCostingsSuppliersQuery,
} from '../api/costings-api';
import type { DraftLine } from '../lib/draft';

/** The kinds of line the dialog adds, as the manager names them. */
const LINE_TYPES = {
  hotel: 'Отель',
  transfer: 'Трансфер',
  price: 'Из прайс-листа',
  typed: 'Вручную',
} as const;
type LineType = keyof typeof LINE_TYPES;

/** The kinds a price-list line picks from: a guide's day, tickets, other expenses. */
const PRICE_KINDS: readonly string[] = ['guide', 'activity', 'tour_expense'];

interface LineFormValues {
  type: LineType;
  supplier_id?: number | null;
  service?: string;
  meal_plan?: MealPlan;
  date?: Dayjs | null;
  nights?: number | null;
  quantity?: number | null;
  price_id?: number;
  label?: string;
  currency?: Currency;
  per?: 'person' | 'group';
  amount?: string;
}

const useFoundSuppliers = (term: string, skip: boolean, kind: BookingKind | undefined) =>
  useShellCostingsSuppliersQuery({ search: term, kind }, { skip });
const useChosenSupplier = (id: number | null) =>
  useShellCostingsSuppliersQuery(id === null ? skipToken : { id });
const SUPPLIER_TEXTS = {
  failed: 'Не удалось загрузить поставщиков',
  notFound: () => 'Поставщики не найдены',
  unknown: 'Поставщик не найден',
};
const nameOf = (supplier: Supplier) => supplier.name;

/** What a price of a list reads as: its service and variant, amount and unit, its season. */
export function priceText(price: SupplierPrice): string {
  const variant =
    price.variant === null
      ? ''
      : ` (${
          (HOTEL_PRICE_VARIANTS as Record<string, { label: string }>)[price.variant]?.label ??
          (TICKET_PRICE_VARIANTS as Record<string, { label: string }>)[price.variant]?.label ??
          price.variant
        })`;
  return (
    `${price.service}${variant} — ${formatAmount(price.price, price.currency)} ` +
    `${PRICE_UNITS[price.unit].label}, ${formatDate(price.valid_from)}–${formatDate(price.valid_to)}`
  );
}

const unique = (values: string[]) => [...new Set(values)];

/** The supplier's name in a hotel's or a transfer's title («<отель>, <номер>, <питание>»). */
function supplierNameOf({ body, title }: DraftLine): string {
  const suffix =
    body.type === 'hotel'
      ? `, ${body.service}, ${body.meal_plan}`
      : body.type === 'transfer'
        ? `, ${body.service}`
        : '';
  return suffix && title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

function valuesOf(line: DraftLine | null, defaultDate: string | null): LineFormValues {
  const date = defaultDate ? dayjs(defaultDate) : null;
  if (!line) return { type: 'hotel', date, nights: 1, quantity: 1, currency: 'usd', per: 'person' };
  const { body } = line;
  switch (body.type) {
    case 'hotel':
      return { ...body, date: dayjs(body.check_in) };
    case 'transfer':
      return { ...body, date: dayjs(body.date), quantity: body.quantity ?? 1 };
    case 'price':
      return {
        type: 'price',
        price_id: body.price_id,
        date: dayjs(body.date),
        quantity: body.quantity ?? 1,
      };
    case 'typed':
      return { ...body, amount: String(body.amount), quantity: body.quantity ?? 1 };
  }
}

export interface LineDialogProps {
  /** The line to change; null: a new line. */
  line: DraftLine | null;
  /** The day a new line starts on (the tour's or the request's first day). */
  defaultDate: string | null;
  onDone: (line: Omit<DraftLine, 'key'>) => void;
  onCancel: () => void;
}

/** «Добавить услугу»: a hotel, a transfer, a price of a list, or a cost typed by hand. */
export function LineDialog({ line, defaultDate, onDone, onCancel }: LineDialogProps) {
  const [form] = Form.useForm<LineFormValues>();
  const [initialValues] = useState(() => valuesOf(line, defaultDate));
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const supplierId = Form.useWatch('supplier_id', form) ?? null;
  const service = Form.useWatch('service', form);
  // The supplier as picked (its name titles the line); a line being changed names its own.
  const [supplier, setSupplier] = useState<{ id: number; name: string } | null>(
    line?.supplier ?? null,
  );
  // A price-list line opens on its supplier's list when its supplier is known.
  const [priceSupplierId, setPriceSupplierId] = useState<number | null>(line?.supplier?.id ?? null);

  const listOf = type === 'price' ? priceSupplierId : supplierId;
  const prices = useShellCostingsSupplierPricesQuery(listOf ?? skipToken);
  const list = useMemo(() => prices.data ?? [], [prices.data]);

  const services = useMemo(
    () =>
      unique(
        list
          .filter(
            (price) => price.kind === type && (type !== 'hotel' || price.unit === 'room_night'),
          )
          .map((price) => price.service),
      ),
    [list, type],
  );
  const mealPlans = useMemo(
    () =>
      unique(
        list
          .filter((price) => price.kind === 'hotel' && price.service === service)
          .flatMap((price) => (price.meal_plan ? [price.meal_plan] : [])),
      ) as MealPlan[],
    [list, service],
  );
  const pricesToPick = useMemo(
    () => list.filter((price) => PRICE_KINDS.includes(price.kind)),
    [list],
  );

  const supplierName = (id: number | null | undefined) =>
    supplier && supplier.id === id ? supplier.name : line ? supplierNameOf(line) : '';

  const finish = (values: LineFormValues) => {
    const date = toApiDate(values.date ?? dayjs());
    const quantity = values.quantity ?? 1;
    let body: CostingLineBody;
    let title: string;
    switch (values.type) {
      case 'hotel':
        body = {
          type: 'hotel',
          supplier_id: values.supplier_id!,
          service: values.service!,
          meal_plan: values.meal_plan!,
          check_in: date,
          nights: values.nights ?? 1,
        };
        title = `${supplierName(values.supplier_id)}, ${values.service}, ${values.meal_plan}`;
        break;
      case 'transfer':
        body = {
          type: 'transfer',
          supplier_id: values.supplier_id!,
          service: values.service!,
          date,
          quantity,
        };
        title = `${supplierName(values.supplier_id)}, ${values.service}`;
        break;
      case 'price': {
        const price = list.find((one) => one.id === values.price_id);
        body = { type: 'price', price_id: values.price_id!, date, quantity };
        title = price
          ? `${supplierName(priceSupplierId)}, ${price.service}`
          : (line?.title ?? 'Услуга');
        break;
      }
      case 'typed':
        body = {
          type: 'typed',
          label: values.label!.trim(),
          currency: values.currency!,
          per: values.per!,
          amount: values.amount!.trim().replace(',', '.'),
          quantity,
        };
        title = body.label;
        break;
    }
    onDone({
      body,
      title,
      ...(body.type === 'price' && supplier && supplier.id === priceSupplierId ? { supplier } : {}),
    });
  };

  const required = (message: string) => [{ required: true, message }];
  const supplierKind: BookingKind | undefined =
    type === 'hotel' ? 'hotel' : type === 'transfer' ? 'transfer' : undefined;

  const supplierField = (
    <Form.Item name="supplier_id" label="Поставщик" rules={required('Выберите поставщика')}>
      <SearchSelect<Supplier, BookingKind | undefined>
        placeholder={type === 'hotel' ? 'Найдите отель' : 'Найдите поставщика'}
        useFound={useFoundSuppliers}
        query={supplierKind}
        useChosen={useChosenSupplier}
        describe={nameOf}
        texts={SUPPLIER_TEXTS}
        wrapOptions
        onChange={(id, item) => {
          setSupplier(id !== null && item ? { id, name: item.name } : null);
          form.setFieldsValue({ service: undefined, meal_plan: undefined });
        }}
      />
    </Form.Item>
  );
  const noPrices =
    listOf !== null &&
    prices.isSuccess &&
    (type === 'price' ? pricesToPick : services).length === 0;

  return (
    <Modal
      open
      title={line ? 'Изменить услугу' : 'Добавить услугу'}
      okText={line ? 'Сохранить' : 'Добавить'}
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onCancel}
      width="min(640px, 100vw)"
    >
      <Form<LineFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={finish}
      >
        <Form.Item name="type" label="Что добавить">
          <Radio.Group
            optionType="button"
            options={Object.entries(LINE_TYPES).map(([value, label]) => ({ value, label }))}
            onChange={() =>
              form.setFieldsValue({ supplier_id: null, service: undefined, price_id: undefined })
            }
          />
        </Form.Item>

        {type === 'hotel' || type === 'transfer' ? supplierField : null}
        {type === 'price' ? (
          <Form.Item label="Поставщик" required>
            <SearchSelect<Supplier, BookingKind | undefined>
              label="Поставщик"
              placeholder="Гид, объект, прочие расходы"
              value={priceSupplierId}
              useFound={useFoundSuppliers}
              useChosen={useChosenSupplier}
              describe={nameOf}
              texts={SUPPLIER_TEXTS}
              wrapOptions
              onChange={(id, item) => {
                setPriceSupplierId(id);
                setSupplier(id !== null && item ? { id, name: item.name } : null);
                form.setFieldsValue({ price_id: undefined });
              }}
            />
          </Form.Item>
        ) : null}
        {prices.isFetching ? <Skeleton active paragraph={{ rows: 1 }} title={false} /> : null}
        {prices.isError ? (
          <Alert type="error" showIcon title="Не удалось загрузить прайс-лист поставщика" />
        ) : null}
        {noPrices ? (
          <Alert
            type="warning"
            showIcon
            title="В прайс-листе поставщика нет таких цен: добавьте их в разделе «Бронирования» (карточка поставщика)"
          />
        ) : null}

        {type === 'hotel' ? (
          <>
            <Form.Item
              name="service"
              label="Категория номера"
              rules={required('Выберите категорию')}
            >
              <Select
                options={services.map((value) => ({ value, label: value }))}
                onChange={() => form.setFieldsValue({ meal_plan: undefined })}
              />
            </Form.Item>
            <Form.Item name="meal_plan" label="Питание" rules={required('Выберите питание')}>
              <Select
                options={mealPlans.map((value) => ({ value, label: MEAL_PLANS[value].label }))}
              />
            </Form.Item>
          </>
        ) : null}
        {type === 'transfer' ? (
          <Form.Item name="service" label="Маршрут" rules={required('Выберите маршрут')}>
            <Select options={services.map((value) => ({ value, label: value }))} />
          </Form.Item>
        ) : null}
        {type === 'price' && priceSupplierId === null && line?.body.type === 'price' ? (
          <Form.Item name="price_id" label="Цена" extra="Другую цену — выберите поставщика выше">
            <Select options={[{ value: line.body.price_id, label: line.title }]} disabled />
          </Form.Item>
        ) : type === 'price' ? (
          <Form.Item name="price_id" label="Цена" rules={required('Выберите цену')}>
            <Select
              options={pricesToPick.map((price) => ({ value: price.id, label: priceText(price) }))}
              optionRender={(option) => <div style={{ whiteSpace: 'normal' }}>{option.label}</div>}
            />
          </Form.Item>
        ) : null}

        {type === 'typed' ? (
          <>
            <Form.Item
              name="label"
              label="Что это"
              rules={[
                { required: true, whitespace: true, message: 'Укажите, что это за расход' },
                { max: 200, message: 'Не больше 200 символов' },
              ]}
            >
              <Input placeholder="Ужин в юрте" />
            </Form.Item>
            <Form.Item name="currency" label="Валюта">
              <Select
                options={CURRENCIES.map((code) => ({ value: code, label: CURRENCY_LABELS[code] }))}
              />
            </Form.Item>
            <Form.Item name="per" label="Стоимость">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'person', label: 'За человека' },
                  { value: 'group', label: 'За группу' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label="Сумма"
              rules={[
                {
                  required: true,
                  pattern: /^\s*\d+([.,]\d{1,2})?\s*$/,
                  message: 'Сумма — число, до 2 знаков после запятой',
                },
              ]}
            >
              <Input inputMode="decimal" placeholder="1500" />
            </Form.Item>
          </>
        ) : null}

        {type !== 'typed' ? (
          <Form.Item
            name="date"
            label={type === 'hotel' ? 'Заезд' : 'Дата'}
            rules={required('Укажите дату')}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        {type === 'hotel' ? (
          <Form.Item name="nights" label="Ночей" rules={required('Укажите число ночей')}>
            <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="quantity"
            label={type === 'transfer' ? 'Сколько раз' : 'Количество'}
            extra={type === 'transfer' ? 'Туда и обратно — 2' : undefined}
            rules={required('Укажите количество')}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
