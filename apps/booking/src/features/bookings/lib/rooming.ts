import { ROOM_TYPES, type RoomType } from '@tour/shared';
import type { RoomValue } from './booking-form-values';

// A hotel's room plan as the form edits it: the rooms in order (numbered from 1), each with its
// type and who sleeps there. The server refuses a tourist in two rooms and a room over its places
// (a cancelled participant takes none); these say so before saving and place people in order.

/** Who a participant is, for the plan: its name and whether it has cancelled. */
export interface Person {
  full_name: string;
  cancelled: boolean;
}

/** Places taken in a room: its occupants who still travel. */
export function takenIn(room: RoomValue, people: ReadonlyMap<number, Person>): number {
  return room.participant_ids.filter((id) => !people.get(id)?.cancelled).length;
}

/** Why a room cannot be saved as it is (the server's words), or null. */
export function roomProblem(
  room: RoomValue,
  index: number,
  people: ReadonlyMap<number, Person>,
): string | null {
  const places = ROOM_TYPES[room.room_type].places;
  return takenIn(room, people) > places
    ? `В номере ${index + 1} (${room.room_type}) не больше ${places} чел.`
    : null;
}

/** The covered participants in no room of the plan, in the order of `covered`. */
export function unplacedOf(plan: readonly RoomValue[], covered: readonly number[]): number[] {
  const placed = new Set(plan.flatMap((room) => room.participant_ids));
  return covered.filter((id) => !placed.has(id));
}

/** The plan without the participants it may no longer hold (no longer covered). */
export function keepCovered(plan: readonly RoomValue[], covered: ReadonlySet<number>): RoomValue[] {
  return plan.map((room) => ({
    ...room,
    participant_ids: room.participant_ids.filter((id) => covered.has(id)),
  }));
}

/**
 * Places `people` in order: first into the free places of the plan's rooms, in the rooms' order,
 * then into new rooms of `type` (as many as they need). Nobody already placed moves.
 */
export function placeInOrder(
  plan: readonly RoomValue[],
  waiting: readonly number[],
  people: ReadonlyMap<number, Person>,
  type: RoomType,
): RoomValue[] {
  const rooms = plan.map((room) => ({ ...room, participant_ids: [...room.participant_ids] }));
  const queue = [...waiting];
  for (const room of rooms) {
    const places = ROOM_TYPES[room.room_type].places;
    while (queue.length > 0 && takenIn(room, people) < places) {
      room.participant_ids.push(queue.shift()!);
    }
  }
  const places = ROOM_TYPES[type].places;
  while (queue.length > 0) {
    rooms.push({ room_type: type, participant_ids: queue.splice(0, places) });
  }
  return rooms;
}

/** Places in the plan's rooms: what its rooms hold by their types. */
export function placesOf(plan: readonly RoomValue[]): number {
  return plan.reduce((sum, room) => sum + ROOM_TYPES[room.room_type].places, 0);
}
