import { useMemo } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Modal,
  PassportFields,
  Row,
  TripSelect,
  Typography,
  useServerForm,
} from '@tour/shared/ui';
import { FIELDS_BELOW_HINT, formatAmount, type SplitErrors, type TourRequest } from '@tour/shared';
import { useShellTicketQuoteQuery } from '../api/quote-api';
import { useShellTicketsConvertMutation } from '../api/tickets-api';
import { ticketFailure } from '../lib/server-errors';
import {
  convertFormValues,
  emptyCompanion,
  splitConvertErrors,
  travellersOf,
  type ConvertFormValues,
} from '../lib/ticket-form-values';

function ConvertForm({ ticket, onDone }: { ticket: TourRequest; onDone: () => void }) {
  const [form] = Form.useForm<ConvertFormValues>();
  const { message } = App.useApp();
  const [convert, { isLoading }] = useShellTicketsConvertMutation();
  const server = useServerForm({
    form,
    fields: (errors) => splitConvertErrors(errors) as SplitErrors,
    failure: ticketFailure('Не удалось оформить заявку. Попробуйте ещё раз.'),
    fieldsHint: FIELDS_BELOW_HINT,
  });
  const initialValues = useMemo(() => convertFormValues(ticket), [ticket]);
  const quote = useShellTicketQuoteQuery(ticket.id).data?.quote;

  const submit = (values: ConvertFormValues) =>
    server.submit(async () => {
      const converted = await convert({
        id: ticket.id,
        trip_id: values.trip_id as number,
        travellers: travellersOf(values),
      }).unwrap();
      if (!converted) {
        server.setFormError(['Сервер не подтвердил оформление. Попробуйте ещё раз.']);
        return;
      }
      void message.success('Заявка оформлена в тур');
      onDone();
    });

  return (
    <Form<ConvertFormValues>
      form={form}
      name={`convert-${ticket.id}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось оформить заявку" error={server.formError} />
      <Form.Item
        name="trip_id"
        label="Тур"
        rules={[{ required: true, message: 'Выберите тур' }]}
        extra={
          quote
            ? `Цена участника: ${formatAmount(quote.price, quote.currency)} (по предложению № ${quote.number}); тур — в той же валюте.`
            : undefined
        }
      >
        <TripSelect style={{ width: '100%' }} />
      </Form.Item>
      <Typography.Paragraph>
        Первый участник — контактное лицо: <strong>{ticket.contact_name}</strong>. Ниже — его
        спутники; уже известные туристы найдутся по телефону или email и сохранят свои паспортные
        данные, остальные будут созданы с указанными.
      </Typography.Paragraph>
      <Form.List name="travellers">
        {(rows, { add, remove }) => (
          <Flex vertical gap="small">
            {rows.map((row, index) => {
              const who = `Спутник ${index + 1}`;
              return (
                <Card key={row.key} size="small">
                  <Row gutter={12} align="top">
                    <Col xs={24} md={9}>
                      <Form.Item
                        name={[row.name, 'full_name']}
                        label={`${who}: ФИО`}
                        rules={[
                          { required: true, whitespace: true, message: 'Укажите ФИО' },
                          { max: 255 },
                        ]}
                      >
                        <Input maxLength={255} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[row.name, 'phone']} label="Телефон" rules={[{ max: 32 }]}>
                        <Input inputMode="tel" maxLength={32} aria-label={`${who}: телефон`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item
                        name={[row.name, 'email']}
                        label="Email"
                        rules={[{ type: 'email', message: 'Неверный email' }, { max: 255 }]}
                      >
                        <Input inputMode="email" maxLength={255} aria-label={`${who}: email`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={3}>
                      <Form.Item label=" " colon={false}>
                        <Button aria-label={`Убрать: ${who}`} onClick={() => remove(row.name)}>
                          Убрать
                        </Button>
                      </Form.Item>
                    </Col>
                    <PassportFields row={{ list: 'travellers', name: row.name }} who={who} />
                  </Row>
                </Card>
              );
            })}
            <div>
              <Button onClick={() => add(emptyCompanion())}>Добавить спутника</Button>
            </div>
          </Flex>
        )}
      </Form.List>
      <Flex justify="flex-end" gap="small" style={{ marginTop: 16 }}>
        <Button onClick={onDone}>Отмена</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Оформить
        </Button>
      </Flex>
    </Form>
  );
}

export interface ConvertTicketProps {
  ticket: TourRequest;
  open: boolean;
  onClose: () => void;
}

/**
 * "Оформить в тур": the contact and its companions become participants of a trip, all or none;
 * a refusal (no seat, a bad phone) shows under the companion's field or above the form.
 */
export function ConvertTicket({ ticket, open, onClose }: ConvertTicketProps) {
  return (
    <Modal
      title="Оформить в тур"
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? <ConvertForm ticket={ticket} onDone={onClose} /> : null}
    </Modal>
  );
}
