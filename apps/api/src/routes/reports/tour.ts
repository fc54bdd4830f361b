import {
  BOOKING_KIND_NAMES,
  bookingCostOf,
  exactRateToString,
  resolveRate,
  splitMinor,
  type BookingKind,
  type BookingStatus,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { notFound } from '../../lib/http-errors';
import { majorNumber } from '../../domain/money';
import { TRIP_MESSAGES } from '../trips/trip-service';
import { computeGeneralReport, figuresJson } from './general';
import * as repo from './repository';
import { tripPlan } from '../costings/trip-plan-service';
import { planVsActual } from './plan';
import type { TourSummaryJson, TourSummaryQuery } from '@tour/core/contract/reports';

type Kinds = Partial<Record<BookingKind, number>>;

function addTo(kinds: Kinds, kind: BookingKind, minor: number) {
  kinds[kind] = (kinds[kind] ?? 0) + minor;
}

/**
 * GET /admin/reports/tour (Свод по туру): one trip's bookings by kind, each cost in its own
 * currency and converted at its service start day's rate (rate and date shown), what the supplier
 * was paid and is owed, the exchange difference; the trip's figures on both bases (revenue, costs,
 * profit, margin; paid, debt, supplier payments, cash result) computed by the general report's own
 * code, so the two agree to the minor unit; and each tourist's paid against its share of the costs. A booking's converted
 * cost is split evenly between the participants it covers who are not cancelled (a booking that
 * names nobody, between every participant not cancelled), the remainder a minor unit each to the
 * first by name; a cost nobody can share (only cancelled participants) is shown as not assigned.
 * The shares and the not assigned add up to the trip's costs exactly.
 */
export async function tourSummary(db: Db, query: TourSummaryQuery): Promise<TourSummaryJson> {
  const rows = await repo.tourSummaryRows(db, query.trip_id);
  if (!rows.trip) throw notFound(TRIP_MESSAGES.notFound);
  const tripCurrency = storedCurrency(rows.trip.currency);
  const currency = query.currency ?? tripCurrency;
  const computed = await computeGeneralReport(db, { tripId: rows.trip.id }, currency);
  const trip = computed.trips[0]!;
  const participants = rows.participants ?? [];
  const active = participants.filter((p) => p.status !== 'cancelled').map((p) => p.id);
  const isActive = new Set(active);
  const nameOrder = new Map(participants.map((p, index) => [p.id, index]));

  const shares = new Map<number, Kinds>(participants.map((p) => [p.id, {}]));
  const unassigned: Kinds = {};
  const kinds = new Map<
    BookingKind,
    { bookings: TourSummaryJson['kinds'][number]['bookings']; minor: number }
  >();
  for (const booking of rows.bookings ?? []) {
    const kind = booking.kind as BookingKind;
    const own = storedCurrency(booking.currency);
    const due = bookingCostOf({
      status: booking.status as BookingStatus,
      cost: Number(booking.cost),
      penalty: booking.penalty,
    });
    const cost = computed.bookingCosts.get(booking.id);
    const missingRate = cost?.missingRate ?? false;
    const minor = missingRate ? null : (cost?.paid ?? 0);
    const covered = (booking.covered ?? [])
      .filter((id) => isActive.has(id))
      .sort((a, b) => nameOrder.get(a)! - nameOrder.get(b)!);
    const sharing = (booking.covered ?? []).length > 0 ? covered : active;
    if (minor !== null) {
      if (sharing.length === 0) addTo(unassigned, kind, minor);
      for (const [participant, share] of splitMinor(minor, sharing)) {
        addTo(shares.get(participant)!, kind, share);
      }
    }
    const rate =
      own === currency
        ? null
        : resolveRate(computed.rates.get(booking.starts_on) ?? {}, own, currency);
    const difference = computed.exchangeDifferences.get(booking.id);
    const entry = kinds.get(kind) ?? { bookings: [], minor: 0 };
    entry.minor += minor ?? 0;
    entry.bookings.push({
      id: booking.id,
      title: booking.title,
      supplier_name: booking.supplier_name,
      starts_on: booking.starts_on,
      ends_on: booking.ends_on,
      status: booking.status as BookingStatus,
      currency: own,
      cost: majorNumber(due, own),
      converted: minor === null ? null : majorNumber(minor, currency),
      rate: own === currency ? 1 : rate ? Number(exactRateToString(rate)) : null,
      rate_date: own === currency ? null : (computed.rateDays.get(booking.starts_on) ?? null),
      supplier_paid: majorNumber(Number(booking.paid), own),
      supplier_debt: majorNumber(due - Number(booking.paid), own),
      exchange_difference: difference === null ? null : majorNumber(difference ?? 0, currency),
      shared_by: sharing.length,
      missing_rate: missingRate,
    });
    kinds.set(kind, entry);
  }

  const kindsJson = (byKind: Kinds) =>
    Object.fromEntries(
      Object.entries(byKind).map(([kind, minor]) => [kind, majorNumber(minor, currency)]),
    );
  const total = (byKind: Kinds) => Object.values(byKind).reduce((sum, minor) => sum + minor, 0);
  const actualByKind: Kinds = Object.fromEntries(
    [...kinds].map(([kind, entry]) => [kind, entry.minor]),
  );
  const plan = planVsActual(
    await tripPlan(db, rows.trip.id, currency),
    { byKind: actualByKind, costs: trip.minor.costs, revenue: trip.minor.revenue },
    currency,
  );
  return {
    currency,
    trip: { ...rows.trip, currency: tripCurrency },
    kinds: BOOKING_KIND_NAMES.filter((kind) => kinds.has(kind)).map((kind) => ({
      kind,
      bookings: kinds.get(kind)!.bookings,
      converted: majorNumber(kinds.get(kind)!.minor, currency),
    })),
    totals: {
      tourists: trip.row.tourists,
      missing_rate: trip.missingRate,
      ...figuresJson(trip.minor, currency),
    },
    tourists: participants.map((participant) => {
      const paid = computed.participantPaid.get(participant.id)?.paid ?? 0;
      const costs = total(shares.get(participant.id)!);
      return {
        participant_id: participant.id,
        full_name: participant.full_name,
        status: participant.status as TourSummaryJson['tourists'][number]['status'],
        paid: majorNumber(paid, currency),
        costs: majorNumber(costs, currency),
        by_kind: kindsJson(shares.get(participant.id)!),
        result: majorNumber(paid - costs, currency),
      };
    }),
    unassigned: { costs: majorNumber(total(unassigned), currency), by_kind: kindsJson(unassigned) },
    plan,
  };
}
