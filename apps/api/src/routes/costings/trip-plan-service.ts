import Big from 'big.js';
import {
  computeCosting,
  currencyPrecision,
  divideCeil,
  lineGroupCost,
  parseDecimal,
  resolveRate,
  toMinorUnits,
  type Currency,
  type Occupancy,
  type Rates,
} from '@tour/core';
import type { CostingBody, CostingPreviewJson } from '@tour/core/contract/costings';
import type { PlanCostingJson, TripCostingLinesJson } from '@tour/core/contract/trip-plan';
import type { Db } from '../../db/database';
import { majorNumber } from '../../domain/money';
import { storedCurrency } from '../../lib/currency';
import { notFound } from '../../lib/http-errors';
import { TRIP_MESSAGES } from '../trips/trip-service';
import * as repo from './repository';
import type { LineSource } from './resolve';
import { planLinesOf, ratesOn } from './service';

// A trip's plan (issue 33, planned against actual), the one place it is computed: the costing
// version that set the trip's price (its cell's occupancy), or, none applied, the trip's latest
// version in double rooms, recomputed for the trip's group (its active participants, at least 1).
// Every line's cost for the whole group is exact in its own currency and converted once, rounded
// up, to the target currency at the version's rate date (DESIGN.md 3a/3b): a line without a rate
// is flagged and left out of the sums, never converted at 1.

export interface PlanLine {
  /** The line's number in the version, from 1. */
  index: number;
  source: LineSource;
  label: string;
  currency: Currency;
  /** The whole group's cost in the line's currency, minor units, rounded up once. */
  cost: number;
  /** The same in the target currency, minor units; null: no rate on the rate date. */
  converted: number | null;
}

export interface TripPlan {
  tripId: number;
  costing: PlanCostingJson;
  /** The trip's active participants, at least 1: the group the plan is recomputed for. */
  groupSize: number;
  occupancy: Occupancy;
  /** What the plan's amounts are in. */
  currency: Currency;
  lines: PlanLine[];
  /** The lines' converted costs summed, minor units (the lines without a rate left out). */
  costs: number;
  /** The plan's price per person times the group, converted; null: no rate. */
  revenue: number | null;
  /** Some line or the revenue had no rate. */
  missingRate: boolean;
}

/** A decimal's minor units of `currency`, rounded up once (exact otherwise). */
const ceilMinor = (value: Big, currency: Currency) =>
  toMinorUnits(divideCeil(value, new Big(1), currencyPrecision(currency)).toFixed(), currency);

/** `value` in `from` converted to `to` (minor units, rounded up once), or null without a rate. */
function converted(value: Big, from: Currency, to: Currency, rates: Rates): number | null {
  if (from === to) return ceilMinor(value, to);
  const rate = resolveRate(rates, from, to);
  if (!rate) return null;
  return toMinorUnits(
    divideCeil(value.times(rate.numerator), rate.denominator, currencyPrecision(to)).toFixed(),
    to,
  );
}

/** The plan's price per person in the version's currency: the applied cell's, else recomputed. */
function planPrice(
  row: repo.PlanRow,
  lines: Parameters<typeof computeCosting>[0]['lines'],
  groupSize: number,
  rates: Rates,
): Big | null {
  const currency = storedCurrency(row.currency);
  if (row.applied_group_size !== null && row.applied_occupancy !== null) {
    const cell = (row.rows as CostingPreviewJson['rows']).find(
      (candidate) => candidate.group_size === row.applied_group_size,
    );
    return cell ? new Big(cell[row.applied_occupancy].price) : null;
  }
  const body = row.body as CostingBody;
  const result = computeCosting({
    lines,
    currency,
    rates,
    markup: { type: body.markup_type, value: parseDecimal(body.markup)?.toFixed() ?? '0' },
    commission: parseDecimal(body.commission)?.toFixed() ?? '0',
    groupSizes: [groupSize],
  });
  return result.ok ? new Big(result.rows[0]!.double.price) : null;
}

/**
 * The plans of the trips that have a costing, in `currency` (each trip's own currency when not
 * given), by trip id: a trip without a saved version has none.
 */
export async function tripPlans(
  db: Db,
  tripIds: number[],
  currency?: Currency,
): Promise<Map<number, TripPlan>> {
  const rows = await repo.planRowsOf(db, [...new Set(tripIds)]);
  const ratesByDay = new Map<string, Rates>();
  for (const day of new Set(rows.map((row) => row.rate_date))) {
    ratesByDay.set(day, await ratesOn(db, day));
  }
  const plans = new Map<number, TripPlan>();
  for (const row of rows) {
    const target = currency ?? storedCurrency(row.trip_currency);
    const rates = ratesByDay.get(row.rate_date)!;
    const applied = row.applied_group_size !== null;
    const occupancy: Occupancy = row.applied_occupancy ?? 'double';
    const groupSize = Math.max(1, Number(row.active ?? 0));
    const { lines, sources } = await planLinesOf(db, row);
    let missingRate = false;
    let costs = 0;
    const planLines: PlanLine[] = lines.map((line, index) => {
      const own = lineGroupCost(line, groupSize, occupancy) ?? new Big(0);
      const inTarget = converted(own, line.currency, target, rates);
      if (inTarget === null) missingRate = true;
      else costs += inTarget;
      return {
        index: index + 1,
        source: sources[index]!,
        label: line.label,
        currency: line.currency,
        cost: ceilMinor(own, line.currency),
        converted: inTarget,
      };
    });
    const price = planPrice(row, lines, groupSize, rates);
    const revenue =
      price === null
        ? null
        : converted(price.times(groupSize), storedCurrency(row.currency), target, rates);
    if (revenue === null) missingRate = true;
    plans.set(row.trip_id, {
      tripId: row.trip_id,
      costing: {
        id: row.costing_id,
        version: row.version,
        title: row.title,
        currency: storedCurrency(row.currency),
        rate_date: row.rate_date,
        applied,
        applied_group_size: row.applied_group_size,
        occupancy,
      },
      groupSize,
      occupancy,
      currency: target,
      lines: planLines,
      costs,
      revenue,
      missingRate,
    });
  }
  return plans;
}

/** One trip's plan, or null when it has no costing. */
export async function tripPlan(
  db: Db,
  tripId: number,
  currency?: Currency,
): Promise<TripPlan | null> {
  return (await tripPlans(db, [tripId], currency)).get(tripId) ?? null;
}

/**
 * GET /admin/trip/:id/costing-lines: the lines of the trip's plan as a booking starts from them
 * (kind, supplier, service, dates, rooms, quantity, cost in the supplier's currency), each marked
 * booked when the trip has a booking not cancelled of its kind with its supplier.
 */
export async function tripCostingLines(db: Db, tripId: number): Promise<TripCostingLinesJson> {
  const trip = await db
    .selectFrom('trips')
    .select(['id', 'currency', 'seats_taken'])
    .where('id', '=', tripId)
    .executeTakeFirst();
  if (!trip) throw notFound(TRIP_MESSAGES.notFound);
  const plan = await tripPlan(db, tripId);
  const currency = storedCurrency(trip.currency);
  if (!plan) {
    return { costing: null, group_size: Math.max(1, trip.seats_taken), currency, lines: [] };
  }
  const booked = new Set(
    (await repo.bookedOf(db, tripId)).map((row) => `${row.kind} ${row.supplier_id}`),
  );
  const single = plan.occupancy === 'single';
  return {
    costing: plan.costing,
    group_size: plan.groupSize,
    currency,
    lines: plan.lines.map(({ index, source, label, currency: own, cost, converted: inTrip }) => {
      const hotel = source.kind === 'hotel';
      return {
        index,
        kind: source.kind,
        label,
        supplier_id: source.supplier_id,
        supplier_name: source.supplier_name,
        service: source.service,
        meal_plan: source.meal_plan as TripCostingLinesJson['lines'][number]['meal_plan'],
        room_type: hotel ? (single ? 'SGL' : (source.double_room ?? 'DBL')) : null,
        rooms: hotel ? (single ? plan.groupSize : Math.ceil(plan.groupSize / 2)) : null,
        starts_on: source.starts_on,
        ends_on: source.ends_on,
        quantity: source.quantity,
        unit_price: source.unit_price === null ? null : Number(source.unit_price),
        currency: own,
        cost: majorNumber(cost, own),
        converted: inTrip === null ? null : majorNumber(inTrip, currency),
        booked: source.supplier_id !== null && booked.has(`${source.kind} ${source.supplier_id}`),
      };
    }),
  };
}
