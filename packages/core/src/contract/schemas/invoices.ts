import { Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { StringEnum } from './common';

// «Счёт на оплату» and the payment receipt (issue 32): the papers a trip's participants and agents
// are handed, numbered in the series invoice and receipt (a reprint is the same paper).

const Id = () => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

/** GET /admin/trip/:id/participant/:participantId/invoice. */
export const ParticipantInvoiceParams = Type.Object({ id: Id(), participantId: Id() });

/** GET /admin/trip/:id/agent/:agentId/invoice. */
export const AgentInvoiceParams = Type.Object({ id: Id(), agentId: Id() });

/** The invoice's due date; without it, the trip's start less INVOICE_DAYS_BEFORE_START days. */
export const InvoiceQuery = Type.Object(
  {
    due_on: Type.Optional(
      Type.String({
        format: 'date',
        description:
          'Срок оплаты, YYYY-MM-DD. По умолчанию — за 14 дней до начала тура (не раньше даты ' +
          'счёта).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** What a receipt is called by where the money arrived (DESIGN.md 3b: a cash desk or a bank). */
export const RECEIPT_KINDS = ['cash_order', 'bank_confirmation', 'receipt'] as const;

/** One confirmed payment of a participant, with the receipt it gets. */
export const TripReceiptJson = Type.Object({
  transaction_id: Type.Integer(),
  participant_id: Type.Integer(),
  amount: Type.Number({ description: 'В основных единицах валюты платежа' }),
  currency: StringEnum(CURRENCIES),
  confirmed_on: Type.String({ format: 'date', description: 'День подтверждения (Бишкек)' }),
  kind: StringEnum(RECEIPT_KINDS, {
    description:
      'cash_order — «Приходный кассовый ордер» (касса), bank_confirmation — «Подтверждение ' +
      'оплаты» (банковский счёт), receipt — «Квитанция»',
  }),
});

/** An agent whose tourists take part in the trip (active participations only). */
export const TripAgentJson = Type.Object({
  agent_id: Type.Integer(),
  full_name: Type.String(),
  tourists: Type.Integer({ minimum: 1 }),
});

/** GET /admin/trip/:id/papers: what the trip's summary offers to print. */
export const TripPapersJson = Type.Object({
  receipts: Type.Array(TripReceiptJson),
  agents: Type.Array(TripAgentJson),
});
