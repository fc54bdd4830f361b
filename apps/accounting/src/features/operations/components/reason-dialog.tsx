import { useState, type ReactNode } from 'react';
import { Button, Flex, Form, FormErrorAlert, Input, Modal, useServerForm } from '@tour/shared/ui';
import { failureText } from '../lib/failure-text';

/** The server's limit of a reason (a rejection's, a reversal's). */
export const REASON_MAX_LENGTH = 1000;
const REASON_REQUIRED = 'Укажите причину';

interface ReasonValues {
  reason: string;
}

interface ReasonFormProps {
  label: string;
  okText: string;
  danger: boolean;
  failure: string;
  intro?: ReactNode;
  onSubmit: (reason: string) => Promise<unknown>;
  onDone: () => void;
}

function ReasonForm({ label, okText, danger, failure, intro, onSubmit, onDone }: ReasonFormProps) {
  const [form] = Form.useForm<ReasonValues>();
  const [busy, setBusy] = useState(false);
  const server = useServerForm({
    form,
    fields: ['reason'],
    failure: (error) => failureText(error, failure),
  });

  const submit = ({ reason }: ReasonValues) =>
    server.submit(async () => {
      setBusy(true);
      try {
        await onSubmit(reason.trim());
        onDone();
      } finally {
        setBusy(false);
      }
    });

  return (
    <Form<ReasonValues>
      form={form}
      name="operation-reason"
      layout="vertical"
      initialValues={{ reason: '' }}
      disabled={busy}
      onFinish={(values) => void submit(values)}
    >
      {intro}
      <FormErrorAlert error={server.formError} />
      <Form.Item<ReasonValues>
        name="reason"
        label={label}
        rules={[
          { required: true, whitespace: true, message: REASON_REQUIRED },
          { max: REASON_MAX_LENGTH, message: `Не больше ${REASON_MAX_LENGTH} символов` },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX_LENGTH} showCount />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone} disabled={false}>
          Отмена
        </Button>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
          {okText}
        </Button>
      </Flex>
    </Form>
  );
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The reason field's label. */
  label: string;
  okText: string;
  danger?: boolean;
  /** What to say when the call fails without a reason from the server. */
  failure: string;
  /** What the dialog says above the field (which operations it is about). */
  intro?: ReactNode;
  /**
   * Sends the reason; resolves when done (the dialog closes), rejects with the call's error: a
   * 422's reason error shows under the field, any other refusal above it.
   */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog that asks for the reason of a rejection or a reversal (required, as on the server). */
export function ReasonDialog({ open, title, onClose, ...form }: ReasonDialogProps) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? (
        <ReasonForm
          label={form.label}
          okText={form.okText}
          danger={form.danger ?? false}
          failure={form.failure}
          intro={form.intro}
          onSubmit={form.onSubmit}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
