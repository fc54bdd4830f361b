import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal } from '@tour/shared/ui';
import { splitFieldErrors, type TourRequest, validationErrorsOf } from '@tour/shared';
import { useShellTicketsMoveMutation } from '../api/tickets-api';
import { failureText } from '../lib/server-errors';

const REASON_REQUIRED = 'Укажите причину отказа';

interface RejectValues {
  reason: string;
}

function RejectForm({ ticket, onDone }: { ticket: TourRequest; onDone: () => void }) {
  const [form] = Form.useForm<RejectValues>();
  const { message } = App.useApp();
  const [move, { isLoading }] = useShellTicketsMoveMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async ({ reason }: RejectValues) => {
    setRefusal(null);
    try {
      const moved = await move({
        id: ticket.id,
        status: 'rejected',
        reason: reason.trim(),
      }).unwrap();
      if (!moved) {
        setRefusal('Сервер не подтвердил отказ. Попробуйте ещё раз.');
        return;
      }
      void message.success('Заявка отклонена');
      onDone();
    } catch (error) {
      const errors = validationErrorsOf(error);
      if (!errors) {
        setRefusal(failureText(error, 'Не удалось отклонить заявку. Попробуйте ещё раз.'));
        return;
      }
      const { fields, other } = splitFieldErrors(errors, ['reason'] as const);
      form.setFields(fields);
      if (other.length > 0) setRefusal(other.join(' '));
    }
  };

  return (
    <Form<RejectValues>
      form={form}
      name={`reject-${ticket.id}`}
      layout="vertical"
      initialValues={{ reason: '' }}
      onFinish={(values) => void submit(values)}
    >
      {refusal ? (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />
      ) : null}
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
