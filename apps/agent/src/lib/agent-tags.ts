import { cacheTags, type CacheTag } from '@tour/shared';

// The agent area's cache tags in the one API slice, in the shared vocabulary: an agent's tour is a
// prepared tour (type 'Tour', by key: the agent never sees its id), its departures are trips, its
// requests are requests ('Ticket') and its tourists are users. A mutation invalidates the
// narrowest of them, so every cached view of the same records refreshes.
export const agentTags = {
  /** Every list of the published tours (and the countries' filter). */
  tourLists: cacheTags.tourLists,
  /** One published tour, by its key. */
  tour: (key: string): CacheTag => ({ type: 'Tour', id: `agent-${key}` }),
  /** A departure: the trip it is (its free seats change with its participants). */
  departure: (tripId: number): CacheTag => cacheTags.trip(tripId),
  /** Every list of the agent's requests. */
  requestLists: cacheTags.ticketLists,
  request: (id: number): CacheTag => cacheTags.ticket(id),
  /** Every list or search of the agent's tourists. */
  touristLists: cacheTags.userLists,
  tourist: (id: number): CacheTag => cacheTags.user(id),
} as const;
