import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The participant an invoice is made out to, with its trip; undefined unless on that trip. */
export function participantOfTrip(db: Db, tripId: number, participantId: number) {
  return db
    .selectFrom('trip_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('trips as t', 't.id', 'p.trip_id')
    .select([
      'p.id',
      'p.status',
      'p.price',
      'p.discount',
      'u.id as user_id',
      'u.full_name',
      'u.phone',
      'u.email',
      't.id as trip_id',
      't.title',
      't.starts_on',
      't.ends_on',
      't.currency',
    ])
    .where('p.id', '=', participantId)
    .where('p.trip_id', '=', tripId)
    .executeTakeFirst();
}

/** A trip as an invoice names it, with the agent terms of its prepared tour. */
export function tripWithTerms(db: Db, tripId: number) {
  return db
    .selectFrom('trips as t')
    .leftJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
    .select([
      't.id',
      't.title',
      't.starts_on',
      't.ends_on',
      't.currency',
      'pt.currency as tour_currency',
      'pt.agent_price',
      sql<string | null>`pt.agent_commission::text`.as('agent_commission'),
    ])
    .where('t.id', '=', tripId)
    .executeTakeFirst();
}

/** An agent (a user with the counterparty role), or undefined. */
export function agentById(db: Db, agentId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.full_name', 'u.phone', 'u.email'])
    .where('u.id', '=', agentId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as r')
          .select('r.role')
          .whereRef('r.user_id', '=', 'u.id')
          .where('r.role', '=', 'counterparty'),
      ),
    )
    .executeTakeFirst();
}

/** The active participants of a trip whose tourists the agent brought, in the order added. */
export function agentParticipants(db: Db, tripId: number, agentId: number) {
  return db
    .selectFrom('trip_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.price', 'p.discount', 'p.status', 'u.full_name'])
    .where('p.trip_id', '=', tripId)
    .where('p.status', '<>', 'cancelled')
    .where('u.counterparty_id', '=', agentId)
    .orderBy('p.id')
    .execute();
}

/** The agents whose tourists are active participants of the trip, by name. */
export function agentsOfTrip(db: Db, tripId: number) {
  return db
    .selectFrom('trip_participants as p')
    .innerJoin('users as tourist', 'tourist.id', 'p.user_id')
    .innerJoin('users as agent', 'agent.id', 'tourist.counterparty_id')
    .select(['agent.id as agent_id', 'agent.full_name', sql<number>`count(*)::int`.as('tourists')])
    .where('p.trip_id', '=', tripId)
    .where('p.status', '<>', 'cancelled')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as r')
          .select('r.role')
          .whereRef('r.user_id', '=', 'agent.id')
          .where('r.role', '=', 'counterparty'),
      ),
    )
    .groupBy(['agent.id', 'agent.full_name'])
    .orderBy('agent.full_name')
    .orderBy('agent.id')
    .execute();
}

/** The columns a receipt and its list read of a confirmed participant income. */
function paymentQuery(db: Db) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('trip_participants as p', 'p.id', 't.participant_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('trips as tr', 'tr.id', 'p.trip_id')
    .innerJoin('wallets as w', 'w.id', 't.wallet_id')
    .leftJoin('users as confirmer', 'confirmer.id', 't.confirmed_by')
    .select([
      't.id',
      't.amount',
      't.currency',
      't.confirmed_at',
      't.created_by',
      't.comment',
      'p.id as participant_id',
      'u.id as user_id',
      'u.full_name',
      'u.manager_id',
      'u.counterparty_id',
      'tr.id as trip_id',
      'tr.title',
      'tr.starts_on',
      'tr.ends_on',
      'w.kind as wallet_kind',
      'w.type as wallet_type',
      'w.name as wallet_name',
      'confirmer.full_name as confirmed_by_name',
    ])
    .where('t.type', '=', 'income')
    .where('t.status', '=', 'confirmed')
    .where('t.confirmed_at', 'is not', null);
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof confirmedPayment>>>;

/** A confirmed income linked to a trip participant, or undefined for any other operation. */
export function confirmedPayment(db: Db, transactionId: number) {
  return paymentQuery(db).where('t.id', '=', transactionId).executeTakeFirst();
}

/** The trip's confirmed participant incomes, in the order they were confirmed. */
export function confirmedPaymentsOfTrip(db: Db, tripId: number) {
  return paymentQuery(db)
    .where('tr.id', '=', tripId)
    .orderBy('t.confirmed_at')
    .orderBy('t.id')
    .execute();
}
