import type { Db } from '../../db/database';

// Every function takes `db` or a transaction first: the route handler decides which.

/** A participant of a trip with what its pack needs of the tourist, the trip and its tour. */
export interface PackParticipantRow {
  participant_id: number;
  status: string;
  trip_id: number;
  user_id: number;
  full_name: string;
  birth_date: string | null;
  passport_number: string | null;
  manager_id: number | null;
  counterparty_id: number | null;
  trip_title: string;
  trip_starts_on: string;
  trip_ends_on: string;
  trip_manager_id: number | null;
  tour_title: string | null;
  memo: string | null;
}

function participants(db: Db) {
  return db
    .selectFrom('trip_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('trips as t', 't.id', 'p.trip_id')
    .leftJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
    .select([
      'p.id as participant_id',
      'p.status',
      'p.trip_id',
      'u.id as user_id',
      'u.full_name',
      'u.birth_date',
      'u.passport_number',
      'u.manager_id',
      'u.counterparty_id',
      't.title as trip_title',
      't.starts_on as trip_starts_on',
      't.ends_on as trip_ends_on',
      't.manager_id as trip_manager_id',
      'pt.title as tour_title',
      'pt.memo',
    ]);
}

/** The participant of the trip, or undefined. */
export async function packParticipant(
  db: Db,
  tripId: number,
  participantId: number,
): Promise<PackParticipantRow | undefined> {
  return (await participants(db)
    .where('p.trip_id', '=', tripId)
    .where('p.id', '=', participantId)
    .executeTakeFirst()) as PackParticipantRow | undefined;
}

/**
 * The agent's tourist on the trip: its active participation before a cancelled one (a tourist
 * cancelled and added again has both), or undefined when the tourist is not the agent's.
 */
export async function agentPackParticipant(
  db: Db,
  agentId: number,
  userId: number,
  tripId: number,
): Promise<PackParticipantRow | undefined> {
  const rows = (await participants(db)
    .where('p.trip_id', '=', tripId)
    .where('p.user_id', '=', userId)
    .where('u.counterparty_id', '=', agentId)
    .orderBy('p.id', 'desc')
    .execute()) as PackParticipantRow[];
  return rows.find((row) => row.status !== 'cancelled') ?? rows[0];
}

/** The trip's participants who still travel, by name. */
export async function activePackParticipants(
  db: Db,
  tripId: number,
): Promise<PackParticipantRow[]> {
  return (await participants(db)
    .where('p.trip_id', '=', tripId)
    .where('p.status', '<>', 'cancelled')
    .orderBy('u.full_name')
    .orderBy('p.id')
    .execute()) as PackParticipantRow[];
}

export function tripExists(db: Db, tripId: number) {
  return db
    .selectFrom('trips')
    .select(['id', 'title', 'manager_id'])
    .where('id', '=', tripId)
    .executeTakeFirst();
}
