import { sql, type Expression, type SqlBool } from 'kysely';
import {
  BOOKING_KIND_NAMES,
  bookingCostOf,
  paymentStateOf,
  type BookingKind,
  type BookingStatus,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { addDays, businessToday } from '../../domain/business-day';
import { majorNumber } from '../../domain/money';
import { tripsWithGaps } from './gaps';
import { rememberedUntilBookingsChange } from './remembered';
import { DUE, SUPPLIER_NAME, TRIP_TITLE } from './repository';
import type { BookingBriefJson, DashboardJson, DashboardQuery } from '@tour/core/contract/bookings';
import { monthRange } from './service';

/** Items each list of the dashboard shows (its total says how many there are). */
export const DASHBOARD_ITEMS = 20;
/** Trips with missing bookings the dashboard lists. */
export const DASHBOARD_TRIPS = 30;
/** "What happens next": today and the days after it. */
export const NEXT_DAYS = 7;

const BRIEF_COLUMNS = [
  'b.id',
  'b.kind',
  'b.title',
  'b.trip_id',
  TRIP_TITLE.as('trip_title'),
  SUPPLIER_NAME.as('supplier_name'),
  'b.starts_on',
  'b.ends_on',
  'b.status',
  'b.currency',
  'b.cost',
  'b.penalty',
  'b.paid',
  'b.payment_due_on',
] as const;

function briefs(db: Db) {
  return db.selectFrom('bookings as b').select(BRIEF_COLUMNS);
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

/** How many bookings a condition finds (from the bookings' indexes alone, no joins). */
async function countOf(db: Db, where: Expression<SqlBool>): Promise<number> {
  const row = await db
    .selectFrom('bookings as b')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * GET /admin/bookings/dashboard: the month across kinds (counts by status), what happens in the
 * next days (any month), the month's unconfirmed bookings, supplier payments past their due date
 * (any month) and the month's trips with bookings missing per participant.
 */
export function bookingDashboard(db: Db, query: DashboardQuery): Promise<DashboardJson> {
  const today = businessToday();
  const range = monthRange(query.month, today);
  return rememberedDashboard(db, `${today} ${range.month}`, () =>
    computeDashboard(db, range, today),
  );
}

/** Months' dashboards remembered until what they show next changes (remembered.ts). */
const rememberedDashboard = rememberedUntilBookingsChange<DashboardJson>(100);

async function computeDashboard(
  db: Db,
  range: ReturnType<typeof monthRange>,
  today: string,
): Promise<DashboardJson> {
  const touches = sql<SqlBool>`daterange(b.starts_on, b.ends_on, '[]') && daterange(${range.first_day}::date, ${range.last_day}::date, '[]')`;
  const nextDays = sql<SqlBool>`b.status <> 'cancelled' and b.starts_on >= ${today}::date
    and b.starts_on < ${addDays(today, NEXT_DAYS)}::date`;
  const requested = sql<SqlBool>`b.status = 'requested' and ${touches}`;
  // Money still owed (nothing is owed on a booking cancelled without a penalty).
  const overdueWhere = sql<SqlBool>`b.payment_due_on is not null and b.paid < ${DUE}
    and ${DUE} > 0 and b.payment_due_on < ${today}::date`;
  const list = (where: Expression<SqlBool>, order: 'starts_on' | 'payment_due_on') =>
    briefs(db).where(where).orderBy(`b.${order}`).orderBy('b.id').limit(DASHBOARD_ITEMS).execute();
  // The month's bookings of a status: found through the range index first (a materialized CTE),
  // then sorted; left to itself the planner walks the start index from the first booking ever.
  const monthList = (where: Expression<SqlBool>) =>
    db
      .with(
        (cte) => cte('m').materialized(),
        (qb) => qb.selectFrom('bookings as b').select('b.id').where(where),
      )
      .selectFrom('m')
      .innerJoin('bookings as b', 'b.id', 'm.id')
      .select(BRIEF_COLUMNS)
      .orderBy('b.starts_on')
      .orderBy('b.id')
      .limit(DASHBOARD_ITEMS)
      .execute();
  const [counts, next, nextTotal, unconfirmed, unconfirmedTotal, overdue, overdueTotal, gaps] =
    await Promise.all([
      db
        .selectFrom('bookings as b')
        .select(['b.kind', 'b.status', sql<number>`count(*)::int`.as('n')])
        .where(touches)
        .groupBy(['b.kind', 'b.status'])
        .execute(),
      list(nextDays, 'starts_on'),
      countOf(db, nextDays),
      monthList(requested),
      countOf(db, requested),
      list(overdueWhere, 'payment_due_on'),
      countOf(db, overdueWhere),
      tripsWithGaps(db, range.first_day, range.last_day, DASHBOARD_TRIPS),
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

  return {
    ...range,
    today,
    counts: [...byKind.values()],
    next_days: { total: nextTotal, items: next.map(briefJson) },
    unconfirmed: { total: unconfirmedTotal, items: unconfirmed.map(briefJson) },
    overdue: { total: overdueTotal, items: overdue.map(briefJson) },
    missing: { trips: gaps.total, items: gaps.items },
  };
}
