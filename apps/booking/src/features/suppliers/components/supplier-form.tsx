import { useMemo } from 'react';
import {
  App,
  Button,
  Col,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Row,
  Select,
  useServerForm,
} from '@tour/shared/ui';
import {
  BOOKING_KIND_NAMES,
  BOOKING_KINDS,
  CURRENCIES,
  CURRENCY_LABELS,
  type FailureTexts,
  FIELDS_BELOW_HINT,
} from '@tour/shared';
import type { Supplier } from '../../../lib/supplier';
import { useBookingSupplierSaveMutation } from '../api/suppliers-api';
import {
  SUPPLIER_FIELDS,
  supplierBodyOf,
  supplierFormValues,
  type SupplierFormValues,
} from '../lib/supplier-form-values';

const KIND_OPTIONS = BOOKING_KIND_NAMES.map((kind) => ({
  value: kind,
  label: BOOKING_KINDS[kind].label,
}));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: `${currency.toUpperCase()} — ${CURRENCY_LABELS[currency]}`,
}));
const REQUIRED = 'Обязательное поле';
const max = (length: number) => ({ max: length, message: `Не больше ${length} символов` });

const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Проверьте подключение и сохраните ещё раз.',
    403: 'Недостаточно прав для работы с поставщиками.',
  },
  serverMessage: 'otherwise',
  fallback: 'Не удалось сохранить поставщика. Попробуйте ещё раз.',
};

export interface SupplierFormProps {
  supplier?: Supplier;
  onSaved: (supplier: Supplier) => void;
  onCancel: () => void;
}

/** A supplier's fields; the server's errors under their fields, the rest above the form. */
export function SupplierForm({ supplier, onSaved, onCancel }: SupplierFormProps) {
  const [form] = Form.useForm<SupplierFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading }] = useBookingSupplierSaveMutation();
  const server = useServerForm({
    form,
    fields: SUPPLIER_FIELDS,
    failure: FAILURE,
    fieldsHint: FIELDS_BELOW_HINT,
  });
  const initialValues = useMemo(() => supplierFormValues(supplier), [supplier]);

  const submit = (values: SupplierFormValues) =>
    server.submit(async () => {
      const saved = await save({ id: supplier?.id ?? null, body: supplierBodyOf(values) }).unwrap();
      if (!saved) {
        server.setFormError('Сервер не подтвердил сохранение. Попробуйте ещё раз.');
        return;
      }
      void message.success(supplier ? 'Изменения сохранены' : 'Поставщик добавлен');
      if (supplier) form.setFieldsValue(supplierFormValues(saved));
      onSaved(saved);
    });

  return (
    <Form<SupplierFormValues>
      form={form}
      name={supplier ? `supplier-${supplier.id}` : 'supplier-new'}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось сохранить поставщика" error={server.formError} />
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="name"
            label="Название"
            rules={[{ required: true, whitespace: true, message: REQUIRED }, max(200)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="kinds" label="Виды услуг">
            <Select mode="multiple" options={KIND_OPTIONS} placeholder="Что поставщик бронирует" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="contact_person" label="Контактное лицо" rules={[max(200)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Телефон" rules={[max(50)]}>
            <Input inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label="Почта"
            rules={[{ type: 'email', message: 'Неверный адрес почты' }, max(254)]}
          >
            <Input inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="default_currency" label="Валюта по умолчанию">
            <Select allowClear options={CURRENCY_OPTIONS} placeholder="Не задана" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="city" label="Город" rules={[max(100)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="address"
            label="Адрес"
            rules={[max(500)]}
            extra="У отеля печатается в ваучере"
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="notes" label="Заметки" rules={[max(5000)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap="small">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {supplier ? 'Сохранить' : 'Добавить поставщика'}
        </Button>
        <Button onClick={onCancel}>{supplier ? 'Закрыть' : 'Отмена'}</Button>
      </Flex>
    </Form>
  );
}
