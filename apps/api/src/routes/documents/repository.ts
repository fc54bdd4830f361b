import type { Db } from '../../db/database';

/** The trip a document is about, with its prepared tour's country and cities. */
export async function documentTripRow(db: Db, tripId: number, participantId: number) {
  return db
    .selectFrom('trips as t')
    .innerJoin('trip_participants as p', (join) =>
      join.onRef('p.trip_id', '=', 't.id').on('p.id', '=', participantId),
    )
    .leftJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
    .select([
      't.id',
      't.title',
      't.country',
      't.starts_on',
      't.ends_on',
      't.currency',
      't.itinerary',
      'pt.country as tour_country',
      'pt.cities as tour_cities',
      'p.price',
      'p.discount',
    ])
    .where('t.id', '=', tripId)
    .executeTakeFirst();
}

/** The confirmed hotel bookings the participant stays in, by check-in. */
export async function confirmedStays(db: Db, tripId: number, participantId: number) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('booking_participants as bp', (join) =>
      join.onRef('bp.booking_id', '=', 'b.id').on('bp.participant_id', '=', participantId),
    )
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .select([
      'b.starts_on',
      'b.ends_on',
      'b.details',
      's.name as supplier_name',
      's.phone as supplier_phone',
    ])
    .where('b.trip_id', '=', tripId)
    .where('b.kind', '=', 'hotel')
    .where('b.status', '=', 'confirmed')
    .orderBy('b.starts_on')
    .orderBy('b.id')
    .execute();
}
