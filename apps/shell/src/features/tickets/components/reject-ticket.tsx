import {
  App,
  Button,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Modal,
  useServerForm,
} from '@tour/shared/ui';
import { type TourRequest } from '@tour/shared';
import { useShellTicketsMoveMutation } from '../api/tickets-api';
import { ticketFailure } from '../lib/server-errors';

const REASON_REQUIRED = 'Укажите причину отказа';

interface RejectValues {
  reason: string;
}

function RejectForm({ ticket, onDone }: { ticket: TourRequest; onDone: () => void }) {
  const [form] = Form.useForm<RejectValues>();
  const { message } = App.useApp();
  const [move, { isLoading }] = useShellTicketsMoveMutation();
  const server = useServerForm({
    form,
    fields: ['reason'],
    failure: ticketFailure('Не удалось отклонить заявку. Попробуйте ещё раз.'),
  });

  const submit = (values: RejectValues) =>
    server.submit(async () => {
      const moved = await move({
        id: ticket.id,
        status: 'rejected',
        reason: values.reason.trim(),
      }).unwrap();
      if (!moved) {
        server.setFormError('Сервер не подтвердил отказ. Попробуйте ещё раз.');
        return;
      }
      void message.success('Заявка отклонена');
      onDone();
    });

  return (
    <Form<RejectValues>
      form={form}
      name={`reject-${ticket.id}`}
      layout="vertical"
      initialValues={{ reason: '' }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      <Form.Item
        name="reason"
        label="Причина отказа"
        rules={[{ required: true, whitespace: true, message: REASON_REQUIRED }, { max: 1000 }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} showCount />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone}>Отмена</Button>
        <Button type="primary" danger htmlType="submit" loading={isLoading}>
          Отклонить
        </Button>
      </Flex>
    </Form>
  );
}

export interface RejectTicketProps {
  ticket: TourRequest;
  open: boolean;
  onClose: () => void;
}

/** The rejection of a request: it asks for the reason, which the server requires too. */
export function RejectTicket({ ticket, open, onClose }: RejectTicketProps) {
  return (
    <Modal title="Отклонить заявку" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {open ? <RejectForm ticket={ticket} onDone={onClose} /> : null}
    </Modal>
  );
}
