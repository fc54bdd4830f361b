import {
  can,
  canMoveTrip,
  defaultTripManager,
  formatAmount,
  fromMinorUnits,
  is,
  STAFF_ROLE_EXPRESSION,
  TRIP_STATUSES,
  type Currency,
  type ParticipantStatus,
  type TripStatus,
} from '@tour/core';
import type { Db } from '../../db/database';
import type { ItineraryDay } from '../../db/schema';
import { priceMinorOf } from '../../lib/amount';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError, type UniqueFields } from '../../lib/http-errors';
import { paginate } from '@tour/core/contract/common';
import { addPayment } from '../accounting/service';
import type { PaymentBody } from '@tour/core/contract/accounting';
import { changedFields, recordChanges, type Change } from '../history/service';
import * as tours from '../tours/repository';
import * as users from '../users/user-repository';
import { USER_NOT_FOUND } from '../users/user-service';
import { userScope, type ScopeViewer } from '../users/user-scope';
import { mayPutOnTrip } from '../users/tourist-lookup';
import { addDays, BUSINESS_TIME_ZONE, businessToday } from '../rates/service';
import { dayRatesOf, dueOf, majorNumber, moneyOf, type MovementSum } from './money';
import * as repo from './repository';
import {
  TRIP_LIST_PER_PAGE,
  type CreateTripBody,
  type ParticipantJson,
  type TripExportQuery,
  type TripJson,
  type TripListQuery,
  type UpdateParticipantBody,
  type UserTripJson,
  type UpdateTripBody,
} from '@tour/core/contract/trips';
import { storedCurrency } from '../../lib/currency';

export const TRIP_MESSAGES = {
  notFound: 'Тур не найден',
  required: 'Обязательное поле',
  tourMissing: 'Заготовленный тур не найден',
  tourArchived: 'Этот заготовленный тур в архиве',
  priceRequired: 'Укажите цену и валюту или выберите заготовленный тур',
  endRequired: 'Укажите дату окончания или выберите заготовленный тур',
  managerMissing: 'Менеджер не найден',
  managerNotStaff: 'Менеджером тура может быть только сотрудник',
  seatsBelowTaken: (taken: number) => `Мест не может быть меньше, чем уже занято: ${taken}`,
  currencyLocked: 'Валюту нельзя сменить: у тура уже есть участники',
  statusMove: (from: TripStatus, to: TripStatus) =>
    `Нельзя перевести тур из статуса «${TRIP_STATUSES[from].label}» в «${TRIP_STATUSES[to].label}»`,
  closedTrip: 'Тур завершён или отменён: состав участников больше не меняется',
  noSeats: (seats: number) => `Свободных мест нет: все ${seats} заняты`,
  touristMissing: 'Турист не найден',
  alreadyParticipant: 'Этот турист уже участвует в туре',
  discountAbovePrice: 'Скидка не может быть больше цены',
  participantMissing: 'Участник не найден',
} as const;

export const TRIP_UNIQUE_FIELDS: UniqueFields = {
  trip_participants_unique: ['user_id', TRIP_MESSAGES.alreadyParticipant],
};

const TRIP_HISTORY_FIELDS = [
  'title',
  'country',
  'starts_on',
  'ends_on',
  'status',
  'price',
  'currency',
  'seats',
  'flights',
  'manager_id',
  'itinerary',
  'notes',
] as const satisfies readonly (keyof TripJson)[];

const PARTICIPANT_HISTORY_FIELDS = ['user_id', 'price', 'discount', 'status'] as const;

const major = (minor: number, currency: Currency) => fromMinorUnits(minor, currency);

export function tripJson(
  row: repo.TripWithNames,
  /** In minor units of the trip's currency; null when a payment has no rate to convert it. */
  debt: { minor: number | null; missingRate: boolean },
): TripJson {
  const currency = storedCurrency(row.currency);
  return {
    id: row.id,
    title: row.title,
    prepared_tour_id: row.prepared_tour_id,
    prepared_tour_title: row.prepared_tour_title,
    country: row.country,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status: row.status,
    price: majorNumber(row.price, currency),
    currency,
    seats: row.seats,
    seats_taken: row.seats_taken,
    flights: row.flights,
    manager_id: row.manager_id,
    manager_name: row.manager_name,
    itinerary: row.itinerary,
    notes: row.notes,
    debt: debt.minor === null ? null : majorNumber(debt.minor, currency),
    debt_missing_rates: debt.missingRate,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A trip's debt (DESIGN.md 3b: what its participants still owe of their due, confirmed payments
 * less refunds counted; an overpaid participant does not lower the others' debt). The database
 * adds up what the participants paid as stored on them; those whose payments in another currency
 * changed since (or their days' rates did) are converted here at each day's rate. A payment with
 * no rate for its day leaves the trip's debt unknown, flagged, never converted at 1.
 */
function debtOf(row: repo.TripWithDebt): { minor: number | null; missingRate: boolean } {
  const currency = storedCurrency(row.currency);
  let debt = row.debt_minor;
  let missingRate = row.rate_missing;
  if (!row.mixed) return { minor: missingRate ? null : debt, missingRate };
  const sums: MovementSum[] = [];
  for (const participant of row.mixed) {
    for (const [type, from, day, total] of participant.sums ?? []) {
      sums.push({
        participantId: participant.id,
        type,
        status: 'confirmed',
        currency: from,
        day,
        total,
      });
    }
  }
  const money = moneyOf(sums, currency, dayRatesOf(row.rates).rates, businessToday());
  for (const participant of row.mixed) {
    const { paid = 0, missingRate: noRate = false } = money.get(participant.id) ?? {};
    if (noRate) missingRate = true;
    debt += Math.max(participant.due - paid, 0);
  }
  return { minor: missingRate ? null : debt, missingRate };
}

const withDebt = (row: repo.TripWithDebt) => tripJson(row, debtOf(row));

function filtersOf(viewer: ScopeViewer, query: TripExportQuery): repo.TripFilters {
  return {
    from: query.from,
    to: query.to,
    status: query.status,
    managerId: query.manager_id,
    ownManagerId: query.mine === 1 ? viewer.id : undefined,
    country: query.country?.trim() || undefined,
    search: query.search?.trim() || undefined,
  };
}

/** GET /admin/trips: one page in start-date order, each trip with its seats and debt. */
export async function listTrips(db: Db, viewer: ScopeViewer, query: TripListQuery) {
  const filters = filtersOf(viewer, query);
  const { page = 1, per_page: perPage = TRIP_LIST_PER_PAGE } = query;
  const offset = (page - 1) * perPage;
  const { ids, total } = await repo.pageOfTripIds(db, filters, perPage, offset);
  const rows = await repo.tripsWithDebts(db, ids, BUSINESS_TIME_ZONE);
  return paginate(
    rows.map(withDebt),
    total ?? (offset === 0 ? 0 : await repo.countTrips(db, filters)),
    page,
    perPage,
  );
}

const EXPORT_CHUNK = 500;

/** GET /admin/trips/export: every trip the list's filters find, in the list's order. */
export async function exportedTrips(
  db: Db,
  viewer: ScopeViewer,
  query: TripExportQuery,
): Promise<TripJson[]> {
  const filters = filtersOf(viewer, query);
  const trips: TripJson[] = [];
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const { ids } = await repo.pageOfTripIds(db, filters, EXPORT_CHUNK, offset);
    const rows = await repo.tripsWithDebts(db, ids, BUSINESS_TIME_ZONE);
    trips.push(...rows.map(withDebt));
    if (ids.length < EXPORT_CHUNK) return trips;
  }
}

export async function getTrip(db: Db, id: number): Promise<TripJson> {
  const [row] = await repo.tripsWithDebts(db, [id], BUSINESS_TIME_ZONE);
  if (!row) throw notFound(TRIP_MESSAGES.notFound);
  return withDebt(row);
}

/** 404 unless the trip exists; for calls that need the trip but not its money (its history). */
export async function requireTrip(db: Db, id: number): Promise<void> {
  if (!(await repo.findTrip(db, id))) throw notFound(TRIP_MESSAGES.notFound);
}

export function tripCountries(db: Db): Promise<string[]> {
  return repo.tripCountries(db);
}

async function checkManager(trx: Db, managerId: number | null | undefined, errors: FieldErrors) {
  if (managerId === null || managerId === undefined) return;
  const manager = (await users.usersWithRoles(trx, [managerId])).get(managerId);
  if (!manager || manager.disabled) errors.add('manager_id', TRIP_MESSAGES.managerMissing);
  else if (!is(STAFF_ROLE_EXPRESSION, { roles: manager.roles, permissions: [] })) {
    errors.add('manager_id', TRIP_MESSAGES.managerNotStaff);
  }
}

/** The range in order: a start later than the end is swapped, as the range picker does. */
function ordered(start: string, end: string): [string, string] {
  return start <= end ? [start, end] : [end, start];
}

const trimmedDays = (days: ItineraryDay[]) =>
  days.map((day) => ({ title: day.title.trim(), description: day.description.trim() }));

function checkItinerary(days: ItineraryDay[], errors: FieldErrors): void {
  days.forEach((day, index) => {
    if (!day.title) errors.add(`itinerary.${index}.title`, 'Укажите название дня');
  });
}

async function reread(trx: Db, id: number): Promise<TripJson> {
  const [row] = await repo.tripsWithDebts(trx, [id], BUSINESS_TIME_ZONE);
  if (!row) throw new Error(`Тур ${id} пропал внутри своей транзакции`);
  return withDebt(row);
}

const tripChange = (
  id: number,
  action: string,
  changes: Change['changes'],
  viewer: ScopeViewer,
): Change => ({
  record: { type: 'trip', id },
  entity: { type: 'trip', id },
  action,
  changes,
  userId: viewer.id,
});

/** POST /admin/trips: blank, or from a prepared tour whose fields fill what is not given. */
export async function createTrip(
  trx: Db,
  viewer: ScopeViewer,
  body: CreateTripBody,
): Promise<TripJson> {
  const errors = new FieldErrors();
  let tour: tours.TourWithUse | undefined;
  if (body.prepared_tour_id) {
    tour = await tours.findTour(trx, body.prepared_tour_id);
    if (!tour) errors.add('prepared_tour_id', TRIP_MESSAGES.tourMissing);
    else if (tour.archived_at) errors.add('prepared_tour_id', TRIP_MESSAGES.tourArchived);
  }
  const title = body.title?.trim() || tour?.title || '';
  if (!title) errors.add('title', TRIP_MESSAGES.required);
  const currency: Currency | undefined =
    body.currency ?? (tour ? storedCurrency(tour.currency) : undefined);
  let price: number | undefined;
  if (body.price !== undefined && currency) {
    const parsed = priceMinorOf(body.price, currency);
    if (typeof parsed === 'number') price = parsed;
    else errors.add('price', parsed.error);
  } else if (tour && currency === tour.currency) {
    price = tour.base_price;
  } else {
    errors.add(body.price === undefined ? 'price' : 'currency', TRIP_MESSAGES.priceRequired);
  }
  let endsOn = body.ends_on;
  if (!endsOn && tour) endsOn = addDays(body.starts_on, tour.days - 1);
  if (!endsOn) errors.add('ends_on', TRIP_MESSAGES.endRequired);
  const itinerary = trimmedDays(body.itinerary ?? tour?.itinerary ?? []);
  checkItinerary(itinerary, errors);
  // Not chosen: the sales manager who makes it (null chooses nobody).
  const managerId =
    body.manager_id === undefined ? defaultTripManager(viewer.id, viewer) : body.manager_id;
  await checkManager(trx, managerId, errors);
  errors.throwIfAny();

  const [startsOn, end] = ordered(body.starts_on, endsOn!);
  const id = await repo.insertTrip(trx, {
    title,
    prepared_tour_id: tour?.id ?? null,
    country: body.country === undefined ? (tour?.country ?? null) : body.country?.trim() || null,
    starts_on: startsOn,
    ends_on: end,
    status: 'planned',
    price: price!,
    currency: currency!,
    seats: body.seats,
    flights: body.flights ?? 'round_trip',
    manager_id: managerId,
    itinerary: JSON.stringify(itinerary),
    notes: body.notes?.trim() || null,
  });
  const after = await reread(trx, id);
  await recordChanges(trx, [
    tripChange(id, 'created', changedFields(null, after, TRIP_HISTORY_FIELDS), viewer),
  ]);
  return after;
}

async function lockTripOr404(trx: Db, id: number) {
  const row = await repo.lockTrip(trx, id);
  if (!row) throw notFound(TRIP_MESSAGES.notFound);
  return row;
}

/** PUT /admin/trip/:id: the trip's own fields, under its row lock. */
export async function updateTrip(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  body: UpdateTripBody,
): Promise<TripJson> {
  const locked = await lockTripOr404(trx, id);
  const before = await reread(trx, id);
  const errors = new FieldErrors();
  const title = body.title.trim();
  if (!title) errors.add('title', TRIP_MESSAGES.required);
  const price = priceMinorOf(body.price, body.currency);
  if (typeof price !== 'number') errors.add('price', price.error);
  if (body.seats < locked.seats_taken) {
    errors.add('seats', TRIP_MESSAGES.seatsBelowTaken(locked.seats_taken));
  }
  if (body.currency !== locked.currency) {
    if (await repo.hasParticipants(trx, id)) errors.add('currency', TRIP_MESSAGES.currencyLocked);
  }
  const itinerary = trimmedDays(body.itinerary);
  checkItinerary(itinerary, errors);
  await checkManager(trx, body.manager_id, errors);
  errors.throwIfAny();

  const [startsOn, endsOn] = ordered(body.starts_on, body.ends_on);
  await repo.updateTrip(trx, id, {
    title,
    country: body.country?.trim() || null,
    starts_on: startsOn,
    ends_on: endsOn,
    price: price as number,
    currency: body.currency,
    seats: body.seats,
    // Absent: as it was (a caller that does not know the mark keeps it).
    ...(body.flights ? { flights: body.flights } : {}),
    manager_id: body.manager_id,
    itinerary: JSON.stringify(itinerary),
    notes: body.notes?.trim() || null,
  });
  const after = await reread(trx, id);
  await recordChanges(trx, [
    tripChange(id, 'updated', changedFields(before, after, TRIP_HISTORY_FIELDS), viewer),
  ]);
  return after;
}

const takesSeat = (status: ParticipantStatus) => status !== 'cancelled';

const participantChange = (
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

/** POST /admin/trip/:id/status: one step of the flow, or cancelled from any status but completed. */
export async function moveTrip(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  status: TripStatus,
): Promise<TripJson> {
  const locked = await lockTripOr404(trx, id);
  if (!canMoveTrip(locked.status, status)) {
    const message = TRIP_MESSAGES.statusMove(locked.status, status);
    throw validationError({ status: [message] }, message);
  }
  if (locked.status !== status) {
    await repo.updateTrip(trx, id, { status });
    const changes = [
      tripChange(id, 'status', [{ field: 'status', old: locked.status, new: status }], viewer),
    ];
    // Nobody travels on a cancelled trip: its participants are cancelled with it, so they owe
    // nothing more and what they paid shows as overpaid (to refund), each change on record.
    if (status === 'cancelled') {
      const active = (await repo.participantsOf(trx, [id])).filter((p) => takesSeat(p.status));
      for (const participant of active) {
        await repo.updateParticipant(trx, participant.id, { status: 'cancelled' });
        changes.push(
          participantChange(
            id,
            participant.id,
            'updated',
            [{ field: 'status', old: participant.status, new: 'cancelled' }],
            viewer,
          ),
        );
      }
      if (active.length > 0) await repo.moveSeatsTaken(trx, id, -active.length);
    }
    await recordChanges(trx, changes);
  }
  return reread(trx, id);
}

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

/**
 * GET /admin/user/:id/trips: the trips the user takes part in, latest first (cancelled
 * participations too), each with its due, paid, expected and debt in the trip's currency as the
 * trip's summary counts them (DESIGN.md 3b). A user out of the viewer's reach is 404, as
 * GET /admin/user/:id.
 */
export async function userTrips(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
): Promise<UserTripJson[]> {
  if (!(await users.findUserInScope(db, userScope(viewer), userId))) {
    throw notFound(USER_NOT_FOUND);
  }
  const today = businessToday();
  const row = await repo.participationsOfUser(db, userId, BUSINESS_TIME_ZONE, today);
  const rates = dayRatesOf(row.rates).rates;
  const sums: MovementSum[] = (row.sums ?? []).map(
    ([participantId, type, status, from, day, total]) => ({
      participantId,
      type,
      status,
      currency: from,
      day,
      total,
    }),
  );
  return (row.participations ?? []).map((participation) => {
    const currency = storedCurrency(participation.currency);
    const own = sums.filter((sum) => sum.participantId === participation.id);
    const { paid, expected, missingRate } = moneyOf(own, currency, rates, today).get(
      participation.id,
    ) ?? { paid: 0, expected: 0, missingRate: false };
    const due = dueOf(participation);
    return {
      participant_id: participation.id,
      status: participation.status,
      trip_id: participation.trip_id,
      title: participation.title,
      starts_on: participation.starts_on,
      ends_on: participation.ends_on,
      trip_status: participation.trip_status,
      currency,
      due: majorNumber(due, currency),
      paid: majorNumber(paid, currency),
      expected: majorNumber(expected, currency),
      debt: majorNumber(due - paid, currency),
      missing_rate: missingRate,
    };
  });
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

/**
 * Whether a new income of `amountMinor` (in `currency`) for a participant is an overpayment
 * (DESIGN.md 3b): its paid, what it is expected to pay (pending) and this payment, in the trip's
 * currency (other currencies at today's rates), would exceed its due. The Russian reason, or
 * null when it is not one, or when a missing rate leaves it unknown (the trip is flagged anyway).
 */
export async function participantOverpayment(
  db: Db,
  tripId: number,
  participantId: number,
  amountMinor: number,
  currency: Currency,
): Promise<string | null> {
  const today = businessToday();
  const row = await repo.tripForSummary(db, tripId, BUSINESS_TIME_ZONE, today);
  const participant = row?.participants?.find((p) => p.id === participantId);
  if (!row || !participant) return null;
  const tripCurrency = storedCurrency(row.currency);
  const sums: MovementSum[] = (row.sums ?? [])
    .filter(([id]) => id === participantId)
    .map(([id, type, status, from, day, total]) => ({
      participantId: id,
      type,
      status,
      currency: from,
      day,
      total,
    }));
  const before = moneyOf(sums, tripCurrency, dayRatesOf(row.rates).rates, today).get(
    participantId,
  ) ?? { paid: 0, expected: 0, missingRate: false };
  const after = moneyOf(
    [
      ...sums,
      { participantId, type: 'income', status: 'pending', currency, day: null, total: amountMinor },
    ],
    tripCurrency,
    dayRatesOf(row.rates).rates,
    today,
  ).get(participantId)!;
  if (after.missingRate) return null;
  const due = dueOf(participant);
  const over = after.paid + after.expected - due;
  if (over <= 0) return null;
  const money = (minor: number) => formatAmount(majorNumber(minor, tripCurrency), tripCurrency);
  return (
    `Переплата: к оплате ${money(due)}, оплачено ${money(before.paid)}, ожидает ` +
    `подтверждения ${money(before.expected)}; с этим платежом — на ${money(over)} больше. ` +
    'Подтвердите, что это переплата.'
  );
}

/**
 * POST /admin/trip/:id/participant/:participantId/payments: a pending income of the participant,
 * linked to the trip and the participant, into the company wallet where the money arrived,
 * through the one payment service (and so recordMovement, with its Idempotency-Key); an
 * overpayment only when the body says so.
 */
export async function addParticipantPayment(
  trx: Db,
  viewer: ScopeViewer,
  request: { tripId: number; participantId: number; body: PaymentBody; idempotencyKey: string },
) {
  const participant = await repo.findParticipant(trx, request.tripId, request.participantId);
  if (!participant) throw notFound(TRIP_MESSAGES.participantMissing);
  return addPayment(trx, {
    viewer,
    userId: participant.user_id,
    body: request.body,
    idempotencyKey: request.idempotencyKey,
    participant: {
      tripId: request.tripId,
      participantId: participant.id,
      overpaymentOf: (amountMinor, currency) =>
        participantOverpayment(trx, request.tripId, participant.id, amountMinor, currency),
    },
  });
}
