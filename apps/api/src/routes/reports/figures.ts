import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { CURRENCIES, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { startRefresher } from '../../lib/refresher';
import { computeGeneralReport, type ComputedTrip } from './general';

/**
 * The general report's stored figures (migrations trip-report-figures and trip-report-revenue say
 * what queues a trip): this computes queued trips in every report currency with the report's own
 * code and writes them, deleting the queue entries it took in the same transaction. Readers use
 * the stored figures of trips not queued and compute the others themselves: how soon this runs
 * changes only how fast the report is, never what it shows.
 */

/** Queue entries taken per transaction (a trip queued many times counts once). */
const BATCH = 500;

/** Refreshes one batch of queued trips; how many queue entries it took (0: the queue is empty). */
export async function refreshReportFigures(db: Db, batch = BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ trip_id: string }>`
      delete from trip_report_queue
      where id in (select id from trip_report_queue order by id limit ${batch}
        for update skip locked)
      returning trip_id`.execute(trx);
    if (rows.length === 0) return 0;
    const tripIds = [...new Set(rows.map((row) => Number(row.trip_id)))];
    const values: {
      trip_id: number;
      currency: Currency;
      revenue: number;
      costs: number;
      paid: number;
      supplier_paid: number;
      exchange_difference: number;
      missing: string;
      last_day: string | null;
      month: string;
    }[] = [];
    for (const currency of CURRENCIES) {
      const { trips } = await computeGeneralReport(trx, { tripIds }, currency);
      for (const trip of trips) values.push(figuresRow(trip, currency));
    }
    // A trip deleted meanwhile has no row here; its figures went with it.
    if (values.length > 0) {
      await trx
        .insertInto('trip_report_figures')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['trip_id', 'currency'])
            .doUpdateSet((eb) => ({
              revenue: eb.ref('excluded.revenue'),
              costs: eb.ref('excluded.costs'),
              paid: eb.ref('excluded.paid'),
              supplier_paid: eb.ref('excluded.supplier_paid'),
              exchange_difference: eb.ref('excluded.exchange_difference'),
              missing: eb.ref('excluded.missing'),
              last_day: eb.ref('excluded.last_day'),
              month: eb.ref('excluded.month'),
            }))
            // Unchanged figures are not rewritten: no new row versions, no index entries.
            .where(
              sql<boolean>`(trip_report_figures.revenue, trip_report_figures.costs,
              trip_report_figures.paid, trip_report_figures.supplier_paid,
              trip_report_figures.exchange_difference, trip_report_figures.missing,
              trip_report_figures.last_day, trip_report_figures.month) is distinct from
              (excluded.revenue, excluded.costs, excluded.paid, excluded.supplier_paid,
              excluded.exchange_difference, excluded.missing, excluded.last_day, excluded.month)`,
            ),
        )
        .execute();
    }
    return rows.length;
  });
}

function figuresRow(trip: ComputedTrip, currency: Currency) {
  return {
    trip_id: trip.row.id,
    currency,
    ...trip.minor,
    missing: JSON.stringify([...trip.missingDays].sort().map((key) => key.split(' '))),
    last_day: trip.lastDay,
    // Where migration general-report-months' tally counts them.
    month: `${trip.row.starts_on.slice(0, 7)}-01`,
  };
}

/** Refreshes until the queue is empty; how many entries it took. */
export async function refreshAllReportFigures(db: Db): Promise<number> {
  let total = 0;
  for (let done = await refreshReportFigures(db); done > 0; done = await refreshReportFigures(db)) {
    total += done;
  }
  return total;
}

/**
 * Queues every trip without figures (a database from before them; since migration
 * general-report-months a new trip is queued by a trigger).
 */
export async function queueAllTrips(db: Db): Promise<void> {
  await sql`insert into trip_report_queue (trip_id)
    select id from trips tr
    where not exists (select 1 from trip_report_figures f where f.trip_id = tr.id)
    order by id`.execute(db);
}

/** How often the server looks at the queue. */
export const REFRESH_EVERY_MS = 2000;

/** Keeps the stored figures fresh in the background of a running server. */
export function startReportFiguresRefresher(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return startRefresher(
    () => refreshAllReportFigures(db),
    REFRESH_EVERY_MS,
    log,
    'Пересчёт цифр общего отчета не удался',
  );
}
