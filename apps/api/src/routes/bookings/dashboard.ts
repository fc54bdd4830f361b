import { sql, type SqlBool } from 'kysely';
import {
  BOOKING_KIND_NAMES,
  bookingCostOf,
  paymentStateOf,
  type BookingKind,
  type BookingStatus,
} from '@tour/shared';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { addDays, businessToday } from '../rates/service';
import { majorNumber } from '../trips/money';
import { missingBookingsOf } from './missing';
import type { BookingBriefJson, DashboardJson, DashboardQuery } from './schemas';
import { monthRange } from './service';

/** Items each list of the dashboard shows (its total says how many there are). */
export const DASHBOARD_ITEMS = 20;
/** Trips with missing bookings the dashboard lists. */
export const DASHBOARD_TRIPS = 30;
/** "What happens next": today and the days after it. */
export const NEXT_DAYS = 7;

const DUE = sql<number>`(case when b.status = 'cancelled' then coalesce(b.penalty, 0) else b.cost end)`;

function briefs(db: Db) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('trips as t', 't.id', 'b.trip_id')
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .select([
      'b.id',
      'b.kind',
      'b.title',
      'b.trip_id',
      't.title as trip_title',
      's.name as supplier_name',
      'b.starts_on',
      'b.ends_on',
      'b.status',
      'b.currency',
      'b.cost',
      'b.penalty',
      'b.paid',
      'b.payment_due_on',
      sql<number>`count(*) over ()`.as('total'),
    ]);
}

type BriefRow = Awaited<ReturnType<ReturnType<typeof briefs>['execute']>>[number];

function briefJson(row: BriefRow): BookingBriefJson {
  const currency = storedCurrency(row.currency);
  const status = row.status as BookingStatus;
  const due = bookingCostOf({ status, cost: row.cost, penalty: row.penalty });
  const paid = Number(row.paid);
  return {
    id: row.id,
    kind: row.kind as BookingKind,
    title: row.title,
    trip_id: row.trip_id,
    trip_title: row.trip_title,
    supplier_name: row.supplier_name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status,
    currency,
    amount_due: majorNumber(due, currency),
    paid: majorNumber(paid, currency),
    debt: majorNumber(due - paid, currency),
    payment_state: paymentStateOf(due, paid),
    payment_due_on: row.payment_due_on,
  };
}

function listed(rows: BriefRow[]) {
  return { total: rows.length > 0 ? Number(rows[0]!.total) : 0, items: rows.map(briefJson) };
}

/**
 * GET /admin/bookings/dashboard: the month across kinds (counts by status), what happens in the
 * next days (any month), the month's unconfirmed bookings, supplier payments past their due date
 * (any month) and the month's trips with bookings missing per participant.
 */
export async function bookingDashboard(db: Db, query: DashboardQuery): Promise<DashboardJson> {
  const today = businessToday();
  const range = monthRange(query.month, today);
  const touches = sql<SqlBool>`daterange(b.starts_on, b.ends_on, '[]') && daterange(${range.first_day}::date, ${range.last_day}::date, '[]')`;
  const [counts, next, unconfirmed, overdue, trips] = await Promise.all([
    db
      .selectFrom('bookings as b')
      .select(['b.kind', 'b.status', sql<number>`count(*)::int`.as('n')])
      .where(touches)
      .groupBy(['b.kind', 'b.status'])
      .execute(),
    briefs(db)
      .where(sql<SqlBool>`b.status <> 'cancelled'`)
      .where('b.starts_on', '>=', today)
      .where('b.starts_on', '<', addDays(today, NEXT_DAYS))
      .orderBy('b.starts_on')
      .orderBy('b.id')
      .limit(DASHBOARD_ITEMS)
      .execute(),
    briefs(db)
      .where('b.status', '=', 'requested')
      .where(touches)
      .orderBy('b.starts_on')
      .orderBy('b.id')
      .limit(DASHBOARD_ITEMS)
      .execute(),
    briefs(db)
      .where('b.payment_due_on', 'is not', null)
      .where(sql<SqlBool>`b.paid < ${DUE}`)
      .where('b.payment_due_on', '<', today)
      .orderBy('b.payment_due_on')
      .orderBy('b.id')
      .limit(DASHBOARD_ITEMS)
      .execute(),
    db
      .selectFrom('trips')
      .select(['id', 'title', 'starts_on', 'ends_on'])
      .where('status', '<>', 'cancelled')
      .where('starts_on', '<=', range.last_day)
      .where('ends_on', '>=', range.first_day)
      .orderBy('starts_on')
      .orderBy('id')
      .execute(),
  ]);

  const byKind = new Map(
    BOOKING_KIND_NAMES.map((kind) => [
      kind,
      { kind, requested: 0, confirmed: 0, cancelled: 0, total: 0 },
    ]),
  );
  for (const row of counts) {
    const entry = byKind.get(row.kind as BookingKind);
    if (!entry) continue;
    entry[row.status as BookingStatus] += row.n;
    entry.total += row.n;
  }

  const missing = await missingBookingsOf(
    db,
    trips.map((trip) => trip.id),
  );
  const withMissing = trips.filter((trip) => missing.has(trip.id));
  return {
    ...range,
    today,
    counts: [...byKind.values()],
    next_days: listed(next),
    unconfirmed: listed(unconfirmed),
    overdue: listed(overdue),
    missing: {
      trips: withMissing.length,
      items: withMissing.slice(0, DASHBOARD_TRIPS).map((trip) => ({
        trip_id: trip.id,
        title: trip.title,
        starts_on: trip.starts_on,
        ends_on: trip.ends_on,
        participants: missing.get(trip.id)!,
      })),
    },
  };
}
