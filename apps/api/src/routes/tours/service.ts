import Big from 'big.js';
import { fromMinorUnits, TOUR_KEY_PATTERN } from '@tour/core';
import type { Db } from '../../db/database';
import { priceMinorOf } from '../../lib/amount';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError, type UniqueFields } from '../../lib/http-errors';
import { paged } from '../../lib/paging';
import { changedFields, recordChanges } from '../../domain/history';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';

// A trip made from a prepared tour reads it through this service.
export { findTour, type TourWithUse } from './repository';
import {
  TOUR_LIST_PER_PAGE,
  type SaveTourBody,
  type TourJson,
  type TourListQuery,
} from '@tour/core/contract/tours';
import { storedCurrency } from '../../lib/currency';

export const TOUR_MESSAGES = {
  notFound: 'Заготовленный тур не найден',
  required: 'Обязательное поле',
  keyFormat: 'Ключ: строчные латинские буквы, цифры и дефисы между словами, например zolotoe-kolco',
  keyTaken: 'Этот ключ уже занят другим заготовленным туром',
  daysFollowItinerary: (days: number) => `Число дней должно совпадать с программой: ${days}`,
  agentTermsBoth: 'Укажите либо цену для агентов, либо комиссию, не обе',
  commissionDecimals: 'Комиссия: не больше 2 знаков после запятой',
  dayTitle: 'Укажите название дня',
  usedByTrips: 'Из этого тура уже сделаны туры: его можно только отправить в архив',
} as const;

export const TOUR_UNIQUE_FIELDS: UniqueFields = {
  prepared_tours_key_unique: ['key', TOUR_MESSAGES.keyTaken],
};

/** The fields a prepared tour's history follows, in the form's order. */
const HISTORY_FIELDS = [
  'title',
  'key',
  'country',
  'cities',
  'days',
  'itinerary',
  'included',
  'not_included',
  'base_price',
  'currency',
  'agent_price',
  'agent_commission',
  'published',
  'memo',
] as const satisfies readonly (keyof TourJson)[];

export function tourJson(row: repo.TourWithUse): TourJson {
  const currency = storedCurrency(row.currency);
  return {
    id: row.id,
    title: row.title,
    key: row.key,
    country: row.country,
    cities: row.cities,
    days: row.days,
    itinerary: row.itinerary,
    included: row.included,
    not_included: row.not_included,
    base_price: fromMinorUnits(row.base_price, currency),
    currency,
    agent_price: row.agent_price === null ? null : fromMinorUnits(row.agent_price, currency),
    agent_commission: row.agent_commission === null ? null : Number(row.agent_commission),
    published: row.published,
    memo: row.memo,
    archived_at: row.archived_at?.toISOString() ?? null,
    trips_count: row.trips_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET /admin/tours: one page, newest first. */
export function listTours(db: Db, query: TourListQuery) {
  const filters: repo.TourFilters = {
    search: query.search?.trim() || undefined,
    country: query.country?.trim() || undefined,
    published: query.published === undefined ? undefined : query.published === 1,
    archived: query.archived === 1,
  };
  return paged(
    query,
    TOUR_LIST_PER_PAGE,
    (limit, offset) => repo.pageOfTours(db, filters, limit, offset),
    () => repo.countTours(db, filters),
    tourJson,
  );
}

export async function getTour(db: Db, id: number): Promise<TourJson> {
  const row = await repo.findTour(db, id);
  if (!row) throw notFound(TOUR_MESSAGES.notFound);
  return tourJson(row);
}

/** The lines of a list field: trimmed, empty ones dropped. */
const lines = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);

/** The body checked and turned into the row's values, or a 422 with every field's message. */
export async function tourValues(trx: Db, body: SaveTourBody, id: number | null) {
  const errors = new FieldErrors();
  const title = body.title.trim();
  const country = body.country.trim();
  const key = body.key.trim();
  if (!title) errors.add('title', TOUR_MESSAGES.required);
  if (!country) errors.add('country', TOUR_MESSAGES.required);
  if (!TOUR_KEY_PATTERN.test(key)) errors.add('key', TOUR_MESSAGES.keyFormat);
  else if (await repo.keyTaken(trx, key, id)) errors.add('key', TOUR_MESSAGES.keyTaken);

  const itinerary = body.itinerary.map((day) => ({
    title: day.title.trim(),
    description: day.description.trim(),
  }));
  itinerary.forEach((day, index) => {
    if (!day.title) errors.add(`itinerary.${index}.title`, TOUR_MESSAGES.dayTitle);
  });
  if (itinerary.length > 0 && body.days !== itinerary.length) {
    errors.add('days', TOUR_MESSAGES.daysFollowItinerary(itinerary.length));
  }

  const currency = body.currency;
  const basePrice = priceMinorOf(body.base_price, currency);
  if (typeof basePrice !== 'number') errors.add('base_price', basePrice.error);
  const agentPrice =
    body.agent_price === undefined || body.agent_price === null
      ? null
      : priceMinorOf(body.agent_price, currency);
  if (agentPrice !== null && typeof agentPrice !== 'number') {
    errors.add('agent_price', agentPrice.error);
  }
  const commission = body.agent_commission ?? null;
  if (commission !== null && !new Big(commission).times(100).mod(1).eq(0)) {
    errors.add('agent_commission', TOUR_MESSAGES.commissionDecimals);
  }
  if (agentPrice !== null && commission !== null) {
    errors.add('agent_price', TOUR_MESSAGES.agentTermsBoth);
    errors.add('agent_commission', TOUR_MESSAGES.agentTermsBoth);
  }
  errors.throwIfAny();

  return {
    title,
    key,
    country,
    cities: lines(body.cities),
    days: body.days,
    itinerary: JSON.stringify(itinerary),
    included: lines(body.included),
    not_included: lines(body.not_included),
    base_price: basePrice as number,
    currency,
    agent_price: agentPrice as number | null,
    agent_commission: commission === null ? null : new Big(commission).toFixed(2),
    published: body.published,
    // Not sent: the memo stays as it was (a client that does not know it never erases it).
    ...(body.memo === undefined ? {} : { memo: memoOf(body.memo) }),
  };
}

/** The memo as kept: its lines' trailing spaces dropped, blank lines at its ends too; '' is null. */
function memoOf(memo: string | null): string | null {
  const text = (memo ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  return text === '' ? null : text;
}

async function lockTour(trx: Db, id: number): Promise<repo.TourWithUse> {
  const row = await repo.findTour(trx, id, { forUpdate: true });
  if (!row) throw notFound(TOUR_MESSAGES.notFound);
  return row;
}

async function reread(trx: Db, id: number): Promise<TourJson> {
  const row = await repo.findTour(trx, id);
  if (!row) throw new Error(`Заготовленный тур ${id} пропал внутри своей транзакции`);
  return tourJson(row);
}

/** POST /admin/tours (id null) and PUT /admin/tour/:id, with the change in the history. */
export async function saveTour(
  trx: Db,
  viewer: ScopeViewer,
  id: number | null,
  body: SaveTourBody,
): Promise<TourJson> {
  const before = id === null ? null : tourJson(await lockTour(trx, id));
  const values = await tourValues(trx, body, id);
  const savedId = id ?? (await repo.insertTour(trx, values));
  if (id !== null) await repo.updateTour(trx, id, values);
  const after = await reread(trx, savedId);
  await recordChanges(trx, [
    {
      record: { type: 'prepared_tour', id: savedId },
      entity: { type: 'prepared_tour', id: savedId },
      action: before ? 'updated' : 'created',
      changes: changedFields(before, after, HISTORY_FIELDS),
      userId: viewer.id,
    },
  ]);
  return after;
}

/** POST /admin/tour/:id/archive and /restore: out of the lists and pickers, or back. */
export async function archiveTour(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  archived: boolean,
): Promise<TourJson> {
  const before = await lockTour(trx, id);
  if ((before.archived_at !== null) !== archived) {
    await repo.setArchived(trx, id, archived);
    await recordChanges(trx, [
      {
        record: { type: 'prepared_tour', id },
        entity: { type: 'prepared_tour', id },
        action: archived ? 'archived' : 'restored',
        changes: [],
        userId: viewer.id,
      },
    ]);
  }
  return reread(trx, id);
}

/** DELETE /admin/tour/:id: only a tour no trip was made from; one that was is archived instead. */
export async function deleteTour(trx: Db, viewer: ScopeViewer, id: number): Promise<void> {
  await lockTour(trx, id);
  // Counted after the lock, in a statement of its own: it sees a trip committed while we waited.
  if ((await repo.countTripsOfTour(trx, id)) > 0) {
    throw validationError({ id: [TOUR_MESSAGES.usedByTrips] }, TOUR_MESSAGES.usedByTrips);
  }
  await repo.deleteTour(trx, id);
  await recordChanges(trx, [
    {
      record: { type: 'prepared_tour', id },
      entity: { type: 'prepared_tour', id },
      action: 'deleted',
      changes: [],
      userId: viewer.id,
    },
  ]);
}

/** GET /admin/tours/countries: the countries of the prepared tours, for the list's filter. */
export function tourCountries(db: Db): Promise<string[]> {
  return repo.tourCountries(db);
}
