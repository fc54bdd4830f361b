import { sql } from 'kysely';
import { HOME_COUNTRY, type MissingBooking } from '@tour/core';
import type { Db } from '../../db/database';
import type { MissingParticipantJson } from '@tour/core/contract/bookings';

/**
 * What each live participant of the trips lacks (DESIGN.md 3 "Bookings"): air tickets, health
 * insurance (on a trip abroad, or at home when the trip booked some for others), nights of the
 * trip (from its first day to the night before its last) not covered by a hotel booking.
 * Cancelled bookings cover nothing; cancelled participants need nothing. Hotel stays are merged
 * into one multirange per participant, so overlapping stays are counted once.
 *
 * Flights follow the trip's mark (trips.flights): none needs no ticket; one way needs one; there
 * and back (the default) needs the tourist's flights, in the order they leave, to come back where
 * they started: the first one's departure airport is the last one's arrival airport. Short of
 * that the tourist lacks the flight back when the first flight leaves in the trip's first half,
 * else the flight out. At home (HOME_COUNTRY) a trip goes by road until it books some flight.
 */
export async function missingBookingsOf(
  db: Db,
  tripIds: number[],
): Promise<Map<number, MissingParticipantJson[]>> {
  const byTrip = new Map<number, MissingParticipantJson[]>();
  if (tripIds.length === 0) return byTrip;
  const { rows } = await sql<{
    trip_id: number;
    participant_id: number;
    user_id: number;
    full_name: string;
    trip_flights: 'round_trip' | 'one_way' | 'none';
    flights: number | string;
    round: boolean;
    first_half: boolean;
    insurance: boolean;
    needs_flight: boolean;
    needs_insurance: boolean;
    nights_missing: number;
  }>`
    select c.trip_id, c.participant_id, c.user_id, c.full_name, c.trip_flights, c.flights,
      c.first_from = c.last_to as round,
      c.first_flight_on - c.starts_on <= c.ends_on - c.first_flight_on as first_half,
      c.insurance,
      c.trip_flights <> 'none' and (c.abroad or exists (select 1 from bookings x
        where x.trip_id = c.trip_id and x.kind = 'air_ticket' and x.status <> 'cancelled'))
        as needs_flight,
      c.abroad or exists (select 1 from bookings x where x.trip_id = c.trip_id
        and x.kind = 'health_insurance' and x.status <> 'cancelled') as needs_insurance,
      (c.ends_on - c.starts_on) - coalesce((select sum(upper(r) - lower(r))
          from unnest(c.stays * datemultirange(daterange(c.starts_on, c.ends_on, '[)'))) r), 0)
        as nights_missing
    from (
      select p.trip_id, p.id as participant_id, p.user_id, u.full_name, t.starts_on, t.ends_on,
        t.flights as trip_flights,
        t.country is distinct from ${HOME_COUNTRY} as abroad,
        count(b.id) filter (where b.kind = 'air_ticket') as flights,
        (array_agg(b.details ->> 'from_airport'
           order by b.starts_on, b.details ->> 'departs_at', b.id)
           filter (where b.kind = 'air_ticket'))[1] as first_from,
        (array_agg(b.details ->> 'to_airport'
           order by b.starts_on desc, b.details ->> 'departs_at' desc, b.id desc)
           filter (where b.kind = 'air_ticket'))[1] as last_to,
        min(b.starts_on) filter (where b.kind = 'air_ticket') as first_flight_on,
        coalesce(bool_or(b.kind = 'health_insurance'), false) as insurance,
        coalesce(range_agg(daterange(b.starts_on, b.ends_on, '[)')) filter (where b.kind = 'hotel'),
          '{}'::datemultirange) as stays
      from trip_participants p
      join trips t on t.id = p.trip_id
      join users u on u.id = p.user_id
      left join booking_participants bp on bp.participant_id = p.id
      left join bookings b on b.id = bp.booking_id and b.status <> 'cancelled'
      where p.trip_id = any(${tripIds}::bigint[]) and p.status <> 'cancelled'
      group by p.id, t.id, u.id
    ) c
    order by c.trip_id, c.full_name, c.participant_id`.execute(db);
  for (const row of rows) {
    const problems: MissingBooking[] = [];
    const flights = Number(row.flights);
    if (row.needs_flight) {
      if (flights === 0) problems.push('flight_missing');
      else if (row.trip_flights === 'round_trip' && !(flights >= 2 && row.round)) {
        problems.push(row.first_half ? 'return_flight_missing' : 'outbound_flight_missing');
      }
    }
    if (row.needs_insurance && !row.insurance) problems.push('insurance_missing');
    const nightsMissing = Number(row.nights_missing);
    if (nightsMissing > 0) problems.push('hotel_missing');
    if (problems.length === 0) continue;
    const list = byTrip.get(row.trip_id) ?? [];
    list.push({
      participant_id: row.participant_id,
      user_id: row.user_id,
      full_name: row.full_name,
      problems,
      nights_missing: nightsMissing,
    });
    byTrip.set(row.trip_id, list);
  }
  return byTrip;
}
