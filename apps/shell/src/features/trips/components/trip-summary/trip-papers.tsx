import { useState } from 'react';
import { Button, ConfigProvider, ExportButton, Flex, Modal, Typography } from '@tour/shared/ui';
import { formatAmount, formatDate, type ReceiptKind, type TripReceipt } from '@tour/shared';
import { useShellTripsPapersQuery } from '../../api/papers-api';

/** What each receipt is, by where the money arrived (the server names the paper the same way). */
const RECEIPT_KINDS: Readonly<Record<ReceiptKind, string>> = {
  cash_order: 'Приходный кассовый ордер',
  bank_confirmation: 'Подтверждение оплаты',
  receipt: 'Квитанция',
};

const paymentText = (receipt: TripReceipt) =>
  `${formatAmount(receipt.amount, receipt.currency)} от ${formatDate(receipt.confirmed_on)}`;

function ReceiptButton({ receipt, label }: { receipt: TripReceipt; label: string }) {
  return (
    <ExportButton
      url={`/admin/transaction/${receipt.transaction_id}/receipt`}
      label={label}
      fallbackFileName={`receipt-${receipt.transaction_id}.docx`}
    />
  );
}

/** The receipts of a participant with several payments: one button each, in a dialog. */
function ReceiptsDialog({ receipts, fullName }: { receipts: TripReceipt[]; fullName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button aria-label={`Квитанции: ${fullName}`} onClick={() => setOpen(true)}>
        {`Квитанции (${receipts.length})`}
      </Button>
      <Modal
        title={`Квитанции: ${fullName}`}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        <Flex vertical gap="small" align="start">
          {receipts.map((receipt) => (
            <ReceiptButton
              key={receipt.transaction_id}
              receipt={receipt}
              label={`${RECEIPT_KINDS[receipt.kind]}: ${paymentText(receipt)}`}
            />
          ))}
        </Flex>
      </Modal>
    </>
  );
}

export interface ParticipantPapersProps {
  tripId: number;
  participant: { participant_id: number; full_name: string; status: string };
}

/**
 * A participant row's papers: «Счёт» (not for a cancelled participation) and a receipt for each
 * of its confirmed payments («Квитанции (n)» opens them when there are several). Each button
 * shows its progress while the server makes the file and says in Russian when it cannot.
 */
export function ParticipantPapers({ tripId, participant }: ParticipantPapersProps) {
  const { data } = useShellTripsPapersQuery(tripId);
  const receipts = (data?.receipts ?? []).filter(
    (receipt) => receipt.participant_id === participant.participant_id,
  );
  const [only] = receipts;
  return (
    <ConfigProvider componentSize="small">
      <Flex gap="small" wrap>
        {participant.status === 'cancelled' ? null : (
          <ExportButton
            url={`/admin/trip/${tripId}/participant/${participant.participant_id}/invoice`}
            label="Счёт"
            fallbackFileName={`invoice-${participant.participant_id}.docx`}
          />
        )}
        {receipts.length === 1 && only ? (
          <ReceiptButton receipt={only} label="Квитанция" />
        ) : receipts.length > 1 ? (
          <ReceiptsDialog receipts={receipts} fullName={participant.full_name} />
        ) : null}
      </Flex>
    </ConfigProvider>
  );
}

/** «Счёт агенту» for each agent whose tourists are on the trip; nothing without one. */
export function AgentInvoices({ tripId }: { tripId: number }) {
  const { data } = useShellTripsPapersQuery(tripId);
  const agents = data?.agents ?? [];
  if (agents.length === 0) return null;
  return (
    <Flex vertical gap="small" role="group" aria-label="Счета агентам">
      <Typography.Text type="secondary">Счета агентам:</Typography.Text>
      {/* The agent's name as text beside the button: a long name wraps on a phone. */}
      {agents.map((agent) => (
        <Flex key={agent.agent_id} gap="small" wrap align="center">
          <Typography.Text>{agent.full_name}</Typography.Text>
          <ExportButton
            url={`/admin/trip/${tripId}/agent/${agent.agent_id}/invoice`}
            label="Счёт агенту"
            ariaLabel={`Счёт агенту: ${agent.full_name}`}
            fallbackFileName={`invoice-agent-${agent.agent_id}.docx`}
          />
        </Flex>
      ))}
    </Flex>
  );
}
