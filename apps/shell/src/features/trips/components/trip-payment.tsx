import { useState } from 'react';
import { Button, Modal } from '@tour/shared/ui';
import { newIdempotencyKey } from '@tour/shared';
import {
  ParticipantPaymentForm,
  type ParticipantPaymentTarget,
} from '../../../components/participant-payment-form';

/** Whom the payment is for, named in the button and the dialog. */
export interface PaymentTarget extends ParticipantPaymentTarget {
  fullName: string;
}

/** "Добавить платёж" for one participant: a pending income into a company wallet, for the trip. */
export function TripPayment({ target }: { target: PaymentTarget }) {
  // A new key for each opening of the form; its retries (a double click, a lost answer) reuse it.
  const [dialog, setDialog] = useState<{ open: boolean; key: string }>({ open: false, key: '' });
  const close = () => setDialog((current) => ({ ...current, open: false }));
  return (
    <>
      <Button
        size="small"
        aria-label={`Добавить платёж: ${target.fullName}`}
        onClick={() => setDialog({ open: true, key: newIdempotencyKey() })}
      >
        Добавить платёж
      </Button>
      <Modal
        title={`Платёж: ${target.fullName}`}
        open={dialog.open}
        onCancel={close}
        footer={null}
        destroyOnHidden
        mask={{ closable: false }}
      >
        {dialog.key ? (
          <ParticipantPaymentForm
            key={dialog.key}
            name="trip-payment"
            target={target}
            idempotencyKey={dialog.key}
            onDone={close}
            onCancel={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
