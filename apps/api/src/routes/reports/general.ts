import Big from 'big.js';
import {
  bookingCostOf,
  convertDecimal,
  dayjs,
  exactRateToString,
  resolveRate,
  type BookingStatus,
  type Currency,
  type TripStatus,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { validationError } from '../../lib/http-errors';
import { notFound } from '../../lib/http-errors';
import { BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { dayRatesOf, dueOf, majorNumber, moneyOf, type MovementSum } from '../../domain/money';
import { TRIP_MESSAGES } from '../trips/trip-service';
import * as repo from './repository';
import { tripPlans, type TripPlan } from '../costings/trip-plan-service';
import { planFigures } from './plan';
import type {
  GeneralReportJson,
  GeneralReportQuery,
  TripUsersJson,
} from '@tour/core/contract/reports';

export const REPORT_MESSAGES = {
  periodOrder: 'Начало периода позже его конца',
  periodTooLong: 'Период отчёта — не больше 10 лет',
};

/** The longest period a report covers (its months are listed one by one). */
const MAX_PERIOD_YEARS = 10;

/** A trip's money in minor units of the report's currency (DESIGN.md 3b). */
export interface MinorFigures {
  /** Contract basis: the due of active participants and what cancelled ones kept. */
  revenue: number;
  costs: number;
  /** Cash basis: what participants paid, less refunds, and what suppliers were paid. */
  paid: number;
  supplier_paid: number;
  exchange_difference: number;
}

export const ZERO: MinorFigures = {
  revenue: 0,
  costs: 0,
  paid: 0,
  supplier_paid: 0,
  exchange_difference: 0,
};

export function add(a: MinorFigures, b: MinorFigures): MinorFigures {
  return {
    revenue: a.revenue + b.revenue,
    costs: a.costs + b.costs,
    paid: a.paid + b.paid,
    supplier_paid: a.supplier_paid + b.supplier_paid,
    exchange_difference: a.exchange_difference + b.exchange_difference,
  };
}

/**
 * A trip's (a month's, the period's) figures on both bases (DESIGN.md 3b): profit is revenue less
 * costs, the margin its share of the revenue in % (null without revenue); debt is revenue less
 * paid, the cash result paid less the supplier payments.
 */
export function figuresJson(minor: MinorFigures, currency: Currency) {
  const profit = minor.revenue - minor.costs;
  const major = (value: number) => majorNumber(value, currency);
  return {
    revenue: major(minor.revenue),
    costs: major(minor.costs),
    profit: major(profit),
    margin:
      minor.revenue === 0
        ? null
        : Number(
            new Big(profit).times(100).div(minor.revenue).round(2, Big.roundHalfUp).toFixed(2),
          ),
    paid: major(minor.paid),
    debt: major(minor.revenue - minor.paid),
    supplier_paid: major(minor.supplier_paid),
    cash_result: major(minor.paid - minor.supplier_paid),
    exchange_difference: major(minor.exchange_difference),
  };
}

/** Refuses a period whose end is before its start, or more than MAX_PERIOD_YEARS after it. */
function checkPeriod(from: string, to: string) {
  if (from > to) throw validationError({ to: [REPORT_MESSAGES.periodOrder] });
  if (dayjs(to).diff(dayjs(from), 'year', true) > MAX_PERIOD_YEARS) {
    throw validationError({ to: [REPORT_MESSAGES.periodTooLong] });
  }
}

/** The period asked for, else the current year; refused when reversed or too long. */
export function reportPeriod(query: { from?: string; to?: string }, today = businessToday()) {
  const year = today.slice(0, 4);
  const from = query.from ?? `${year}-01-01`;
  const to = query.to ?? `${year}-12-31`;
  checkPeriod(from, to);
  return { from, to };
}

/** A period of trip starts: `to` null runs without an end. */
export interface TripStartPeriod {
  from: string;
  to: string | null;
}

/**
 * The general report's period of trip starts: from the day asked for, else 1 January of the
 * current year, to the day asked for, else without an end (the trips being sold now, starting
 * next year too, are in the default period). An end is refused as reportPeriod refuses it; without
 * one, the period runs at least to the end of the current year, and a start more than
 * MAX_PERIOD_YEARS before that is refused the same way.
 */
export function tripStartPeriod(
  query: { from?: string; to?: string },
  today = businessToday(),
): TripStartPeriod {
  const from = query.from ?? `${today.slice(0, 4)}-01-01`;
  const to = query.to ?? null;
  const yearEnd = `${today.slice(0, 4)}-12-31`;
  if (to !== null) checkPeriod(from, to);
  else if (from < yearEnd) checkPeriod(from, yearEnd);
  return { from, to };
}

/**
 * The months a report of trip starts shows: from the period's start to its end; without an end,
 * to the month of the last trip start (`lastStart`), at least December of the current year, and
 * at most MAX_PERIOD_YEARS of months (a start typed decades ahead counts in the totals, not in a
 * month of its own).
 */
export function periodMonths(
  period: TripStartPeriod,
  lastStart: string | null,
  today = businessToday(),
): string[] {
  if (period.to !== null) return monthsOf(period.from, period.to);
  const ends = [`${today.slice(0, 4)}-12-31`, period.from, lastStart ?? period.from];
  const months = monthsOf(
    period.from,
    ends.reduce((last, day) => (day > last ? day : last)),
  );
  return months.slice(0, MAX_PERIOD_YEARS * 12);
}

/** Every month of the period, YYYY-MM (counted as numbers: 9999-12 is the last). */
export function monthsOf(from: string, to: string): string[] {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let at = index(from); at <= index(to); at++) {
    const year = String(Math.floor(at / 12)).padStart(4, '0');
    months.push(`${year}-${String((at % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** A rate the report converted with: a sum's day and currency, the rate to the report's currency. */
export interface UsedRate {
  date: string;
  currency: Currency;
  /** Exact, as a decimal (cross rates through som may have many places). */
  rate: string;
  /** The day the rate was entered for: the latest on or before `date`. */
  rate_date: string;
}

export interface ComputedTrip {
  row: repo.ReportTripRow;
  minor: MinorFigures;
  missingRate: boolean;
  /** The last day a sum of the trip is converted at (null: nothing to convert). */
  lastDay: string | null;
  /** 'YYYY-MM-DD currency': the days and currencies of its sums without a rate. */
  missingDays: Set<string>;
}

/**
 * Every trip of the period with its figures in `currency` (DESIGN.md 3b), in minor units.
 * Contract basis: the revenue is the due (price less discount) of the active participants plus
 * what each cancelled one paid and was kept (its paid in the trip's currency, if positive), summed
 * in the trip's currency and converted at the rate of the trip's start day, rounded up once; a
 * booking's cost (a cancelled one's penalty) at its service start day's rate, rounded up once.
 * Cash basis: a participant's paid is the exact sum of its confirmed payments less refunds, each
 * at its confirmation day's rate, rounded up once (as the trip summary and the per-trip users
 * report round it); a booking's supplier payments less the supplier's refunds, each at its payment
 * day's rate, rounded up once. The exchange difference of a booking is its supplier payments at
 * their service day's rate less the same at their payment days' rates (positive: paid less than
 * booked). A sum without a rate is left out and flags its trip and its day.
 */
export async function computeGeneralReport(
  db: Db,
  filters: repo.ReportTripFilters,
  currency: Currency,
) {
  const today = businessToday();
  const rows = await repo.generalReportRows(db, filters, currency, BUSINESS_TIME_ZONE);
  const { rates, rateDays } = dayRatesOf(rows.rates);
  const missing = new Map<string, { date: string; currency: Currency }>();
  // Cancelled participants' payments without a rate to their trip's currency (not the report's).
  const unconverted = new Map<string, { date: string; currency: Currency }>();
  const used = new Map<string, UsedRate>();
  const trips = new Map<number, ComputedTrip>();
  // Each trip's revenue in its own currency: the due of its active participants, so far.
  const inTripCurrency = new Map<number, number>();
  for (const { due, ...row } of rows.trips ?? []) {
    trips.set(row.id, {
      row,
      minor: { ...ZERO },
      missingRate: false,
      lastDay: null,
      missingDays: new Set(),
    });
    inTripCurrency.set(row.id, Number(due));
  }
  // Each trip's last day of a sum converted (or not) and its days without a rate.
  const note = (tripId: number, day: string, from: Currency, to: Currency = currency) => {
    const trip = trips.get(tripId)!;
    if (trip.lastDay === null || day > trip.lastDay) trip.lastDay = day;
    const key = `${day} ${from}`;
    if (from === to) return;
    if (to !== currency) {
      if (!resolveRate(rates.get(day) ?? {}, from, to)) {
        unconverted.set(key, { date: day, currency: from });
        trip.missingDays.add(key);
      }
      return;
    }
    if (missing.has(key)) trip.missingDays.add(key);
    if (used.has(key) || missing.has(key)) return;
    const rate = resolveRate(rates.get(day) ?? {}, from, currency);
    if (rate) {
      used.set(key, {
        date: day,
        currency: from,
        rate: exactRateToString(rate),
        rate_date: rateDays.get(day)!,
      });
    } else {
      missing.set(key, { date: day, currency: from });
      trip.missingDays.add(key);
    }
  };

  // Paid: per participant, rounded once; a cancelled one's also in its trip's currency, for
  // what it kept.
  const participantTrip = new Map<number, number>();
  const paidSums: MovementSum[] = [];
  const keptSums = new Map<Currency, MovementSum[]>();
  for (const [tripId, participantId, type, from, day, total, cancelled] of rows.sums ?? []) {
    participantTrip.set(participantId, tripId);
    note(tripId, day, storedCurrency(from));
    const sum: MovementSum = {
      participantId,
      type,
      status: 'confirmed',
      currency: from,
      day,
      total,
    };
    paidSums.push(sum);
    if (!cancelled) continue;
    const tripCurrency = storedCurrency(trips.get(tripId)!.row.currency);
    note(tripId, day, storedCurrency(from), tripCurrency);
    const list = keptSums.get(tripCurrency) ?? [];
    list.push(sum);
    keptSums.set(tripCurrency, list);
  }
  const participantPaid = moneyOf(paidSums, currency, rates, today);
  for (const [participantId, money] of participantPaid) {
    const trip = trips.get(participantTrip.get(participantId)!)!;
    trip.minor.paid += money.paid;
    if (money.missingRate) trip.missingRate = true;
  }

  // Revenue: with what cancelled participants kept, then at the start day's rate, rounded once.
  for (const [tripCurrency, sums] of keptSums) {
    for (const [participantId, money] of moneyOf(sums, tripCurrency, rates, today)) {
      const tripId = participantTrip.get(participantId)!;
      inTripCurrency.set(tripId, inTripCurrency.get(tripId)! + Math.max(0, money.paid));
      if (money.missingRate) trips.get(tripId)!.missingRate = true;
    }
  }
  const revenueSums: MovementSum[] = [];
  for (const [tripId, total] of inTripCurrency) {
    if (total === 0) continue;
    const { row } = trips.get(tripId)!;
    note(tripId, row.starts_on, storedCurrency(row.currency));
    revenueSums.push({
      participantId: tripId,
      type: 'income',
      status: 'confirmed',
      currency: row.currency,
      day: row.starts_on,
      total,
    });
  }
  for (const [tripId, money] of moneyOf(revenueSums, currency, rates, today)) {
    const trip = trips.get(tripId)!;
    trip.minor.revenue = money.paid;
    if (money.missingRate) trip.missingRate = true;
  }

  // Costs: per booking, rounded once; the supplier payments and their exchange difference per
  // booking.
  const bookingTrip = new Map<number, number>();
  const serviceDay = new Map<number, string>();
  const costSums: MovementSum[] = [];
  for (const [tripId, bookingId, status, cost, penalty, from, startsOn] of rows.bookings ?? []) {
    bookingTrip.set(bookingId, tripId);
    serviceDay.set(bookingId, startsOn);
    const due = bookingCostOf({ status: status as BookingStatus, cost: Number(cost), penalty });
    if (due === 0) continue;
    note(tripId, startsOn, storedCurrency(from));
    costSums.push({
      participantId: bookingId,
      type: 'income',
      status: 'confirmed',
      currency: from,
      day: startsOn,
      total: due,
    });
  }
  const bookingCosts = moneyOf(costSums, currency, rates, today);
  for (const [bookingId, money] of bookingCosts) {
    const trip = trips.get(bookingTrip.get(bookingId)!)!;
    trip.minor.costs += money.paid;
    if (money.missingRate) trip.missingRate = true;
  }
  const atPayment: MovementSum[] = [];
  const atService: MovementSum[] = [];
  for (const [bookingId, type, from, day, total] of rows.supplier ?? []) {
    // Paid to the supplier counts up; money the supplier gave back counts down.
    const sum = {
      participantId: bookingId,
      type: type === 'outcome' ? ('income' as const) : ('outcome' as const),
      status: 'confirmed' as const,
      currency: from,
      total,
    };
    note(bookingTrip.get(bookingId)!, day, storedCurrency(from));
    note(bookingTrip.get(bookingId)!, serviceDay.get(bookingId)!, storedCurrency(from));
    atPayment.push({ ...sum, day });
    atService.push({ ...sum, day: serviceDay.get(bookingId)! });
  }
  const paidAtService = moneyOf(atService, currency, rates, today);
  const exchangeDifferences = new Map<number, number | null>();
  for (const [bookingId, money] of moneyOf(atPayment, currency, rates, today)) {
    const trip = trips.get(bookingTrip.get(bookingId)!)!;
    trip.minor.supplier_paid += money.paid;
    const booked = paidAtService.get(bookingId)!;
    if (money.missingRate || booked.missingRate) {
      trip.missingRate = true;
      exchangeDifferences.set(bookingId, null);
    } else {
      trip.minor.exchange_difference += booked.paid - money.paid;
      exchangeDifferences.set(bookingId, booked.paid - money.paid);
    }
  }

  const byDay = <T extends { date: string; currency: string }>(list: Iterable<T>) =>
    [...list].sort((a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency));
  return {
    trips: [...trips.values()],
    missing: byDay(new Map([...missing, ...unconverted]).values()),
    used: byDay(used.values()),
    // Each participant's paid and each booking's cost in the report's currency (absent: nothing
    // paid, no cost), each booking's exchange difference (null: a rate missing): the tour
    // summary's parts.
    participantPaid,
    bookingCosts,
    exchangeDifferences,
    rates,
    rateDays,
  };
}

/** The filters of a general report's query, with its period of trip starts. */
export function reportFilters(query: GeneralReportQuery): repo.ReportTripFilters & TripStartPeriod {
  const { from, to } = tripStartPeriod(query);
  return {
    from,
    to,
    status: query.status as TripStatus | undefined,
    managerId: query.manager_id,
    country: query.country?.trim() || undefined,
  };
}

export function lineJson(trip: ComputedTrip, currency: Currency, plan?: TripPlan) {
  const { row } = trip;
  return {
    trip: {
      id: row.id,
      title: row.title,
      country: row.country,
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      status: row.status,
      currency: storedCurrency(row.currency),
      manager:
        row.manager_id === null ? null : { id: row.manager_id, full_name: row.manager_name ?? '' },
    },
    tourists: row.tourists,
    missing_rate: trip.missingRate,
    plan: planFigures(plan, trip.minor.costs, currency),
    ...figuresJson(trip.minor, currency),
  };
}

/**
 * The totals of a period and the same by month of start (each month of periodMonths): figures
 * counted in their month, and in the totals whatever their month.
 */
function periodTally(period: TripStartPeriod, lastStart: string | null) {
  const months = new Map(periodMonths(period, lastStart).map((month) => [month, { ...ZERO }]));
  let totals = { ...ZERO };
  return {
    months,
    totals: () => totals,
    /** Adds figures of trips starting in `month` (YYYY-MM). */
    count(month: string, minor: MinorFigures) {
      totals = add(totals, minor);
      const sum = months.get(month);
      if (sum) months.set(month, add(sum, minor));
    },
  };
}

/** The totals of every trip, and by the month the trips start in (each month of the period). */
export function summaryOf(trips: ComputedTrip[], period: TripStartPeriod) {
  const lastStart = trips.reduce<string | null>(
    (last, trip) => (last === null || trip.row.starts_on > last ? trip.row.starts_on : last),
    null,
  );
  const tally = periodTally(period, lastStart);
  let tourists = 0;
  for (const trip of trips) {
    tally.count(trip.row.starts_on.slice(0, 7), trip.minor);
    tourists += trip.row.tourists;
  }
  return { totals: tally.totals(), tourists, months: tally.months };
}

/**
 * GET /admin/reports/general: the trips starting in the period (by default from 1 January of the
 * current year on, without an end) with their figures on the contract basis (revenue, costs,
 * profit, margin) and the cash basis (paid, debt, supplier payments, cash result) and the
 * exchange difference, in one currency: a page of them, the totals of all of them and the same by
 * month of start (the chart), and the days that had no rate.
 */
export async function generalReport(db: Db, query: GeneralReportQuery): Promise<GeneralReportJson> {
  const currency = query.currency ?? 'kgs';
  const filters = reportFilters(query);
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const stored = await repo.storedReportSummary(db, filters, currency, {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  // The trips whose stored figures do not hold are computed now (usually none or a few).
  const stale = stored.stale ?? [];
  const live =
    stale.length > 0 ? await computeGeneralReport(db, { tripIds: stale }, currency) : null;
  const liveTrips = new Map((live?.trips ?? []).map((trip) => [trip.row.id, trip]));

  const counts = stored.counts ?? [];
  const lastMonth = counts.at(-1)?.[0];
  const tally = periodTally(filters, lastMonth ? `${lastMonth}-01` : null);
  let trips = 0;
  let tourists = 0;
  for (const [, monthTrips, monthTourists] of counts) {
    trips += monthTrips;
    tourists += monthTourists;
  }
  for (const [month, revenue, costs, paid, supplierPaid, difference] of stored.sums ?? []) {
    tally.count(month, {
      revenue: Number(revenue),
      costs: Number(costs),
      paid: Number(paid),
      supplier_paid: Number(supplierPaid),
      exchange_difference: Number(difference),
    });
  }
  for (const trip of liveTrips.values()) tally.count(trip.row.starts_on.slice(0, 7), trip.minor);
  const missing = new Map<string, { date: string; currency: Currency }>();
  for (const [date, from] of stored.missing ?? []) {
    missing.set(`${date} ${from}`, { date, currency: storedCurrency(from) });
  }
  for (const entry of live?.missing ?? []) missing.set(`${entry.date} ${entry.currency}`, entry);

  const plans = await tripPlans(
    db,
    (stored.page ?? []).map((row) => row.id),
    currency,
  );
  const lines = (stored.page ?? []).map((row) => {
    const fresh = liveTrips.get(row.id);
    const trip: ComputedTrip = fresh
      ? { ...fresh, row }
      : {
          row,
          minor: {
            revenue: Number(row.revenue),
            costs: Number(row.costs),
            paid: Number(row.paid),
            supplier_paid: Number(row.supplier_paid),
            exchange_difference: Number(row.exchange_difference),
          },
          missingRate: (row.missing ?? []).length > 0,
          lastDay: null,
          missingDays: new Set(),
        };
    return lineJson(trip, currency, plans.get(row.id));
  });
  return {
    currency,
    from: filters.from,
    to: filters.to,
    lines,
    page,
    per_page: perPage,
    total: trips,
    totals: {
      trips,
      tourists,
      missing_rate: missing.size > 0 || [...liveTrips.values()].some((t) => t.missingRate),
      ...figuresJson(tally.totals(), currency),
    },
    months: [...tally.months].map(([month, minor]) => ({
      month,
      ...figuresJson(minor, currency),
    })),
    missing_rates: [...missing.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency),
    ),
  };
}

type UserFigures = TripUsersJson['totals']['active'];

/**
 * GET /admin/reports/general/:trip/users: each participant's price, discount, due, paid, expected
 * and debt in the trip's currency (as the trip summary has them), what it paid in the report's
 * currency (each payment at its own day's rate, rounded up once: these add up to the trip's paid
 * in the general report), and each payment with its original amount and both rates.
 */
export async function tripUsersReport(
  db: Db,
  tripId: number,
  currency: Currency = 'kgs',
): Promise<TripUsersJson> {
  const today = businessToday();
  const row = await repo.tripUsersRows(db, tripId, BUSINESS_TIME_ZONE, today);
  if (!row?.trip) throw notFound(TRIP_MESSAGES.notFound);
  const tripCurrency = storedCurrency(row.trip.currency);
  const { rates, rateDays } = dayRatesOf(row.rates);
  const payments = row.payments ?? [];
  const sums: MovementSum[] = payments.map(([, participantId, type, status, from, day, total]) => ({
    participantId,
    type,
    status,
    currency: from,
    day: status === 'confirmed' ? day : null,
    total,
  }));
  const inTrip = moneyOf(sums, tripCurrency, rates, today);
  const inReport = moneyOf(
    sums.filter((sum) => sum.status === 'confirmed'),
    currency,
    rates,
    today,
  );

  const convert = (minor: number, from: Currency, to: Currency, day: string) => {
    const amount = majorNumber(minor, from);
    const result = convertDecimal(amount, from, to, rates.get(day) ?? {});
    return {
      rate: result ? Number(result.rate) : null,
      rate_date: from === to ? day : (rateDays.get(day) ?? null),
      amount: result ? Number(result.amount) : null,
    };
  };
  const paymentsOf = new Map<number, TripUsersJson['participants'][number]['payments']>();
  for (const [id, participantId, type, status, from, day, total] of payments) {
    const original = storedCurrency(from);
    const rateDay = status === 'confirmed' ? day : today;
    const trip = convert(total, original, tripCurrency, rateDay);
    const report = convert(total, original, currency, rateDay);
    const list = paymentsOf.get(participantId) ?? [];
    list.push({
      id,
      type,
      status,
      date: day,
      amount: majorNumber(total, original),
      currency: original,
      trip_rate: trip.rate,
      trip_rate_date: trip.rate_date,
      in_trip_currency: trip.amount,
      report_rate: report.rate,
      report_rate_date: report.rate_date,
      in_report_currency: report.amount,
    });
    paymentsOf.set(participantId, list);
  }

  const zero = () => ({ due: 0, paid: 0, expected: 0, debt: 0, paidInCurrency: 0 });
  const active = zero();
  const cancelled = zero();
  let missingRate = false;
  const participants = (row.participants ?? []).map((participant) => {
    const money = inTrip.get(participant.id);
    const report = inReport.get(participant.id);
    const due = dueOf(participant);
    const paid = money?.paid ?? 0;
    const expected = money?.expected ?? 0;
    const paidInCurrency = report?.paid ?? 0;
    const flagged = Boolean(money?.missingRate || report?.missingRate);
    if (flagged) missingRate = true;
    const sum = participant.status === 'cancelled' ? cancelled : active;
    sum.due += due;
    sum.paid += paid;
    sum.expected += expected;
    sum.debt += due - paid;
    sum.paidInCurrency += paidInCurrency;
    return {
      participant_id: participant.id,
      user_id: participant.user_id,
      full_name: participant.full_name,
      status: participant.status as TripUsersJson['participants'][number]['status'],
      price: majorNumber(participant.price, tripCurrency),
      discount: majorNumber(participant.discount, tripCurrency),
      due: majorNumber(due, tripCurrency),
      paid: majorNumber(paid, tripCurrency),
      expected: majorNumber(expected, tripCurrency),
      debt: majorNumber(due - paid, tripCurrency),
      paid_in_currency: majorNumber(paidInCurrency, currency),
      missing_rate: flagged,
      payments: paymentsOf.get(participant.id) ?? [],
    };
  });
  const figures = (sum: ReturnType<typeof zero>): UserFigures => ({
    due: majorNumber(sum.due, tripCurrency),
    paid: majorNumber(sum.paid, tripCurrency),
    expected: majorNumber(sum.expected, tripCurrency),
    debt: majorNumber(sum.debt, tripCurrency),
    paid_in_currency: majorNumber(sum.paidInCurrency, currency),
  });
  return {
    currency,
    trip: { ...row.trip, currency: tripCurrency },
    participants,
    totals: {
      active: figures(active),
      cancelled: figures(cancelled),
      paid_in_currency: majorNumber(active.paidInCurrency + cancelled.paidInCurrency, currency),
      missing_rate: missingRate,
    },
  };
}
