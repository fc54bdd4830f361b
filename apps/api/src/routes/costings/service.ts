import {
  computeCosting,
  formatDate,
  OCCUPANCIES,
  parseDecimal,
  type CostingRow,
  type Currency,
  type Occupancy,
  type Rates,
} from '@tour/core';
import type {
  ApplyCostingBody,
  CostingBody,
  CostingJson,
  CostingListQuery,
  CostingPreviewJson,
  PricedLineJson,
  SaveCostingBody,
} from '@tour/core/contract/costings';
import type { TripJson } from '@tour/core/contract/trips';
import type { Db } from '../../db/database';
import { minorUnitsOf, parseMajorAmount, priceMinorOf } from '../../lib/amount';
import { storedCurrency } from '../../lib/currency';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError } from '../../lib/http-errors';
import type { ScopeViewer } from '../../domain/reach';
import { ratesOfLatestDay, type RateRow } from '../rates/service';
import { recordChanges } from '../../domain/history';
import { setTripPrice, tripChange } from '../trips/trip-service';
import * as repo from './repository';
import { priceLines, priceLinesFrom, wantedPrices, type PricedLines } from './resolve';

export const COSTING_MESSAGES = {
  notFound: 'Калькуляция не найдена',
  subject: 'Укажите одно: заготовленный тур, тур или заявку',
  subjectMissing: 'Не найдено то, для чего калькуляция: тур, заготовленный тур или заявка',
  titleRequired: 'Укажите название версии',
  titleTooLong: 'Название — не больше 200 символов',
  commission: 'Комиссия агента — от 0 до 99,99 %',
  markupPercent: 'Наценка в процентах — от 0 до 1000',
  missingRate: (currency: string, to: string, day: string) =>
    `Нет курса ${currency.toUpperCase()} → ${to.toUpperCase()} на ${formatDate(day)}: ` +
    'введите курсы этого дня или выберите другую дату',
  notTrip: 'Цену можно применить только к туру: эта калькуляция не тура',
  noCell: 'В таблице калькуляции нет такого размера группы',
} as const;

/** The rates of the latest day on or before `date`, as the costing engine reads them. */
export async function ratesOn(db: Db, date: string): Promise<Rates> {
  return ratesOf(await ratesOfLatestDay(db, date));
}

function ratesOf(rows: RateRow[]): Rates {
  const rates: Record<string, Record<string, string>> = {};
  for (const row of rows) (rates[row.from_currency] ??= {})[row.to_currency] = row.rate;
  return rates as Rates;
}

const cellJson = (cell: { cost: string; price: string; commission: string; margin: string }) => ({
  cost: Number(cell.cost),
  price: Number(cell.price),
  commission: Number(cell.commission),
  margin: Number(cell.margin),
});

function rowsJson(rows: CostingRow[]): CostingPreviewJson['rows'] {
  return rows.map((row) => ({
    group_size: row.groupSize,
    single: cellJson(row.single),
    double: cellJson(row.double),
  }));
}

/** The costing's figures (nothing saved), or its fields' Russian messages. */
export async function previewCosting(db: Db, body: CostingBody): Promise<CostingPreviewJson> {
  return (await priceCosting(db, body)).preview;
}

/** A version's lines as a trip's plan reads them (kept with the version: `plan_lines`). */
export type PlanLines = Pick<PricedLines, 'lines' | 'sources'>;

/** The costing priced: its figures, and its lines as a plan reads them. */
async function priceCosting(
  db: Db,
  body: CostingBody,
): Promise<{ preview: CostingPreviewJson; plan: PlanLines }> {
  const errors = new FieldErrors();
  const commission = parseDecimal(body.commission);
  if (commission === null || commission.lt(0) || commission.gte(100)) {
    errors.add('commission', COSTING_MESSAGES.commission);
  }
  const markup = parseMajorAmount(body.markup);
  const zero = parseDecimal(body.markup)?.eq(0) ?? false;
  let markupValue = '0';
  if (!zero) {
    if ('error' in markup) errors.add('markup', markup.error);
    else if (body.markup_type === 'percent' && markup.gt(1000)) {
      errors.add('markup', COSTING_MESSAGES.markupPercent);
    } else if (body.markup_type === 'amount') {
      const minor = minorUnitsOf(markup, body.currency);
      if (typeof minor !== 'number') errors.add('markup', minor.error);
      else markupValue = markup.toFixed();
    } else markupValue = markup.toFixed();
  }
  errors.throwIfAny();
  // The prices and the day's rates in one round trip.
  const { prices, rates } = await repo.pricesFor(db, wantedPrices(body.lines), body.rate_date);
  const { lines, priced, sources } = priceLinesFrom(prices, body.lines, priceMinorOf);
  const result = computeCosting({
    lines,
    currency: body.currency,
    rates: ratesOf(rates),
    markup: { type: body.markup_type, value: markupValue },
    commission: commission!.toFixed(),
    groupSizes: body.group_sizes ? [...new Set(body.group_sizes)].sort((a, b) => a - b) : undefined,
  });
  if (!result.ok) {
    throw validationError({
      rate_date: result.missingRates.map((currency) =>
        COSTING_MESSAGES.missingRate(currency, body.currency, body.rate_date),
      ),
    });
  }
  return {
    preview: {
      currency: body.currency,
      rate_date: body.rate_date,
      lines: priced,
      rows: rowsJson(result.rows),
    },
    plan: { lines, sources },
  };
}

/**
 * A saved version's lines as a plan reads them: those kept at its save, else (a version saved
 * before they were kept) its body priced again from today's price lists.
 */
export async function planLinesOf(
  db: Db,
  costing: { plan_lines: unknown; body: unknown },
): Promise<PlanLines> {
  if (costing.plan_lines) return costing.plan_lines as PlanLines;
  const { lines, sources } = await priceLines(
    db,
    (costing.body as CostingBody).lines,
    priceMinorOf,
  );
  return { lines, sources };
}

type CostingRowDb = NonNullable<Awaited<ReturnType<typeof repo.findCosting>>>;

function costingJson(row: CostingRowDb): CostingJson {
  const body = row.body as CostingBody;
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    prepared_tour_id: row.prepared_tour_id,
    trip_id: row.trip_id,
    request_id: row.request_id,
    currency: storedCurrency(row.currency),
    rate_date: row.rate_date,
    markup_type: body.markup_type,
    markup: Number(body.markup),
    commission: Number(body.commission),
    body,
    lines: row.lines as PricedLineJson[],
    rows: row.rows as CostingPreviewJson['rows'],
    created_by_name: row.created_by_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}

function subjectOf(body: {
  prepared_tour_id?: number;
  trip_id?: number;
  request_id?: number;
}): { subject: repo.Subject; id: number } | null {
  const given = (['prepared_tour_id', 'trip_id', 'request_id'] as const).filter(
    (key) => body[key] !== undefined,
  );
  return given.length === 1 ? { subject: given[0]!, id: body[given[0]!]! } : null;
}

/**
 * POST /admin/costings: the costing priced now and saved as the next version of its prepared
 * tour, trip or request (numbered under the subject's row lock), never changed afterwards.
 */
export async function saveCosting(
  trx: Db,
  viewer: ScopeViewer,
  body: SaveCostingBody,
): Promise<CostingJson> {
  const { title, prepared_tour_id, trip_id, request_id, ...costing } = body;
  const errors = new FieldErrors();
  const name = title.trim();
  if (!name) errors.add('title', COSTING_MESSAGES.titleRequired);
  else if (name.length > 200) errors.add('title', COSTING_MESSAGES.titleTooLong);
  const subject = subjectOf({ prepared_tour_id, trip_id, request_id });
  if (!subject) errors.add('trip_id', COSTING_MESSAGES.subject);
  errors.throwIfAny();
  if (!(await repo.lockSubject(trx, subject!.subject, subject!.id))) {
    throw notFound(COSTING_MESSAGES.subjectMissing);
  }
  const { preview, plan } = await priceCosting(trx, costing);
  const id = await repo.insertCosting(trx, {
    subject: subject!.subject,
    subjectId: subject!.id,
    version: await repo.nextVersion(trx, subject!.subject, subject!.id),
    title: name,
    currency: costing.currency,
    rate_date: costing.rate_date,
    body: costing,
    lines: preview.lines,
    rows: preview.rows,
    plan_lines: plan,
    created_by: viewer.id,
  });
  return costingJson((await repo.findCosting(trx, id))!);
}

export async function getCosting(db: Db, id: number): Promise<CostingJson> {
  const row = await repo.findCosting(db, id);
  if (!row) throw notFound(COSTING_MESSAGES.notFound);
  return costingJson(row);
}

/** GET /admin/costings: one subject's versions, newest first. */
export async function listCostings(db: Db, query: CostingListQuery): Promise<CostingJson[]> {
  const subject = subjectOf(query);
  if (!subject) throw validationError({ trip_id: [COSTING_MESSAGES.subject] });
  return (await repo.costingsOf(db, subject.subject, subject.id)).map(costingJson);
}

/**
 * POST /admin/costing/:id/apply: the trip's price per person becomes the price of one cell of
 * the saved version's table (a group size and an occupancy), in the costing's currency.
 */
export async function applyCosting(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  body: ApplyCostingBody,
): Promise<TripJson> {
  const costing = await getCosting(trx, id);
  if (costing.trip_id === null) throw validationError({ trip_id: [COSTING_MESSAGES.notTrip] });
  const row = costing.rows.find((candidate) => candidate.group_size === body.group_size);
  if (!row) throw validationError({ group_size: [COSTING_MESSAGES.noCell] });
  const currency: Currency = costing.currency;
  const price = minorUnitsOf(parseDecimal(row[body.occupancy].price)!, currency);
  const tripId = costing.trip_id;
  const trip = await setTripPrice(trx, viewer, tripId, price as number, currency);
  // The trip follows this version and cell from now on (its plan, trip-plan.ts).
  const before = await repo.appliedCosting(trx, tripId);
  await repo.setAppliedCosting(trx, {
    trip_id: tripId,
    costing_id: costing.id,
    group_size: body.group_size,
    occupancy: body.occupancy,
    applied_by: viewer.id,
  });
  const after = await repo.appliedCosting(trx, tripId);
  const text = (applied: typeof before) => (applied ? appliedCostingText(applied) : null);
  if (text(before) !== text(after)) {
    await recordChanges(trx, [
      tripChange(
        tripId,
        'updated',
        [{ field: 'costing', old: text(before), new: text(after) }],
        viewer,
      ),
    ]);
  }
  return trip;
}

/**
 * A converted request's quote becomes the plan of a trip without a costing of its own: the
 * quote's version copied as it was priced (the trip's version 1, «По предложению № N: …») and
 * followed at the quote's cell (group size, occupancy). The trip's price stays: the request's
 * participants were given the quote's price each.
 */
export async function adoptQuotedCosting(
  trx: Db,
  viewer: ScopeViewer,
  tripId: number,
  quote: { number: number; costing_id: number; group_size: number; occupancy: Occupancy },
): Promise<void> {
  if (!(await repo.lockSubject(trx, 'trip_id', tripId))) return;
  if ((await repo.costingsOf(trx, 'trip_id', tripId)).length > 0) return;
  const source = await repo.findCosting(trx, quote.costing_id);
  if (!source) return;
  const id = await repo.copyCostingToTrip(trx, {
    id: source.id,
    trip_id: tripId,
    version: 1,
    title: `По предложению № ${quote.number}: ${source.title}`.slice(0, 200),
    created_by: viewer.id,
  });
  await repo.setAppliedCosting(trx, {
    trip_id: tripId,
    costing_id: id,
    group_size: quote.group_size,
    occupancy: quote.occupancy,
    applied_by: viewer.id,
  });
  const applied = await repo.appliedCosting(trx, tripId);
  await recordChanges(trx, [
    tripChange(
      tripId,
      'updated',
      [{ field: 'costing', old: null, new: appliedCostingText(applied!) }],
      viewer,
    ),
  ]);
}

/** «Версия 2 «Лето», группа 4, двухместное размещение»: the applied cell as history reads it. */
export function appliedCostingText(applied: {
  version: number;
  title: string;
  group_size: number;
  occupancy: 'single' | 'double';
}): string {
  return (
    `Версия ${applied.version} «${applied.title}», группа ${applied.group_size}, ` +
    OCCUPANCIES[applied.occupancy].label.toLowerCase()
  );
}
