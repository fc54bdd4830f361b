import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { MissingBooking } from '@tour/core';
import type { Db } from '../../db/database';
import { startRefresher } from '../../lib/refresher';
import { missingBookingsOf } from './missing';
import type { MissingParticipantJson } from '@tour/core/contract/bookings';

/**
 * What each trip's participants lack, stored per trip (migration booking-tallies says who keeps
 * what): triggers mark a trip stale in the same transaction as any change that may alter its
 * gaps; this writes them again under the row's lock (FOR UPDATE, SKIP LOCKED so refreshers share
 * the work), reading the trips only once it holds it, so a change racing with it either commits
 * first and is read, or waits and marks the trip stale again. Readers compute a stale trip's gaps
 * themselves: the stored ones are only ever a shortcut to the same answer.
 */

/** A participant's gap as stored: its name is read when shown (names change). */
interface StoredGap {
  participant_id: number;
  user_id: number;
  problems: MissingBooking[];
  nights_missing: number;
}

/** Trips written again per transaction. */
const BATCH = 200;

/** Writes one batch of stale trips' gaps; how many it did (0: none was stale). */
export async function refreshStaleGaps(db: Db, batch = BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('trip_booking_gaps')
      .select('trip_id')
      .where('stale', '=', true)
      .orderBy('trip_id')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (stale.length === 0) return 0;
    const ids = stale.map((row) => row.trip_id);
    const gaps = await missingBookingsOf(trx, ids);
    const rows = ids.map((id) => {
      const participants: StoredGap[] = (gaps.get(id) ?? []).map(
        ({ full_name: _name, ...gap }) => gap,
      );
      return { id, participants: JSON.stringify(participants), missing: participants.length };
    });
    await sql`
      update trip_booking_gaps g
         set participants = r.participants::jsonb, missing = r.missing, stale = false
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as r(id bigint, participants text, missing integer)
       where g.trip_id = r.id`.execute(trx);
    return stale.length;
  });
}

/** Writes every stale trip's gaps, batch after batch; how many it did. */
export async function refreshAllStaleGaps(db: Db): Promise<number> {
  let total = 0;
  for (let done = await refreshStaleGaps(db); done > 0; done = await refreshStaleGaps(db)) {
    total += done;
  }
  return total;
}

/** How often the server looks for stale trips. */
export const GAPS_REFRESH_EVERY_MS = 2000;

export function startGapsRefresher(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return startRefresher(
    () => refreshAllStaleGaps(db),
    GAPS_REFRESH_EVERY_MS,
    log,
    'Пересчёт недостающих бронирований туров не удался',
  );
}

export interface TripWithGaps {
  trip_id: number;
  title: string;
  starts_on: string;
  ends_on: string;
  participants: MissingParticipantJson[];
}

/**
 * The trips (not cancelled) whose dates touch [from, to] and whose participants lack something,
 * by start: how many, and the first `limit` with their participants (names as they are now).
 * Stored gaps are read; a stale trip's are computed on the spot.
 */
export async function tripsWithGaps(db: Db, from: string, to: string, limit: number) {
  // Which trips, from the trips' and the gaps' rows alone (no participants' lists read yet).
  const trips = await db
    .selectFrom('trips as t')
    .innerJoin('trip_booking_gaps as g', 'g.trip_id', 't.id')
    .select(['t.id', 'g.stale'])
    .where('t.status', '<>', 'cancelled')
    .where('t.starts_on', '<=', to)
    .where('t.ends_on', '>=', from)
    .where((eb) => eb.or([eb('g.stale', '=', true), eb('g.missing', '>', 0)]))
    .orderBy('t.starts_on')
    .orderBy('t.id')
    .execute();
  const computed = await missingBookingsOf(
    db,
    trips.filter((trip) => trip.stale).map((trip) => trip.id),
  );
  const lacking = trips.filter((trip) => !trip.stale || computed.has(trip.id));
  const shown = lacking.slice(0, limit).map((trip) => trip.id);
  if (shown.length === 0) return { total: lacking.length, items: [] };
  // The shown trips with their stored gaps, each participant's name as it is now.
  const { rows } = await sql<{
    id: number;
    title: string;
    starts_on: string;
    ends_on: string;
    participants: MissingParticipantJson[];
  }>`
    select t.id, t.title, t.starts_on, t.ends_on,
      coalesce((select jsonb_agg(gap || jsonb_build_object('full_name', u.full_name))
         from jsonb_array_elements(g.participants) gap
         join trip_participants p on p.id = (gap ->> 'participant_id')::bigint
         join users u on u.id = p.user_id), '[]'::jsonb) as participants
    from trips t join trip_booking_gaps g on g.trip_id = t.id
    where t.id = any(${shown}::bigint[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: TripWithGaps[] = shown.map((id) => {
    const trip = byId.get(id)!;
    return {
      trip_id: id,
      title: trip.title,
      starts_on: trip.starts_on,
      ends_on: trip.ends_on,
      participants: (computed.get(id) ?? trip.participants).sort(
        (a, b) =>
          a.full_name.localeCompare(b.full_name, 'ru') || a.participant_id - b.participant_id,
      ),
    };
  });
  return { total: lacking.length, items };
}

/**
 * One trip's gaps by participant: the stored ones when fresh, else computed on the spot (the
 * trip summary's readiness list; it has the participants' names already).
 */
export async function gapsOfTrip(
  db: Db,
  tripId: number,
): Promise<Map<number, { problems: MissingBooking[]; nights_missing: number }>> {
  const stored = await db
    .selectFrom('trip_booking_gaps')
    .select(['participants', 'stale'])
    .where('trip_id', '=', tripId)
    .executeTakeFirst();
  const gaps: StoredGap[] =
    stored && !stored.stale
      ? (stored.participants as StoredGap[])
      : ((await missingBookingsOf(db, [tripId])).get(tripId) ?? []);
  return new Map(gaps.map((gap) => [gap.participant_id, gap]));
}
