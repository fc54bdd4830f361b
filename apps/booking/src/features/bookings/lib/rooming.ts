import { ROOM_TYPES, type RoomType } from '@tour/shared';

/** Rooms the editor lays out at most (the API allows up to 1000). */
export const MAX_ROOMS_SHOWN = 100;

export interface Occupant {
  participant_id: number;
  full_name: string;
  /** A cancelled participant stays on record but takes no place (DESIGN.md 3). */
  cancelled: boolean;
}

/** A room of the rooming list with its occupants. */
export interface RoomGroup {
  room: number;
  occupants: Occupant[];
  /** Places taken: the occupants not cancelled. */
  taken: number;
  /** Places of the room type; null when the type is not chosen. */
  places: number | null;
  /** More occupants than places. */
  over: boolean;
  /** A number beyond the booking's rooms (the rooms were reduced). */
  outOfRange: boolean;
}

export interface Rooming {
  groups: RoomGroup[];
  /** Covered participants not placed in a room yet. */
  unassigned: Occupant[];
}

/**
 * The rooming list of covered participants: rooms 1..rooms (and any other number still
 * assigned), their occupants, and whether each room is over its type's capacity.
 */
export function roomingOf(
  covers: readonly { participant_id: number; room: number | null }[],
  people: ReadonlyMap<number, { full_name: string; cancelled: boolean }>,
  rooms: number | null | undefined,
  roomType: RoomType | null | undefined,
): Rooming {
  const count = Math.min(Math.max(rooms ?? 0, 0), MAX_ROOMS_SHOWN);
  const places = roomType ? ROOM_TYPES[roomType].places : null;
  const byRoom = new Map<number, Occupant[]>();
  for (let room = 1; room <= count; room += 1) byRoom.set(room, []);
  const unassigned: Occupant[] = [];
  for (const cover of covers) {
    const person = people.get(cover.participant_id);
    const occupant: Occupant = {
      participant_id: cover.participant_id,
      full_name: person?.full_name ?? `Участник №${cover.participant_id}`,
      cancelled: person?.cancelled ?? false,
    };
    if (cover.room === null || cover.room === undefined) unassigned.push(occupant);
    else byRoom.set(cover.room, [...(byRoom.get(cover.room) ?? []), occupant]);
  }
  const groups = [...byRoom.entries()]
    .sort(([a], [b]) => a - b)
    .map(([room, occupants]) => {
      const taken = occupants.filter((occupant) => !occupant.cancelled).length;
      return {
        room,
        occupants,
        taken,
        places,
        over: places !== null && taken > places,
        outOfRange: room < 1 || room > (rooms ?? 0),
      };
    });
  return { groups, unassigned };
}
