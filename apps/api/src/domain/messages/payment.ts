import { formatAmount, formatDate, fromMinorUnits, type Currency } from '@tour/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { businessToday } from '../business-day';
import { companyNameForMessages, enqueueMessage } from './outbox';
import { paymentConfirmedText } from './templates';

// The business day of the confirmation, as its receipt is dated (not the UTC date).
const day = (date: Date) => formatDate(businessToday(date));

/**
 * «Платёж подтверждён» to the tourist of each confirmed income paid for a trip participant among
 * `ids`, in the confirming transaction, with its receipt attached by reference: the DOCX is made
 * (and numbered) when the message is sent, so a confirmation stays a few row writes.
 */
export async function enqueuePaymentsConfirmed(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const payments = await trx
    .selectFrom('transactions as t')
    .innerJoin('trip_participants as p', 'p.id', 't.participant_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('trips as tr', 'tr.id', 'p.trip_id')
    .select([
      't.id',
      't.amount',
      't.currency',
      't.confirmed_at',
      'u.id as user_id',
      'u.full_name',
      'u.email',
      'tr.id as trip_id',
      'tr.title',
    ])
    .where('t.id', 'in', [...ids])
    .where('t.type', '=', 'income')
    .where('t.status', '=', 'confirmed')
    .orderBy('t.id')
    .execute();
  if (payments.length === 0) return;
  const company = await companyNameForMessages(trx);
  const written: number[] = [];
  for (const payment of payments) {
    const text = paymentConfirmedText(company, {
      fullName: payment.full_name,
      amount: formatAmount(
        fromMinorUnits(payment.amount, payment.currency as Currency),
        payment.currency as Currency,
      ),
      tripTitle: payment.title,
      date: day(payment.confirmed_at ?? new Date()),
    });
    const id = await enqueueMessage(trx, {
      kind: 'payment_confirmed',
      recipientUserId: payment.user_id,
      recipient: payment.email,
      missingReason: 'У туриста не указана почта',
      transactionId: payment.id,
      tripId: payment.trip_id,
      ...text,
    });
    if (id !== null) written.push(id);
  }
  if (written.length === 0) return;
  // `receipt:<transaction id>`: what the worker's attachment maker reads (routes/invoices).
  await trx
    .updateTable('outbox_messages')
    .set({ attachment_ref: sql<string>`'receipt:' || transaction_id` })
    .where('id', 'in', written)
    .execute();
}
