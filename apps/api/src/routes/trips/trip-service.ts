import { defaultTripManager, is, STAFF_ROLE_EXPRESSION, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import type { ItineraryDay } from '../../db/schema';
import { priceMinorOf } from '../../lib/amount';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError } from '../../lib/http-errors';
import { paginate } from '@tour/core/contract/common';
import { changedFields, recordChanges, type Change } from '../../domain/history';
import * as tours from '../tours/service';
import * as users from '../users/user-service';
import type { ScopeViewer } from '../../domain/reach';
import { addDays, BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { dayRatesOf, majorNumber, moneyOf, type MovementSum } from '../../domain/money';
import * as repo from './repository';
import {
  TRIP_LIST_PER_PAGE,
  type CreateTripBody,
  type TripExportQuery,
  type TripJson,
  type TripListQuery,
  type UpdateTripBody,
} from '@tour/core/contract/trips';
import { storedCurrency } from '../../lib/currency';
import { TRIP_MESSAGES } from './trip-messages';

// Requests and reports name a trip's refusals as the trips module does.
export { TRIP_MESSAGES, TRIP_UNIQUE_FIELDS } from './trip-messages';

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

export async function reread(trx: Db, id: number): Promise<TripJson> {
  const [row] = await repo.tripsWithDebts(trx, [id], BUSINESS_TIME_ZONE);
  if (!row) throw new Error(`Тур ${id} пропал внутри своей транзакции`);
  return withDebt(row);
}

export const tripChange = (
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

export async function lockTripOr404(trx: Db, id: number) {
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

/**
 * A costing's price per person applied to the trip (POST /admin/costing/:id/apply), under the
 * trip's row lock, with its history; another currency only while the trip has no participants.
 */
export async function setTripPrice(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  price: number,
  currency: Currency,
): Promise<TripJson> {
  const locked = await lockTripOr404(trx, id);
  if (currency !== locked.currency && (await repo.hasParticipants(trx, id))) {
    throw validationError({ currency: [TRIP_MESSAGES.currencyLocked] });
  }
  const before = await reread(trx, id);
  await repo.updateTrip(trx, id, { price, currency });
  const after = await reread(trx, id);
  await recordChanges(trx, [
    tripChange(id, 'updated', changedFields(before, after, TRIP_HISTORY_FIELDS), viewer),
  ]);
  return after;
}
