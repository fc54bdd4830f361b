import slugify from 'slugify';
import { is, type MaybePermissionData } from '../permissions/can';

// The main section's vocabulary (DESIGN.md 3 "Trips and tours"): statuses with their Russian
// labels and the moves between them, shared by the API (which refuses any other move) and the
// screens (which offer only these).

/** A trip's statuses in the order a trip lives through them. */
export const TRIP_STATUSES = {
  planned: { label: 'Запланирован' },
  confirmed: { label: 'Подтверждён' },
  in_progress: { label: 'Идёт' },
  completed: { label: 'Завершён' },
  cancelled: { label: 'Отменён' },
} as const;

export type TripStatus = keyof typeof TRIP_STATUSES;
export const TRIP_STATUS_LIST = Object.keys(TRIP_STATUSES) as TripStatus[];

/**
 * planned -> confirmed -> in progress -> completed, one step at a time; cancelled from any status
 * but completed. Completed and cancelled are final.
 */
const TRIP_MOVES: Readonly<Record<TripStatus, readonly TripStatus[]>> = {
  planned: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** The statuses a trip in `from` may move to. */
export function nextTripStatuses(from: TripStatus): readonly TripStatus[] {
  return TRIP_MOVES[from] ?? [];
}

/** True when a trip may move from `from` to `to` (staying where it is counts as no move). */
export function canMoveTrip(from: TripStatus, to: TripStatus): boolean {
  return from === to || nextTripStatuses(from).includes(to);
}

/**
 * How a trip's tourists fly (the readiness of each): there and back (every tourist needs a
 * flight out and one home), one way (one flight is enough), or not at all (a trip by road, or
 * tourists who book their own flights).
 */
export const TRIP_FLIGHTS = {
  round_trip: { label: 'Туда и обратно' },
  one_way: { label: 'В одну сторону' },
  none: { label: 'Без перелёта' },
} as const;

export type TripFlights = keyof typeof TRIP_FLIGHTS;
export const TRIP_FLIGHTS_LIST = Object.keys(TRIP_FLIGHTS) as TripFlights[];

/** A participant's statuses. A cancelled participant keeps its record and frees its seat. */
export const PARTICIPANT_STATUSES = {
  booked: { label: 'Забронирован' },
  confirmed: { label: 'Подтверждён' },
  cancelled: { label: 'Отменён' },
} as const;

export type ParticipantStatus = keyof typeof PARTICIPANT_STATUSES;
export const PARTICIPANT_STATUS_LIST = Object.keys(PARTICIPANT_STATUSES) as ParticipantStatus[];

/** Where a request came from. */
export const REQUEST_SOURCES = {
  site: { label: 'Сайт' },
  phone: { label: 'Телефон' },
  agent: { label: 'Агент' },
  office: { label: 'Офис' },
} as const;

export type RequestSource = keyof typeof REQUEST_SOURCES;
export const REQUEST_SOURCE_LIST = Object.keys(REQUEST_SOURCES) as RequestSource[];

/**
 * A request's statuses, in the order of the list's tabs: `label` names a tab (plural), `one` one
 * request's status (its tag, its history).
 */
export const REQUEST_STATUSES = {
  new: { label: 'Новые', one: 'Новая' },
  in_work: { label: 'В работе', one: 'В работе' },
  converted: { label: 'Оформлены', one: 'Оформлена' },
  rejected: { label: 'Отклонены', one: 'Отклонена' },
} as const;

export type RequestStatus = keyof typeof REQUEST_STATUSES;
export const REQUEST_STATUS_LIST = Object.keys(REQUEST_STATUSES) as RequestStatus[];

/**
 * new -> in work; new or in work -> rejected (with a reason); a rejected request can be taken
 * back into work. Converted is reached only by converting the request into participants of a
 * trip (from new or in work), and is final.
 */
const REQUEST_MOVES: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  new: ['in_work', 'rejected'],
  in_work: ['rejected'],
  converted: [],
  rejected: ['in_work'],
};

/** The statuses a request in `from` may be moved to by hand (conversion aside). */
export function nextRequestStatuses(from: RequestStatus): readonly RequestStatus[] {
  return REQUEST_MOVES[from] ?? [];
}

/** True when a request in `status` can still be converted into participants. */
export function canConvertRequest(status: RequestStatus): boolean {
  return status === 'new' || status === 'in_work';
}

/** The adults (and, apart, the children) a request names, as the server takes them. */
export const REQUEST_PEOPLE = { min: 0, max: 100 } as const;

/** A trip's seats, as the server takes them: the trip form says so before sending. */
export const TRIP_SEATS = { min: 1, max: 10000 } as const;

/** A prepared tour's key: lowercase Latin letters and digits in dash-separated words. */
export const TOUR_KEY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const TOUR_KEY_MAX_LENGTH = 100;

/** «Памятка туристу» of a prepared tour: plain text, about four printed pages (migration tour-memo). */
export const TOUR_MEMO_MAX_LENGTH = 10000;

/**
 * The key suggested for a prepared tour's title: transliterated to Latin, lowercase, words joined
 * by dashes (`Золотое кольцо Японии` -> `zolotoe-kolco-yaponii`); '' when nothing is left.
 */
export function suggestTourKey(title: string): string {
  return slugify(title, { lower: true, strict: true, locale: 'ru', trim: true })
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, TOUR_KEY_MAX_LENGTH)
    .replace(/-$/, '');
}

/** What nearestTrip reads of a tourist's participation (GET /admin/user/{id}/trips). */
export interface TripParticipation {
  trip_id: number;
  /** The participation's status. */
  status: ParticipantStatus;
  trip_status: TripStatus;
  starts_on: string;
  ends_on: string;
}

/** Neither the trip nor the tourist's place on it is cancelled. */
export function isActiveParticipation(trip: TripParticipation): boolean {
  return trip.status !== 'cancelled' && trip.trip_status !== 'cancelled';
}

/**
 * The trip a tourist's documents are about by default: the nearest one that has not ended by
 * `today` (YYYY-MM-DD), neither it nor the participation cancelled; null when there is none.
 */
export function nearestTrip<T extends TripParticipation>(
  trips: readonly T[],
  today: string,
): T | null {
  return (
    trips
      .filter((trip) => isActiveParticipation(trip) && trip.ends_on >= today)
      .sort((a, b) => a.starts_on.localeCompare(b.starts_on) || a.trip_id - b.trip_id)[0] ?? null
  );
}

/** The role whose holders sell trips: a trip one of them makes is its own unless it says otherwise. */
export const TRIP_SELLER_ROLE_EXPRESSION = 'sales_manager';

/**
 * The manager a new trip gets when none is chosen (issue 29): the sales manager who makes it;
 * nobody's when someone else does (an administrator chooses). The API and the trip form agree.
 */
export function defaultTripManager(
  userId: number | null,
  permissionData: MaybePermissionData,
): number | null {
  return userId !== null && is(TRIP_SELLER_ROLE_EXPRESSION, permissionData) ? userId : null;
}
