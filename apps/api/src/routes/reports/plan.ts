import Big from 'big.js';
import { BOOKING_KIND_NAMES, type BookingKind, type Currency } from '@tour/core';
import type { PlanFiguresJson, PlanVsActualJson } from '@tour/core/contract/trip-plan';
import { majorNumber } from '../../domain/money';
import type { TripPlan } from '../costings/trip-plan-service';

// Planned against actual (issue 33): a trip's plan (costings/trip-plan.ts) beside the figures
// the reports already have (the bookings' costs, the revenue), in the report's currency, in minor
// units until the last step. The plan's profit is its revenue less its costs, as the actual one.

/** Profit to revenue in %, two places half up (figuresJson's rule); null without revenue. */
function marginOf(profit: number, revenue: number): number | null {
  if (revenue === 0) return null;
  return Number(new Big(profit).times(100).div(revenue).round(2, Big.roundHalfUp).toFixed(2));
}

/** The general report's plan of a trip: planned costs, profit and margin, the costs over plan. */
export function planFigures(
  plan: TripPlan | undefined,
  actualCosts: number,
  currency: Currency,
): PlanFiguresJson | null {
  if (!plan) return null;
  const revenue = plan.revenue ?? 0;
  return {
    costs: majorNumber(plan.costs, currency),
    profit: majorNumber(revenue - plan.costs, currency),
    margin: marginOf(revenue - plan.costs, revenue),
    difference: majorNumber(actualCosts - plan.costs, currency),
    missing_rate: plan.missingRate,
  };
}

/**
 * The tour summary's planned against actual: per booking kind the plan's lines summed and the
 * bookings' costs as the summary counts them (`actualByKind`), the difference (actual − planned),
 * and both results.
 */
export function planVsActual(
  plan: TripPlan | null,
  actual: { byKind: Partial<Record<BookingKind, number>>; costs: number; revenue: number },
  currency: Currency,
): PlanVsActualJson | null {
  if (!plan) return null;
  const planned: Partial<Record<BookingKind, number>> = {};
  for (const line of plan.lines) {
    if (line.converted === null) continue;
    planned[line.source.kind] = (planned[line.source.kind] ?? 0) + line.converted;
  }
  const major = (minor: number) => majorNumber(minor, currency);
  const revenue = plan.revenue ?? 0;
  return {
    costing: plan.costing,
    group_size: plan.groupSize,
    kinds: BOOKING_KIND_NAMES.filter(
      (kind) => planned[kind] !== undefined || actual.byKind[kind] !== undefined,
    ).map((kind) => ({
      kind,
      planned: major(planned[kind] ?? 0),
      actual: major(actual.byKind[kind] ?? 0),
      difference: major((actual.byKind[kind] ?? 0) - (planned[kind] ?? 0)),
    })),
    planned_costs: major(plan.costs),
    actual_costs: major(actual.costs),
    difference: major(actual.costs - plan.costs),
    planned_revenue: major(revenue),
    planned_profit: major(revenue - plan.costs),
    planned_margin: marginOf(revenue - plan.costs, revenue),
    actual_revenue: major(actual.revenue),
    actual_profit: major(actual.revenue - actual.costs),
    actual_margin: marginOf(actual.revenue - actual.costs, actual.revenue),
    missing_rate: plan.missingRate,
  };
}
