import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { startRefresher } from '../../lib/refresher';
import { storedCurrency } from '../../lib/currency';
import { BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { dayRatesOf, moneyOf, type MovementSum } from '../../domain/money';
import * as repo from './repository';

/**
 * What participants paid in other currencies than their trips', stored on them (the migration
 * participant-paid says who keeps what). Triggers mark a participant stale in the same
 * transaction as any change of such a payment or of a rate of its day; this converts its
 * payments again and clears the mark, under the participant's row lock, reading the payments
 * and rates only once it holds that lock (each statement sees what committed before it), so a
 * change racing with it either commits first and is read, or waits and marks it stale again.
 * Readers convert a stale participant's payments themselves: how soon this runs changes only
 * how fast the trips list is, never what it shows.
 */

/** Participants converted per transaction. */
const BATCH = 200;

/** Converts one batch of stale participants; how many it did (0: none was stale). */
export async function refreshStalePaid(db: Db, batch = BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = await repo.lockStaleParticipants(trx, batch);
    if (stale.length === 0) return 0;
    const { sums, rates } = await repo.foreignSumsOf(
      trx,
      stale.map((participant) => participant.id),
      BUSINESS_TIME_ZONE,
    );
    const dayRates = dayRatesOf(rates).rates;
    const sumsOf = new Map<number, MovementSum[]>();
    for (const [participantId, type, currency, day, total] of sums ?? []) {
      const list = sumsOf.get(participantId) ?? [];
      list.push({ participantId, type, status: 'confirmed', currency, day, total });
      sumsOf.set(participantId, list);
    }
    const today = businessToday();
    const rows = stale.map(({ id, currency }) => {
      const money = moneyOf(sumsOf.get(id) ?? [], storedCurrency(currency), dayRates, today).get(
        id,
      );
      return { id, paid: money?.paid ?? 0, rateMissing: money?.missingRate ?? false };
    });
    await repo.writeForeignPaid(trx, rows);
    return stale.length;
  });
}

/** Converts every stale participant, batch after batch; how many it did. */
export async function refreshAllStalePaid(db: Db): Promise<number> {
  let total = 0;
  for (let done = await refreshStalePaid(db); done > 0; done = await refreshStalePaid(db)) {
    total += done;
  }
  return total;
}

/** How often the server looks for stale participants. */
export const REFRESH_EVERY_MS = 2000;

/** Keeps the stored conversions fresh in the background of a running server. */
export function startPaidRefresher(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return startRefresher(
    () => refreshAllStalePaid(db),
    REFRESH_EVERY_MS,
    log,
    'Пересчёт оплат участников в другой валюте не удался',
  );
}
