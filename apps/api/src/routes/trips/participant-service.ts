import { can, fromMinorUnits, type Currency, type ParticipantStatus } from '@tour/core';
import type { Db } from '../../db/database';
import { priceMinorOf } from '../../lib/amount';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError } from '../../lib/http-errors';
import { changedFields, recordChanges, type Change } from '../../domain/history';
import * as users from '../users/user-service';
import type { ScopeViewer } from '../../domain/reach';
import { mayPutOnTrip } from '../users/user-service';
import * as repo from './repository';
import type { ParticipantJson, UpdateParticipantBody } from '@tour/core/contract/trips';
import { storedCurrency } from '../../lib/currency';
import { TRIP_MESSAGES } from './trip-messages';
import { lockTripOr404 } from './trip-service';

const PARTICIPANT_HISTORY_FIELDS = ['user_id', 'price', 'discount', 'status'] as const;

const major = (minor: number, currency: Currency) => fromMinorUnits(minor, currency);

export const takesSeat = (status: ParticipantStatus) => status !== 'cancelled';

export const participantChange = (
  tripId: number,
  participantId: number,
  action: string,
  changes: Change['changes'],
  viewer: ScopeViewer,
): Change => ({
  record: { type: 'trip', id: tripId },
  entity: { type: 'participant', id: participantId },
  action,
  changes,
  userId: viewer.id,
});

function participantJson(row: repo.ParticipantWithUser, currency: Currency): ParticipantJson {
  return {
    id: row.id,
    trip_id: row.trip_id,
    user_id: row.user_id,
    full_name: row.full_name,
    phone: row.phone,
    email: row.email,
    price: major(row.price, currency),
    discount: major(row.discount, currency),
    status: row.status,
    request_id: row.request_id,
    created_at: row.created_at.toISOString(),
  };
}

/** GET /admin/trip/:id/participants: all of them, cancelled ones too, in the order added. */
export async function tripParticipants(db: Db, id: number): Promise<ParticipantJson[]> {
  const trip = await repo.findTrip(db, id);
  if (!trip) throw notFound(TRIP_MESSAGES.notFound);
  const currency = storedCurrency(trip.currency);
  return (await repo.participantsOf(db, [id])).map((row) => participantJson(row, currency));
}

function priceAndDiscount(
  price: number | string | undefined,
  discount: number | string | undefined,
  currency: Currency,
  defaultPrice: number,
  errors: FieldErrors,
) {
  const priceMinor = price === undefined ? defaultPrice : priceMinorOf(price, currency);
  const discountMinor = discount === undefined ? 0 : priceMinorOf(discount, currency);
  if (typeof priceMinor !== 'number') errors.add('price', priceMinor.error);
  if (typeof discountMinor !== 'number') errors.add('discount', discountMinor.error);
  if (
    typeof priceMinor === 'number' &&
    typeof discountMinor === 'number' &&
    discountMinor > priceMinor
  ) {
    errors.add('discount', TRIP_MESSAGES.discountAbovePrice);
  }
  return { price: priceMinor as number, discount: discountMinor as number };
}

export interface NewParticipant {
  userId: number;
  price?: number | string;
  discount?: number | string;
  status?: ParticipantStatus;
  requestId?: number | null;
  /** The exact phone, email or passport number another manager's client was found by. */
  foundBy?: string;
}

/**
 * Adds a tourist to a trip, inside the caller's transaction and under the trip's row lock, so
 * concurrent adds take the seats one at a time and the last seat goes once. Requests convert
 * through here too.
 */
export async function addParticipant(
  trx: Db,
  viewer: ScopeViewer,
  tripId: number,
  input: NewParticipant,
  options: {
    /** Prefixes the fields of the errors (a conversion names its traveller). */
    fieldPrefix?: string;
    /** The tourist was matched by its own phone or email (a request): any user, not only in reach. */
    matchedByContact?: boolean;
  } = {},
): Promise<number> {
  const trip = await lockTripOr404(trx, tripId);
  const currency = storedCurrency(trip.currency);
  const errors = new FieldErrors();
  const field = (name: string) => `${options.fieldPrefix ?? ''}${name}`;
  if (trip.status === 'completed' || trip.status === 'cancelled') {
    throw validationError(
      { [field('user_id')]: [TRIP_MESSAGES.closedTrip] },
      TRIP_MESSAGES.closedTrip,
    );
  }
  const tourist = await users.clientForTrip(trx, input.userId);
  if (!tourist || !(options.matchedByContact || mayPutOnTrip(viewer, tourist, input.foundBy))) {
    errors.add(field('user_id'), TRIP_MESSAGES.touristMissing);
  } else if (await repo.participantOfUser(trx, tripId, input.userId)) {
    errors.add(field('user_id'), TRIP_MESSAGES.alreadyParticipant);
  }
  const status = input.status ?? 'booked';
  if (takesSeat(status) && trip.seats_taken >= trip.seats) {
    errors.add(field('user_id'), TRIP_MESSAGES.noSeats(trip.seats));
  }
  const moneyErrors = new FieldErrors();
  const money = priceAndDiscount(input.price, input.discount, currency, trip.price, moneyErrors);
  for (const [name, messages] of Object.entries(moneyErrors.errors)) {
    for (const message of messages) errors.add(field(name), message);
  }
  if (!errors.empty) {
    const first = Object.values(errors.errors)[0]![0]!;
    throw validationError(errors.errors, errors.has(field('user_id')) ? first : undefined);
  }

  const id = await repo.insertParticipant(trx, {
    trip_id: tripId,
    user_id: input.userId,
    price: money.price,
    discount: money.discount,
    status,
    request_id: input.requestId ?? null,
  });
  if (takesSeat(status)) await repo.moveSeatsTaken(trx, tripId, 1);
  const changes: Change[] = [
    participantChange(
      tripId,
      id,
      'created',
      changedFields(
        null,
        {
          user_id: input.userId,
          price: major(money.price, currency),
          discount: major(money.discount, currency),
          status,
        },
        PARTICIPANT_HISTORY_FIELDS,
      ),
      viewer,
    ),
    // The tourist's own История: who put it on which trip.
    {
      record: { type: 'user', id: input.userId },
      entity: { type: 'participant', id },
      action: 'added_to_trip',
      changes: [{ field: 'trip_id', old: null, new: tripId }],
      userId: viewer.id,
    },
  ];
  // An unassigned client put on a trip is taken up: by whoever put it there, who works with it
  // from now on (its card, payments, documents); one who sees every user leaves it to the trip's
  // manager.
  const taker = can('see_all_users', viewer) ? trip.manager_id : viewer.id;
  if (
    tourist!.is_client &&
    tourist!.manager_id === null &&
    taker !== null &&
    taker !== input.userId &&
    (await users.takeUnassigned(trx, input.userId, taker))
  ) {
    changes.push({
      record: { type: 'user', id: input.userId },
      entity: { type: 'user', id: input.userId },
      action: 'updated',
      changes: [{ field: 'manager_id', old: null, new: taker }],
      userId: viewer.id,
    });
  }
  await recordChanges(trx, changes);
  return id;
}

export async function participantAnswer(
  db: Db,
  tripId: number,
  id: number,
): Promise<ParticipantJson> {
  const trip = await repo.findTrip(db, tripId);
  const row = (await repo.participantsOf(db, [tripId])).find((p) => p.id === id);
  if (!trip || !row) throw new Error(`Участник ${id} пропал внутри своей транзакции`);
  return participantJson(row, storedCurrency(trip.currency));
}

/** PUT /admin/trip/:id/participant/:participantId: price, discount and status. */
export async function updateParticipant(
  trx: Db,
  viewer: ScopeViewer,
  tripId: number,
  participantId: number,
  body: UpdateParticipantBody,
): Promise<ParticipantJson> {
  const trip = await lockTripOr404(trx, tripId);
  const before = await repo.findParticipant(trx, tripId, participantId, { forUpdate: true });
  if (!before) throw notFound(TRIP_MESSAGES.participantMissing);
  const currency = storedCurrency(trip.currency);
  const errors = new FieldErrors();
  const money = priceAndDiscount(body.price, body.discount, currency, before.price, errors);
  const seatDelta = Number(takesSeat(body.status)) - Number(takesSeat(before.status));
  if (seatDelta > 0 && (trip.status === 'completed' || trip.status === 'cancelled')) {
    errors.add('status', TRIP_MESSAGES.closedTrip);
  } else if (seatDelta > 0 && trip.seats_taken >= trip.seats) {
    errors.add('status', TRIP_MESSAGES.noSeats(trip.seats));
  }
  errors.throwIfAny();

  await repo.updateParticipant(trx, participantId, { ...money, status: body.status });
  if (seatDelta !== 0) await repo.moveSeatsTaken(trx, tripId, seatDelta);
  const asJson = (row: { user_id: number; price: number; discount: number; status: string }) => ({
    user_id: row.user_id,
    price: major(row.price, currency),
    discount: major(row.discount, currency),
    status: row.status,
  });
  await recordChanges(trx, [
    participantChange(
      tripId,
      participantId,
      'updated',
      changedFields(
        asJson(before),
        asJson({ ...before, ...money, status: body.status }),
        PARTICIPANT_HISTORY_FIELDS,
      ),
      viewer,
    ),
  ]);
  return participantAnswer(trx, tripId, participantId);
}
