import { formatDate, plural } from '@tour/core';
import type { Db } from '../../db/database';
import { companyNameForMessages, enqueueMessage } from './outbox';
import { requestConvertedText, requestReceivedText } from './templates';

/** A request with its agent, its tour or trip and its dates; null without an agent. */
async function agentRequest(trx: Db, requestId: number) {
  const row = await trx
    .selectFrom('requests as r')
    .innerJoin('users as agent', 'agent.id', 'r.counterparty_id')
    .leftJoin('prepared_tours as tour', 'tour.id', 'r.prepared_tour_id')
    .leftJoin('trips as trip', 'trip.id', 'r.trip_id')
    .select([
      'r.id',
      'r.contact_name',
      'r.date_from',
      'r.date_to',
      'r.adults',
      'r.children',
      'r.trip_id',
      'agent.id as agent_id',
      'agent.full_name as agent_name',
      'agent.email as agent_email',
      'tour.title as tour_title',
      'trip.title as trip_title',
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  return row ?? null;
}

/** «тур «Иссык-Куль», 01.07.2027 — 08.07.2027, 2 чел., Асанов Бакыт»: what the agent asked. */
function summaryOf(row: NonNullable<Awaited<ReturnType<typeof agentRequest>>>): string {
  const title = row.trip_title ?? row.tour_title;
  const dates =
    row.date_from && row.date_to
      ? `${formatDate(row.date_from)} — ${formatDate(row.date_to)}`
      : row.date_from
        ? `с ${formatDate(row.date_from)}`
        : null;
  const people = row.adults + row.children;
  return [
    title ? `тур «${title}»` : null,
    dates,
    people > 0 ? plural(people, ['человек', 'человека', 'человек']) : null,
    row.contact_name,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * «Заявка № N получена» to the request's agent, in the transaction that created the request;
 * nothing for a request without an agent.
 */
export async function enqueueRequestReceived(trx: Db, requestId: number): Promise<void> {
  const row = await agentRequest(trx, requestId);
  if (!row) return;
  const company = await companyNameForMessages(trx);
  await enqueueMessage(trx, {
    kind: 'request_received',
    recipientUserId: row.agent_id,
    recipient: row.agent_email,
    missingReason: 'У агента не указана почта',
    requestId: row.id,
    ...(row.trip_id ? { tripId: row.trip_id } : {}),
    ...requestReceivedText(company, {
      agentName: row.agent_name,
      number: row.id,
      summary: summaryOf(row),
    }),
  });
}

/**
 * «Заявка № N оформлена в тур» to the request's agent, in the transaction that converted it;
 * nothing for a request without an agent.
 */
export async function enqueueRequestConverted(trx: Db, requestId: number): Promise<void> {
  const row = await agentRequest(trx, requestId);
  if (!row) return;
  const company = await companyNameForMessages(trx);
  await enqueueMessage(trx, {
    kind: 'request_converted',
    recipientUserId: row.agent_id,
    recipient: row.agent_email,
    missingReason: 'У агента не указана почта',
    requestId: row.id,
    ...(row.trip_id ? { tripId: row.trip_id } : {}),
    ...requestConvertedText(company, {
      agentName: row.agent_name,
      number: row.id,
      tripTitle: row.trip_title ?? row.tour_title ?? '',
    }),
  });
}
