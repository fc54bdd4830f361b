import { useMemo } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  describeTourist,
  Flex,
  Form,
  FormErrorAlert,
  hasTouristContacts,
  Input,
  InputNumber,
  Row,
  Select,
  TripSelect,
  useServerForm,
  useSharedTouristMatchesQuery,
} from '@tour/shared/ui';
import {
  countRule,
  DATE_FORMAT,
  FIELDS_BELOW_HINT,
  REQUEST_PEOPLE,
  REQUEST_SOURCE_LIST,
  REQUEST_SOURCES,
  type SplitErrors,
  type TourRequest,
  useDebouncedValue,
} from '@tour/shared';
import { useShellTicketsCreateMutation, useShellTicketsUpdateMutation } from '../api/tickets-api';
import { ticketFailure } from '../lib/server-errors';
import {
  emptyTicketForm,
  splitTicketErrors,
  ticketBodyOf,
  ticketFormValues,
  type TicketFormValues,
} from '../lib/ticket-form-values';
import { PreparedTourSelect } from './prepared-tour-select';

const REQUIRED = 'Обязательное поле';
const LOOKUP_DELAY_MS = 500;

/**
 * «Такой турист уже есть»: the client the typed phone or email already belongs to. Converting the
 * request puts that client on the trip (matched by phone, then email): no second record is made.
 */
function ExistingContact({
  phone,
  email,
  name,
  onUseName,
}: {
  phone: string;
  email: string;
  /** The contact's name as typed: the card's is offered when it differs. */
  name: string;
  onUseName: (fullName: string) => void;
}) {
  const contacts = {
    phone: useDebouncedValue(phone.trim(), LOOKUP_DELAY_MS),
    email: useDebouncedValue(email.trim(), LOOKUP_DELAY_MS),
  };
  const found = useSharedTouristMatchesQuery(contacts, { skip: !hasTouristContacts(contacts) });
  const tourist = found.data?.[0];
  if (!hasTouristContacts(contacts) || !tourist) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Такой турист уже есть: ${describeTourist(tourist)}`}
      description={
        <Flex vertical gap="small" align="flex-start">
          <span>При оформлении заявки в тур будет добавлен он: второй записи не появится.</span>
          {name.trim() === tourist.full_name ? null : (
            <Button size="small" onClick={() => onUseName(tourist.full_name)}>
              Взять ФИО из карточки
            </Button>
          )}
        </Flex>
      }
    />
  );
}

export interface TicketFormProps {
  /** The request being edited; absent for a new one. */
  ticket?: TourRequest;
  /** Shown, not editable: a converted request. */
  readOnly?: boolean;
  onSaved: (ticket: TourRequest) => void;
  onCancel: () => void;
}

/**
 * A request's own fields. The server's errors appear under their fields, the rest above the
 * form; typed values stay.
 */
export function TicketForm({ ticket, readOnly = false, onSaved, onCancel }: TicketFormProps) {
  const [form] = Form.useForm<TicketFormValues>();
  const { message } = App.useApp();
  const [create, creating] = useShellTicketsCreateMutation();
  const [update, updating] = useShellTicketsUpdateMutation();
  const server = useServerForm({
    form,
    fields: (errors) => splitTicketErrors(errors) as SplitErrors,
    failure: ticketFailure('Не удалось сохранить заявку. Попробуйте ещё раз.'),
    fieldsHint: FIELDS_BELOW_HINT,
  });
  const phone = (Form.useWatch('phone', form) as string | undefined) ?? '';
  const email = (Form.useWatch('email', form) as string | undefined) ?? '';
  const contactName = (Form.useWatch('contact_name', form) as string | undefined) ?? '';
  const initialValues = useMemo(
    () => (ticket ? ticketFormValues(ticket) : emptyTicketForm()),
    [ticket],
  );

  const submit = (values: TicketFormValues) =>
    server.submit(async () => {
      const body = ticketBodyOf(values);
      const saved = ticket
        ? await update({ id: ticket.id, ...body }).unwrap()
        : await create(body).unwrap();
      if (!saved) {
        server.setFormError(['Сервер не подтвердил сохранение. Попробуйте ещё раз.']);
        return;
      }
      void message.success(ticket ? 'Изменения сохранены' : 'Заявка создана');
      if (ticket) form.setFieldsValue(ticketFormValues(saved));
      onSaved(saved);
    });

  return (
    <Form<TicketFormValues>
      form={form}
      name={ticket ? `ticket-${ticket.id}` : 'ticket-new'}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось сохранить заявку" error={server.formError} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="contact_name"
            label="Контактное лицо"
            rules={[{ required: true, whitespace: true, message: REQUIRED }, { max: 255 }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="source" label="Источник" rules={[{ required: true, message: REQUIRED }]}>
            <Select
              placeholder="Откуда пришла заявка"
              options={REQUEST_SOURCE_LIST.map((source) => ({
                value: source,
                label: REQUEST_SOURCES[source].label,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Телефон" rules={[{ max: 32 }]}>
            <Input inputMode="tel" placeholder="+996 700 123 456" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label="Email"
            rules={[{ type: 'email', message: 'Неверный email' }, { max: 255 }]}
          >
            <Input inputMode="email" />
          </Form.Item>
        </Col>
        {readOnly ? null : (
          <Col span={24}>
            <ExistingContact
              phone={phone}
              email={email}
              name={contactName}
              onUseName={(fullName) => form.setFieldsValue({ contact_name: fullName })}
            />
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="prepared_tour_id" label="Желаемый заготовленный тур">
            <PreparedTourSelect initialTitle={ticket?.prepared_tour_title} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="trip_id" label="Желаемый тур" extra="Конкретный выезд, если выбран">
            <TripSelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="dates" label="Даты">
            {/* Named on both its inputs: the form's label reaches only the first. */}
            <DatePicker.RangePicker
              aria-label="Даты"
              format={DATE_FORMAT}
              placeholder={['С', 'По']}
              allowEmpty={[true, true]}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="adults"
            label="Взрослых"
            rules={[{ required: true, message: REQUIRED }, countRule(REQUEST_PEOPLE)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="children"
            label="Детей"
            rules={[{ required: true, message: REQUIRED }, countRule(REQUEST_PEOPLE)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="comment" label="Комментарий" rules={[{ max: 5000 }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
          </Form.Item>
        </Col>
      </Row>
      {readOnly ? null : (
        <Flex gap="small">
          <Button
            type="primary"
            htmlType="submit"
            loading={creating.isLoading || updating.isLoading}
          >
            {ticket ? 'Сохранить' : 'Создать заявку'}
          </Button>
          <Button onClick={onCancel}>Отмена</Button>
        </Flex>
      )}
    </Form>
  );
}
