import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A hotel booking's room plan: rooms by type, numbered in order, instead of one room type times a
 * number of rooms. `details.room_plan` keeps the rooms' types ([{ "room_type": "DBL" }, …]);
 * who sleeps in which room stays on booking_participants.room (the room's number in the plan).
 * Every hotel booking's `room_type` × `rooms` becomes that many rooms of the type (more if a
 * participant was in a room beyond them, at least one), and the two old fields go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update bookings b
       set details = (b.details - 'room_type' - 'rooms') || jsonb_build_object('room_plan',
         to_jsonb(array_fill(
           jsonb_build_object('room_type', coalesce(b.details ->> 'room_type', 'DBL')),
           array[greatest(1, coalesce((b.details ->> 'rooms')::int, 0),
             coalesce((select max(bp.room) from booking_participants bp
                        where bp.booking_id = b.id), 0))])))
     where b.kind = 'hotel' and not b.details ? 'room_plan'`.execute(db);
}

/** Back to one type (the first room's) times the number of rooms. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update bookings b
       set details = (b.details - 'room_plan') || jsonb_build_object(
         'room_type', b.details -> 'room_plan' -> 0 ->> 'room_type',
         'rooms', jsonb_array_length(b.details -> 'room_plan'))
     where b.kind = 'hotel' and b.details ? 'room_plan'`.execute(db);
}
