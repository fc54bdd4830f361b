import { useMemo } from 'react';
import {
  App,
  Button,
  Col,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  PassportFields,
  Row,
  useServerForm,
} from '@tour/shared/ui';
import { type FailureTexts, FIELDS_BELOW_HINT } from '@tour/shared';
import type { AgentTourist } from '@tour/shared';
import { checkPhone } from '../../../lib/check-phone';
import { useAgentTouristSaveMutation } from '../api/agent-tourists-api';
import {
  TOURIST_FORM_FIELDS,
  touristBodyOf,
  touristFormValues,
  type TouristFormValues,
} from '../lib/tourist-form-values';

const MESSAGES = {
  required: 'Обязательное поле',
  email: 'Неверный адрес электронной почты',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
} as const;

const max = (length: number) => ({ max: length, message: MESSAGES.tooLong(length) });

const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Введённые данные сохранены в форме, попробуйте ещё раз.',
    404: 'Турист не найден: возможно, он больше не ваш.',
  },
  serverMessage: 'otherwise',
  fallback: 'Не удалось сохранить туриста. Попробуйте ещё раз.',
};

export interface TouristFormProps {
  /** The tourist being edited; absent for a new one. */
  tourist?: AgentTourist;
  onSaved: (tourist: AgentTourist) => void;
  onCancel: () => void;
}

/**
 * A tourist's personal and passport data, with the staff user form's rules. A refusal of the
 * server shows under its fields (the rest above the form) and keeps every typed value; nothing
 * is saved then.
 */
export function TouristForm({ tourist, onSaved, onCancel }: TouristFormProps) {
  const [form] = Form.useForm<TouristFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading }] = useAgentTouristSaveMutation();
  const server = useServerForm({
    form,
    fields: TOURIST_FORM_FIELDS,
    failure: FAILURE,
    fieldsHint: FIELDS_BELOW_HINT,
    scrollToError: true,
  });
  const initialValues = useMemo(() => touristFormValues(tourist), [tourist]);

  const submit = (values: TouristFormValues) =>
    server.submit(async () => {
      const saved = await save({ id: tourist?.id ?? null, body: touristBodyOf(values) }).unwrap();
      if (!saved) {
        server.setFormError('Сервер не подтвердил сохранение. Попробуйте ещё раз.');
        return;
      }
      void message.success(tourist ? 'Изменения сохранены' : 'Турист добавлен');
      onSaved(saved);
    });

  return (
    <Form<TouristFormValues>
      form={form}
      name={tourist ? `agent-tourist-${tourist.id}` : 'agent-tourist-new'}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось сохранить туриста" error={server.formError} />
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="full_name"
            label="ФИО"
            rules={[{ required: true, whitespace: true, message: MESSAGES.required }, max(255)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label="Email"
            rules={[{ type: 'email', message: MESSAGES.email }, max(255)]}
          >
            <Input type="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Телефон" rules={[{ validator: checkPhone }, max(32)]}>
            <Input type="tel" placeholder="+996 700 000 000" />
          </Form.Item>
        </Col>
        <PassportFields personMd={12} />
        <Col span={24}>
          <Form.Item name="notes" label="Заметки" rules={[max(5000)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap="small">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {tourist ? 'Сохранить' : 'Добавить туриста'}
        </Button>
        <Button onClick={onCancel}>Отмена</Button>
      </Flex>
    </Form>
  );
}
